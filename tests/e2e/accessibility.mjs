// Accessibility: axe-core (pinned in package.json) checks the page against
// WCAG's automatic rules in the states a class meets it in: the first visit
// with its tour, a lesson link, a short demo run's views, auto's leaderboard
// on an example CSV file with its comparison, a file the reader refuses, and
// a phone's width. A rule axe cannot decide on its own (its "incomplete"
// results, such as contrast over a gradient) is not judged here.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseOption, clickButton, setField, waitForStatus } from './app.mjs';
import { uploadCsv } from './csv.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const AXE = resolve(ROOT, 'node_modules/axe-core/axe.min.js');
const EXAMPLE = resolve(ROOT, 'public/examples/breast_cancer.csv');

/** axe's violations on the page as it is now, one line each: "rule (impact) at target, …". */
async function violations(page, axeSource) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, at: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return found.map((v) => `${v.id} (${v.impact}) at ${v.at.slice(0, 3).join(', ')}${v.at.length > 3 ? ', …' : ''}`);
}

/** Checks each state in turn; fails naming every state with a violation and what axe found. */
async function expectNoViolations(page, states, note) {
  const axeSource = await readFile(AXE, 'utf8');
  const failures = [];
  for (const [name, reach] of states) {
    await reach();
    const found = await violations(page, axeSource);
    note(`${name}: ${found.length} violations`);
    if (found.length > 0) failures.push(`${name}: ${found.join('; ')}`);
  }
  if (failures.length > 0) throw new Error(`axe found violations: ${failures.join(' | ')}`);
}

export const accessibilityTests = [
  {
    name: 'accessibility: no axe violations on the first visit, a lesson, a run, auto, a refused file and a phone',
    mode: 'cpu',
    tour: true,
    async run({ page, site, note }) {
      await expectNoViolations(page, [
        ['the first visit, its tour open', async () => {
          await page.locator('#tour').waitFor({ timeout: 10_000 });
        }],
        ['a lesson link', async () => {
          await page.locator('#tour-skip').click();
          await page.goto(`${site.url}#lesson=biased-pu`, { waitUntil: 'load' });
          await page.locator('#lesson').waitFor({ timeout: 30_000 });
          await page.locator('#train:enabled').waitFor({ timeout: 60_000 });
        }],
        ['a short demo run', async () => {
          await page.goto(site.url, { waitUntil: 'load' });
          await page.locator('#train:enabled').waitFor({ timeout: 60_000 });
          await setField(page, 'optim.epochs', '2');
          await setField(page, 'policy.pretrain_epochs', '1');
          await clickButton(page, 'train');
          await waitForStatus(page, 'Done', 300_000);
        }],
        ["auto's leaderboard on an example file", async () => {
          await uploadCsv(page, EXAMPLE);
          await chooseOption(page, 'learner', 'auto (chosen on PU data)');
          await page.locator('#csv-summary').waitFor({ timeout: 10_000 });
          await clickButton(page, 'train');
          await page.locator('#auto-table').waitFor({ timeout: 300_000 });
          await waitForStatus(page, 'Done', 300_000);
          await page.locator('#compare-table').waitFor({ timeout: 10_000 });
        }],
        ['a file the reader refuses', async () => {
          await page.locator('#csv-input').setInputFiles({
            name: 'refused.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from('x,labeled\n1,1\n2,maybe\n'),
          });
          await page.locator('#csv-error').waitFor({ timeout: 10_000 });
        }],
        ["a phone's width", async () => {
          await page.setViewportSize({ width: 390, height: 844 });
          await page.goto(site.url, { waitUntil: 'load' });
          await page.locator('#train:enabled').waitFor({ timeout: 60_000 });
        }],
      ], note);
    },
  },
];
