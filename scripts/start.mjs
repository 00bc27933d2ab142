// `npm start`: installs what is missing, builds the page and the server bundle, then runs it (which migrates
// the database and prints the admin login on first run) on http://localhost:8000.
import { ensureDependencies, root } from './lib/install.mjs';
import { run } from './lib/process.mjs';
import { SERVER_ARGS } from './lib/server.mjs';

async function main() {
  await ensureDependencies();
  if ((await run('npm', ['run', '--silent', 'build'], { cwd: root })) !== 0) {
    throw new Error('the build failed');
  }
  const code = await run(process.execPath, SERVER_ARGS, { cwd: root });
  process.exit(code);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
