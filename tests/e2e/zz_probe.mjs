import { resolve } from 'node:path';
import { launchBrowser } from './browser.mjs';
import { startStaticServer } from './server.mjs';
import { openApp, sleep } from './app.mjs';
import { chooseCsvSource } from './csv.mjs';
const server = await startStaticServer(resolve('dist'));
const b = await launchBrowser('cpu');
const { page } = b;
await openApp(page, server.url);
await chooseCsvSource(page, 'auto (chosen on PU data)');
for (const f of process.argv.slice(2)) {
  await page.locator('#csv-input').setInputFiles('/tmp/probe/' + f);
  await sleep(1500);
  const panel = await page.locator('#csv-panel').innerText();
  console.log('=====', f, '\n', panel.slice(panel.indexOf('Held-out')));
  const train = await page.locator('#train').isEnabled();
  console.log('train enabled:', train);
  await page.locator('#csv-panel').screenshot({ path: `/tmp/probe/${f}.png` });
}
console.log('problems', b.problems);
await b.close(); await server.close();
