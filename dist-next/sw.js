// policypu's service worker: after a first visit the page, both wasm
// programs, the example files and the image subsets the user has opened work
// offline. scripts/build.sh writes dist/sw.js from this file with the build's
// version and file list (scripts/stamp-service-worker.mjs): a new build is a
// new service worker whose cache replaces the old one.
//
// Everything but the image subsets goes to the network first and falls back
// to the cache, so an online page is never older than the published build
// (the worker's files keep the same names from build to build). Subsets are
// large and fixed, so the cache answers them first. Only the build's own
// files and the subsets are ever stored: a file the user drops in is read in
// the tab and never fetched, so it never enters the cache.
//
// Every response it hands the page carries the cross-origin isolation
// headers, so that from the second visit on the threaded CPU worker runs even
// on a static host that cannot send them (GitHub Pages cannot).
const BUILD = {"version":"b253bd5a74e87301","precache":["./","app-8dff30b5995e90c3.js","app-8dff30b5995e90c3_bg.wasm","examples/README.md","examples/breast_cancer.csv","examples/two_moons.csv","examples/wine.csv","icon.svg","index.html","manifest.webmanifest","style-e453552129c881d4.css","threads/snippets/policypu-f1f88f34bbe06349/src/bin/worker/pool_thread.js","threads/worker.js","threads/worker_bg.wasm","threads/worker_loader.js","worker.js","worker_bg.wasm","worker_loader.js"]};

const CACHE = `policypu-${BUILD.version}`;
const SUBSET = /\/data\/[^/]+\.pubin\.gz$/;
const scoped = (path) => new URL(path, self.registration.scope).href;
const BUILD_FILES = new Set(BUILD.precache.map(scoped));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(BUILD.precache))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('policypu-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  const answer = SUBSET.test(url.pathname) ? cacheFirst(request) : networkFirst(request);
  event.respondWith(answer.then(isolated));
});

/** `response` with the headers that make the page cross-origin isolated
 * (shared memory for the threaded worker): every file is the site's own,
 * so requiring CORP of cross-origin files blocks nothing. */
function isolated(response) {
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  const { status, statusText } = response;
  return new Response(response.body, { status, statusText, headers });
}

// The page posts { keep: [urls] }: subsets it fetched before this worker
// took control, to be stored as if they had come through it.
self.addEventListener('message', (event) => {
  const urls = (event.data?.keep ?? []).filter((u) => SUBSET.test(new URL(u).pathname));
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        urls.map(async (u) => (await cache.match(u)) ?? cache.add(u).catch(() => {})),
      ),
    ),
  );
});

/** Store `response` for `request` when it is a build file or a subset. */
async function store(request, response) {
  const url = new URL(request.url);
  url.hash = '';
  url.search = '';
  const storable = BUILD_FILES.has(url.href) || SUBSET.test(url.pathname);
  if (response.ok && storable) await (await caches.open(CACHE)).put(url.href, response);
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  await store(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    await store(request, response.clone());
    return response;
  } catch (offline) {
    const cached =
      (await caches.match(request, { cacheName: CACHE, ignoreSearch: true })) ??
      (request.mode === 'navigate' ? await caches.match(self.registration.scope, { cacheName: CACHE }) : undefined);
    if (cached) return cached;
    throw offline;
  }
}
