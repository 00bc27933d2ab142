// `npm run storage`. Not in storage/: it reads the server's settings, and config/ imports storage/
// (two server folders never import each other).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import {
  StoreFullError,
  StoreSettingError,
  StoreUnavailableError,
  createObjectStore,
} from '../storage';
import { MIGRATED_PREFIXES, migrateObjects, type MigrationResult } from '../storage/migrate';
import { ProgressLine, describeCounts } from './progress-line';

const USAGE = `Usage: npm run storage -- migrate --to s3|local [--dry-run] [--verify]
  Copies the image cache and the kept archives (${MIGRATED_PREFIXES.join(', ')}) from the store
  STORAGE names now into the other one: --to s3 into the bucket the S3_* settings name (set them
  while STORAGE is still local), --to local into DATA_DIR. A rerun copies only what is missing or
  different; nothing is deleted from the source. The server may keep running meanwhile.
  --dry-run   counts what would be copied, writes nothing
  --verify    compares every object already in the target by sha256 (reads both copies),
              not only those older than their source
Settings come from the environment or .env, as the server reads them.`;

type Kind = 'local' | 's3';

class UsageError extends Error {}
class Interrupted extends Error {}

function readArgs(argv: string[]): { to: Kind; dryRun: boolean; verify: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        verify: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  const to = values.to;
  if (positionals.join(' ') !== 'migrate' || (to !== 's3' && to !== 'local'))
    throw new UsageError(USAGE);
  return { to, dryRun: values['dry-run'], verify: values.verify };
}

/** The store STORAGE names now, and the one it names once switched to `to`. */
async function storesOf(to: Kind) {
  loadDotEnv();
  const current = loadConfig().storage;
  if (current.kind === to) {
    const other = to === 's3' ? 'local' : 's3';
    throw new UsageError(
      `STORAGE is already ${to}: migrate copies from the store STORAGE names into the other (--to ${other}).`,
    );
  }
  return { from: await createObjectStore(current), to: await createObjectStore(targetOf(to)) };
}

/** The settings the server will use once STORAGE names `to`. */
function targetOf(to: Kind) {
  try {
    return loadConfig({ ...process.env, STORAGE: to }).storage;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new UsageError(
      `--to ${to} reads the settings the server will use then.\n${error.message}`,
    );
  }
}

async function run(argv: string[]): Promise<void> {
  const { to, dryRun, verify } = readArgs(argv);
  const stores = await storesOf(to);
  await stores.to.check();
  await stores.from.check();
  console.log(
    `${dryRun ? 'Counting (dry run, nothing is written)' : 'Copying'} from ${stores.from.where} to ${stores.to.where}`,
  );
  const progress = new ProgressLine(process.stdout, dryRun);
  // Ctrl-C aborts the copies in flight (no half upload left behind); a rerun carries on.
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort(new Interrupted()));
  let result: MigrationResult;
  try {
    result = await migrateObjects({
      ...stores,
      dryRun,
      verify,
      signal: stop.signal,
      onProgress: progress.update,
    });
  } finally {
    progress.end();
  }
  report(result, to, dryRun);
  process.exitCode = result.failed > 0 ? 1 : 0;
}

function report(result: MigrationResult, to: Kind, dryRun: boolean): void {
  for (const { key, reason } of result.failures) console.error(`failed: ${key}: ${reason}`);
  console.log(`Total: ${describeCounts(result, dryRun)}`);
  if (dryRun) console.log('Dry run: nothing was written.');
  else if (result.failed > 0) console.log('Run this again to retry what failed.');
  else
    console.log(
      `Next: stop the server, run this again (it copies only what changed), set STORAGE=${to} and start it.`,
    );
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof Interrupted) {
    console.error('Stopped. Run this again to carry on: it copies only what is missing.');
    process.exit(130);
  }
  const oneLine = [StoreSettingError, StoreFullError, StoreUnavailableError];
  console.error(oneLine.some((type) => error instanceof type) ? (error as Error).message : error);
  process.exit(1);
});
