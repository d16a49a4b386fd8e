// The published site: the app served under a sub-path (as a GitHub Pages
// project site is, /policypu/) trains its demo, a lesson link and an example
// file and makes a share link round trip there; and after a first visit it
// works with the network gone, from its service worker's cache.
import { byId, chooseOption, clickButton, openApp, waitForStatus, waitUntil } from './app.mjs';
import { chooseCsvSource, setShortCsvRun } from './csv.mjs';
import { expect, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const DEMO_MS = 3 * 60_000;

/** Load example file `index` from the CSV panel and wait for the reader's summary. */
async function openExample(page, index, name) {
  await chooseCsvSource(page);
  await clickButton(page, `example-${index}`);
  await page.locator(`#csv-file:has-text("${name}")`).waitFor({ timeout: 30_000 });
  await page.locator('#csv-summary').waitFor({ timeout: 30_000 });
}

/** The link "Copy link" puts on the clipboard. */
async function copiedLink(page) {
  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await clickButton(page, 'copy-link');
  await page.locator(`${byId('share-feedback')}:has-text("Link copied")`).waitFor({ timeout: 10_000 });
  return page.evaluate(() => navigator.clipboard.readText());
}

async function underASubPath({ page, site, note }) {
  const base = site.url;
  expect(new URL(base).pathname === '/policypu/', `the tests serve the app under /policypu/: ${base}`);
  await trainToDone(page, DEMO_MS);
  const link = await copiedLink(page);
  note(`share link: ${link.slice(0, 90)}…`);
  expect(link.startsWith(`${base}#`), `the share link is built from the page's own address: ${link}`);
  const other = await page.context().newPage();
  await openApp(other, link);
  await waitForStatus(other, 'Done.', DEMO_MS);
  await other.close();

  const lessons = await page.locator('#lessons a').evaluateAll((all) => all.map((a) => a.href));
  expect(lessons.length > 0 && lessons.every((href) => href.startsWith(base)), `lesson links under ${base}: ${lessons}`);
  await page.goto('about:blank');
  await openApp(page, lessons[0]);
  await page.locator('#lesson-title').waitFor({ timeout: 10_000 });
  await trainToDone(page, DEMO_MS);

  await page.goto('about:blank');
  await openApp(page, base);
  await openExample(page, 0, 'breast_cancer.csv');
  await setShortCsvRun(page);
  await trainToDone(page, DEMO_MS);
  expectEqual(site.outside.length, 0, `requests outside ${base} (${site.outside.join(', ')})`);
}

/** Entries of every cache the page's origin holds, as paths. */
const cachedPaths = (page) =>
  page.evaluate(async () => {
    const paths = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

async function offlineAfterTheFirstVisit({ page, site, note }) {
  await waitUntil('the service worker in control', () =>
    page.evaluate(() => (navigator.serviceWorker.controller ? true : null)), { timeoutMs: 60_000 });
  await trainToDone(page, DEMO_MS);
  // A file the user drops in is read in the tab: it must never reach the cache.
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles({
    name: 'private-grades.csv', mimeType: 'text/csv',
    buffer: Buffer.from('x,y,labeled\n1,2,1\n2,3,0\n3,1,0\n4,4,1\n5,2,0\n6,1,0\n'),
  });
  await page.locator('#csv-file:has-text("private-grades.csv")').waitFor({ timeout: 10_000 });
  const paths = await waitUntil('the demo subset in the cache', async () => {
    const now = await cachedPaths(page);
    return now.some((p) => p.endsWith('/data/mnist_train.pubin.gz')) ? now : null;
  }, { timeoutMs: 30_000, lastSeen: async () => (await cachedPaths(page)).join(' ') });
  note(`cached: ${paths.length} entries`);
  expect(paths.every((p) => p.startsWith('/policypu/') && !p.includes('private-grades')), `cache entries: ${paths}`);
  expect(!paths.some((p) => p.includes('cifar10')), 'a subset never opened is not cached');

  const servedBefore = site.served.length;
  await page.context().setOffline(true);
  await page.goto('about:blank');
  await openApp(page, site.url);
  await trainToDone(page, DEMO_MS);
  await openExample(page, 1, 'wine.csv');
  // The browser itself may still ask for sw.js (its update check runs
  // outside the page's network emulation); nothing the page asked for may.
  const whileOffline = site.served.slice(servedBefore);
  note(`served while offline: ${whileOffline.join(', ') || 'nothing'}`);
  const reached = whileOffline.filter((path) => !path.endsWith('/sw.js'));
  expectEqual(reached.join(', '), '', 'requests of the page that reached the server while offline');
  // A subset never opened says why it cannot load, and what can.
  await chooseOption(page, 'dataset', 'CIFAR-10');
  await clickButton(page, 'train');
  const failed = (await page.locator('#status.error').textContent({ timeout: 30_000 })).trim();
  expect(failed.includes('This browser is offline, and keeps for offline use only the datasets opened before'),
    `CIFAR-10 offline: "${failed}"`);
  await page.context().setOffline(false);
}

export const siteTests = [
  { name: 'site: under /policypu/, the demo, a share link round trip, a lesson link and an example train', mode: 'cpu', run: underASubPath },
  { name: 'site: offline after the first visit: reload, train the demo, open an example; dropped files never cached', mode: 'cpu', run: offlineAfterTheFirstVisit },
];
