// A crashed or hung worker: the page says so, keeps the form, and the next
// Train starts a fresh worker that trains to the end. (A hung second
// worker: comparison.mjs, with auto on two cores.)
import { clickButton, fieldValue, readStatus, setField, waitForProgress, waitUntil } from './app.mjs';
import { expect, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const RUN_MS = 5 * 60_000;

/** Start a short demo run with `seed`, break its worker with `breakIt`
 * once it trains, and resolve to the status the page then shows; the form
 * must keep its settings. */
async function breakTheWorker(page, seed, breakIt) {
  await setField(page, 'seed', seed);
  await setField(page, 'optim.epochs', '2');
  await setField(page, 'policy.pretrain_epochs', '1');
  await clickButton(page, 'train');
  await waitForProgress(page, 120_000);
  expect((await page.evaluate(breakIt)) !== false, 'the worker was training when the test broke it');
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

export const crashTests = [
  { name: 'a crashed worker is reported and replaced', mode: 'cpu', run: crashedWorkerIsReplaced },
  { name: 'a hung worker is reported and replaced', mode: 'cpu', run: hungWorkerIsReplaced },
];
