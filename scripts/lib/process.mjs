import { spawn } from 'node:child_process';

/**
 * Runs a command with inherited output; resolves with its exit code (never rejects on failure).
 * `launch` is how it is spawned (children.mjs passes one that gives it a process group).
 */
export function run(command, args, options = {}, launch = spawn) {
  return new Promise((resolve) => {
    const child = launch(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Resolves as `work` does, printing every 15 s how long `what` has run: npm says nothing while
 * it installs or compiles, and a first install is minutes of that on a busy machine.
 */
export async function withProgress(what, work, everyMs = 15_000) {
  const started = Date.now();
  const timer = setInterval(() => {
    console.log(`  … ${what}: ${Math.round((Date.now() - started) / 1000)} s so far`);
  }, everyMs);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}
