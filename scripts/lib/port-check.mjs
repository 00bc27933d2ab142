// Before `npm start` or `npm run demo` builds anything: is every port it will listen on free? If
// not, one line says which port, which setting moves it, and (on Linux, when it is this user's)
// which process holds it, typically an earlier run still going.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { root } from './install.mjs';

/** A setting as the server will see it: the environment first, then `.env` (as loadDotEnv does). */
export function setting(name) {
  const file = path.join(root, '.env');
  return (
    process.env[name] ?? (existsSync(file) ? parseEnv(readFileSync(file, 'utf8'))[name] : undefined)
  );
}

/** Resolves with whether `port` on `host` can be bound right now. */
function canListen(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** What `read` returns, or `fallback` when it throws (a file missing or unreadable). */
function attempt(read, fallback) {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** Socket inodes listening on `port` (Linux /proc; empty elsewhere). */
function listeningInodes(port) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of attempt(() => readFileSync(table, 'utf8').trim().split('\n').slice(1), [])) {
      const fields = line.trim().split(/\s+/);
      const localPort = parseInt(fields[1]?.split(':').pop() ?? '', 16);
      if (localPort === port && fields[3] === '0A') inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** "pid 1234 (node server/dist/main.mjs)" for the process holding `port`, when it can be seen. */
export function portHolder(port) {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    // Another user's process, or one gone meanwhile, shows nothing.
    const fds = attempt(() => readdirSync(`/proc/${pid}/fd`), []);
    const socket = (fd) => /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
    if (fds.some((fd) => inodes.has(attempt(() => socket(fd), null)))) {
      const cmdline = attempt(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8'), '');
      const command = cmdline.split('\0').join(' ').trim();
      return `pid ${pid} (${command})`;
    }
  }
  return null;
}

export class PortInUseError extends Error {}

/**
 * Rejects with a one-line PortInUseError for the first of `ports` ({ port, host, setting }) that
 * cannot be bound.
 */
export async function checkPorts(ports) {
  for (const { port, host, setting } of ports) {
    if (await canListen(port, host)) continue;
    const holder = portHolder(port);
    throw new PortInUseError(
      `Port ${port} (${host}) is in use: stop what holds it or set ${setting} to another port` +
        (holder ? `; it is held by ${holder}.` : '.'),
    );
  }
}
