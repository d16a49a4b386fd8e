// A tiny static file server for dist/, on 127.0.0.1 and a free port, for the
// browser tests and the benchmark. It serves dist/ under a sub-path (as a
// GitHub Pages project site is served, `/policypu/`), answers 404 outside it
// and counts those requests, and can gzip text and wasm responses as static
// hosts do. Serves .gz files as plain bytes (no Content-Encoding): the app
// gunzips them itself. It sends the cross-origin isolation headers (COOP and
// COEP, which the threaded worker needs) unless told not to, as a host that
// cannot set headers would.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The sub-path the tests serve the app under, like a Pages project site. */
export const BASE_PATH = '/policypu/';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.csv': 'text/csv; charset=utf-8',
  '.gz': 'application/octet-stream',
};

/** Types a static host compresses on the way out (not the .gz subsets). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.json', '.webmanifest', '.svg', '.csv']);

function contentTypeOf(path) {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

// The file under `root` that a request path below `base` names, or null if
// the path is outside `base` or escapes root.
function fileForUrl(root, base, url) {
  const pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  if (!(pathname + '/').startsWith(base)) return null;
  const relative = normalize(pathname.slice(base.length - 1)).replace(/^[/\\]+/, '');
  const file = resolve(root, relative === '' ? 'index.html' : relative);
  return file === root || file.startsWith(root + sep) ? file : null;
}

async function serveFile(root, options, request, response) {
  options.served.push(new URL(request.url, 'http://localhost').pathname);
  let file = fileForUrl(root, options.base, request.url);
  if (file === null) options.outside.push(request.url);
  if (file) {
    const info = await stat(file).catch(() => null);
    if (info?.isDirectory()) file = join(file, 'index.html');
  }
  const info = file && (await stat(file).catch(() => null));
  if (!info?.isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  let body = await readFile(file);
  const headers = { 'Content-Type': contentTypeOf(file), 'Cache-Control': 'no-store' };
  if (options.isolate) {
    headers['Cross-Origin-Opener-Policy'] = 'same-origin';
    headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
  }
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (options.gzip && COMPRESSIBLE.has(extname(file).toLowerCase()) && accepts.includes('gzip')) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = body.length;
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Serve `root` under `base` (default BASE_PATH); with `gzip`, compress as a
 * static host does; with `isolate: false`, send no COOP/COEP headers. Resolves to { url, outside, served, close() }: `url` is
 * the app's address, `outside` the request paths that fell outside `base`,
 * `served` the path of every request it answered, in order.
 */
export async function startStaticServer(root, { base = BASE_PATH, gzip = false, isolate = true } = {}) {
  const absoluteRoot = resolve(root);
  const options = { base, gzip, isolate, outside: [], served: [] };
  const server = createServer((request, response) => {
    serveFile(absoluteRoot, options, request, response).catch((error) => {
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
    url: `http://127.0.0.1:${port}${base}`,
    outside: options.outside,
    served: options.served,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}
