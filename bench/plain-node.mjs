// The floor of Node's own HTTP server for bench/images.ts: the same files, read into memory once,
// sent by a bare node:http handler with the headers the app sends, and nothing else (no session,
// no validation, no cache policy). Usage: node bench/plain-node.mjs <port> <images dir> <headers.json>
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [port, root, headersFile] = process.argv.slice(2);
const appHeaders = JSON.parse(readFileSync(headersFile, 'utf8'));
const files = new Map();
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = readFileSync(file);
  const headers = Object.entries({ ...appHeaders, 'content-length': body.length }).flat();
  files.set(`/${path.relative(root, file)}`, { body, headers: headers.map(String) });
}

http
  .createServer((request, response) => {
    const file = files.get(request.url);
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, file.headers).end(file.body);
  })
  .listen(Number(port), '127.0.0.1');
