// A crashed worker: the page says so, keeps the form, and the next Train
// starts a fresh worker that trains to the end.
import { clickButton, fieldValue, readStatus, setField, waitForProgress, waitUntil } from './app.mjs';
import { expect, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const RUN_MS = 5 * 60_000;

async function crashedWorkerIsReplaced({ page, note }) {
  await setField(page, 'seed', '77');
  await setField(page, 'optim.epochs', '2');
  await setField(page, 'policy.pretrain_epochs', '1');
  await clickButton(page, 'train');
  await waitForProgress(page, 120_000);
  await page.evaluate(() => window.policypuCrashWorkerForTest());
  const status = await waitUntil('the crash to be reported', async () => {
    const s = await readStatus(page);
    return s.error ? s : null;
  }, { timeoutMs: 30_000, lastSeen: async () => (await readStatus(page)).text });
  note(`after the crash: "${status.text}"`);
  expect(status.text.includes('crashed'), `status after the crash: "${status.text}"`);
  expect(status.text.includes('Press Train'), 'the message says what to do');
  expectEqual(await fieldValue(page, 'seed'), '77', 'the seed after the crash');
  expectEqual(await fieldValue(page, 'optim.epochs'), '2', 'the epochs after the crash');
  const { epochs } = await trainToDone(page, RUN_MS);
  expectEqual(epochs, 4, 'epochs of the run after the crash (1 + 1 pre-training, 2 training)');
}

export const crashTests = [
  { name: 'a crashed worker is reported and replaced', mode: 'cpu', run: crashedWorkerIsReplaced },
];
