// Teaching and accessibility: the guided first-run tour, the "What is this?"
// explanation of every chart panel, and a layout that works from a laptop
// (1366×768) down to a tablet (768×1024) with the keyboard alone.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOUR_DONE_KEY, byId, setField, sleep, waitUntil } from './app.mjs';
import { expect, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
const LAPTOP = { width: 1366, height: 768 };
const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 375, height: 812 };
const SHORT_RUN_MS = 3 * 60_000;
/** Stops of the tour with a built-in dataset: data, classes, n_l, ρ, learner, Train, the views. */
const TOUR_STOPS = 7;

async function screenshot(page, name, fullPage = false) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, name), fullPage });
}

/** The tour's "Step k of n" line, or null when the tour is not shown. */
async function tourStep(page) {
  const count = page.locator('#tour-count');
  if ((await count.count()) === 0) return null;
  return ((await count.textContent()) ?? '').trim();
}

/** Wait until the tour shows step `k`; returns "Step k of n". */
async function waitForTourStep(page, k) {
  return waitUntil(
    `tour step ${k}`,
    async () => {
      const step = await tourStep(page);
      return step?.startsWith(`Step ${k} of `) ? step : null;
    },
    { timeoutMs: 10_000, lastSeen: async () => `${await tourStep(page)}` },
  );
}

/**
 * What the tour outlines now: for each outlined element, its id, or the id
 * of the control inside it (a form field outlines with its label), or its class.
 */
async function outlined(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-tour-target]')].map(
      (e) => e.id || (e.matches('.field, fieldset') ? e.querySelector('select, input')?.id : e.className),
    ),
  );
}

/** True when keyboard focus is inside the tour's callout. */
const focusInTour = (page) => page.evaluate(() => Boolean(document.activeElement?.closest('#tour')));

/** The page is no wider than the window: { scrollWidth, innerWidth }. */
async function expectNoHorizontalScroll(page, where) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth <= innerWidth, `${where}: page is ${scrollWidth} px wide in a ${innerWidth} px window`);
}

/** Test (a): the first visit starts the tour; Next, Back, Skip, reload, restart, Esc. */
async function tourOnFirstVisit({ page, note }) {
  await page.setViewportSize(LAPTOP);
  const first = await waitForTourStep(page, 1);
  note(`first visit: "${first}"`);
  expectEqual(first, `Step 1 of ${TOUR_STOPS}`, 'step line at the start');
  expectEqual(JSON.stringify(await outlined(page)), JSON.stringify(['dataset']), 'outlined at step 1');
  expect(await focusInTour(page), 'focus moves to the callout');
  await screenshot(page, 'tour-1366x768.png');

  // Non-modal: the page behind stays usable while the tour is shown.
  await page.locator(byId('seed')).click({ timeout: 5_000 });
  await setField(page, 'seed', '5');

  await page.locator('#tour-next').click();
  await waitForTourStep(page, 2);
  expectEqual(JSON.stringify(await outlined(page)), JSON.stringify(['class-0']), 'outlined at step 2 (positive classes)');
  expect(await focusInTour(page), 'focus stays in the callout after Next');
  await page.locator('#tour-back').click();
  await waitForTourStep(page, 1);

  for (let k = 2; k <= TOUR_STOPS; k += 1) {
    await page.locator('#tour-next').click();
    await waitForTourStep(page, k);
  }
  expectEqual(JSON.stringify(await outlined(page)), JSON.stringify(['training-views']), 'outlined at the last step');
  expectEqual((await page.locator('#tour-next').textContent()).trim(), 'Done', 'the last step ends with Done');
  await page.locator('#tour-back').click();
  await waitForTourStep(page, TOUR_STOPS - 1);
  expectEqual(JSON.stringify(await outlined(page)), JSON.stringify(['train']), 'outlined one step before the end');

  await page.locator('#tour-skip').click();
  await page.locator('#tour').waitFor({ state: 'detached', timeout: 5_000 });
  expectEqual((await outlined(page)).length, 0, 'outlined controls after Skip');
  expectEqual(await page.evaluate((key) => localStorage.getItem(key), TOUR_DONE_KEY), '1', 'stored flag');

  await page.reload({ waitUntil: 'load' });
  await page.locator('#train:enabled').waitFor({ timeout: 60_000 });
  await sleep(500);
  expectEqual(await tourStep(page), null, 'tour after reload');

  await page.locator('#take-tour').click();
  await waitForTourStep(page, 1);
  await page.setViewportSize(TABLET);
  await page.locator('#tour-next').click();
  await waitForTourStep(page, 2);
  await screenshot(page, 'tour-768x1024.png');
  await page.keyboard.press('Escape');
  await page.locator('#tour').waitFor({ state: 'detached', timeout: 5_000 });
}

/** Required text in each panel's explanation: the paper's equations or figures it rests on. */
const CITED = {
  'panel-metrics': ['Tables II–VIII'],
  'panel-validation': ['Menon'],
  'panel-losses': ['(7)', '(8)', '(9)'],
  'panel-reward': ['(4)', '(5)', '(7)'],
  'panel-unlabeled': ['Fig. 5'],
  'panel-histogram': ['(8)', '(9)'],
  'panel-thumbnails': ['(8)', '(9)'],
};

/** Test (b): after a short run every chart panel explains itself, citing the paper where it should. */
async function everyPanelExplained({ page, note }) {
  await setField(page, 'split.n_labeled', '100');
  await setField(page, 'policy.pretrain_epochs', '1');
  await setField(page, 'optim.epochs', '1');
  await trainToDone(page, SHORT_RUN_MS);
  // The panels appear one per task after the first report (StagedReveal), the
  // validation panel last: on a loaded machine that can be after "Done.".
  await page.locator('#panel-validation').waitFor({ timeout: 10_000 }).catch(() => {});

  const panels = await page.locator('.view-panel').evaluateAll((all) => all.map((p) => p.id));
  note(`panels: ${panels.join(', ')}`);
  for (const id of ['panel-metrics', 'panel-validation', 'panel-losses', 'panel-reward', 'panel-roc', 'panel-pr', 'panel-histogram']) {
    expect(panels.includes(id), `#${id} is shown after a policyPU run`);
  }
  for (const id of panels) {
    const details = page.locator(`#${id} details.explainer`);
    expectEqual(await details.count(), 1, `explanations in #${id}`);
    expectEqual(await details.evaluate((d) => d.open), false, `#${id}'s explanation starts closed`);
    await details.locator('summary').click();
    expectEqual(await details.evaluate((d) => d.open), true, `#${id}'s explanation opens`);
    const text = ((await details.textContent()) ?? '').trim();
    expect(text.length > 200, `#${id}'s explanation has substance: "${text}"`);
    for (const cited of CITED[id] ?? []) {
      expect(text.includes(cited), `#${id}'s explanation should cite ${cited}: "${text}"`);
    }
  }

  // The disclosures work from the keyboard.
  const reward = page.locator('#panel-reward details.explainer');
  await reward.locator('summary').focus();
  await page.keyboard.press('Enter');
  expectEqual(await reward.evaluate((d) => d.open), false, 'Enter on an open summary closes it');

  // Every chart has a text alternative.
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll('.view-panel svg:not([aria-hidden="true"]), .view-panel canvas')]
      .filter((e) => !e.closest('[aria-hidden="true"]'))
      .filter((e) => !e.getAttribute('role') || !(e.getAttribute('aria-label') ?? '').trim())
      .map((e) => `${e.tagName} in #${e.closest('.view-panel').id}`),
  );
  expectEqual(JSON.stringify(unlabelled), '[]', 'charts without a role and an aria-label');

  await page.setViewportSize(TABLET);
  await expectNoHorizontalScroll(page, 'charts at 768×1024');
  await screenshot(page, 'charts-768x1024.png', true);
  await page.setViewportSize(LAPTOP);
  await expectNoHorizontalScroll(page, 'charts at 1366×768');
  await screenshot(page, 'charts-1366x768.png', true);
}

/** Test (c): laptop and tablet layouts, and Train reached with the Tab key. */
async function layoutAndKeyboard({ page, note }) {
  await page.setViewportSize(LAPTOP);
  await expectNoHorizontalScroll(page, '1366×768');
  const trainBottom = await page.locator('#train').evaluate((e) => e.getBoundingClientRect().bottom);
  expect(trainBottom <= LAPTOP.height, `#train is above the fold at 1366×768 (its bottom at ${trainBottom} px)`);
  const scoresTop = await page.locator('#results .scores').evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
  note(`the scores start ${scoresTop.toFixed(0)} px down the page at 1366×768`);
  expect(scoresTop < LAPTOP.height, `the latest scores are above the fold at 1366×768 (at ${scoresTop} px)`);

  await page.setViewportSize(TABLET);
  await expectNoHorizontalScroll(page, '768×1024');
  const stacked = await page.evaluate(() => {
    const sidebar = document.querySelector('.sidebar').getBoundingClientRect();
    const workspace = document.querySelector('.workspace').getBoundingClientRect();
    return sidebar.bottom <= workspace.top;
  });
  expect(stacked, 'the settings stack above the workspace at 768×1024');

  let presses = 0;
  while (presses < 80) {
    await page.keyboard.press('Tab');
    presses += 1;
    if ((await page.evaluate(() => document.activeElement?.id)) === 'train') break;
  }
  const focused = await page.evaluate(() => document.activeElement?.id);
  expectEqual(focused, 'train', `focused element after ${presses} Tab presses`);
  note(`#train reached with ${presses} Tab presses`);
  const ring = await page.locator('#train').evaluate((e) => getComputedStyle(e).outlineStyle);
  expect(ring !== 'none', `#train shows a focus outline (outline-style ${ring})`);
  await screenshot(page, 'tablet-768x1024.png');
}

/** A first visitor who ignores the tour and presses Train: the tour ends, seen. */
async function trainingEndsAnIgnoredTour({ page }) {
  await waitForTourStep(page, 1);
  await setField(page, 'optim.epochs', '1');
  await setField(page, 'policy.pretrain_epochs', '0');
  await page.locator('#train:enabled').click();
  await page.locator('#tour').waitFor({ state: 'detached', timeout: 10_000 });
  const seen = await page.evaluate((key) => window.localStorage.getItem(key), TOUR_DONE_KEY);
  expectEqual(seen, '1', 'the tour is remembered as seen');
}

/** On a phone the tour's buttons are not under the floating "Skip to Train". */
async function phoneTourCanBeSkipped({ page }) {
  await page.setViewportSize(PHONE);
  await waitForTourStep(page, 1);
  // Playwright refuses a click that another element would take.
  await page.locator('#tour-skip').click({ timeout: 5_000 });
  await page.locator('#tour').waitFor({ state: 'detached', timeout: 5_000 });
  await waitUntil('the skip button to float again', async () =>
    (await page.locator('#skip-to-train').isVisible()) ? true : null, { timeoutMs: 5_000 });
}

export const teachingTests = [
  { name: 'first visit shows the tour: Next, Back, Skip, reload, Take the tour', mode: 'cpu', tour: true, run: tourOnFirstVisit },
  { name: 'pressing Train while the tour waits ends it, so it covers no results', mode: 'cpu', tour: true, run: trainingEndsAnIgnoredTour },
  { name: 'on a phone the tour can be skipped: its buttons are not under "Skip to Train"', mode: 'cpu', tour: true, run: phoneTourCanBeSkipped },
  { name: 'every chart panel has an explanation citing the paper', mode: 'cpu', run: everyPanelExplained },
  { name: 'laptop and tablet layouts: no horizontal scroll, Tab reaches Train', mode: 'cpu', run: layoutAndKeyboard },
];
