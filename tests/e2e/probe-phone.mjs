import { resolve } from 'node:path';
import { clickButton, openApp } from './app.mjs';
import { launchBrowser } from './browser.mjs';
import { chooseCsvSource } from './csv.mjs';
import { startStaticServer } from './server.mjs';

const server = await startStaticServer(resolve('dist'));
const browser = await launchBrowser('cpu');
try {
  const { page } = browser;
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page, server.url);
  await chooseCsvSource(page, 'auto (chosen on PU data)');
  await clickButton(page, 'example-1');
  await page.locator('#csv-summary').waitFor({ timeout: 30_000 });
  console.log('preview line:', await page.locator('#csv-delimiter').textContent());
  await clickButton(page, 'train');
  await page.locator('#auto-kept').waitFor({ timeout: 300_000 });
  await page.waitForTimeout(500);
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, win: window.innerWidth }));
  console.log('widths', JSON.stringify(widths));
  await page.locator('#panel-auto').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/phone-auto.png' });
  await page.locator('#panel-auto').screenshot({ path: '/tmp/phone-auto-panel.png' });
} finally {
  await browser.close();
  await server.close?.();
  process.exit(0);
}
