// `npm test`: installs what is missing, then runs every suite (lint, types, unit and server
// integration on SQLite and Postgres, end to end in Chromium) and ends with one line
// `N passed, N failed, N skipped` totalling them all, the line CI reads, below each tier's counts
// and wall time. A tier that cannot run here (no Postgres binaries or Chromium, and not root to
// install them) counts its tests as skipped, so the line never claims more than was run. A stray
// `.only` fails the run, with or without CI set.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CHROMIUM,
  ensureChromium,
  installDependencies,
  ensurePostgres,
  ensureUnzip,
  root,
} from './lib/install.mjs';
import { E2E_PROJECTS, playwright, playwrightCount } from './lib/playwright.mjs';
import { serverFilesNeedingOwnProcess } from './lib/own-process.mjs';
import { startThrowawayPostgres } from './lib/postgres.mjs';
import { run } from './lib/process.mjs';
import { createTally, readJson } from './lib/tally.mjs';

/**
 * Server test files that never open a database of the pass's dialect: they pass with
 * TEST_POSTGRES_URL pointing at a closed port, and none reaches `test/helpers.ts`. They run once,
 * in the SQLite pass; every other file under `server/test` (a new one too) runs on both dialects.
 * (`server/src` tests open SQLite files of their own and run once, as before.)
 */
const SERVER_TESTS_WITHOUT_DATABASE = [
  'test/bootstrap.test.ts',
  'test/config.test.ts',
  'test/engines.test.ts',
  'test/mail.test.ts',
  'test/start-scripts.test.ts',
  'test/suite-config.test.ts',
];

/**
 * The Vitest projects of the first pass. The page's component tests (CPU work, no timing in them)
 * run later, beside the tiers that mostly wait.
 */
const SERVER_SIDE_PROJECTS = [
  '--project',
  'server',
  '--project',
  'replica',
  '--project',
  'contract',
];

const reports = mkdtempSync(path.join(os.tmpdir(), 'capshelf-test-'));
const tally = createTally();

/** Runs an npm script; resolves whether it passed and how long it took. */
async function npmScript(name, script) {
  console.log(`\n▶ ${name}`);
  const start = Date.now();
  const ok = (await run('npm', ['run', '--silent', script], { cwd: root })) === 0;
  return { name, ok, ms: Date.now() - start };
}

/** A check without its own test count (lint, types, build) counts as one test. */
function recordCheck({ name, ok, ms }) {
  tally.record(name, ok ? 1 : 0, ok ? 0 : 1, 0, ms);
  return ok;
}

/**
 * Runs a Vitest selection and records it. With `logFile`, its output goes there and is printed in
 * one piece when it ends, instead of interleaved with the tier running beside it.
 */
async function vitest(name, args, { env = {}, logFile } = {}) {
  console.log(
    `\n▶ ${name}${logFile ? ' (beside another tier; its output follows when it ends)' : ''}`,
  );
  const start = Date.now();
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const log = logFile ? openSync(logFile, 'w') : null;
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
      stdio: log === null ? 'inherit' : ['ignore', log, log],
    },
  );
  const ms = Date.now() - start;
  if (log !== null) {
    closeSync(log);
    console.log(`\n▶ ${name}: output\n${readFileSync(logFile, 'utf8')}`);
  }
  const report = readJson(out);
  if (!report) return tally.record(name, 0, 1, 0, ms);
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) tally.failures.push(`${name}: ${where} › ${test.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0)
      tally.failures.push(`${name}: ${where}: ${String(file.message).split('\n')[0]}`);
  }
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  const skipped = report.numPendingTests + report.numTodoTests;
  tally.record(name, report.numPassedTests, failed, skipped, ms);
}

/** How many tests a Vitest selection holds, without running them (for a tier that cannot run). */
async function vitestCount(args) {
  const out = path.join(reports, 'list.json');
  await run('npx', ['vitest', 'list', `--json=${out}`, ...args], { cwd: root, stdio: 'ignore' });
  return readJson(out)?.length ?? 0;
}

/**
 * Server tests that measure the arrival gaps of paced requests (or race processes against each
 * other) run alone, one file at a time with nothing beside them: beside another file their gaps
 * came out short (the client's image lanes: 38 ms for a 50 ms spacing; the per-kind pace test on
 * Postgres: 896 ms for 1 s). With them, each in a fresh process, the files that cannot share a
 * worker's loaded modules; the rest of a pass runs with `--no-isolate` (one load of the server per
 * worker instead of one per file).
 */
const ALONE = ['test/pace-per-host.test.ts', 'test/scale-out.test.ts'];
const OWN_PROCESS = serverFilesNeedingOwnProcess();
const SQLITE_ALONE = [
  ...ALONE,
  'src/upstream/client-requests.test.ts',
  'src/upstream/client-failures.test.ts',
  'src/upstream/shared-hosts.test.ts',
  ...OWN_PROCESS,
];
const POSTGRES_ALONE = [
  ...ALONE,
  ...OWN_PROCESS.filter(
    (file) => file.startsWith('test/') && !SERVER_TESTS_WITHOUT_DATABASE.includes(file),
  ),
];
const excluding = (files) => files.flatMap((file) => ['--exclude', `**/${file}`]);
const alone = (files) => ['--maxWorkers=1', '--project', 'server', ...files];

const POSTGRES_TIER = 'server integration (Postgres)';
const POSTGRES_ALONE_TIER = 'server integration (Postgres), one file at a time';
const POSTGRES_ARGS = [
  '--no-isolate',
  '--project',
  'server',
  'test/',
  ...excluding([...SERVER_TESTS_WITHOUT_DATABASE, ...POSTGRES_ALONE]),
];
const POSTGRES_ALONE_ARGS = alone(POSTGRES_ALONE);

/**
 * The server tests that open a database, on a throwaway Postgres cluster: most of them beside
 * `alongside` (with its output kept apart), then the files that run one at a time.
 */
async function postgresPass(hasPostgres, alongside) {
  if (!hasPostgres) {
    await alongside();
    const why = 'no Postgres binaries (initdb/pg_ctl)';
    skipTier(POSTGRES_TIER, await vitestCount(POSTGRES_ARGS), why);
    return skipTier(POSTGRES_ALONE_TIER, await vitestCount(POSTGRES_ALONE_ARGS), why);
  }
  const postgres = await startThrowawayPostgres();
  const env = { TEST_POSTGRES_URL: postgres.url };
  try {
    const logFile = path.join(reports, 'postgres.log');
    await Promise.all([
      // One file at a time: at two, beside the other tiers, a crawl test ran out of its 30 s.
      vitest(POSTGRES_TIER, ['--maxWorkers=1', ...POSTGRES_ARGS], { env, logFile }),
      alongside(),
    ]);
    await vitest(POSTGRES_ALONE_TIER, POSTGRES_ALONE_ARGS, { env });
  } finally {
    postgres.stop();
  }
}

function skipTier(name, count, why) {
  console.log(`\nNOTICE: ${why}: the ${count} tests of "${name}" are skipped.`);
  tally.record(name, 0, 0, count);
}

async function main() {
  const { nativeAddon } = await installDependencies();
  const hasChromium = await ensureChromium();
  const hasPostgres = await ensurePostgres();
  await ensureUnzip();

  // eslint, tsc and the web build are CPU work without timing in them: side by side on two cores.
  // The SQLite pass (two files at a time) and the independent end-to-end specs each take both
  // cores alone: beside each other or the Postgres pass they squeezed the pacing tests' arrival
  // gaps and timed out the route matrix. The Postgres pass and the page's component tests run
  // beside the shared-state specs, which mostly wait on the replica. The pacing tests run alone
  // after each pass.
  const build = hasChromium ? npmScript('web build', 'build') : null;
  const checks = await Promise.all([
    npmScript('lint', 'lint'),
    npmScript('typecheck', 'typecheck'),
  ]);
  checks.forEach(recordCheck);
  await nativeAddon;
  await vitest('unit and integration (SQLite)', [
    '--no-isolate',
    ...SERVER_SIDE_PROJECTS,
    ...excluding(SQLITE_ALONE),
  ]);
  await vitest('unit and integration (SQLite), one file at a time', alone(SQLITE_ALONE));

  // End to end: the independent specs on both cores, then the specs that change shared state,
  // one test at a time and mostly waiting on the replica, beside the Postgres pass.
  const e2e = (project) => `end-to-end, ${project} specs (Chromium)`;
  let e2eReady = false;
  if (!build) {
    for (const project of E2E_PROJECTS)
      skipTier(e2e(project), await playwrightCount(reports, project), `no Chromium at ${CHROMIUM}`);
  } else if (recordCheck(await build)) {
    await playwright(e2e('independent'), 'independent', reports, tally);
    e2eReady = true;
  } else {
    for (const project of E2E_PROJECTS) tally.record(e2e(project), 0, 1);
  }
  await postgresPass(hasPostgres, () =>
    Promise.all([
      e2eReady && playwright(e2e('shared-state'), 'shared-state', reports, tally),
      vitest('web components (happy-dom)', ['--project', 'web', '--maxWorkers=1'], {
        logFile: path.join(reports, 'web.log'),
      }),
    ]),
  );

  tally.print();
  return tally.failed > 0 ? 1 : 0;
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    tally.print(1);
    return 1;
  })
  .then((code) => {
    rmSync(reports, { recursive: true, force: true });
    process.exit(code);
  });
