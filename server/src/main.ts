import cluster from 'node:cluster';
import path from 'node:path';
import { ConfigError, loadConfig, loadDotEnv, type Config } from './config';
import { buildHttpApp } from './http/app';
import { createServices } from './services';
import { StoreSettingError } from './storage';
import { superviseWorkers } from './workers';

/** Stopping takes at most this long (a supervisor's SIGKILL usually follows within 10 s). */
const SHUTDOWN_LIMIT_MS = 8000;

/** Composition root: config -> database -> services -> HTTP. Nothing else starts things. */
async function main() {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
  if (config.workers > 1 && cluster.isPrimary) {
    // Migrations, the first admin and the clean-up after a crash happen once, before any worker.
    const services = await createServices(config, { alone: !config.databaseUrl });
    await services.close();
    superviseWorkers(config, services.logger, () => announce(config));
    return;
  }
  await serve(config);
}

async function serve(config: Config) {
  const services = await createServices(config);
  // server/src/main.ts in development, server/dist/main.mjs when built: both two levels below the root.
  const app = await buildHttpApp(services, {
    webRoot: path.resolve(import.meta.dirname, '../../web/dist'),
  });
  const shutdown = async (signal: string) => {
    services.logger.info({ signal }, 'shutting down');
    // A restart must not wait for long work: download tasks stop at once and go on after the
    // next start; whatever still holds on past the limit is cut off.
    setTimeout(() => {
      services.logger.warn({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown took too long; exiting');
      process.exit(0);
    }, SHUTDOWN_LIMIT_MS).unref();
    await Promise.all([app.close(), services.downloadRunner.stop()]);
    await services.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) announce(config);
}

function announce(config: Config) {
  const everywhere = config.host === '0.0.0.0' || config.host === '::';
  const shown = everywhere ? 'localhost' : config.host;
  const workers = config.workers > 1 ? ` (${config.workers} worker processes)` : '';
  // A split deployment's log says which side each process is (ROLE).
  const role =
    config.role === 'worker'
      ? '; ROLE=worker: runs the background jobs and serves only /api/health'
      : config.role === 'web'
        ? '; ROLE=web: serves, and leaves the background jobs to ROLE=worker processes'
        : '';
  // A shared server listens on every interface by default; say so, and how to keep it local.
  const reach = everywhere
    ? ', reachable from the network (HOST=127.0.0.1 keeps it to this machine)'
    : '';
  process.stdout.write(
    `capshelf is running at http://${shown}:${config.port}${workers}${reach}${role}\n`,
  );
}

main().catch((error: unknown) => {
  const { code, port, address } = (error ?? {}) as NodeJS.ErrnoException & {
    port?: number;
    address?: string;
  };
  // A port in use, or a setting found wrong while starting (e.g. a tagger model that is no WD14
  // model, a bucket that is not there), is told in one plain line, not a stack.
  const told =
    code === 'EADDRINUSE'
      ? `port ${port} (${address}) is in use; stop what holds it or set PORT to another port.`
      : error instanceof ConfigError || error instanceof StoreSettingError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
  process.stderr.write(`capshelf failed to start: ${told}\n`);
  process.exit(1);
});
