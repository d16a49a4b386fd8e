// What a newcomer meets on a laptop (1366×768) and a phone (390×844): Train
// in reach (a skip button, two key presses), a run's scores on screen after
// Train, tables that scroll sideways rather than wrap, and messages in the
// page's own words (field labels, the ticked classes, text columns, the file
// a link was made with).
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { byId, clickButton, openApp, readStatus, setField, waitUntil } from './app.mjs';
import { uploadCsv } from './csv.mjs';
import { expect, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const SHORT_RUN_MS = 3 * 60_000;

/** The element's box in the window: { top, bottom, height }. */
const box = (page, selector) =>
  page.locator(selector).first().evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height };
  });

async function scoresInViewAfterTrain({ page, note }) {
  await page.setViewportSize(LAPTOP);
  await setField(page, 'optim.epochs', '2');
  await setField(page, 'policy.pretrain_epochs', '1');
  await trainToDone(page, SHORT_RUN_MS);
  const scores = await box(page, '#results .scores');
  note(`the scores span ${scores.top.toFixed(0)}–${scores.bottom.toFixed(0)} px of a 768 px window after Train`);
  expect(scores.top >= 0 && scores.bottom <= LAPTOP.height, `the scores are on screen after Train: ${JSON.stringify(scores)}`);
}

async function keyboardReachesTrain({ page }) {
  await page.setViewportSize(LAPTOP);
  await page.keyboard.press('Tab');
  expectEqual(await page.evaluate(() => document.activeElement?.id), 'skip-to-train', 'the first Tab stop');
  const shown = await box(page, '#skip-to-train');
  expect(shown.top >= 0 && shown.height > 0, `"Skip to Train" shows when focused: ${JSON.stringify(shown)}`);
  await page.keyboard.press('Enter');
  expectEqual(await page.evaluate(() => document.activeElement?.id), 'train', 'focus after Tab, Enter');
}

async function phoneLayout({ page, note }) {
  await page.setViewportSize(PHONE);
  await openApp(page, page.url());
  const skip = await box(page, '#skip-to-train');
  note(`"Skip to Train" at ${skip.top.toFixed(0)}–${skip.bottom.toFixed(0)} px of 844; Train at ${(await box(page, '#train')).top.toFixed(0)} px`);
  expect(skip.top >= 0 && skip.bottom <= PHONE.height, `the skip button floats on screen: ${JSON.stringify(skip)}`);
  await clickButton(page, 'skip-to-train');
  const train = await box(page, '#train');
  expect(train.top >= 0 && train.bottom <= PHONE.height, `Train on screen after the skip button: ${JSON.stringify(train)}`);
  expectEqual(await page.evaluate(() => document.activeElement?.id), 'train', 'focus after the skip button');
  await waitUntil('the skip button to step aside', async () =>
    (await page.locator('#skip-to-train').isVisible()) ? null : true, { timeoutMs: 5_000 });

  await setField(page, 'optim.epochs', '1');
  await setField(page, 'policy.pretrain_epochs', '0');
  await trainToDone(page, SHORT_RUN_MS);
  const cell = await box(page, '#history-table tbody td:nth-child(3)');
  const line = await page.locator('#history-table').evaluate((e) => parseFloat(getComputedStyle(e).lineHeight) || 20);
  note(`runs table split cell: ${cell.height.toFixed(0)} px high (a line is ${line} px)`);
  expect(cell.height < 2 * line + 8, `the runs table keeps a cell on one line on a phone (${cell.height} px)`);
}

async function wordsOfThePage({ page, site }) {
  // Ticked classes are the task the hint describes.
  const hint = () => page.locator('#classes-hint').textContent();
  expect((await hint()).startsWith('Standard task: even digits'), `hint: ${await hint()}`);
  for (const c of [0, 2, 4, 6, 8]) await page.locator(`#class-${c}`).uncheck();
  for (const c of [1, 3]) await page.locator(`#class-${c}`).check();
  expect((await hint()).startsWith('Your task: 1, 3 (positive)'), `hint after ticking 1 and 3: ${await hint()}`);
  await page.goto('about:blank');
  await openApp(page, `${site.url}#data.kind=builtin&data.positive_classes=1,3`);
  expect((await hint()).startsWith('Your task: 1, 3 (positive)'), `hint from a link: ${await hint()}`);

  // A refused field is named by its label, never its key.
  await page.locator(byId('split.n_labeled')).fill('abc');
  await page.locator(byId('split.n_labeled')).blur();
  await clickButton(page, 'train');
  const status = await readStatus(page);
  expect(status.error && status.text.includes('Labeled positives n_l') && !status.text.includes('split.'),
    `status: ${status.text}`);
}

async function csvWords({ page, site }) {
  await uploadCsv(page, resolve(FIXTURES, 'penguins_text.csv'));
  const note = await page.locator('#csv-text-columns').textContent();
  expect(['"species"', '"island"', '"sex"'].every((c) => note.includes(`Left out: ${c} holds the categories`))
    && note.includes('choose it as a feature to give each its own 0/1 input'),
  `text columns note: ${note}`);
  expectEqual((await page.locator('.choose-file').textContent()).trim(), 'Choose another file…', 'the file button after a load');

  // A link made on a CSV file, opened without it, names the file to load.
  const hash = new URL(page.url()).hash;
  expect(hash.includes('file=penguins_text.csv'), `the address names the file: ${hash}`);
  await page.goto('about:blank');
  await openApp(page, `${site.url}${hash}`);
  const notice = await page.locator(byId('link-notice')).textContent();
  expect(notice.includes('load “penguins_text.csv”'), `notice: ${notice}`);
}

export const newcomerTests = [
  { name: 'newcomer: after Train the scores are on screen at 1366×768', mode: 'cpu', run: scoresInViewAfterTrain },
  { name: 'newcomer: Tab, Enter reaches Train', mode: 'cpu', run: keyboardReachesTrain },
  { name: 'newcomer: on a phone a floating button skips to Train, and the runs table does not wrap', mode: 'cpu', run: phoneLayout },
  { name: 'newcomer: the class hint follows the ticks, a refused field is named by its label', mode: 'cpu', run: wordsOfThePage },
  { name: 'newcomer: text columns say why they are left out; a link names its CSV file', mode: 'cpu', run: csvWords },
];
