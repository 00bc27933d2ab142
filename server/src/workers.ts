import cluster from 'node:cluster';
import type { Config } from './config';
import type { Logger } from './logger';

const RESTART_DELAY_MS = 1000;
/** Workers stop within 8 s on their own; one that does not is killed, so the whole stop takes < 10 s. */
const STOP_LIMIT_MS = 9000;

/**
 * The primary process when WORKERS > 1: it forks that many copies of the app, which share the
 * port (Node's cluster hands each new connection to the next worker), replaces a worker that dies,
 * and stops them all on SIGINT or SIGTERM. Workers share the database and the data directory, and
 * everything that must hold across processes lives there: sessions, upstream pacing and
 * cool-downs, fetch leases, ZIP tasks.
 */
export function superviseWorkers(config: Config, logger: Logger, onListening: () => void) {
  const alive = new Set<number>();
  let listening = 0;
  let stopping = false;

  const stopAll = (exitCode: number) => {
    stopping = true;
    process.exitCode = exitCode;
    if (alive.size === 0) process.exit(exitCode);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    }, STOP_LIMIT_MS).unref();
  };

  cluster.on('fork', (worker) => alive.add(worker.id));
  cluster.on('listening', () => {
    listening++;
    if (listening === config.workers) onListening();
  });
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker.id);
    if (stopping) {
      if (alive.size === 0) process.exit();
      return;
    }
    if (listening === 0) {
      // A worker that cannot start (its own error is on stderr) would fail again at once.
      logger.error({ code, signal }, 'a worker process failed to start');
      stopAll(1);
      return;
    }
    logger.error(
      { pid: worker.process.pid, code, signal },
      'a worker process died; starting another',
    );
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, RESTART_DELAY_MS);
  });
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));
  for (let i = 0; i < config.workers; i++) cluster.fork();
}
