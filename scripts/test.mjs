// `npm test`: installs what is missing, then runs every suite (lint, types, unit and server
// integration on SQLite and Postgres, end to end in Chromium) and ends with one line
// `N passed, N failed, N skipped` totalling them all, the line CI reads. A tier that cannot run
// here (no Postgres binaries or Chromium, and not root to install them) counts its tests as
// skipped, so the line never claims more than was run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CHROMIUM,
  ensureChromium,
  ensureDependencies,
  ensurePostgres,
  root,
} from './lib/install.mjs';
import { startThrowawayPostgres } from './lib/postgres.mjs';
import { run } from './lib/process.mjs';

const reports = mkdtempSync(path.join(os.tmpdir(), 'capshelf-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** Names of the failed tests, printed again next to the totals so that a log's tail says what broke. */
const failures = [];

function record(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(
    `${failed ? '✗' : '✓'} ${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}

/** A check without its own test count (lint, types, build) counts as one test. */
async function check(name, command, args, options = {}) {
  console.log(`\n▶ ${name}`);
  const ok = (await run(command, args, { cwd: root, ...options })) === 0;
  record(name, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function vitest(name, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    { cwd: root, env: { ...process.env, ...env } },
  );
  const report = readJson(out);
  if (!report) return record(name, 0, 1);
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${name}: ${where} › ${test.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${name}: ${where}: ${String(file.message).split('\n')[0]}`);
  }
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  record(name, report.numPassedTests, failed, report.numPendingTests + report.numTodoTests);
}

/** How many tests a Vitest selection holds, without running them (for a tier that cannot run). */
async function vitestCount(args) {
  const out = path.join(reports, 'list.json');
  await run('npx', ['vitest', 'list', `--json=${out}`, ...args], { cwd: root, stdio: 'ignore' });
  return readJson(out)?.length ?? 0;
}

/** How many end-to-end tests there are, without a browser. */
async function playwrightCount() {
  const out = path.join(reports, 'e2e-list.json');
  await run(
    'npx',
    ['playwright', 'test', '-c', 'web/e2e/playwright.config.ts', '--list', '--reporter=json'],
    { cwd: root, stdio: 'ignore', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out } },
  );
  const count = (suite) =>
    (suite.specs ?? []).reduce((n, spec) => n + spec.tests.length, 0) +
    (suite.suites ?? []).reduce((n, child) => n + count(child), 0);
  return (readJson(out)?.suites ?? []).reduce((n, suite) => n + count(suite), 0);
}

function skipTier(name, count, why) {
  console.log(`\nNOTICE: ${why}: the ${count} tests of "${name}" are skipped.`);
  record(name, 0, 0, count);
}

async function playwright() {
  const name = 'end-to-end (Chromium)';
  console.log(`\n▶ ${name}`);
  const out = path.join(reports, 'e2e.json');
  const code = await run(
    'npx',
    ['playwright', 'test', '-c', 'web/e2e/playwright.config.ts', '--reporter=list,json'],
    {
      cwd: root,
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    },
  );
  const report = readJson(out);
  const stats = report?.stats;
  if (!stats) return record(name, 0, 1);
  const collect = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected')
          failures.push(`${name}: ${spec.file}:${spec.line} › ${spec.title} (${test.projectName})`);
    for (const child of suite.suites ?? []) collect(child);
  };
  for (const suite of report.suites ?? []) collect(suite);
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  record(name, stats.expected + stats.flaky, failed, stats.skipped);
}

async function main() {
  await ensureDependencies();
  const hasChromium = await ensureChromium();
  const hasPostgres = await ensurePostgres();

  await check('lint', 'npm', ['run', '--silent', 'lint']);
  await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  await vitest('unit and integration (SQLite)', []);

  const postgresTier = 'server integration (Postgres)';
  const postgresArgs = ['--project', 'server', 'test/'];
  if (hasPostgres) {
    const postgres = await startThrowawayPostgres();
    try {
      await vitest(postgresTier, postgresArgs, { TEST_POSTGRES_URL: postgres.url });
    } finally {
      postgres.stop();
    }
  } else {
    skipTier(postgresTier, await vitestCount(postgresArgs), 'no Postgres binaries (initdb/pg_ctl)');
  }

  const e2eTier = 'end-to-end (Chromium)';
  if (!hasChromium) skipTier(e2eTier, await playwrightCount(), `no Chromium at ${CHROMIUM}`);
  else if (await check('web build', 'npm', ['run', '--silent', 'build'])) await playwright();
  else record(e2eTier, 0, 1);

  if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  console.log(`\n${lines.join('\n')}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  rmSync(reports, { recursive: true, force: true });
  process.exit(totals.failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  console.log(`\n${totals.passed} passed, ${totals.failed + 1} failed, ${totals.skipped} skipped`);
  process.exit(1);
});
