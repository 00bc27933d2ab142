// The test runner's bookkeeping: per-tier results and wall times, the failed tests' names, and
// the closing totals that CI reads.
import { closeSync, openSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/** Wall time as `m:ss`. */
const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

export function createTally() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const lines = [];
  /** Names of the failed tests, printed again next to the totals so that a log's tail says what broke. */
  const failures = [];
  const startedAt = Date.now();

  return {
    failures,
    /** Adds a tier's counts; `ms` is its wall time, printed beside them. */
    record(name, passed, failed, skipped = 0, ms = undefined) {
      totals.passed += passed;
      totals.failed += failed;
      totals.skipped += skipped;
      const counts = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
      lines.push(
        `${failed ? '✗' : '✓'} ${name}: ${counts}${ms === undefined ? '' : ` (${clock(ms)})`}`,
      );
    },
    get failed() {
      return totals.failed;
    },
    /** The failed tests, the tiers with their wall times, then the one line CI reads, last. */
    print(extraFailure = 0) {
      if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
      console.log(`\n${lines.join('\n')}`);
      console.log(`wall time: ${clock(Date.now() - startedAt)}`);
      const failed = totals.failed + extraFailure;
      console.log(`\n${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
    },
  };
}

/**
 * The first lines of a failure's message, colour codes removed and indented under its name, so that
 * a log's tail says why as well as what (CI keeps only the tail).
 */
export function reasonOf(message, lines = 10) {
  if (!message) return '';
  const plain = stripVTControlCharacters(String(message));
  const kept = plain
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, lines);
  return kept.map((line) => `\n      ${line.slice(0, 200)}`).join('');
}

/** A runner's JSON report, or null when it wrote none (a crash) or wrote it only in part. */
export function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Where a tier's output goes: inherited, or with `logFile` (a tier beside others) into that file,
 * printed in one piece by `end()` instead of interleaved with the tiers beside it.
 */
export function tierOutput(name, logFile) {
  console.log(
    `\n▶ ${name}${logFile ? ' (beside other tiers; its output follows when it ends)' : ''}`,
  );
  const log = logFile ? openSync(logFile, 'w') : null;
  return {
    stdio: log === null ? 'inherit' : ['ignore', log, log],
    end() {
      if (log === null) return;
      closeSync(log);
      console.log(`\n▶ ${name}: output\n${readFileSync(logFile, 'utf8')}`);
    },
  };
}
