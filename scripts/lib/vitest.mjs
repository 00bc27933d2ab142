// The Vitest tiers of `npm test`: one selection run (or counted, when it cannot run) into the tally.
import path from 'node:path';
import { root } from './install.mjs';
import { run } from './process.mjs';
import { readJson, reasonOf, tierOutput } from './tally.mjs';

/** Runs a Vitest selection and records it (output: `tierOutput`). */
export async function vitest(tally, reports, name, args, { env = {}, logFile } = {}) {
  const output = tierOutput(name, logFile);
  const start = Date.now();
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      '--allowOnly=false',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...args,
    ],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: output.stdio,
    },
  );
  const ms = Date.now() - start;
  output.end();
  const report = readJson(out);
  if (!report) return tally.record(name, 0, 1, 0, ms);
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests)
      tally.failures.push(
        `${name}: ${where} › ${test.fullName}${reasonOf(test.failureMessages?.[0])}`,
      );
    if (file.status === 'failed' && failedTests.length === 0)
      tally.failures.push(`${name}: ${where}: ${String(file.message).split('\n')[0]}`);
  }
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  const skipped = report.numPendingTests + report.numTodoTests;
  tally.record(name, report.numPassedTests, failed, skipped, ms);
}

/** How many tests a Vitest selection holds, without running them (for a tier that cannot run). */
export async function vitestCount(reports, args) {
  const out = path.join(reports, 'list.json');
  await run('npx', ['vitest', 'list', `--json=${out}`, ...args], { cwd: root, stdio: 'ignore' });
  return readJson(out)?.length ?? 0;
}
