// The end-to-end tiers for `npm test`: Playwright's JSON report read into the tally, checked
// against the list of tests Playwright says exist.
import path from 'node:path';
import { root } from './install.mjs';
import { run } from './process.mjs';
import { readJson, reasonOf, tierOutput } from './tally.mjs';

const CONFIG = ['-c', 'web/e2e/playwright.config.ts'];

/**
 * The config's two projects run as two tiers, each a run of its own with its own harness (app,
 * replica, mail sink, ports and data): the specs that change shared state, one test at a time,
 * never touch the stack the independent specs use, so the two tiers can run at the same time.
 * `--no-deps`: the shared-state project's dependency on the independent one orders a plain
 * `playwright test` run on one harness.
 */
const selection = (project) => ['--project', project, '--no-deps'];

/** Every test of a report's suites, as [spec, test] pairs. */
function testsOf(suites) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests) found.push([spec, test]);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites ?? []) walk(suite);
  return found;
}

/** How many end-to-end tests a project holds, without a browser. */
export async function playwrightCount(reports, project) {
  const out = path.join(reports, `e2e-list-${project}.json`);
  await run(
    'npx',
    ['playwright', 'test', ...CONFIG, ...selection(project), '--list', '--reporter=json'],
    {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    },
  );
  return testsOf(readJson(out)?.suites).length;
}

/** How many tests a run's report says ran (0 without a report: the harness never started). */
const ranIn = ({ stats } = {}) =>
  stats ? stats.expected + stats.flaky + stats.unexpected + stats.skipped : 0;

/**
 * Runs one project's end-to-end tests and records them. A stray `test.only` fails the run (whether or not
 * CI is set), and so does a run that reports fewer tests than `--list` holds: the missing ones
 * count as failed, so the closing line never loses tests. With `logFile`, the output goes there
 * and is printed in one piece at the end, instead of interleaved with the tiers beside it.
 */
export async function playwright(name, project, reports, tally, logFile = null) {
  const output = tierOutput(name, logFile);
  const start = Date.now();
  const listed = await playwrightCount(reports, project);
  const out = path.join(reports, `e2e-${project}.json`);
  const attempt = () =>
    run(
      'npx',
      [
        'playwright',
        'test',
        ...CONFIG,
        ...selection(project),
        '--forbid-only',
        '--reporter=list,json',
        // Failure artefacts per project: each run empties its output folder when it starts.
        '--output',
        path.join(root, 'test-results', project),
      ],
      {
        cwd: root,
        stdio: output.stdio,
        // The harness keeps its data there, so nothing outlives the run even if it is killed.
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, CAPSHELF_E2E_TMPDIR: reports },
      },
    );
  let code = await attempt();
  if (listed > 0 && ranIn(readJson(out) ?? undefined) === 0) {
    // The config picks free ports and lets them go before the harness listens: on a busy machine
    // another process took one in between (EADDRINUSE). No test ran; a second run picks new ports.
    console.log(`\nNOTICE: ${name}: no test ran (the harness did not start); once more.`);
    code = await attempt();
  }
  output.end();
  const report = readJson(out);
  const stats = report?.stats;
  if (!stats) {
    tally.failures.push(`${name}: no report (exit code ${code})`);
    return tally.record(name, 0, Math.max(listed, 1), 0, Date.now() - start);
  }
  for (const [spec, test] of testsOf(report.suites))
    if (test.status === 'unexpected')
      tally.failures.push(
        `${name}: ${spec.file}:${spec.line} › ${spec.title} (${test.projectName})` +
          reasonOf(test.results?.at(-1)?.error?.message),
      );
  const ran = stats.expected + stats.flaky + stats.unexpected + stats.skipped;
  const missing = Math.max(listed - ran, 0);
  if (listed !== ran)
    tally.failures.push(
      `${name}: ${ran} tests reported, but \`playwright --list\` holds ${listed}`,
    );
  let failed = stats.unexpected + missing;
  if (failed === 0 && (code !== 0 || listed !== ran)) failed = 1;
  tally.record(name, stats.expected + stats.flaky, failed, stats.skipped, Date.now() - start);
}
