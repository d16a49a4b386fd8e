// A tiny static file server for dist/, on 127.0.0.1 and a free port, for the
// browser tests. Serves .gz files as plain bytes (no Content-Encoding): the
// app gunzips them itself.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.gz': 'application/octet-stream',
};

function contentTypeOf(path) {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

// The file under `root` that a request path names, or null if it escapes root.
function fileForUrl(root, url) {
  const pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  const relative = normalize(pathname).replace(/^[/\\]+/, '');
  const file = resolve(root, relative === '' ? 'index.html' : relative);
  return file === root || file.startsWith(root + sep) ? file : null;
}

async function serveFile(root, request, response) {
  let file = fileForUrl(root, request.url);
  if (file) {
    const info = await stat(file).catch(() => null);
    if (info?.isDirectory()) file = join(file, 'index.html');
  }
  const info = file && (await stat(file).catch(() => null));
  if (!info?.isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  response.writeHead(200, {
    'Content-Type': contentTypeOf(file),
    'Content-Length': info.size,
    'Cache-Control': 'no-store',
  });
  if (request.method === 'HEAD') return response.end();
  createReadStream(file).pipe(response);
}

/** Serve `root`; resolves to { url, close() }. */
export async function startStaticServer(root) {
  const absoluteRoot = resolve(root);
  const server = createServer((request, response) => {
    serveFile(absoluteRoot, request, response).catch((error) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}
