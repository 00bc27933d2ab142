// The floor of Node's own HTTP server for bench/images.ts: the same files sent by a bare node:http
// handler with the headers the app sends, and nothing else (no session, no validation, no cache
// policy). `memory`: every file read into memory once. `reads`: each request reads its file as the
// app's fast path does (open, fstat and close on the main thread, the read on the thread pool).
// Usage: node bench/plain-node.mjs <port> <images dir> <headers.json> <memory|reads>
import { closeSync, fstatSync, openSync, read, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [port, root, headersFile, mode] = process.argv.slice(2);
const appHeaders = JSON.parse(readFileSync(headersFile, 'utf8'));
const headersOf = (bytes) =>
  Object.entries({ ...appHeaders, 'content-length': bytes })
    .flat()
    .map(String);
const files = new Map();
if (mode === 'memory') {
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = readFileSync(file);
    files.set(`/${path.relative(root, file)}`, { body, headers: headersOf(body.length) });
  }
}

/** The file behind a request's path, read as the app reads a small image; null when missing. */
function readFile(url, done) {
  let fd;
  try {
    fd = openSync(path.join(root, path.normalize(url)), 'r');
  } catch {
    return done(null);
  }
  const body = Buffer.allocUnsafeSlow(fstatSync(fd).size);
  read(fd, body, 0, body.length, 0, (error) => {
    closeSync(fd);
    done(error ? null : { body, headers: headersOf(body.length) });
  });
}

const send = (response, file) =>
  file ? response.writeHead(200, file.headers).end(file.body) : response.writeHead(404).end();

http
  .createServer((request, response) => {
    if (mode === 'memory') send(response, files.get(request.url));
    else readFile(request.url, (file) => send(response, file));
  })
  .listen(Number(port), '127.0.0.1');
