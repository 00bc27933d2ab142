// A process that solves a challenge that never clears (argv[2]), for a test to SIGKILL mid-solve.
import { chromiumSolver } from '../../src/upstream/challenge';

const url = process.argv[2]!;
const source = new URL(url).host;
console.log('solving');
await chromiumSolver({ timeoutMs: 120_000, isSourceHost: (u) => u.host === source })
  .solve(url)
  .catch(() => undefined);
