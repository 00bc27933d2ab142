// The import graph of a source tree, read by TypeScript's own compiler (its pre-processor finds
// every import, `import type` and `export … from` included; its resolver follows them as `tsc`
// does), and the two shapes `npm test` refuses in it: a circle of files, and two top folders that
// import each other.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);

/** Every TypeScript file under `dir` (declaration files and build output left out). */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const COMPILER_OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/**
 * `Map<file, Set<file>>` of the imports between files of `dir` (absolute paths); imports of
 * packages and of files outside `dir` are not edges of this tree.
 */
export function importGraph(dir) {
  const root = path.resolve(dir);
  const inside = (file) => file.startsWith(root + path.sep);
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, COMPILER_OPTIONS, ts.sys).resolvedModule
        ?.resolvedFileName;
      if (resolved && inside(resolved) && resolved !== file) targets.add(resolved);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The strongly connected sets of more than one node (Tarjan's algorithm, iterative): each is
 * one circle or several knotted together. Nodes within a set and the sets come out sorted.
 */
export function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const sets = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1);
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const target = targets[frame[2]++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(graph.get(target) ?? [])], 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work.at(-1)[0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const set = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        set.push(member);
      } while (member !== node);
      if (set.length > 1) sets.push(set.sort());
    }
  }
  return sets.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One circle through `from` inside `set` (a shortest one, by breadth-first search). */
function circleThrough(graph, set, from) {
  const members = new Set(set);
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === from) {
        const circle = [from];
        for (let at = node; at !== from; at = previous.get(at)) circle.splice(1, 0, at);
        return [...circle, from];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return set;
}

/** Each circle of files in `dir`, as `a.ts > b.ts > a.ts` relative to `dir`. */
export function fileCircles(dir) {
  const root = path.resolve(dir);
  const graph = importGraph(root);
  return stronglyConnected(graph).map((set) =>
    circleThrough(graph, set, set[0])
      .map((file) => path.relative(root, file))
      .join(' > '),
  );
}

/** The top folder a file of `root` belongs to (a file directly in `root` is its own part). */
const partOf = (root, file) => path.relative(root, file).split(path.sep)[0].replace(SOURCE, '');

/**
 * Pairs of top folders of `dir` that import each other, each as `a <-> b` with one import each
 * way (`a/x.ts -> b/y.ts`), so the line says where to look.
 */
export function foldersImportingEachOther(dir) {
  const root = path.resolve(dir);
  const arrows = new Map();
  for (const [file, targets] of importGraph(root)) {
    for (const target of targets) {
      const from = partOf(root, file);
      const to = partOf(root, target);
      const key = `${from}>${to}`;
      if (from !== to && !arrows.has(key))
        arrows.set(key, `${path.relative(root, file)} -> ${path.relative(root, target)}`);
    }
  }
  const pairs = [];
  for (const [key, example] of arrows) {
    const [from, to] = key.split('>');
    const back = arrows.get(`${to}>${from}`);
    if (from < to && back) pairs.push(`${from} <-> ${to} (${example}; ${back})`);
  }
  return pairs.sort();
}
