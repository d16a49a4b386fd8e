// The README's screenshots, taken from the release build in dist/ (served
// under /policypu/ as the published site is): the demo after a run on a
// laptop, a lesson link, auto on an example CSV file, and a phone's first
// screen. Writes docs/screenshots/*.png.
//
//   node tests/e2e/screenshots.mjs      (scripts/screenshots.sh builds first)
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clickButton, openApp, waitForStatus } from './app.mjs';
import { launchBrowser } from './browser.mjs';
import { chooseCsvSource } from './csv.mjs';
import { startStaticServer } from './server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = resolve(ROOT, 'docs/screenshots');
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const RUN_MS = 5 * 60_000;

/** Open a fresh browser at `size` on `url`, run `act`, save `name`. */
async function shoot(url, size, name, act) {
  const browser = await launchBrowser('cpu');
  try {
    const { page } = browser;
    await page.setViewportSize(size);
    await openApp(page, url);
    await act(page);
    // The progress bar eases to its end over 0.2 s: let it get there.
    await page.waitForTimeout(400);
    await page.screenshot({ path: resolve(OUT, name) });
    console.log(`docs/screenshots/${name}`);
  } finally {
    await browser.close();
  }
}

await mkdir(OUT, { recursive: true });
const server = await startStaticServer(resolve(ROOT, 'dist'));
try {
  await shoot(server.url, LAPTOP, 'demo-laptop.png', async (page) => {
    await clickButton(page, 'train');
    await waitForStatus(page, 'Done.', RUN_MS);
  });
  await shoot(server.url, LAPTOP, 'lesson-laptop.png', async (page) => {
    const href = await page.locator('#lessons a').first().getAttribute('href');
    await page.goto(server.url + href, { waitUntil: 'load' });
    await page.locator('#lesson-title').waitFor({ timeout: 30_000 });
    await clickButton(page, 'train');
    await waitForStatus(page, 'Done.', RUN_MS);
    // The lesson's text at the top, its run's scores below it.
    await page.locator('#lesson-title').evaluate((title) => title.parentElement.scrollIntoView());
  });
  await shoot(server.url, LAPTOP, 'auto-csv-laptop.png', async (page) => {
    await chooseCsvSource(page, 'auto (chosen on PU data)');
    await clickButton(page, 'example-0');
    await page.locator('#csv-summary').waitFor({ timeout: 30_000 });
    await clickButton(page, 'train');
    await page.locator('#auto-kept').waitFor({ timeout: RUN_MS });
    await page.locator('#panel-auto').scrollIntoViewIfNeeded();
  });
  await shoot(server.url, PHONE, 'first-screen-phone.png', async () => {});
} finally {
  await server.close();
}
