// Preloaded into a child process (`--import`): any outgoing connection is written to stderr and refused.
import net from 'node:net';
import tls from 'node:tls';

for (const [mod, key] of [
  [net, 'connect'],
  [net, 'createConnection'],
  [tls, 'connect'],
]) {
  mod[key] = (options) => {
    const host = typeof options === 'object' ? options.host || options.servername : options;
    process.stderr.write(`NETWORK ATTEMPT ${host}\n`);
    throw new Error('network refused by the test');
  };
}
