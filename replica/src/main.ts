import { startReplica } from './replica';

const replica = await startReplica({
  host: process.env.REPLICA_HOST ?? '127.0.0.1',
  port: Number(process.env.REPLICA_PORT ?? 8100),
  tls: process.env.REPLICA_TLS === '1',
});

console.log('fancaps replica running');
for (const [name, origin] of Object.entries(replica.hostOrigins))
  console.log(`  ${name.padEnd(12)} ${origin}`);
console.log('\nPoint the app at it with:');
for (const [key, value] of Object.entries(replica.env())) console.log(`${key}=${value}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void replica.close().then(() => process.exit(0));
  });
}
