// Comparing learners on one split, and the trained model: two learners run
// one after the other and fill the table in the paper's layout; the model
// downloaded from the page is read by `policypu predict`.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chooseOption, clickButton, downloadPath, downloadText, consoleWarnings, openAppWithCores, setField, waitForStatus, waitUntil } from './app.mjs';
import { uploadCsv, setShortCsvRun } from './csv.mjs';
import { expect, expectAbove, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// `cargo test --release` builds the CLI into the target dir (CARGO_TARGET_DIR when set).
const POLICYPU = resolve(process.env.CARGO_TARGET_DIR ?? resolve(ROOT, 'target'), 'release/policypu');
const COMPARISON_MS = 5 * 60_000;

/** The learner table as the CLI prints it (`policypu learners --json`): [{ key, name, ... }]. */
async function learnerTable() {
  expect(existsSync(POLICYPU), `${POLICYPU} is missing: run cargo test --release (or build --release) first`);
  const { stdout } = await promisify(execFile)(POLICYPU, ['learners', '--json']);
  return stdout.trim().split('\n').map((line) => JSON.parse(line));
}

/** The page's learner select lists the CLI's learners in its order, its
 * hint says what the chosen one does, as the CLI's table does, and the
 * comparison's checkboxes list all but auto (which trains no model itself). */
async function pageListsTheLearnerTable({ page }) {
  const table = await learnerTable();
  const names = table.map((l) => l.name);
  expectEqual(names.length, 14, 'learners in the table');
  const options = await page.locator('#learner option').allTextContents();
  expectEqual(options.join(' | '), names.join(' | '), "the learner select's options");
  // The hint under the select says what the chosen learner does.
  const first = await page.locator('#learner option:checked').textContent();
  for (const learner of table) {
    await chooseOption(page, 'learner', learner.name);
    expectEqual((await page.locator('#learner-hint').textContent()).trim(), learner.about, `the hint with ${learner.name} chosen`);
  }
  await chooseOption(page, 'learner', first);
  await page.locator('#compare-title').click();
  const boxes = await page.locator('.checks[aria-label="Learners to compare"] label').allTextContents();
  const trainable = table.filter((l) => !l.auto).map((l) => l.name);
  expectEqual(trainable.length, 13, 'learners that train a model themselves');
  expectEqual(boxes.map((b) => b.trim()).join(' | '), trainable.join(' | '), "the comparison's checkboxes");
}

/** The leaderboard's candidate rows: [{ learner, model, value, kept, inMean }], best first. */
async function readAutoTable(page) {
  return page.$$eval('#auto-table tbody tr[data-learner]', (rows) =>
    rows.map((row) => ({
      learner: row.dataset.learner,
      model: row.dataset.model,
      value: Number(row.querySelector('[data-metric="rank-value"]').textContent),
      kept: row.querySelector('.kept') !== null,
      inMean: row.classList.contains('in-mean'),
    })),
  );
}

/** The results panel's large accuracy and ROC-AUC against the kept row's
 * test cells on the leaderboard: they must be the same model's. */
async function expectResultsOfKeptRow(page, what) {
  const heading = (await page.locator('#results-title').textContent()).trim();
  expectEqual(heading, "auto's kept model on the test set", `results heading with ${what} kept`);
  const shown = [await page.locator('#metric-accuracy').textContent(), await page.locator('#metric-roc-auc').textContent()];
  const row = await page.locator('#auto-table tbody tr:has(.kept) td.not-used').allTextContents();
  expectEqual(shown.map((t) => t.trim()).join(', '), row.map((t) => t.trim()).join(', '), `results panel against the leaderboard with ${what} kept`);
}

/** The charts show the run of the leaderboard's candidate at `index` (0 for
 * the first), for the reason `because`: the row is marked (the mean's,
 * where the candidate stands in for the mean), the results panel and the
 * status line name it, the progress bar is its (full), and the ROC curve is
 * its kept epoch's (the leaderboard's test ROC-AUC for it), or the mean's
 * (the results panel's ROC-AUC) where it stands in for the mean. */
async function expectChartsShow(page, index, because, what) {
  const rows = page.locator('#auto-table tbody tr[data-learner]');
  const forTheMean = because.startsWith("first of the mean's members");
  const marked = await rows.evaluateAll((trs) => trs.findIndex((tr) => tr.querySelector('#auto-charted')));
  expectEqual(marked, forTheMean ? -1 : index, `the candidate row marked as charted (${what})`);
  const meanMarked = await page.locator('#auto-table tbody tr[data-kind="averaged"] #auto-charted').count();
  expectEqual(meanMarked, forTheMean ? 1 : 0, `the mean's row marked as charted (${what})`);
  const row = rows.nth(index);
  const label = (await row.locator('th .whole').textContent()).trim();
  const latest = (await page.locator('#latest').textContent()).trim();
  expect(latest.startsWith(`The charts show ${label}, ${because}; its last epoch, `), `the results panel names the charted run (${what}): ${latest}`);
  const line = (await page.locator('#auto-line').textContent()).trim();
  expect(line.includes(`the charts show ${label}, ${because}.`), `the status line names the charted run (${what}): ${line}`);
  // The progress bar is the charted run's, which trained to its end.
  const progress = await page.locator('#run-controls .progress').getAttribute('aria-valuenow');
  expectEqual(progress, '100', `the progress bar of the charted run (${what})`);
  const legend = (await page.locator('#panel-roc .legend li').first().textContent()).trim();
  if (forTheMean) {
    const roc = (await page.locator('#metric-roc-auc').textContent()).trim();
    expectEqual(legend, `auto's mean: ROC curve (area ${roc})`, `the ROC curve is the mean's (${what})`);
    const pr = (await page.locator('#metric-pr-auc').textContent()).trim();
    const prLegend = (await page.locator('#panel-pr .legend li').first().textContent()).trim();
    expectEqual(prLegend, `auto's mean: PR curve (area ${pr})`, `the PR curve is the mean's (${what})`);
  } else {
    const roc = (await row.locator('td.not-used').nth(1).textContent()).trim();
    expectEqual(legend, `ROC curve (area ${roc})`, `the ROC curve is the charted candidate's kept epoch's (${what})`);
  }
}

/** After auto, the metrics downloads are auto's: its leaderboard (CSV: the
 * mean's row, then each candidate as the page ranks it, `kept` on the model
 * the page keeps, named by `keptName`) and its run file (JSON), not the last
 * candidate's epochs. */
async function expectAutoDownloads(page, rows, keptName, what) {
  const csv = (await downloadText(page, 'export-epochs-csv')).trim().split('\n').map((l) => l.split(','));
  const [header, ...lines] = csv;
  const col = (name) => header.indexOf(name);
  expectEqual(header.slice(0, 8).join(','), 'rank,candidate,learner,model,in_mean,kept,kept_stage,kept_epoch', `leaderboard CSV header (${what})`);
  expectEqual(lines.length, rows.length + 1, `leaderboard CSV rows: the mean and each candidate (${what})`);
  expectEqual(lines[0][col('candidate')], 'auto', `the CSV's first row is the mean (${what})`);
  expectEqual(lines.slice(1).map((l) => l[col('learner')]).join(','), rows.map((r) => r.learner).join(','),
    `the CSV's candidates in the page's order (${what})`);
  expectEqual(lines.slice(1).map((l) => l[col('in_mean')]).join(','), rows.map((r) => (r.inMean ? '1' : '0')).join(','),
    `the CSV's members of the mean (${what})`);
  const keptRows = lines.map((l) => l[col('kept')]);
  const keptIndex = rows.findIndex((r) => r.kept);
  expectEqual(keptRows.indexOf('1'), keptIndex + 1, `the CSV marks the kept model (${what})`);
  expectEqual(keptRows.filter((k) => k === '1').length, 1, `one kept model in the CSV (${what})`);
  const shownAccuracy = (await page.locator('#metric-accuracy').textContent()).trim();
  expectEqual(Number(lines[keptIndex + 1][col('test_accuracy')]).toFixed(3), shownAccuracy,
    `the CSV's kept row against the results panel (${what})`);
  const json = JSON.parse(await downloadText(page, 'export-epochs-json'));
  expectEqual(json.config.learner, 'auto', `the JSON's settings are auto's (${what})`);
  expectEqual(json.auto.standings.length, rows.length, `the JSON's leaderboard (${what})`);
  expectEqual(json.kept, keptName, `the JSON names the kept model (${what})`);
  expectEqual(json.averaged.members.length, rows.filter((r) => r.inMean).length, `the JSON's mean (${what})`);
  expect(json.prior !== null && json.prior.rho === json.auto.prior && json.prior.learner_uses === false,
    `the JSON's prior is the one its leaderboard assumed, not one auto trains with (${what}): ${JSON.stringify(json.prior)}`);
}

/** The member classifiers a model file's header names (src/saved_model.rs's layout). */
function modelHeader(bytes) {
  const headerLength = bytes.readUInt32LE(12);
  return JSON.parse(bytes.subarray(16, 16 + headerLength).toString('utf8'));
}

/** The classifiers a model file averages. */
function modelMembers(bytes) {
  return modelHeader(bytes).members;
}

/** Whether the leaderboard's row of auto's own model, the mean, is kept. */
async function averagedKept(page) {
  return (await page.locator('#auto-table tbody tr[data-kind="averaged"] .kept').count()) === 1;
}

/** Consecutive pairs of a list of epochs. */
function segments(epochs) {
  return epochs.slice(1).map((b, i) => [epochs[i], b]);
}

/**
 * The comparison chart's curves, in epochs read off the x axis's ticks:
 * per series its solid stretches (lists of epochs) and its faint joins
 * ([from, to] pairs).
 */
async function compareCurves(page) {
  return page.locator('#panel-compare svg').first().evaluate((svg) => {
    const ticks = [...svg.querySelectorAll('text.tick[text-anchor="middle"]')]
      .map((t) => [Number(t.getAttribute('x')), Number(t.textContent)])
      .filter(([, v]) => Number.isFinite(v));
    const [[x0, v0], [x1, v1]] = [ticks[0], ticks.at(-1)];
    const epoch = (x) => Math.round((v0 + (x - x0) * (v1 - v0) / (x1 - x0)) * 100) / 100;
    const stretches = (path) => (path?.getAttribute('d') ?? '').split('M').filter((m) => m.trim())
      .map((m) => m.split('L').map((point) => epoch(Number(point.trim().split(' ')[0]))));
    return [...svg.querySelectorAll('g.series')].map((g) => ({
      solid: stretches(g.querySelector('path.series-line')),
      joins: stretches(g.querySelector('path.series-join')),
    }));
  });
}

/** Train auto on an example `file` (default the breast-cancer one), its
 * truth column set to `truth` ('' for none), `epochs` epochs, calling
 * `beforeTrain` (if given) just before Train; resolves to the leaderboard's
 * rows, every candidate's unless `expectAll` is false. */
async function trainAutoToBoard(page, note, { file = 'breast_cancer.csv', truth, epochs, validationShare, beforeTrain, expectAll = true }) {
  const auto = (await learnerTable()).find((l) => l.auto);
  await uploadCsv(page, resolve(ROOT, 'public/examples', file));
  await page.locator('#csv-summary').waitFor({ timeout: 10_000 });
  await page.locator('#csv-truth').selectOption(truth);
  await setField(page, 'optim.epochs', String(epochs));
  if (validationShare !== undefined) await setField(page, 'split.validation_fraction', String(validationShare));
  await setField(page, 'policy.pretrain_epochs', '1');
  await chooseOption(page, 'learner', auto.name);
  if (beforeTrain) await beforeTrain();
  const started = Date.now();
  await clickButton(page, 'train');
  const rows = await waitForAutoBoard(page);
  note(`auto: ${rows.length} candidates in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(rows)}`);
  if (expectAll) expectEqual(rows.length, auto.candidates, 'candidates on the leaderboard');
  return rows;
}

/** Wait for auto's leaderboard after Train, failing on a run's error;
 * resolves to its rows. */
function waitForAutoBoard(page) {
  return waitUntil(
    'the auto leaderboard',
    async () => {
      const status = await page.locator('#status').textContent();
      if (await page.locator('#status.error').count()) throw new Error(status);
      const board = await readAutoTable(page).catch(() => []);
      return board.length > 0 ? board : null;
    },
    { timeoutMs: COMPARISON_MS, everyMs: 1000, lastSeen: () => page.locator('#auto-line').textContent().catch(() => '') },
  );
}

/** In `page`, click Stop (in the page, at once) the moment auto's line
 * holds every one of `needles`, and keep that line in `window.stoppedAt`. */
function armStopWhenAutoLineSays(page, needles) {
  return page.evaluate((needles) => {
    const observer = new MutationObserver(() => {
      const line = document.querySelector('#auto-line')?.textContent ?? '';
      if (!needles.every((n) => line.includes(n))) return;
      observer.disconnect();
      window.stoppedAt = line.trim();
      document.querySelector('#stop').click();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, needles);
}

/** auto on a CSV file in `page`, Stop pressed the moment its members start
 * to train again (as auto's line first says so): the leaderboard still
 * ranks the candidates and keeps their mean, its caption says the run
 * stopped there and which members stayed as trained, and the run file
 * names as refitted only members whose second training finished, fewer
 * than those in the mean (Stop goes in as the first refits start, so the
 * last never does). With `beside`, Stop waits until a refit trains in the
 * second worker too. */
async function stopWhileMembersTrainAgain(page, note, { beside = false } = {}) {
  const needles = [' again on the training and validation rows', ...(beside ? ['in a second worker'] : [])];
  const rows = await trainAutoToBoard(page, note, {
    truth: 'malignant', epochs: 3, beforeTrain: () => armStopWhenAutoLineSays(page, needles),
  });
  const stoppedAt = await page.evaluate(() => window.stoppedAt);
  note(`Stop pressed at: "${stoppedAt}"`);
  expect(stoppedAt?.includes('again'), `Stop was pressed while the members trained again: ${stoppedAt}`);
  await waitForStatus(page, 'Stopped.', 10_000);
  expect(await averagedKept(page), 'the mean is kept');
  expectEqual(rows.filter((r) => r.inMean).length, 3, 'candidates in the mean');
  const caption = (await page.locator('#panel-auto .caption').textContent()).trim();
  note(`caption: ${caption}`);
  expect(caption.includes('Stopped while its members trained again.'),
    `the leaderboard says the run stopped during the refits: ${caption}`);
  expect(/(its second training|their second trainings) did not finish/.test(caption),
    `the refit sentence says which members stayed as trained, and why: ${caption}`);
  const runFile = JSON.parse(await downloadText(page, 'export-epochs-json'));
  const refitted = runFile.averaged.refitted ?? [];
  note(`run file: members ${JSON.stringify(runFile.averaged.members)}, refitted ${JSON.stringify(refitted)}`);
  expect(refitted.length < runFile.averaged.members.length,
    `fewer members refitted than in the mean: ${JSON.stringify(runFile.averaged)}`);
  expect(refitted.every((p) => runFile.averaged.members.includes(p)), `only members are refitted: ${JSON.stringify(runFile.averaged)}`);
}

/** auto on a CSV file, Stop pressed as its fourth candidate starts: the
 * candidates that trained are ranked, no member trains again, and the
 * caption says nothing of a second training. */
async function autoStoppedWhileCandidatesTrain({ page, note }) {
  await trainAutoToBoard(page, note, {
    truth: 'malignant', epochs: 3, expectAll: false,
    beforeTrain: () => armStopWhenAutoLineSays(page, ['training candidate', ' 4 of ']),
  });
  const stoppedAt = await page.evaluate(() => window.stoppedAt);
  note(`Stop pressed at: "${stoppedAt}"`);
  expect(stoppedAt?.includes(' 4 of '), `Stop was pressed while the candidates trained: ${stoppedAt}`);
  await waitForStatus(page, 'Stopped.', 10_000);
  const caption = (await page.locator('#panel-auto .caption').textContent()).trim();
  note(`caption: ${caption}`);
  expect(!caption.includes('trained again') && !caption.includes('second training'),
    `no second training is mentioned: ${caption}`);
  const history = await page.locator('#history-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.children[1].textContent.trim()));
  expect(history.length <= 4 && !history.some((r) => r.endsWith(', trained again')),
    `at most the four candidates begun, no refit: ${history.join(' | ')}`);
}

/** Stop while auto's members train again, in one worker. */
async function autoStoppedWhileMembersTrainAgain({ page, note }) {
  await stopWhileMembersTrainAgain(page, note);
}

/** Stop while auto's members train again in two workers; then Train again:
 * both workers come back, and this time every refit trains to its end. */
async function autoStoppedWhileMembersTrainAgainInTwoWorkers({ page, site, note }) {
  const tab = await openAppWithCores(page, site.url, 2);
  try {
    await stopWhileMembersTrainAgain(tab, note, { beside: true });
    await clickButton(tab, 'train');
    await waitForStatus(tab, 'Done.', COMPARISON_MS);
    const caption = (await tab.locator('#panel-auto .caption').textContent()).trim();
    note(`caption after Train again: ${caption}`);
    expect(caption.includes('Then each member trained again on the training and validation rows together')
      && !caption.includes('did not finish') && !caption.includes('Stopped'),
    `the second auto refits every member it can: ${caption}`);
  } finally {
    await tab.close();
  }
}

/** auto on a file of three rows (tests/e2e/fixtures/three_rows.csv):
 * RankPruning's cross-validation has no rows for its folds, so both its
 * candidates are left out, the caption says why, and the other nine train,
 * are averaged and kept; the run ends Done, not failed. */
async function autoLeavesOutACandidateThatCannotTrain({ page, note }) {
  const auto = (await learnerTable()).find((l) => l.auto);
  await uploadCsv(page, resolve(ROOT, 'tests/e2e/fixtures/three_rows.csv'));
  await page.locator('#csv-summary').waitFor({ timeout: 10_000 });
  await setField(page, 'optim.epochs', '2');
  await setField(page, 'policy.pretrain_epochs', '1');
  await chooseOption(page, 'learner', auto.name);
  await clickButton(page, 'train');
  const rows = await waitForAutoBoard(page);
  note(`auto on three rows: ${JSON.stringify(rows)}`);
  expectEqual(rows.length, auto.candidates - 2, 'candidates on the leaderboard');
  expect(rows.every((r) => r.learner !== 'rank-pruning'), `no RankPruning row: ${JSON.stringify(rows)}`);
  expectEqual(rows.filter((r) => r.inMean).length, rows.length, 'candidates in the mean');
  const caption = (await page.locator('#panel-auto .caption').textContent()).trim();
  expect(caption.includes('auto leaves RankPruning out. Training stopped: The cross-validate stage of RankPruning has no training rows')
    && caption.includes('auto leaves RankPruning (linear) out. Training stopped: The cross-validate stage')
    && !caption.includes('did not finish'), `the leaderboard says why: ${caption}`);
  expect(await averagedKept(page), 'the mean is kept');
  const status = (await page.locator('#status').textContent()).trim();
  expect(status.startsWith('Done.'), `the status line: ${status}`);
}

/** auto on an example file: its candidates run on one split, the leaderboard
 * ranks them best first and keeps the mean of the first three, the test
 * columns say they were not used, and keeping one candidate moves the mark
 * and the exported model. */
async function autoRanksItsCandidates({ page, note }) {
  const rows = await trainAutoToBoard(page, note, { truth: 'malignant', epochs: 3 });
  const auto = (await learnerTable()).find((l) => l.auto);
  expect(rows.some((r) => r.model === 'linear'), 'linear candidates are on the board');
  // A risk ranks lowest first, a score highest first.
  const header = await page.locator('#auto-table thead th').nth(3).textContent();
  expect(header.endsWith('(ranks)'), `the criterion's heading says it ranks: ${header}`);
  const lowerIsBetter = header.includes('risk');
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1].value, rows[i].value];
    expect(lowerIsBetter ? a <= b : a >= b, `ranked best first by "${header}": ${a} then ${b}`);
  }
  expectEqual(rows.findIndex((r) => r.kept), -1, 'no single candidate is kept');
  expect(await averagedKept(page), "auto's own model, the mean, is kept");
  expectEqual(rows.filter((r) => r.inMean).length, 3, 'candidates in the mean');
  expect(rows[0].inMean && rows[1].inMean && rows[2].inMean, 'the mean is of the first three');
  const averagedName = (await page.locator('#auto-table tbody tr[data-kind="averaged"] th').textContent()).trim();
  expect(averagedName.startsWith('the mean of '), `the mean's row names its members: ${averagedName}`);
  const prior = (await page.locator('#prior').textContent()).trim();
  expect(prior.includes('auto trains with no prior of its own') && !prior.includes('This learner'),
    `the prior line says the candidates estimate their own: "${prior}"`);
  const headers = (await page.locator('#auto-table thead').textContent());
  expect(headers.includes('Test accuracy (not used to choose)'), `leaderboard header: ${headers}`);
  // Candidates score the test set only after the epochs they keep and their
  // last: every kept epoch's test scores are there.
  const testCells = await page.locator('#auto-table tbody tr[data-learner] td.not-used').allTextContents();
  expect(testCells.length >= rows.length && testCells.every((t) => Number(t) > 0 && Number(t) <= 1),
    `every candidate's kept test scores: ${testCells}`);
  // The comparison below ticks the candidates in the mean, not all eleven.
  const members = rows.filter((r) => r.inMean);
  expectEqual(await page.locator('#compare-table tbody tr').count(), members.length, 'candidates ticked for comparison');
  const compareCaption = await page.locator('#panel-compare .caption').textContent();
  expect(compareCaption.includes('After auto, the candidates in its mean are ticked, and any candidate kept instead'), `the comparison says why: ${compareCaption}`);
  // Each candidate's test curve is solid between consecutive scored epochs
  // and joined by a faint stretch across the epochs that did not score the
  // test set.
  const curves = await compareCurves(page);
  expectEqual(curves.length, members.length, 'test curves in the comparison');
  for (const { solid, joins } of curves) {
    expect(solid.flatMap(segments).every(([a, b]) => Math.abs(b - a - 1) < 0.05),
      `solid stretches span one epoch each: ${JSON.stringify(solid)}`);
    expect(joins.every(([a, b]) => b - a > 1.05), `faint joins skip an epoch: ${JSON.stringify(joins)}`);
    expectEqual(joins.length, solid.length - 1, 'one join between solid stretches');
    joins.forEach(([a, b], i) => expect(a === solid[i].at(-1) && b === solid[i + 1][0],
      `join ${i} links the stretches' ends: ${JSON.stringify({ joins, solid })}`));
  }
  note(`faint joins per curve: ${curves.map((c) => c.joins.length).join(', ')}`);
  // Each curve rings the epoch its run kept, and the legend quotes the score
  // there, as the table above it does (not the last epoch's).
  expectEqual(await page.locator('#panel-compare circle.kept-ring').count(), members.length, 'kept epochs ringed');
  const legend = (await page.locator('#panel-compare .legend li').allTextContents()).map((t) => t.trim());
  const tableRows = await page.locator('#compare-table tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    label: tr.querySelector('th').textContent.trim(),
    roc: tr.querySelector('td[data-metric="ROC-AUC"]').textContent.trim(),
  })));
  for (const { label, roc } of tableRows) {
    const entry = legend.find((l) => l.startsWith(`${label}: `));
    expect(entry?.startsWith(`${label}: ${roc} at kept epoch `), `legend "${entry}" against the table's ${label} ${roc}`);
  }
  const caption = (await page.locator('#panel-auto .caption').textContent()).trim();
  expect(caption.includes('on the PU validation split') && caption.includes('No test-set score was read to choose'),
    `the leaderboard says why: ${caption}`);
  const line = (await page.locator('#auto-line').textContent()).trim();
  expect(line.startsWith('auto kept the mean of '), `the status says what auto kept: ${line}`);
  expectEqual(await page.locator('#compared-line').count(), 0, "a plain comparison's line after auto");
  await expectResultsOfKeptRow(page, 'the mean');
  const keptLine = (await page.locator('#kept').textContent()).trim();
  expect(keptLine.startsWith(`Kept: ${averagedName};`), `the results panel names the kept model: ${keptLine}`);
  // The mean has no epochs of its own: the charts show its first member.
  await expectChartsShow(page, 0, "first of the mean's members (the mean has no epochs of its own)", 'the mean kept');
  // On a CSV file the mean's members train again on the training and
  // validation rows, each for the epochs it kept: the history lists these
  // refits after the candidates, the caption says so, and the run file names
  // the members they stand in for.
  const historyRuns = await page.locator('#history-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.children[1].textContent.trim()));
  const refits = historyRuns.filter((r) => r.endsWith(', trained again'));
  note(`refits in the history: ${refits.join(' | ')}`);
  expectEqual(historyRuns.length - refits.length, auto.candidates, 'every candidate in the history');
  expect(refits.length >= 1 && refits.length <= members.length, `the mean's members trained again: ${refits.join(' | ')}`);
  expect(historyRuns.slice(-refits.length).every((r) => r.endsWith(', trained again')), `the refits come last: ${historyRuns.join(' | ')}`);
  expect(caption.includes('Then each member trained again on the training and validation rows together'),
    `the leaderboard says the members trained again: ${caption}`);
  // The Epochs column counts each learner's own training (the setting, 3)
  // and, on a line below, the epochs it trained first, which open (a click,
  // or a tap on a phone) to name each stage: RankPruning's folds, policyPU's
  // pre-training (1 + 1), PMPU's warm-up.
  const epochCells = await page.locator('#history-table tbody tr').evaluateAll((trs) => trs.map((tr) => {
    const cell = tr.children[3];
    const details = cell.querySelector('details');
    const summary = details?.querySelector('summary')?.textContent ?? '';
    return {
      run: tr.children[1].textContent,
      own: cell.textContent.slice(0, cell.textContent.length - (details?.textContent.length ?? 0)),
      before: summary,
      detail: details ? details.textContent.slice(summary.length) : '',
    };
  }));
  note(`history epochs: ${JSON.stringify(epochCells)}`);
  for (const { run, own, before, detail } of epochCells) {
    // A refit trains for the epochs its member kept, at most the setting.
    if (run.endsWith(', trained again')) {
      expect(Number(own) >= 1 && Number(own) <= 3, `${run}: the member's kept epochs, ${own}`);
    } else {
      expectEqual(own, '3', `${run}: own training epochs`);
    }
    const [summary, stages] = run.includes('RankPruning') ? [/^\+ 50 before$/, /^after 50 cross-validate epochs$/]
      : run.includes('policyPU') ? [/^\+ 2 before$/, /^after 1 pre-train classifier and 1 pre-train policy epochs$/]
        : run.includes('PMPU') ? [/^\+ \d+ before$/, /^after \d+ pre-train classifier epochs$/]
          : [/^$/, /^$/];
    expect(summary.test(before) && stages.test(detail), `${run}: "${before}", opening to "${detail}"`);
  }
  const split = (await page.locator('#history-table tbody tr td.split').first().textContent()).trim();
  expect(split.startsWith('breast_cancer.csv, test'), `the runs list names the file: ${split}`);
  const rankPruning = page.locator('#history-table tbody tr', { hasText: 'RankPruning' }).first().locator('details');
  const detailShown = () => rankPruning.evaluate((d) => d.getBoundingClientRect().height);
  const closedHeight = await detailShown();
  await rankPruning.locator('summary').click();
  expect(await rankPruning.evaluate((d) => d.open) && (await detailShown()) > closedHeight,
    `a click opens the stages: ${closedHeight} px, then ${await detailShown()} px`);
  // At the test window's 1280 px the history and the leaderboard fit their
  // panels: no sideways scroll hides the test scores or the Keep buttons.
  for (const table of ['#history-table', '#auto-table']) {
    const fit = await page.locator(table).evaluate((t) => ({ width: t.scrollWidth, room: t.parentElement.clientWidth }));
    expect(fit.width <= fit.room, `${table}: ${fit.width} px fit its panel's ${fit.room} px`);
  }
  await expectAutoDownloads(page, rows, averagedName, 'the mean kept');
  // The model file is named by the model kept, not by the last candidate.
  const modelFileName = async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), clickButton(page, 'export-model')]);
    return download.suggestedFilename();
  };
  expectEqual(await modelFileName(), 'policypu-auto-breast-cancer-seed1.ppumodel', "the mean's model file name");
  const chosen = await readFile(await downloadPath(page, 'export-model'));
  await clickButton(page, 'auto-keep-2');
  const after = await readAutoTable(page);
  expectEqual(after.findIndex((r) => r.kept), 1, 'the second candidate is kept after "Keep"');
  expect(!(await averagedKept(page)), 'the mean is no longer kept');
  await expectResultsOfKeptRow(page, 'the second candidate');
  await expectChartsShow(page, 1, 'the candidate kept', 'the second candidate kept');
  // A link holds the settings: it trains auto again, which keeps its own model.
  const keptName = (await page.locator('#auto-table tbody tr[data-learner]').nth(1).locator('th .whole').textContent()).trim();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await clickButton(page, 'copy-link');
  const shared = page.locator('[id="share-feedback"]:has-text("Link copied")');
  await shared.waitFor({ timeout: 10_000 });
  const sharedText = await shared.textContent();
  expect(sharedText.includes(`keeps its own model, not ${keptName} that you kept`), `the link's feedback: ${sharedText}`);
  // Show moves the charts to another candidate and keeps the model kept.
  const keptHistogram = await page.locator('#panel-histogram .legend').textContent();
  await clickButton(page, `auto-show-${rows.length}`);
  await expectChartsShow(page, rows.length - 1, 'as asked on the leaderboard', 'the last candidate shown');
  await expectResultsOfKeptRow(page, 'the second candidate, another shown');
  const shownHistogram = await page.locator('#panel-histogram .legend').textContent();
  expect(shownHistogram !== keptHistogram, `the values on U are the shown candidate's: "${keptHistogram}", then "${shownHistogram}"`);
  const secondName = (await page.locator('#auto-table tbody tr[data-learner]').nth(1).locator('th .whole').textContent()).trim();
  await expectAutoDownloads(page, after, secondName, 'the second candidate kept');
  expectEqual(await modelFileName(), `policypu-${after[1].learner}-breast-cancer-seed1.ppumodel`, "the kept candidate's model file name");
  const other = await readFile(await downloadPath(page, 'export-model'));
  expect(!other.equals(chosen), 'the exported model follows the kept candidate');
  expectEqual(modelMembers(chosen).length, 3, "classifiers in the mean's model file");
  const saved = modelHeader(chosen).saved;
  expect(saved.data_file === 'breast_cancer.csv' && /^20\d\d-\d\d-\d\d \d\d:\d\d UTC$/.test(saved.at),
    `the model file says where and when it was saved: ${JSON.stringify(saved)}`);
  expectEqual(modelMembers(other).length, 1, "classifiers in one candidate's model file");
  await clickButton(page, 'auto-keep-averaged');
  expect(await averagedKept(page), 'the mean is kept again');
  await expectChartsShow(page, 0, "first of the mean's members (the mean has no epochs of its own)", 'the mean kept again');
  // The mean's first member can be shown on its own, with its own curves, and the mean again.
  await clickButton(page, 'auto-show-1');
  await expectChartsShow(page, 0, 'as asked on the leaderboard', "the mean's first member shown on its own");
  await clickButton(page, 'auto-show-averaged');
  await expectChartsShow(page, 0, "first of the mean's members (the mean has no epochs of its own)", 'the mean shown again');
  // Scoring a file uses the kept model, and its download is named by it, not by the charted candidate.
  const [scored] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.locator('#score-csv-input').setInputFiles(resolve(ROOT, 'public/examples/breast_cancer.csv')),
  ]);
  expectEqual(scored.suggestedFilename(), 'policypu-auto-breast-cancer-seed1-scores-breast-cancer.csv', "the mean's scores file name");
  const again = await readFile(await downloadPath(page, 'export-model'));
  expect(again.length === chosen.length, "the mean's model file again");
  // A candidate kept from outside the mean joins the comparison.
  const lastName = (await page.locator('#auto-table tbody tr[data-learner]').last().locator('th .whole').textContent()).trim();
  expect(!rows[rows.length - 1].inMean, 'the last candidate is outside the mean');
  await clickButton(page, `auto-keep-${rows.length}`);
  const ticked = (await page.locator('#compare-table tbody th').allTextContents()).map((t) => t.trim());
  expectEqual(ticked.length, members.length + 1, 'runs ticked once a candidate outside the mean is kept');
  expect(ticked.some((t) => t.endsWith(` ${lastName}`)), `the kept candidate is ticked: ${ticked.join(' | ')}`);
  const runFile = JSON.parse(await downloadText(page, 'export-epochs-json'));
  expectEqual(runFile.config.refit, 'members', "auto's settings refit its members");
  expectEqual((runFile.averaged.refitted ?? []).length, refits.length, 'the run file names each refitted member');
  expect(runFile.averaged.refitted.every((p) => runFile.averaged.members.includes(p)),
    `only members are refitted: ${JSON.stringify(runFile.averaged)}`);
  // The mean's model file (downloaded above) holds each member's refit where it has one, not
  // the member as trained: its scores on the file are the mean of those
  // runs' own model files' scores (the history offers each run's model).
  const scoresOf = async (model) => {
    const { table } = await predict(model, resolve(ROOT, 'public/examples/breast_cancer.csv'));
    return table.trim().split('\n').slice(1).map((l) => Number(l.split(',')[1]));
  };
  const fileScores = async (button) => scoresOf(await downloadPath(page, button));
  const memberNames = [];
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].inMean) memberNames.push((await page.locator('#auto-table tbody tr[data-learner]').nth(i).locator('th .whole').textContent()).trim());
  }
  const runOf = (label) => historyRuns.find((r) => r.replace(/^#\d+ /, '') === label)?.match(/^#(\d+) /)[1];
  const meanOf = (all) => all[0].map((_, row) => all.reduce((sum, one) => sum + one[row], 0) / all.length);
  const refitRuns = memberNames.map((name) => runOf(`${name}, trained again`) ?? runOf(name));
  const trainedRuns = memberNames.map((name) => runOf(name));
  expect(refitRuns.every(Boolean) && trainedRuns.every(Boolean), `each member's runs in the history: ${memberNames} in ${historyRuns}`);
  const meanModel = join(tmpdir(), `policypu-mean-${process.pid}.ppumodel`);
  await writeFile(meanModel, chosen);
  const meanScores = await scoresOf(meanModel);
  const runsScores = async (numbers) => {
    const all = [];
    for (const n of numbers) all.push(await fileScores(`model-run-${n}`));
    return meanOf(all);
  };
  const fromRefits = await runsScores(refitRuns);
  const fromTrained = await runsScores(trainedRuns);
  const gap = (a, b) => Math.max(...a.map((x, i) => Math.abs(x - b[i])));
  note(`the mean's model file against its refits: ${gap(meanScores, fromRefits)}; against the members as trained: ${gap(meanScores, fromTrained)}`);
  expect(gap(meanScores, fromRefits) < 1e-3, `the mean's model file scores as its refits' mean: ${gap(meanScores, fromRefits)}`);
  expect(gap(meanScores, fromTrained) > 1e-3, `and not as the members as trained: ${gap(meanScores, fromTrained)}`);
}

/** auto on the wine example, whose validation split holds 3 labeled rows at
 * seed 1: too few to rank by, so the mean is of every candidate with a
 * score, and its row and the caption say so. */
async function autoAveragesEveryCandidateOnFewLabeledRows({ page, note }) {
  const rows = await trainAutoToBoard(page, note, { file: 'wine.csv', truth: 'cultivar_1', epochs: 3 });
  const scored = rows.filter((r) => Number.isFinite(r.value)).length;
  expectAbove(scored, 3, 'candidates with a score');
  expectEqual(rows.filter((r) => r.inMean).length, scored, 'candidates in the mean');
  const averagedName = (await page.locator('#auto-table tbody tr[data-kind="averaged"] th').textContent()).trim();
  expectEqual(averagedName, `the mean of all ${scored} candidates`, "the mean's row");
  const caption = (await page.locator('#panel-auto .caption').textContent()).trim();
  expect(caption.includes('has only 3 labeled rows, too few to rank the candidates'),
    `the leaderboard says why: ${caption}`);
  const header = (await page.locator('#auto-table thead th').nth(3).textContent()).trim();
  expect(header.endsWith('(not used to rank)'), `the criterion's heading says it did not rank: ${header}`);
  const ranks = await page.locator('#auto-table tbody tr[data-learner] td:first-child').allTextContents();
  expect(ranks.every((r) => r.trim() === '–'), `no candidate has a rank: ${ranks}`);
}

/** auto with a validation share of 0: nothing to rank the candidates or
 * their epochs by, so the mean is of every candidate at its last epoch, no
 * row has a rank, and the caption says why and what to change. */
async function autoWithoutValidationAveragesEveryCandidate({ page, note }) {
  const rows = await trainAutoToBoard(page, note, { truth: 'malignant', epochs: 2, validationShare: 0 });
  expectEqual(rows.filter((r) => Number.isFinite(r.value)).length, 0, 'candidates with a score');
  expectEqual(rows.filter((r) => r.inMean).length, rows.length, 'candidates in the mean');
  const ranks = await page.locator('#auto-table tbody tr[data-learner] td:first-child').allTextContents();
  expect(ranks.every((r) => r.trim() === '–'), `no candidate has a rank: ${ranks}`);
  const mean = await page.locator('#auto-table tbody tr[data-kind="averaged"]').textContent();
  expect(mean.includes(`the mean of all ${rows.length} candidates`) && mean.includes(`unranked: all ${rows.length}`),
    `the mean's row: ${mean}`);
  expect(await averagedKept(page), 'the mean is kept');
  const caption = (await page.locator('#panel-auto .caption').textContent()).trim();
  expect(caption.startsWith(`auto keeps the mean of all ${rows.length} candidates, each at its last epoch`)
    && caption.includes('a larger validation share lets it rank'), `the leaderboard says why: ${caption}`);
  await expectResultsOfKeptRow(page, 'the unranked mean');
}

/** auto on a file without a truth column: the test set holds only labeled
 * positives, so the leaderboard shows each candidate's recall on them (the
 * mean's too) and the mean's PU-only figures, and no ROC-AUC. */
async function autoWithoutTruthShowsRecall({ page, note }) {
  const rows = await trainAutoToBoard(page, note, { truth: '', epochs: 2 });
  const headers = await page.locator('#auto-table thead').textContent();
  expect(headers.includes('Recall on held-out positives (not used to choose)') && !headers.includes('ROC-AUC'),
    `leaderboard header without a truth column: ${headers}`);
  const meanRecall = await page.locator('#auto-table tbody tr[data-kind="averaged"] td.not-used').allTextContents();
  expectEqual(meanRecall.length, 1, "the mean's test cells");
  const recall = Number(meanRecall[0]);
  expect(recall >= 0 && recall <= 1, `the mean's recall: ${meanRecall[0]}`);
  const summary = (await page.locator('#auto-pu-note').textContent()).trim();
  expect(summary.startsWith("auto's mean: No truth column") && summary.includes(`Recall on them ${meanRecall[0]}`),
    `the mean's PU-only figures: ${summary}`);
  // One class prior on the page: the line under the status names the one
  // the mean's figures assume, the default estimate every prior-free run of
  // a CSV file shows (as the CLI says), not the charted member's own.
  const priorLine = (await page.locator('#prior').textContent()).trim();
  const pi = Number(await page.locator('#prior').getAttribute('data-value')).toFixed(3);
  expect(priorLine.startsWith(`Class prior π = ${pi}`)
    && priorLine.includes('estimated by min(KM2, BBE)')
    && priorLine.includes("auto trains with no prior of its own: its mean's estimates"),
    `the prior line names the mean's prior: "${priorLine}"`);
  const card = (await page.locator('#no-truth-note').textContent()).trim();
  for (const [where, text] of [['the leaderboard', summary], ['the kept model', card]]) {
    expect(text.includes(`assuming π = ${pi} `) || text.includes(`a class prior π = ${pi} does not fit`),
      `${where} assumes the prior line's π = ${pi}: "${text}"`);
  }
  // The charted member's test chart: the figures that need no negative,
  // not an "accuracy" that is the recall.
  await page.locator('#panel-metrics .legend li').first().waitFor({ timeout: 10_000 });
  const testLegend = (await page.locator('#panel-metrics .legend li').allTextContents()).map((t) => t.trim());
  expect(testLegend.length >= 3 && testLegend[0].startsWith('recall on held-out positives')
    && testLegend[1].startsWith('share of U called positive') && testLegend[2].startsWith('accuracy on U, estimated'),
    `the test chart's lines without a truth column: ${testLegend}`);
  const testCaption = (await page.locator('#panel-metrics .caption').textContent()).trim();
  expect(testCaption.includes('on a test set of held-out labeled positives'), `the test chart's caption: ${testCaption}`);
  await comparisonWithoutTruth(page, rows.filter((r) => r.inMean).length);
}

/** The comparison of runs without a truth column: the figures held-out
 * positives and U measure, no ROC-AUC or accuracy; each compared run's
 * recall is its leaderboard row's; bold only where a higher value is
 * better (Lee–Liu); a curve per run, of the recall first. */
async function comparisonWithoutTruth(page, members) {
  const heads = (await page.locator('#compare-table thead th').allTextContents()).map((t) => t.trim());
  expectEqual(heads.join(' | '),
    'Model | Recall on held-out positives | Share of U called positive | Lee–Liu r²/q | Accuracy on U, estimated',
    "the comparison table's headings without a truth column");
  const table = await readCompareTable(page);
  expectEqual(table.length, members, 'runs compared');
  const boardRecalls = await page.locator('#auto-table tbody tr.in-mean td.not-used').allTextContents();
  const tableRecalls = (await page.locator('#compare-table td[data-metric="recall on held-out positives"]').allTextContents())
    .map((t) => t.trim());
  expectEqual([...tableRecalls].sort().join(','), boardRecalls.map((t) => t.trim()).sort().join(','),
    "the compared runs' recalls against the leaderboard's");
  const bold = await page.locator('#compare-table td.best').evaluateAll((cells) => cells.map((c) => c.dataset.metric));
  const leeLiu = table.map((r) => r['Lee–Liu r²/q']).filter(Number.isFinite);
  expect(bold.length >= 1 && bold.every((m) => m === 'Lee–Liu r²/q'), `bold cells only under Lee–Liu: ${bold}`);
  const boldValues = await page.locator('#compare-table td.best').evaluateAll((cells) => cells.map((c) => Number(c.dataset.value)));
  expect(boldValues.every((v) => v === Math.max(...leeLiu)), `bold marks the highest Lee–Liu r²/q: ${boldValues} of ${leeLiu}`);
  const note = (await page.locator('#compare-no-truth').textContent()).trim();
  expect(note.startsWith('Without a truth column a test set holds only held-out labeled positives'), `the note under the table: ${note}`);
  const options = (await page.locator('#compare-metric option').allTextContents()).map((t) => t.trim());
  expectEqual(options[0], 'Recall on held-out positives', "the first curve offered");
  expectEqual(await page.locator('#compare-no-curve').count(), 0, 'a note that no curve can be drawn');
  expectEqual(await page.locator('#panel-compare svg path.series-line').count(), members, 'curves in the comparison chart');
  const legend = (await page.locator('#panel-compare .legend li').allTextContents()).map((t) => t.trim());
  for (const [i, recall] of tableRecalls.entries()) {
    expect(legend[i].includes(`: ${recall} at kept epoch `), `legend "${legend[i]}" quotes the table's recall ${recall}`);
  }
}

/** The final scores in the comparison table: [{ learner, 'ROC-AUC', Acc, 'PR-AUC' }]. */
async function readCompareTable(page) {
  return page.$$eval('#compare-table tbody tr', (rows) =>
    rows.map((row) => {
      const entry = { learner: row.dataset.learner };
      for (const cell of row.querySelectorAll('td')) entry[cell.dataset.metric] = Number(cell.dataset.value);
      return entry;
    }),
  );
}

async function twoLearnersFillTheTable({ page, note }) {
  await setField(page, 'optim.epochs', '3');
  // The controls fold to one line so the results stay in view; open them.
  await page.locator('#compare-title').click();
  // The Separator pre-trains first, so biased PU, planned second, ends first.
  const wanted = ['policyPU_separator', 'biased PU'];
  const table = (await learnerTable()).filter((l) => !l.auto);
  for (const [i, { name }] of table.entries()) {
    const box = page.locator(`#compare-learner-${i}`);
    if (wanted.includes(name)) await box.check();
    else await box.uncheck();
  }
  await clickButton(page, 'compare-run');
  const rows = await waitUntil(
    'two rows in the comparison table',
    async () => {
      const status = await page.locator('#status').textContent();
      if (status.includes('failed') || (await page.locator('#status.error').count())) throw new Error(status);
      const table = await readCompareTable(page).catch(() => []);
      return table.length === 2 ? table : null;
    },
    { timeoutMs: COMPARISON_MS, everyMs: 1000, lastSeen: () => page.locator('#status').textContent() },
  );
  note(`comparison: ${JSON.stringify(rows)}`);
  // On two cores the two train at once, in two workers, and the second ends
  // first; the table lists them in the learner table's order all the same.
  const planned = table.map((l) => l.name).filter((name) => wanted.includes(name));
  expectEqual(rows.map((r) => r.learner).join(','), planned.join(','), 'learners in the table, in order');
  for (const row of rows) {
    for (const metric of ['ROC-AUC', 'Acc', 'PR-AUC']) {
      expect(row[metric] > 0 && row[metric] <= 1, `${row.learner} ${metric} = ${row[metric]}`);
    }
  }
  const split = await page.locator('#compare-split').textContent();
  expect(split.startsWith('All on the same split'), `split note: ${split}`);
  // Under the status, a line says where the runs are and which one the
  // results panel shows: the one its kept line names.
  const comparedLine = (await page.locator('#compared-line').textContent()).trim();
  const kept = (await page.locator('#kept').textContent()).trim();
  const shown = planned.find((name) => comparedLine.includes(`show one of them, ${name},`));
  expect(comparedLine.startsWith("The comparison's 2 runs are in the run history below") && shown !== undefined
    && kept.includes(` of ${shown},`), `the comparison's line "${comparedLine}" against the kept line "${kept}"`);
  // A link holds one run: Copy link says it trains the form's learner, not the one shown.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await clickButton(page, 'copy-link');
  const copied = page.locator('#share-feedback:has-text("Link copied")');
  await copied.waitFor({ timeout: 10_000 });
  const feedback = (await copied.textContent()).trim();
  expect(feedback.includes(`opening it trains policyPU_weighter, not ${shown} shown above, and not the comparison`),
    `Copy link after a comparison: "${feedback}"`);
  const lines = await page.locator('#panel-compare svg path.series-line').count();
  expectAbove(lines, 1, 'overlaid curves in the comparison chart');
  // Each later run is drawn thinner, so equal curves do not hide each other.
  const widths = await page.locator('#panel-compare svg path.series-line')
    .evaluateAll((all) => all.map((p) => parseFloat(getComputedStyle(p).strokeWidth)));
  expect(widths[0] > widths[1], `stroke widths of the first two runs: ${widths}`);
  const history = await page.locator('#history-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.children[1].textContent.trim()));
  expectEqual(history.join(' | '), planned.map((name, i) => `#${i + 1} ${name}`).join(' | '), 'runs in the history, numbered in order');
  const compared = await page.locator('#compare-table tbody th').allTextContents();
  expectEqual(compared.map((t) => t.trim()).join(' | '), history.join(' | '), 'the same numbers in the comparison table');
  // Any two runs: untick one, and the table follows.
  await page.locator('#compare-run-1').uncheck();
  expectEqual((await readCompareTable(page)).length, 1, 'rows after unticking run 1');
}

/** Run `policypu predict`; resolves to { stdout, stderr }, rejects with its stderr. */
async function predict(model, csv) {
  expect(existsSync(POLICYPU), `${POLICYPU} is missing: run cargo test --release (or build --release) first`);
  const out = join(tmpdir(), `policypu-predict-${process.pid}.csv`);
  const { stderr } = await promisify(execFile)(POLICYPU, ['predict', '--model', model, '--csv', csv, '--out', out]);
  return { table: await readFile(out, 'utf8'), stderr };
}

async function exportedModelIsReadByPredict({ page, note }) {
  const csv = resolve(ROOT, 'public/examples/breast_cancer.csv');
  await uploadCsv(page, csv);
  await page.locator('#csv-summary').waitFor({ timeout: 10_000 });
  await setShortCsvRun(page);
  await trainToDone(page, COMPARISON_MS);
  await page.locator('#export-model:enabled').waitFor({ timeout: 10_000 });
  const model = await downloadPath(page, 'export-model');
  const bytes = await readFile(model);
  expectEqual(bytes.subarray(0, 8).toString('latin1'), 'PPUMODEL', 'model file magic');
  const { table, stderr } = await predict(model, csv);
  note(`predict: ${stderr.trim()}`);
  const lines = table.trim().split('\n');
  expectEqual(lines[0], 'row,score,predicted', 'predict header');
  expectEqual(lines.length, 1 + 569, 'one score per row of the CSV');
  const scores = lines.slice(1).map((l) => Number(l.split(',')[1]));
  expect(scores.every((s) => s >= 0 && s <= 1), 'every score is a probability');
  // The history keeps the same model for download: the same scores. Its
  // bytes may differ from the first file's by the minute it was saved,
  // which each download writes into the header.
  const fromHistory = await predict(await downloadPath(page, 'model-run-1'), csv);
  expectEqual(fromHistory.table, table, 'the history offers the same model: its scores');
}

/** auto (2 epochs) on the demo, or on the breast-cancer example when
 * `csv`, in a fresh tab that reports `cores` cores: its leaderboard, how
 * many training workers the page started, whether the page said a
 * candidate trained in a second worker, the history's rows, and how many
 * prior estimates each run's start handed its worker. */
async function autoWithCores(page, site, cores, { csv = false } = {}) {
  const auto = (await learnerTable()).find((l) => l.auto);
  const tab = await openAppWithCores(page, site.url, cores, () => {
    const BrowserWorker = window.Worker;
    window.workersStarted = 0;
    window.estimatesHanded = [];
    window.Worker = function Worker(url, options) {
      window.workersStarted += 1;
      const worker = new BrowserWorker(url, options);
      const post = worker.postMessage.bind(worker);
      worker.postMessage = (message, transfer) => {
        const start = message && message.Start;
        if (start) window.estimatesHanded.push(start.estimates?.plans?.length ?? 0);
        return post(message, transfer);
      };
      return worker;
    };
  });
  try {
    if (csv) {
      await uploadCsv(tab, resolve(ROOT, 'public/examples/breast_cancer.csv'));
      await tab.locator('#csv-summary').waitFor({ timeout: 10_000 });
    }
    await setField(tab, 'optim.epochs', '2');
    await chooseOption(tab, 'learner', auto.name);
    await clickButton(tab, 'train');
    let saidSecond = false;
    await waitUntil(
      'the auto leaderboard',
      async () => {
        if (await tab.locator('#status.error').count()) throw new Error(await tab.locator('#status').textContent());
        const progress = await tab.locator('#compare-progress').textContent().catch(() => '');
        saidSecond ||= progress.includes('in a second worker');
        return (await tab.locator('#auto-kept').count()) > 0 ? true : null;
      },
      { timeoutMs: COMPARISON_MS, everyMs: 250, lastSeen: () => tab.locator('#auto-line').textContent().catch(() => '') },
    );
    // Every candidate's run can be shown in the charts, those trained in
    // the second worker too: its values on U fill the histogram.
    const shown = [];
    const rows = tab.locator('#auto-table tbody tr[data-learner]');
    for (let i = 0; i < auto.candidates; i++) {
      const label = (await rows.nth(i).locator('th .whole').textContent()).trim();
      if (await rows.nth(i).locator('#auto-charted').count() === 0) await clickButton(tab, `auto-show-${i + 1}`);
      const latest = (await tab.locator('#latest').textContent()).trim();
      const histogram = await tab.locator('#panel-histogram .legend').textContent();
      shown.push(latest.startsWith(`The charts show ${label}, `) && /true positives \([1-9]\d*, mean/.test(histogram));
    }
    return {
      board: await readAutoTable(tab),
      shown,
      workers: await tab.evaluate(() => window.workersStarted),
      estimatesHanded: await tab.evaluate(() => window.estimatesHanded),
      saidSecond,
      history: await tab.locator('#history-table tbody tr').count(),
      refits: await tab.locator('#history-table tbody tr', { hasText: ', trained again' }).count(),
      candidates: auto.candidates,
    };
  } finally {
    await tab.close();
  }
}

/** On two cores auto trains its candidates in two workers, two at a time,
 * and ranks and keeps exactly what one worker does: on the demo from the
 * start, on a CSV file once the first candidate has estimated the file's
 * prior, which every later start hands its worker. */
async function autoInTwoWorkersKeepsWhatOneKeeps({ page, site, note }) {
  for (const csv of [false, true]) {
    const data = csv ? 'breast-cancer example' : 'demo';
    const one = await autoWithCores(page, site, 1, { csv });
    const two = await autoWithCores(page, site, 2, { csv });
    note(`${data}: one core: ${one.workers} worker(s); two cores: ${two.workers}; estimates handed: ${JSON.stringify(two.estimatesHanded)}; board: ${JSON.stringify(two.board)}`);
    expectEqual(one.workers, 1, `${data}: training workers started on one core`);
    expect(!one.saidSecond, `${data}: one core: no candidate in a second worker`);
    expectEqual(two.workers, 2, `${data}: training workers started on two cores`);
    expect(two.saidSecond, `${data}: two cores: the progress line named a candidate in a second worker`);
    expectEqual(two.history - two.refits, two.candidates, `${data}: every candidate in the history`);
    // On a CSV file the members train again, in two workers as in one.
    expect(csv ? two.refits > 0 : two.refits === 0, `${data}: members trained again: ${two.refits}`);
    expectEqual(two.refits, one.refits, `${data}: members trained again, two cores against one`);
    expectEqual(two.shown.join(','), two.board.map(() => true).join(','), `${data}: two cores: each candidate's run shown in the charts`);
    expectEqual(JSON.stringify(two.board), JSON.stringify(one.board), `${data}: the leaderboard (ranks, PU scores, kept)`);
    if (csv) {
      expectEqual(two.estimatesHanded[0], 0, 'the first start: nothing estimated yet');
      expect(two.estimatesHanded.slice(1).every((n) => n > 0),
        `every later start hands the file's prior estimates to its worker: ${JSON.stringify(two.estimatesHanded)}`);
    }
  }
}

/** auto on the demo in a tab that reports two cores, so that a second
 * worker trains beside the live one, with `epochs` epochs (and one of
 * pre-training); `meddle(tab, warnings)` acts while it trains (`warnings`:
 * the tab's console warnings). auto must then end with every candidate in
 * the history and on the leaderboard; resolves to the warnings. */
async function autoOnTwoCoresDespite(page, site, epochs, meddle) {
  const tab = await openAppWithCores(page, site.url, 2);
  try {
    const warnings = consoleWarnings(tab);
    await setField(tab, 'optim.epochs', String(epochs));
    await setField(tab, 'policy.pretrain_epochs', '1');
    await chooseOption(tab, 'learner', 'auto (chosen on PU data)');
    await clickButton(tab, 'train');
    await meddle(tab, warnings);
    await waitUntil('the auto leaderboard', async () => {
      if (await tab.locator('#status.error').count()) throw new Error(await tab.locator('#status').textContent());
      return (await tab.locator('#auto-kept').count()) > 0 ? true : null;
    }, { timeoutMs: 90_000, everyMs: 500, lastSeen: () => tab.locator('#status').textContent() });
    const candidates = await tab.locator('#auto-table tbody tr[data-learner]').count();
    expectEqual(candidates, 11, 'candidates on the leaderboard');
    expectEqual(await tab.locator('#history-table tbody tr').count(), candidates, 'every candidate in the history');
    return warnings;
  } finally {
    await tab.close();
  }
}

/** On two cores, when the second worker stops answering it is discarded
 * (after 3 s here, two minutes on the page), and its candidate trains in
 * the live worker. */
async function hungSecondWorkerHandsItsRunBack({ page, site, note }) {
  await autoOnTwoCoresDespite(page, site, 2, async (tab, warnings) => {
    await waitUntil('a candidate in the second worker, to hang',
      async () => ((await tab.evaluate(() => window.policypuHangWorkerForTest('side', 3000))) ? true : null),
      { timeoutMs: COMPARISON_MS, everyMs: 250, lastSeen: () => tab.locator('#compare-progress').textContent().catch(() => '') });
    note(await waitUntil('the hung second worker to be discarded', async () =>
      warnings.find((w) => w.startsWith('the second worker failed (it has not answered for')) ?? null,
    { timeoutMs: 30_000, lastSeen: async () => warnings.join(' | ') }));
  });
}

/** On two cores, a Step that trains the live candidate's last batch while
 * the page is paused ends that run, and the next one starts unpaused: the
 * second worker's candidate, paused with the page, must resume too (it
 * used to wait for a Resume no button could send, and the comparison with
 * it). No worker is given up. */
async function stepThroughTheEndResumesTheSecondWorker({ page, site, note }) {
  const warnings = await autoOnTwoCoresDespite(page, site, 3, async (tab) => {
    await tab.locator('#stage').waitFor({ timeout: 120_000 });
    const paused = async () => (await tab.locator('#status').textContent()).startsWith('Paused');
    // A Pause that reaches a run as it ends is lost with it (the race this
    // test is about): press it again until the page pauses.
    await waitUntil('the page to pause', async () => {
      if (await paused()) return true;
      await tab.locator('#pause:enabled').click({ timeout: 1_000 }).catch(() => {});
      await tab.waitForTimeout(500);
      return (await paused()) ? true : null;
    }, { timeoutMs: 60_000, lastSeen: () => tab.locator('#status').textContent() });
    const progress = () => tab.locator('#compare-progress').textContent();
    const pausedAt = await progress();
    let steps = 0;
    // Step until the live candidate ends and the next starts (unpaused).
    while (await paused()) {
      expect(steps < 2000, `still paused after ${steps} steps: ${await progress()}`);
      await tab.locator('#step:enabled').click({ timeout: 10_000 }).catch(() => {});
      steps += 1;
      await tab.waitForTimeout(30);
    }
    note(`paused at "${pausedAt}"; ${steps} steps later: "${await progress()}"`);
  });
  expectEqual(warnings.filter((w) => w.includes('second worker failed')).join(' | '), '', 'no worker given up');
}

/** Runs on two splits show each one's split; a run that sees the truth
 * is a reference, and bold marks the best of the others. */
async function splitsAndReferencesInTheTable({ page }) {
  await chooseOption(page, 'learner', 'biased PU');
  await setField(page, 'optim.epochs', '1');
  await setField(page, 'split.rho', '0.7');
  await trainToDone(page, COMPARISON_MS);
  await setField(page, 'split.rho', '0.3');
  await trainToDone(page, COMPARISON_MS);
  await page.locator('#compare-run-1').check();
  await page.locator('#compare-run-2').check();
  const heads = (await page.locator('#compare-table thead th').allTextContents()).map((t) => t.trim());
  expectEqual(heads.join(' | '), 'Model | Split | ROC-AUC | Acc | PR-AUC', 'columns of runs on two splits');
  const splits = (await page.locator('#compare-table td.split').allTextContents()).map((t) => t.trim());
  expect(splits[0].includes('ρ\u00a0=\u00a00.7') && splits[1].includes('ρ\u00a0=\u00a00.3'), `the Split column: ${splits}`);

  await chooseOption(page, 'learner', 'optimal PN');
  await trainToDone(page, COMPARISON_MS);
  await page.locator('#compare-run-1').uncheck();
  await page.locator('#compare-run-3').check();
  expectEqual(await page.locator('#compare-table thead th').count(), 4, 'no Split column on one split');
  expectEqual(await page.locator('#compare-table tr.reference').count(), 1, 'optimal PN is the reference');
  expectEqual(await page.locator('#compare-table tr.reference td.best').count(), 0, 'no bold on the reference');
  expectEqual(await page.locator('#compare-table tbody tr:not(.reference) td.best').count(), 3, 'bold on biased PU');
  const note = (await page.locator('#compare-reference').textContent()).trim();
  expect(note.startsWith('In italics, optimal PN: it sees what PU data hides'), `the reference note: ${note}`);
}

export const comparisonTests = [
  { name: 'learners: the select, its hint and the comparison follow the CLI\'s learner table', mode: 'cpu', run: pageListsTheLearnerTable },
  { name: 'comparison: two learners on one split fill the table', mode: 'cpu', run: twoLearnersFillTheTable },
  { name: 'comparison: runs on two splits show their splits; optimal PN is a reference, not bold', mode: 'cpu', run: splitsAndReferencesInTheTable },
  { name: 'auto: its candidates ranked on PU data, the mean of the first three kept, one candidate keepable', mode: 'cpu', run: autoRanksItsCandidates },
  { name: 'auto on few labeled validation rows: the mean of every candidate, and why', mode: 'cpu', run: autoAveragesEveryCandidateOnFewLabeledRows },
  { name: 'auto with a validation share of 0: the mean of every candidate at its last epoch, and why', mode: 'cpu', run: autoWithoutValidationAveragesEveryCandidate },
  { name: 'auto without a truth column: the recall on held-out positives, the mean\'s PU-only figures, and the comparison by them', mode: 'cpu', run: autoWithoutTruthShowsRecall },
  { name: 'auto on a CSV file, stopped while its members train again: the mean of the candidates, with only finished refits', mode: 'cpu', run: autoStoppedWhileMembersTrainAgain },
  { name: 'auto on a CSV file, stopped while its candidates train: those trained are ranked, no member trains again', mode: 'cpu', run: autoStoppedWhileCandidatesTrain },
  { name: 'auto on two cores, stopped while its members train again in two workers: then Train trains and refits again', mode: 'cpu', run: autoStoppedWhileMembersTrainAgainInTwoWorkers },
  { name: 'auto on a file too small for RankPruning: it is left out, the caption says why, the others are kept', mode: 'cpu', run: autoLeavesOutACandidateThatCannotTrain },
  { name: 'auto on two cores: two workers, the same leaderboard as one, on the demo and a CSV file', mode: 'cpu', run: autoInTwoWorkersKeepsWhatOneKeeps },
  { name: "auto on two cores: a hung second worker's candidate trains in the live worker", mode: 'cpu', run: hungSecondWorkerHandsItsRunBack },
  { name: 'auto on two cores: a Step through the live candidate\'s end while paused leaves no worker paused', mode: 'cpu', run: stepThroughTheEndResumesTheSecondWorker },
  { name: 'export: the trained model is read by policypu predict', mode: 'cpu', run: exportedModelIsReadByPredict },
];
