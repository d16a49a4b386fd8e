// The threaded CPU worker: a cross-origin isolated page trains on it, and it
// times its pool against one thread; a page without the isolation headers
// trains on the single-threaded worker and says why, until its service
// worker isolates it on the next visit; and when the threaded worker cannot
// load, the single-threaded one trains instead. A run too short to time
// (fewer rows than a batch) trains on one thread.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp } from './app.mjs';
import { uploadCsv } from './csv.mjs';
import { expect, expectEqual } from './expect.mjs';
import { startStaticServer } from './server.mjs';
import { trainToDone } from './training.mjs';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist');
const DEMO_MS = 3 * 60_000;
const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures');

const isolated = (page) => page.evaluate(() => self.crossOriginIsolated);
const deviceLine = async (page) => ({
  badge: (await page.locator('#device .badge').textContent()).trim(),
  reason: (await page.locator('#device .reason').textContent()).trim(),
});

async function trainsOnThePool({ page, note }) {
  expectEqual(await isolated(page), true, 'the test server sends COOP/COEP, so the page is cross-origin isolated');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await trainToDone(page, DEMO_MS);
  const { badge, reason } = await deviceLine(page);
  note(`device: ${badge}: ${reason}`);
  // Only the threaded worker times threads. (Which files were fetched says
  // nothing: the service worker fetches both workers to keep them offline.)
  expect(
    reason.includes(`Timed on ${cores} threads and on one`),
    `the device line says the pool of ${cores} was timed against one thread: ${reason}`,
  );
  expect(badge === 'CPU' || badge === `CPU, ${cores} threads`, `the badge names the threads the steps ran on: ${badge}`);
}

async function isolatedByTheServiceWorker({ page, note }) {
  const server = await startStaticServer(DIST, { isolate: false });
  try {
    await openApp(page, server.url);
    expectEqual(await isolated(page), false, 'a first visit to a host without COOP/COEP is not isolated');
    await trainToDone(page, DEMO_MS);
    const first = await deviceLine(page);
    note(`first visit: ${first.badge}: ${first.reason}`);
    expectEqual(first.badge, 'CPU', 'one thread');
    expect(first.reason.includes('not cross-origin isolated'), `the device line says why one thread: ${first.reason}`);

    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    await openApp(page, server.url);
    expectEqual(await isolated(page), true, 'the service worker adds COOP/COEP from the next visit');
    await trainToDone(page, DEMO_MS);
    const second = await deviceLine(page);
    note(`next visit: ${second.badge}: ${second.reason}`);
    expect(second.reason.includes('threads and on one'), `the threaded worker trained: ${second.reason}`);
  } finally {
    await server.close();
  }
}

async function fallsBackToOneThread({ page, site, note }) {
  // As if the build had no threaded worker: its script is not found. (A
  // Playwright route would not see the request: the service worker answers it.)
  await page.addInitScript(() => {
    const BrowserWorker = window.Worker;
    window.Worker = function Worker(url, options) {
      const missing = String(url).replace('threads/worker_loader.js', 'threads/missing.js');
      return new BrowserWorker(missing, options);
    };
  });
  await openApp(page, site.url);
  await trainToDone(page, DEMO_MS);
  const { badge, reason } = await deviceLine(page);
  note(`device: ${badge}: ${reason}`);
  expectEqual(badge, 'CPU', 'the single-threaded worker trains on the CPU');
  expect(!reason.includes('threads and on one'), `no pool was timed: ${reason}`);
  expect(reason.includes('the threaded worker could not start'), `the device line says why one thread: ${reason}`);
  expect(site.served.some((path) => path.endsWith('/threads/missing.js')), 'the threaded worker was asked for first');
}

async function tooShortToTime({ page, note }) {
  // 60 rows: every step of the run is a whole epoch, and steps that end an
  // epoch are not timed.
  await uploadCsv(page, resolve(FIXTURES, 'smaller_than_a_batch.csv'));
  await trainToDone(page, DEMO_MS);
  const { badge, reason } = await deviceLine(page);
  note(`device: ${badge}: ${reason}`);
  expectEqual(badge, 'CPU', 'one thread');
  expect(reason.includes('One thread: this run is too short to gain from more: its epochs have too few mini-batches of'), `the device line says why one thread: ${reason}`);
}

export const threadTests = [
  { name: 'threads: an isolated page trains the demo on the threaded worker, timed against one thread', mode: 'cpu', run: trainsOnThePool },
  { name: 'threads: without COOP/COEP one thread, said so; the service worker isolates the next visit', mode: 'cpu', run: isolatedByTheServiceWorker },
  { name: 'threads: when the threaded worker cannot load, the single-threaded one trains', mode: 'cpu', run: fallsBackToOneThread },
  { name: 'threads: a CSV smaller than one batch trains on one thread, too short to time', mode: 'cpu', run: tooShortToTime },
];
