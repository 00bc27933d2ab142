import { startReplica, type Replica } from './replica';

const port = Number(process.env.REPLICA_PORT ?? 8100);
let replica: Replica;
try {
  replica = await startReplica({
    host: process.env.REPLICA_HOST ?? '127.0.0.1',
    port,
    tls: process.env.REPLICA_TLS === '1',
  });
} catch (error) {
  // A port in use is one line, not a stack: which port, and the setting that moves them all.
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  const { port: taken } = error as { port?: number };
  console.error(
    `The replica could not start: port ${taken ?? port} is in use (it listens on REPLICA_PORT=${port} and the next ports; set REPLICA_PORT to another base port).`,
  );
  process.exit(1);
}

console.log('fancaps replica running');
for (const [name, origin] of Object.entries(replica.hostOrigins))
  console.log(`  ${name.padEnd(12)} ${origin}`);
console.log('\nPoint the app at it with:');
for (const [key, value] of Object.entries(replica.env())) console.log(`${key}=${value}`);
// A parent that started it with an IPC channel (`npm run demo`) learns where it listens.
process.send?.({ replicaEnv: replica.env() });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void replica.close().then(() => process.exit(0));
  });
}
