// A crashed or hung worker: the page says so, keeps the form, and the next
// Train starts a fresh worker that trains to the end. A hung second worker
// hands its run back to the live one, and the comparison ends whole.
import { chooseOption, clickButton, fieldValue, openApp, readStatus, setField, waitForProgress, waitUntil } from './app.mjs';
import { expect, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const RUN_MS = 5 * 60_000;
const COMPARISON_MS = 5 * 60_000;

/** Start a short demo run with `seed`, break its worker with `breakIt`
 * once it trains, and resolve to the status the page then shows; the form
 * must keep its settings. */
async function breakTheWorker(page, seed, breakIt) {
  await setField(page, 'seed', seed);
  await setField(page, 'optim.epochs', '2');
  await setField(page, 'policy.pretrain_epochs', '1');
  await clickButton(page, 'train');
  await waitForProgress(page, 120_000);
  await page.evaluate(breakIt);
  const status = await waitUntil('the lost worker to be reported', async () => {
    const s = await readStatus(page);
    return s.error ? s : null;
  }, { timeoutMs: 30_000, lastSeen: async () => (await readStatus(page)).text });
  expectEqual(await fieldValue(page, 'seed'), seed, 'the seed after the worker was lost');
  expectEqual(await fieldValue(page, 'optim.epochs'), '2', 'the epochs after the worker was lost');
  return status;
}

/** The next Train after a lost worker trains to the end in a fresh one. */
async function expectTrainsAgain(page) {
  const { epochs } = await trainToDone(page, RUN_MS);
  expectEqual(epochs, 4, 'epochs of the next run (1 + 1 pre-training, 2 training)');
}

async function crashedWorkerIsReplaced({ page, note }) {
  const status = await breakTheWorker(page, '77', () => window.policypuCrashWorkerForTest());
  note(`after the crash: "${status.text}"`);
  expect(status.text.includes('crashed'), `status after the crash: "${status.text}"`);
  expect(status.text.includes('Press Train'), 'the message says what to do');
  await expectTrainsAgain(page);
}

/** A live worker that stops answering is taken for hung (after 3 s here,
 * two minutes on the page), the run ends with a message fit for a CPU run,
 * and the next Train trains in a fresh worker. */
async function hungWorkerIsReplaced({ page, note }) {
  const status = await breakTheWorker(page, '78', () => window.policypuHangWorkerForTest('live', 3000));
  note(`after the hang: "${status.text}"`);
  expect(status.text.includes('has not answered for'), `status after the hang: "${status.text}"`);
  expect(status.text.includes('press Train to start again in a fresh worker') && !status.text.includes('GPU'),
    `a CPU run's hang is not blamed on a GPU: "${status.text}"`);
  await expectTrainsAgain(page);
}

/** On two cores auto trains a candidate in a second worker; when that
 * worker stops answering, it is discarded, its candidate trains in the live
 * worker, and the leaderboard has every candidate. */
async function hungSecondWorkerHandsItsRunBack({ page, site, note }) {
  const tab = await page.context().newPage();
  try {
    await tab.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 2 });
    });
    const warnings = [];
    tab.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await openApp(tab, site.url);
    await setField(tab, 'optim.epochs', '2');
    await chooseOption(tab, 'learner', 'auto (chosen on PU data)');
    await clickButton(tab, 'train');
    await waitUntil('a candidate in the second worker, to hang',
      async () => ((await tab.evaluate(() => window.policypuHangWorkerForTest('side', 3000))) ? true : null),
      { timeoutMs: COMPARISON_MS, everyMs: 250, lastSeen: () => tab.locator('#compare-progress').textContent().catch(() => '') });
    const handedBack = await waitUntil('the hung second worker to be discarded', async () =>
      warnings.find((w) => w.startsWith('the second worker failed (it has not answered for')) ?? null,
    { timeoutMs: 30_000, lastSeen: async () => warnings.join(' | ') });
    note(handedBack);
    await waitUntil('the auto leaderboard', async () => {
      if (await tab.locator('#status.error').count()) throw new Error(await tab.locator('#status').textContent());
      return (await tab.locator('#auto-kept').count()) > 0 ? true : null;
    }, { timeoutMs: COMPARISON_MS, everyMs: 500, lastSeen: () => tab.locator('#status').textContent() });
    const candidates = await tab.locator('#auto-table tbody tr[data-learner]').count();
    expectEqual(candidates, 11, 'candidates on the leaderboard');
    expectEqual(await tab.locator('#history-table tbody tr').count(), candidates, 'every candidate in the history');
  } finally {
    await tab.close();
  }
}

export const crashTests = [
  { name: 'a crashed worker is reported and replaced', mode: 'cpu', run: crashedWorkerIsReplaced },
  { name: 'a hung worker is reported and replaced', mode: 'cpu', run: hungWorkerIsReplaced },
  { name: "a hung second worker's candidate trains in the live worker", mode: 'cpu', run: hungSecondWorkerHandsItsRunBack },
];
