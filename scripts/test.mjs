// `npm test`: installs what is missing, then runs every suite (lint, types, unit and server
// integration on SQLite and Postgres, end to end in Chromium) and ends with one line
// `N passed, N failed, N skipped` totalling them all, the line CI reads, below each tier's counts
// and wall time. A tier that cannot run here (no Postgres binaries or Chromium, and not root to
// install them) counts its tests as skipped, so the line never claims more than was run. A stray
// `.only` fails the run, with or without CI set.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CHROMIUM,
  CHROMIUM_HEADLESS_SHELL,
  ensureChromium,
  installDependencies,
  ensurePostgres,
  ensureUnzip,
  root,
} from './lib/install.mjs';
import { playwright, playwrightCount } from './lib/playwright.mjs';
import { serverFilesNeedingOwnProcess } from './lib/own-process.mjs';
import { startThrowawayPostgres } from './lib/postgres.mjs';
import { run } from './lib/process.mjs';
import { createTally } from './lib/tally.mjs';
import { vitest as runVitest, vitestCount as countVitest } from './lib/vitest.mjs';

/**
 * Server test files that never open a database of the pass's dialect: they pass with
 * TEST_POSTGRES_URL pointing at a closed port, and none reaches `test/helpers.ts`. They run once,
 * in the SQLite pass; every other file under `server/test` (a new one too) runs on both dialects.
 * (`server/src` tests open SQLite files of their own and run once, as before.)
 */
const SERVER_TESTS_WITHOUT_DATABASE = [
  'test/bootstrap.test.ts',
  'test/challenge-containment.test.ts',
  'test/challenge-turnstile.test.ts',
  'test/config.test.ts',
  'test/engines.test.ts',
  'test/import-rules.test.ts',
  'test/mail.test.ts',
  'test/start-scripts.test.ts',
  // The object stores on their own (a folder, s3rver): no database.
  'test/storage-conformance.test.ts',
  // Its server processes open SQLite files of their own whatever the pass.
  'test/storage-startup.test.ts',
  // Folders and s3rver, and the command as a child process: no database.
  'test/storage-migrate.test.ts',
  // Its server process opens a SQLite file of its own whatever the pass.
  'test/shutdown-deliveries.test.ts',
  'test/suite-config.test.ts',
  // Its server processes open SQLite files of their own whatever the pass.
  'test/tagger-startup.test.ts',
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
const vitest = (name, args, options) => runVitest(tally, reports, name, args, options);
const vitestCount = (args) => countVitest(reports, args);
const logFile = (name) => path.join(reports, `${name}.log`);

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
 * Server tests that measure the arrival gaps of paced requests (or race processes against each
 * other) run at the very end, one file at a time with nothing beside them: beside another file
 * their gaps came out short (the client's image lanes: 38 ms for a 50 ms spacing; the per-kind
 * pace test on Postgres: 896 ms for 1 s).
 */
const TIMED = [
  'test/pace-per-host.test.ts',
  'test/scale-out.test.ts',
  // Short deadlines (a 500 ms upstream timeout, a solver's wait, a worker taking up a task) that a
  // starved process misses: beside the other tiers on a slower 2-core machine they failed.
  'test/challenge-browser.test.ts',
  'test/faults.test.ts',
  'test/workers.test.ts',
  'test/downloads-fair.test.ts',
  // A 3 s upstream timeout with no retry: an original slower than that beside the other tiers fell
  // back to a thumbnail.
  'test/shared-host-state.test.ts',
];
const SQLITE_TIMED = [
  ...TIMED,
  'test/challenge-containment.test.ts',
  'test/challenge-turnstile.test.ts',
  // npm start and npm run demo must be up within 25 s: beside the other tiers they were not.
  'test/start-scripts.test.ts',
  // Several runs of `npm run users` through tsx: 113 s in one pass, past its 180 s in another.
  'test/users-cli.test.ts',
  'src/upstream/client-fairness.test.ts',
  'src/upstream/client-requests.test.ts',
  'src/upstream/client-failures.test.ts',
  'src/upstream/shared-hosts.test.ts',
];
/**
 * The files that cannot share a worker's loaded modules run each in a fresh process, beside the
 * tiers that mostly wait; the rest of a pass runs with `--no-isolate` (one load of the server per
 * worker instead of one per file).
 */
const OWN_PROCESS = serverFilesNeedingOwnProcess().filter((file) => !TIMED.includes(file));
const POSTGRES_OWN_PROCESS = OWN_PROCESS.filter(
  (file) => file.startsWith('test/') && !SERVER_TESTS_WITHOUT_DATABASE.includes(file),
);
const excluding = (files) => files.flatMap((file) => ['--exclude', `**/${file}`]);
const oneAtATime = (files) => ['--maxWorkers=1', '--project', 'server', ...files];

const SQLITE_TIERS = {
  'unit and integration (SQLite)': [
    '--no-isolate',
    ...SERVER_SIDE_PROJECTS,
    ...excluding([...SQLITE_TIMED, ...OWN_PROCESS]),
  ],
  'server (SQLite), a process per file': oneAtATime(OWN_PROCESS),
  'server (SQLite), timed, alone': oneAtATime(SQLITE_TIMED),
};
const POSTGRES_TIERS = {
  // Two workers: the pass mostly waits (2:29 alone with one worker, for 49 s of CPU), and with one
  // it was the run's long pole, each wait stretched by the tiers beside it.
  'server integration (Postgres)': [
    '--no-isolate',
    '--maxWorkers=2',
    '--project',
    'server',
    'test/',
    ...excluding([...SERVER_TESTS_WITHOUT_DATABASE, ...TIMED, ...POSTGRES_OWN_PROCESS]),
  ],
  'server integration (Postgres), a process per file': oneAtATime(POSTGRES_OWN_PROCESS),
  'server integration (Postgres), timed, alone': oneAtATime(TIMED),
};

function skipTier(name, count, why) {
  console.log(`\nNOTICE: ${why}: the ${count} tests of "${name}" are skipped.`);
  tally.record(name, 0, 0, count);
}

/** Runs the named Postgres tiers on the cluster, or counts them as skipped without one. */
async function onPostgres(postgres, names, options = {}) {
  for (const name of names) {
    if (postgres) await vitest(name, POSTGRES_TIERS[name], { ...options, env: postgres.env });
    else
      skipTier(
        name,
        await vitestCount(POSTGRES_TIERS[name]),
        'no Postgres binaries (initdb/pg_ctl)',
      );
  }
}

/**
 * Three chains share the two cores. The Postgres pass, which mostly waits on timers, sockets and
 * the database, starts with lint and types (its cluster starts with the installs). Once those two
 * are done: the SQLite pass, and beside it the shared-state end-to-end specs (on a harness of their
 * own, so the independent specs never see their faults), then the SQLite files that need a process
 * each. The tiers left (the independent end-to-end specs, the Postgres files that need a process
 * each, the page's components) go to whichever chain is free first, so the chains end close
 * together on a machine of any speed. Output of a tier beside others is kept apart and printed
 * when it ends. The timed tests run last, alone.
 */
async function allTiers({ hasChromium, cluster, nativeAddon }) {
  const build = hasChromium ? npmScript('web build', 'build').then(recordCheck) : null;
  const onCluster = (async () => {
    const started = await cluster;
    return started && { env: { TEST_POSTGRES_URL: started.url } };
  })();
  // Awaited below; never an unhandled rejection (a cluster that failed to start) meanwhile.
  onCluster.catch(() => {});
  const postgresPass = (async () => {
    await nativeAddon;
    await onPostgres(await onCluster, ['server integration (Postgres)'], {
      logFile: logFile('postgres'),
    });
  })();
  postgresPass.catch(() => {});

  const checks = await Promise.all([
    npmScript('lint', 'lint'),
    npmScript('typecheck', 'typecheck'),
  ]);
  checks.forEach(recordCheck);
  await nativeAddon;

  const e2e = (project) => `end-to-end, ${project} specs (Chromium)`;
  const endToEnd = async (project, log) => {
    if (!build) {
      const count = await playwrightCount(reports, project);
      return skipTier(
        e2e(project),
        count,
        `no Chromium at ${CHROMIUM_HEADLESS_SHELL} or ${CHROMIUM}`,
      );
    }
    if (!(await build)) return tally.record(e2e(project), 0, 1);
    await playwright(e2e(project), project, reports, tally, log);
  };

  // Longest first (under load, about 2:15, 0:35 and 0:20).
  const leftovers = [
    () => endToEnd('independent', logFile('independent')),
    async () =>
      onPostgres(await onCluster, ['server integration (Postgres), a process per file'], {
        logFile: logFile('postgres-own-process'),
      }),
    // One load of React and the page per worker, not per file: a third of the CPU.
    () =>
      vitest('web components (happy-dom)', ['--project', 'web', '--no-isolate'], {
        logFile: logFile('components'),
      }),
  ];
  const thenLeftovers = async () => {
    while (leftovers.length) await leftovers.shift()();
  };

  const sqlite = 'unit and integration (SQLite)';
  const sqliteOwnProcess = 'server (SQLite), a process per file';
  await Promise.all([
    postgresPass.then(thenLeftovers),
    vitest(sqlite, SQLITE_TIERS[sqlite]).then(thenLeftovers),
    (async () => {
      await endToEnd('shared-state', logFile('shared-state'));
      await vitest(sqliteOwnProcess, SQLITE_TIERS[sqliteOwnProcess], {
        logFile: logFile('own-process'),
      });
      await thenLeftovers();
    })(),
  ]);

  const timed = 'server (SQLite), timed, alone';
  await vitest(timed, SQLITE_TIERS[timed]);
  await onPostgres(await onCluster, ['server integration (Postgres), timed, alone']);
}

async function main() {
  const { nativeAddon } = await installDependencies();
  const hasChromium = await ensureChromium();
  const hasPostgres = await ensurePostgres();
  await ensureUnzip();
  const cluster = hasPostgres ? startThrowawayPostgres() : Promise.resolve(null);
  try {
    await allTiers({ hasChromium, cluster, nativeAddon });
  } finally {
    await cluster.then((postgres) => postgres?.stop()).catch(() => {});
  }
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
