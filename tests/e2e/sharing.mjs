// Share links and downloads: a copied link reproduces the form and the run,
// a hand-edited link shows what it ignored, and every export is well formed.
import {
  byId,
  chooseOption,
  clickButton,
  downloadText,
  fieldValue,
  openApp,
  readDataValue,
  readStatus,
  setField,
  sleep,
  waitForStatus,
} from './app.mjs';
import { expect, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const SHORT_RUN_MS = 3 * 60_000;

/** The test metrics of the first epoch report, from the JSON export. */
async function firstEpochMetrics(page) {
  const exported = JSON.parse(await downloadText(page, 'export-epochs-json'));
  return exported.reports[0].test;
}

/** A short, non-default run: a link must carry every one of these. */
async function setShortRun(page) {
  await chooseOption(page, 'learner', 'policyPU_separator');
  await setField(page, 'split.n_labeled', '100');
  await setField(page, 'split.rho', '0.5');
  await setField(page, 'seed', '7');
  await setField(page, 'policy.pretrain_epochs', '1');
  await setField(page, 'optim.epochs', '2');
}

async function linkRoundTrip({ page, note }) {
  await setShortRun(page);
  await trainToDone(page, SHORT_RUN_MS);
  const original = await firstEpochMetrics(page);
  note(`first epoch here: ${JSON.stringify(original)}`);

  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await clickButton(page, 'copy-link');
  await page.locator(`${byId('share-feedback')}:has-text("Link copied")`).waitFor({ timeout: 10_000 });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link.includes('autorun=1') && link.includes('seed=7'), `copied link: ${link}`);

  const other = await page.context().newPage();
  await openApp(other, link);
  const told = (await other.locator(byId('link-notice')).textContent()).trim();
  expect(told.includes('This link reproduces a run someone shared'), `the opened link says what it does: "${told}"`);
  await waitForStatus(other, 'Done.', SHORT_RUN_MS);
  expectEqual(await fieldValue(other, 'split.n_labeled'), '100', 'n_l in the opened link');
  expectEqual(await fieldValue(other, 'split.rho'), '0.5', 'ρ in the opened link');
  expectEqual(await fieldValue(other, 'seed'), '7', 'seed in the opened link');
  const learner = await other.locator('select#learner option:checked').textContent();
  expectEqual(learner, 'policyPU_separator', 'learner in the opened link');
  const reproduced = await firstEpochMetrics(other);
  expectEqual(JSON.stringify(reproduced), JSON.stringify(original), 'first-epoch metrics of the reproduced run');
  await other.close();
}

async function brokenLinkNotice({ page }) {
  const base = page.url().split('#')[0];
  await openApp(page, `${base}#learner=separator&split.rho=banana&colour=blue&optim.epochs=-4`);
  const notice = page.locator(byId('link-notice'));
  await notice.waitFor({ timeout: 10_000 });
  const text = await notice.textContent();
  for (const key of ['split.rho', 'colour', 'optim.epochs']) {
    expect(text.includes(key), `the notice should name ${key}: "${text}"`);
  }
  expect(text.includes('split.rho: "banana" is not a number; the default, 0.5, is used'), `ρ's notice says what is wrong and the default: "${text}"`);
  expectEqual(await fieldValue(page, 'split.rho'), '0.5', 'ρ falls back to its default (0.5)');
  const learner = await page.locator('select#learner option:checked').textContent();
  expectEqual(learner, 'policyPU_separator', 'the valid part of the link is kept');
  expect(await page.locator('#train:enabled').count() === 1, 'Train stays usable');
}

/** A link that would train as it opens, with a value that cannot be used,
 * waits for Train instead of training another run than the one shared. */
async function brokenTrainingLinkWaits({ page }) {
  const base = page.url().split('#')[0];
  await openApp(page, `${base}#learner=biased-pu&split.rho=banana&optim.epochs=2&autorun=1`);
  const notice = page.locator(byId('link-notice'));
  await notice.waitFor({ timeout: 10_000 });
  const text = await notice.textContent();
  expect(text.includes('parts of it could not be read') && text.includes('split.rho'), `notice: "${text}"`);
  expect(!text.includes('This link reproduces a run someone shared'), `no promise of the shared run: "${text}"`);
  await sleep(3000);
  const status = await readStatus(page);
  expect(status.text.startsWith('Ready'), `the link does not train by itself: "${status.text}"`);
  expect(await page.locator('#train:enabled').count() === 1, 'Train stays usable');
}

async function exportsAreWellFormed({ page }) {
  await setField(page, 'optim.epochs', '2');
  await setField(page, 'policy.pretrain_epochs', '1');
  await trainToDone(page, SHORT_RUN_MS);
  const epochs = await readDataValue(page, 'epochs-done');
  const [named] = await Promise.all([page.waitForEvent('download'), page.locator('#export-epochs-csv').click()]);
  expectEqual(named.suggestedFilename(), 'policypu-weighter-mnist-nl300-rho0.5-seed1-epochs.csv', 'file name of the metrics');
  const csv = (await downloadText(page, 'export-epochs-csv')).trim().split('\n');
  expect(csv[0].startsWith('stage,epoch,kept,accuracy,roc_auc,pr_auc'), `epochs CSV header: ${csv[0]}`);
  expectEqual(csv.length, 1 + epochs, 'epochs CSV rows');
  const width = csv[0].split(',').length;
  expect(csv.every((line) => line.split(',').length === width), 'every epochs CSV row has every column');
  const scored = csv[0].split(',').indexOf('test_scored');
  expect(scored > 0 && csv.slice(1).every((line) => line.split(',')[scored] === '1'), 'a single run scores the test set after every epoch');
  const json = JSON.parse(await downloadText(page, 'export-epochs-json'));
  expectEqual(json.reports.length, epochs, 'reports in the JSON export');
  expectEqual(json.config.learner, 'weighter', 'config in the JSON export');
  // One row is marked kept: the epoch the JSON names, else the last.
  const keptRows = csv.slice(1).filter((line) => line.split(',')[2] === '1').map((line) => line.split(',').slice(0, 2).join(' '));
  const keptEpoch = json.selected ? `${json.selected.stage} ${json.selected.epoch}` : 'train 2';
  expectEqual(keptRows.join(' | '), keptEpoch, 'the kept row of the epochs CSV against the JSON');
  const actions = (await downloadText(page, 'export-actions-csv')).trim().split('\n');
  expectEqual(actions[0], 'u_index,source_row,true_label,value', 'actions CSV header');
  expectEqual(actions.length, 1 + 900, 'one row per unlabeled example (|U| = 3 · 300)');
  const values = actions.slice(1).map((line) => Number(line.split(',')[3]));
  expect(values.every((v) => v > 0 && v < 1), 'every action is a probability');
}

export const sharingTests = [
  { name: 'a copied link reproduces the form and the first epoch', mode: 'cpu', run: linkRoundTrip },
  { name: 'a link that would train, with a value it cannot use, waits for Train', mode: 'cpu', run: brokenTrainingLinkWaits },
  { name: 'a hand-edited link shows a notice and keeps the page usable', mode: 'cpu', run: brokenLinkNotice },
  { name: 'exports download well-formed files', mode: 'cpu', run: exportsAreWellFormed },
];
