// `npm start`: installs what is missing, builds the page, then runs the server (which migrates
// the database and prints the admin login on first run) on http://localhost:8000.
import { ensureDependencies, root } from './lib/install.mjs';
import { run } from './lib/process.mjs';

async function main() {
  await ensureDependencies();
  if ((await run('npm', ['run', '--silent', 'build'], { cwd: root })) !== 0) {
    throw new Error('building the page failed');
  }
  const code = await run('npx', ['tsx', 'server/src/main.ts'], { cwd: root });
  process.exit(code);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
