// Run controls: pause, single-step and resume a run; stop a run and start
// another with a different learner.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chooseOption,
  clickButton,
  isNextBatch,
  readDataValue,
  readStage,
  readStatus,
  setField,
  sleep,
  waitForProgress,
  waitForStatus,
  waitUntil,
} from './app.mjs';
import { expect, expectAbove, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const QUIET_MS = 1500;
const FULL_RUN_MS = 5 * 60_000;

/** Fail unless `#stage` stays `expected` for `ms`. */
async function expectStageStill(page, expected, ms, when) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const now = await readStage(page);
    expect(now?.text === expected.text, `${when}: #stage moved from "${expected.text}" to "${now?.text}"`);
    await sleep(100);
  }
}

/** Pause a run and return the stage it settled on. */
async function pauseRun(page) {
  await clickButton(page, 'pause');
  const status = await waitForStatus(page, 'Paused', 30_000);
  expect(status.startsWith('Paused'), `status after Pause: "${status}"`);
  // The mini-batch in flight when Pause was clicked may still report.
  await sleep(300);
  return readStage(page);
}

/** Test 3: Pause holds the run still, Step trains exactly one batch, Resume finishes. */
async function pauseStepResume({ page, note }) {
  await clickButton(page, 'train');
  await waitForProgress(page, 120_000);
  const paused = await pauseRun(page);
  await expectStageStill(page, paused, QUIET_MS, 'while paused');

  await clickButton(page, 'step');
  const stepped = await waitUntil('#stage to move after Step', async () => {
    const now = await readStage(page);
    return now && now.text !== paused.text ? now : null;
  }, { timeoutMs: 30_000, lastSeen: async () => (await readStage(page))?.text });
  note(`paused at "${paused.text}", one Step → "${stepped.text}"`);
  expect(isNextBatch(paused, stepped), `Step should advance one batch: "${paused.text}" → "${stepped.text}"`);
  // A step that ends an epoch also evaluates; give it time, then it must hold.
  await sleep(QUIET_MS);
  const afterStep = await readStage(page);
  expectEqual(afterStep?.text, stepped.text, '#stage a moment after one Step');
  expect((await readStatus(page)).text.startsWith('Paused'), 'status should still say Paused after Step');

  await clickButton(page, 'resume');
  await waitForStatus(page, 'Done.', FULL_RUN_MS);
  expectEqual(await readDataValue(page, 'epochs-done'), 40, '#epochs-done after resuming to the end');
}

/** Test 4: Stop ends a run; a fresh nnPU run of 3 epochs then completes. */
async function stopThenNnpu({ page, note }) {
  await clickButton(page, 'train');
  await waitForProgress(page, 120_000);
  await clickButton(page, 'stop');
  await waitForStatus(page, 'Stopped.', 30_000);

  await chooseOption(page, 'learner', 'nnPU (true π)');
  await setField(page, 'optim.epochs', '3');
  const { epochs } = await trainToDone(page, FULL_RUN_MS);
  expectEqual(epochs, 3, '#epochs-done of nnPU (no pre-training)');
  const accuracy = await readDataValue(page, 'metric-accuracy');
  note(`nnPU test accuracy after 3 epochs: ${accuracy}`);
  expectAbove(accuracy, 0.7, 'nnPU test accuracy');
}

/** Stop pressed while the dataset downloads: the run never starts, and the next one trains. */
async function stopWhileLoading({ page, note }) {
  const held = 'data/*.pubin.gz';
  // Held on the context, not the page: once the page's service worker
  // controls it, the data's request is the service worker's, which a
  // page's route never sees.
  await page.context().route(`**/${held}`, async (route) => {
    await sleep(3000);
    await route.continue();
  });
  await clickButton(page, 'train');
  await clickButton(page, 'stop');
  const stopping = await waitForStatus(page, 'Stopping', 5_000);
  note(`while the data loads: "${stopping}"`);
  expect(await page.locator('#stop').isDisabled(), 'Stop waits, disabled, once pressed');
  await waitForStatus(page, 'Stopped.', 30_000);
  await sleep(QUIET_MS);
  expectEqual(await readStage(page), null, '#stage after a run stopped before it started');
  expect((await readStatus(page)).text.startsWith('Stopped.'), 'status stays Stopped: no run started');
  await page.context().unroute(`**/${held}`);

  await chooseOption(page, 'learner', 'nnPU (true π)');
  await setField(page, 'optim.epochs', '1');
  const { epochs } = await trainToDone(page, FULL_RUN_MS);
  expectEqual(epochs, 1, '#epochs-done of the run after');
}

/** A CSV of `rows` rows of two features (a quarter of the positives
 * labeled), as a file input takes it. */
function pointsFile(name, rows) {
  let text = 'a,b,labeled\n';
  for (let i = 0; i < rows; i += 1) {
    const positive = i % 2 === 0;
    const centre = positive ? 1 : -1;
    text += `${(centre + Math.sin(i * 12.9898) * 1.5).toFixed(3)},${(Math.cos(i * 78.233) * 2).toFixed(3)},${positive && i % 8 === 0 ? 1 : 0}\n`;
  }
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

/** Load `pointsFile(name, rows)` as the CSV file, and wait for its summary. */
async function loadPoints(page, name, rows) {
  await page.locator('#csv-input').setInputFiles(pointsFile(name, rows));
  await page.locator(`#csv-summary:has-text("${rows} rows")`).waitFor({ timeout: 10_000 });
}

/** Stop pressed while the worker prepares a run (on 4,000 rows its prior
 * estimate takes about a minute, reading no message): the run ends at once,
 * and the next run trains in a fresh worker. */
async function stopWhilePreparing({ page, note }) {
  await chooseOption(page, 'dataset', 'Your CSV file');
  await chooseOption(page, 'learner', 'biased PU');
  await loadPoints(page, 'long.csv', 4000);
  await setField(page, 'optim.epochs', '2');
  await clickButton(page, 'train');
  const preparing = await waitForStatus(page, 'Preparing the run', 30_000);
  note(`while the worker prepares: "${preparing}"`);
  const asked = Date.now();
  await clickButton(page, 'stop');
  await waitForStatus(page, 'Stopped.', 5_000);
  note(`stopped ${Date.now() - asked} ms after Stop`);
  expectEqual(await readStage(page), null, '#stage after a run stopped before it trained');

  await loadPoints(page, 'short.csv', 200);
  const { epochs } = await trainToDone(page, FULL_RUN_MS);
  expectEqual(epochs, 2, '#epochs-done of the run after, in a fresh worker');
}

/** A split that would leave too few rows is refused before Train, beside
 * the column choice and on the status line, and Train starts nothing. */
async function splitRefusedBeforeTrain({ page }) {
  await chooseOption(page, 'dataset', 'Your CSV file');
  await chooseOption(page, 'learner', 'biased PU');
  await loadPoints(page, 'points.csv', 200);
  await setField(page, 'split.validation_fraction', '1');
  const refusal = async () => {
    const status = await readStatus(page);
    return status.error ? status.text : null;
  };
  const refused = await waitUntil('the refusal before Train', refusal,
    { timeoutMs: 5_000, lastSeen: async () => (await readStatus(page)).text });
  expect(refused.startsWith('The CSV file cannot be used yet: the CSV has too few rows')
    && refused.endsWith('a smaller validation share leaves more.'), `refusal: ${refused}`);
  const beside = (await page.locator('#csv-error').textContent()).trim();
  expect(beside.includes('a smaller validation share leaves more'), `beside the columns: ${beside}`);
  await clickButton(page, 'train');
  await sleep(QUIET_MS);
  expectEqual(await refusal(), refused, 'the refusal after Train');
  expectEqual((await page.locator('#epochs-done').textContent()).trim(), '—', 'training epochs after a refused Train');
  await setField(page, 'split.validation_fraction', '0.2');
  await waitForStatus(page, 'Ready', 5_000);
}

/** A refusal at Train, from the worker (a value that standardising with the
 * training rows makes infinite: tests/e2e/fixtures/README.md), stands while
 * the form is as it was, shows no epochs, and clears once a setting changes. */
async function refusalClearsOnChange({ page }) {
  await chooseOption(page, 'dataset', 'Your CSV file');
  await chooseOption(page, 'learner', 'biased PU');
  await page.locator('#csv-input').setInputFiles(resolve(FIXTURES, 'far_value.csv'));
  await page.locator('#csv-summary:has-text("40 rows")').waitFor({ timeout: 10_000 });
  await clickButton(page, 'train');
  const refused = await waitUntil('the refusal', async () => {
    const status = await readStatus(page);
    return status.error ? status.text : null;
  }, { timeoutMs: 60_000, lastSeen: async () => (await readStatus(page)).text });
  expect(refused.startsWith('Data row 7, column "x1": standardised with the training rows\' mean'), `refusal: ${refused}`);
  expectEqual((await page.locator('#epochs-done').textContent()).trim(), '—', 'training epochs after a refusal');
  await sleep(QUIET_MS);
  expectEqual((await readStatus(page)).text, refused, 'the refusal while nothing changed');
  await setField(page, 'seed', '5');
  await waitForStatus(page, 'Ready', 5_000);
}

/** A long run says how long it has left; a pause hides the estimate. */
async function longRunSaysTimeLeft({ page, note }) {
  await chooseOption(page, 'learner', 'biased PU');
  await setField(page, 'optim.epochs', '1000');
  await clickButton(page, 'train');
  const left = await waitUntil('an estimate of the time left', async () => {
    const text = (await page.locator('#time-left').textContent()).trim();
    return /^about \d+(\.\d)? (s|min|h) left$/.test(text) ? text : null;
  }, { timeoutMs: 60_000, lastSeen: async () => page.locator('#time-left').textContent() });
  note(`1000 epochs of biased PU: "${left}"`);
  await pauseRun(page);
  expectEqual((await page.locator('#time-left').textContent()).trim(), '', 'no estimate while paused');
  await clickButton(page, 'stop');
  await waitForStatus(page, 'Stopped.', 30_000);
}

export const controlTests = [
  { name: 'pause holds, step trains one batch, resume finishes', mode: 'cpu', run: pauseStepResume },
  { name: 'stop, then a 3-epoch nnPU run completes', mode: 'cpu', run: stopThenNnpu },
  { name: 'stop while the dataset loads: no run starts', mode: 'cpu', run: stopWhileLoading },
  { name: 'a long run says how long it has left, not while paused', mode: 'cpu', run: longRunSaysTimeLeft },
  { name: 'stop while the worker prepares a run: it ends at once, and the next run trains', mode: 'cpu', run: stopWhilePreparing },
  { name: 'a split that leaves too few rows is refused before Train', mode: 'cpu', run: splitRefusedBeforeTrain },
  { name: 'a refusal at Train clears once a setting changes', mode: 'cpu', run: refusalClearsOnChange },
];
