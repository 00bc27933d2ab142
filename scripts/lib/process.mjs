import { spawn } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code (never rejects on failure). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
