// The children of `npm start` and `npm run demo` (the build, the user CLI, the replica, the server).
// Each runs in a process group of its own, so stopping one ends its own children too (cluster
// workers, the build's tools); a signal to the script (SIGINT, SIGTERM, SIGHUP) stops every group
// before the script exits; and Node children watch the script (parent-watch.mjs), so even a script
// killed with SIGKILL leaves nothing running.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from './process.mjs';

const PARENT_WATCH = pathToFileURL(path.join(import.meta.dirname, 'parent-watch.mjs')).href;
/** The server stops within 8 s on SIGTERM; a group still there after this is killed. */
const STOP_LIMIT_MS = 9000;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Process group ids (the leader's pid) of the children started, while anything runs in them. */
const groups = new Set();
let stopping = null;
let stopSignal = null;

const groupAlive = (pgid) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

const signalGroup = (pgid, signal) => {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
};

/** stdout and stderr of a `stdio` option; stdin is never shared (a child outside the terminal's group). */
const outputs = (stdio = 'inherit') =>
  typeof stdio === 'string' ? [stdio, stdio] : [stdio[1] ?? 'inherit', stdio[2] ?? 'inherit'];

/** Like child_process.spawn, in a new process group. */
export function spawnChild(command, args, options = {}) {
  const stdio = ['ignore', ...outputs(options.stdio), ...[options.stdio].flat().slice(3)];
  const child = spawn(command, args, { ...options, stdio, detached: true });
  if (child.pid) {
    groups.add(child.pid);
    // An emptied group is forgotten, so its id, once reused by another process, is never signalled.
    child.once('exit', () => {
      if (!groupAlive(child.pid)) groups.delete(child.pid);
    });
  }
  return child;
}

/** Runs Node with `args` as a watched child (see parent-watch.mjs). */
export function spawnNode(args, options = {}) {
  return spawnChild(process.execPath, ['--import', PARENT_WATCH, ...args], {
    ...options,
    stdio: ['ignore', ...outputs(options.stdio), 'ipc'],
  });
}

/** `run` (inherited output, resolves with the exit code) for a child in its own group. */
export const runChild = (command, args, options) => run(command, args, options, spawnChild);

/** `run` for a watched Node child. */
export const runNode = (args, options) =>
  run(process.execPath, args, options, (_node, nodeArgs, nodeOptions) =>
    spawnNode(nodeArgs, nodeOptions),
  );

/** Ends every child group (SIGTERM, then SIGKILL after the limit); resolves once all are gone. */
export function stopChildren() {
  stopping ??= (async () => {
    for (const pgid of groups) signalGroup(pgid, 'SIGTERM');
    const deadline = Date.now() + STOP_LIMIT_MS;
    while ([...groups].some(groupAlive) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    for (const pgid of groups) if (groupAlive(pgid)) signalGroup(pgid, 'SIGKILL');
  })();
  return stopping;
}

/** Whether a signal asked the script to stop (a step failing then is that stop, not an error). */
export const stopRequested = () => stopSignal !== null;

/** Stops every child, then exits: with `code`, or as killed by the signal that asked to stop. */
export async function exitAfterChildren(code) {
  await stopChildren();
  process.exit(stopSignal ? 128 + os.constants.signals[stopSignal] : code);
}

/** SIGINT, SIGTERM and SIGHUP end every child before the script exits. */
export function stopChildrenOnSignals() {
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      stopSignal ??= signal;
      void exitAfterChildren(1);
    });
  }
}
