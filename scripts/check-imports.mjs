// `npm run lint`'s import check: no circle of files in any source tree, and no two top folders of
// the server that import each other (the capabilities stack one way, `http/` composes them).
// Prints every problem and exits 1 on any.
import path from 'node:path';
import { fileCircles, foldersImportingEachOther } from './lib/import-graph.mjs';
import { root } from './lib/install.mjs';

const TREES = ['server/src', 'web/src', 'contract/src', 'replica/src'];

const problems = [
  ...TREES.flatMap((tree) =>
    fileCircles(path.join(root, tree)).map((circle) => `import circle in ${tree}: ${circle}`),
  ),
  ...foldersImportingEachOther(path.join(root, 'server/src')).map(
    (pair) => `server/src folders import each other: ${pair}`,
  ),
];
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log(`Imports: no circle in ${TREES.join(', ')}; server/src folders stack one way.`);
