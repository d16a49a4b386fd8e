// Bring your own CSV: every shipped example uploads and trains to the end
// (with the scatter of U drawn); malformed files show the reader's error
// with row and column, the form keeps its settings, and fixing one choice
// is enough; a CSV link can carry the file and reproduce the run.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  byId,
  chooseOption,
  clickButton,
  downloadText,
  fieldValue,
  openApp,
  readStatus,
  waitForReady,
  readDataValue,
  setField,
  sleep,
  waitForStatus,
  waitUntil,
} from './app.mjs';
import { expect, expectAbove, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EXAMPLES = resolve(ROOT, 'public/examples');
const FIXTURES = resolve(ROOT, 'tests/e2e/fixtures');
const CSV_RUN_MS = 3 * 60_000;

/** Switch the data source to CSV: the learner becomes auto, the page's
 * default for CSV files; then choose `learner` (these tests are about the
 * CSV path, and one learner trains faster than auto's candidates). */
export async function chooseCsvSource(page, learner = 'policyPU_weighter') {
  await chooseOption(page, 'dataset', 'Your CSV file');
  const chosen = await page.locator('#learner option:checked').textContent();
  expectEqual(chosen.trim(), 'auto (chosen on PU data)', 'the learner a CSV file gets by default');
  await chooseOption(page, 'learner', learner);
}

/** Switch the data source to CSV and upload `path` through the file input. */
export async function uploadCsv(page, path) {
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles(path);
  const name = path.split('/').pop();
  await page.locator(`#csv-file:has-text("${name}")`).waitFor({ timeout: 10_000 });
}

/** Wait for the reader's verdict: { ok, text } from #csv-summary or #csv-error. */
async function csvVerdict(page, want) {
  return waitUntil(
    `the CSV ${want ? 'to read' : 'error'}`,
    async () => {
      const ok = page.locator('#csv-summary');
      const error = page.locator('#csv-error');
      if (want && (await ok.count())) return { ok: true, text: await ok.textContent() };
      if (!want && (await error.count())) return { ok: false, text: await error.textContent() };
      return null;
    },
    {
      timeoutMs: 10_000,
      lastSeen: async () => (await page.locator('#csv-panel').textContent()).slice(0, 400),
    },
  );
}

/** A short run for the small example files: 20 epochs after 2 of pre-training. */
export async function setShortCsvRun(page) {
  await setField(page, 'optim.epochs', '20');
  await setField(page, 'policy.pretrain_epochs', '2');
}

/** Upload an example, check what the reader saw, train to the end, check the views. */
function exampleTest(file, { rows, delimiter, fewLabeled = false }) {
  return async ({ page, note }) => {
    await uploadCsv(page, resolve(EXAMPLES, file));
    const verdict = await csvVerdict(page, true);
    expect(verdict.text.includes(`${rows} rows`), `reader summary: ${verdict.text}`);
    const seen = await page.locator('#csv-delimiter').getAttribute('data-delimiter');
    expectEqual(seen, delimiter, 'detected separator');
    const separatorLine = await page.locator('#csv-delimiter').textContent();
    expectEqual(
      separatorLine.includes('a comma inside a number is its decimal mark'),
      delimiter !== 'comma',
      `decimal comma named beside a ${delimiter} separator: ${separatorLine}`,
    );
    await setShortCsvRun(page);
    const timing = await trainToDone(page, CSV_RUN_MS);
    const auc = await readDataValue(page, 'metric-roc-auc');
    note(`${file}: ${timing.epochs} epochs in ${timing.seconds.toFixed(1)} s, ROC-AUC ${auc}`);
    expectAbove(auc, 0.6, `${file} test ROC-AUC`);
    const points = Number(await page.locator('#unlabeled-scatter').getAttribute('data-points'));
    expectAbove(points, 10, 'points in the scatter of U');
    const marked = await page.locator('#unlabeled-scatter .point.positive').count();
    expectAbove(marked, 0, 'true positives marked by shape in the scatter');
    if (fewLabeled) {
      // Under 10 labeled validation rows at every seed: the choice is rough, and said so.
      const kept = (await page.locator('#kept').textContent()).trim();
      expect(/It was chosen on only \d labeled validation rows?, fewer than 10: a rough choice/.test(kept), `kept line: ${kept}`);
    }
  };
}

/** The "try an example" buttons load the file with its column choice. */
async function exampleButton({ page }) {
  await chooseCsvSource(page);
  await clickButton(page, 'example-2');
  await page.locator('#csv-file:has-text("two_moons.csv")').waitFor({ timeout: 10_000 });
  const verdict = await csvVerdict(page, true);
  expect(verdict.text.includes('600 rows') && verdict.text.includes('90 labeled'), `summary: ${verdict.text}`);
  expectEqual(await page.locator('#csv-labeled-value').inputValue(), 'yes', 'labeled value of two_moons');
  expect(
    (await page.locator('.privacy').textContent()).includes('Nothing is uploaded'),
    'the panel says that nothing is uploaded',
  );
}

/** A file of more rows than a run trains on: the run reads a sample of
 * them, says so, trains on it, and scoring the file reads every row. */
async function largeFileIsSampled({ page, note }) {
  const lines = ['a,b,labeled,y'];
  let state = 12345;
  const draw = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const noise = () => (draw() + draw() + draw() - 1.5) * 2;
  for (let i = 0; i < 60_000; i++) {
    const positive = draw() < 0.4;
    const a = (positive ? 1.5 : 0) + noise();
    const b = (positive ? 1 : 0) + noise();
    lines.push(`${a.toFixed(3)},${b.toFixed(3)},${positive && draw() < 0.3 ? 1 : 0},${positive ? 1 : 0}`);
  }
  await chooseCsvSource(page, 'biased PU');
  await page.locator('#csv-input').setInputFiles({ name: 'large.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  const verdict = await csvVerdict(page, true);
  note(verdict.text);
  expect(
    verdict.text.startsWith('Ready: 50000 rows')
      && verdict.text.includes('The file has 60000 data rows, more than the 50000 a run reads: a random sample of 50000 of them was read'),
    `summary: ${verdict.text}`,
  );
  await setField(page, 'optim.epochs', '1');
  await trainToDone(page, CSV_RUN_MS);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    clickButton(page, 'score-trained-file'),
  ]);
  const scored = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expectEqual(scored.length, 60_001, 'every row of the file scored, plus the header');
  expectEqual(scored[60_000].split(',')[0], '60000', 'the last row under its number');
  const result = (await page.locator('#score-csv-result').textContent()).trim();
  expect(result.startsWith('Scored 60000 rows of large.csv'), `result: ${result}`);
  // A file over the size limit: scoring says to split it, training to
  // sample it.
  const huge = { name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(33 * 1024 * 1024, 'a') };
  await page.locator('#score-csv-input').setInputFiles(huge);
  await page.locator('#score-csv-result.error').waitFor({ timeout: 30_000 });
  const split = (await page.locator('#score-csv-result').textContent()).trim();
  expect(split.startsWith('huge.csv: The file is 33.0 MiB, more than the limit of 32 MiB. Split it into smaller files'), `scoring refusal: ${split}`);
  await page.locator('#csv-input').setInputFiles(huge);
  const refused = await waitUntil('the panel to refuse the file', async () => {
    const text = (await page.locator('#csv-panel').textContent()).replace(/\s+/g, ' ');
    return text.includes('huge.csv: The file is 33.0 MiB') ? text : null;
  }, { timeoutMs: 30_000, lastSeen: async () => (await page.locator('#csv-panel').textContent()).slice(-400) });
  expect(refused.includes('Use a sample of its rows, or fewer columns.'), `training refusal: ${refused.slice(0, 600)}`);
}

/** After a CSV run, the file it trained on and others are scored in the page and the table downloaded. */
async function scoreAnotherCsv({ page, note }) {
  await chooseCsvSource(page);
  await clickButton(page, 'example-0');
  await csvVerdict(page, true);
  await setField(page, 'optim.epochs', '2');
  await setField(page, 'policy.pretrain_epochs', '1');
  await trainToDone(page, CSV_RUN_MS);
  // The file it trained on is scored in one click.
  const button = (await page.locator('#score-trained-file').textContent()).trim();
  expectEqual(button, 'Score every row of breast_cancer.csv', 'the button names the file');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    clickButton(page, 'score-trained-file'),
  ]);
  const name = download.suggestedFilename();
  expect(/^policypu-weighter-breast-cancer-seed1-scores-breast-cancer\.csv$/.test(name), `download name ${name}`);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expectEqual(lines[0], 'row,score,predicted', 'header of the scores');
  expectEqual(lines.length, 570, 'a line per row plus the header');
  const result = (await page.locator('#score-csv-result').textContent()).trim();
  note(result);
  expect(result.startsWith('Scored 569 rows of breast_cancer.csv') && result.includes('accuracy'), `result: ${result}`);
  expect(
    result.includes('No column\'s name marks it as the rows\' identifier')
      && result.includes('choose it under “Identifier column”'),
    `a file without an identifier: ${result}`,
  );
  expect(result.includes('This is the file the model was trained on: these figures include its training rows'), `the training file scored: ${result}`);
  // What was scored first, then the notes one to an item, each with its remedy.
  const headline = await page.locator('#score-csv-result > p').first().textContent();
  expect(headline.startsWith('Scored 569 rows') && headline.includes('accuracy') && !headline.includes('trained on'),
    `the headline alone: ${headline}`);
  const scoredNotes = await page.locator('#score-csv-notes li').allTextContents();
  expect(scoredNotes.some((n) => n.startsWith('This is the file the model was trained on'))
    && scoredNotes.some((n) => n.startsWith('No column\'s name marks it') && n.endsWith('choose it under “Identifier column”.')),
  `the notes, one to an item: ${JSON.stringify(scoredNotes)}`);
  // A file without the model's columns gets a message naming them.
  await page.locator('#score-csv-input').setInputFiles(resolve(EXAMPLES, 'two_moons.csv'));
  await page.locator('#score-csv-result.error').waitFor({ timeout: 30_000 });
  const refused = (await page.locator('#score-csv-result').textContent()).trim();
  expect(refused.includes('The model reads the feature columns'), `refusal: ${refused}`);
  // A file with a gap is refused as the run refused gaps; choosing to drop
  // those rows scores the same file again, naming each row by its number.
  const [header, first, ...rest] = (await readFile(resolve(EXAMPLES, 'breast_cancer.csv'), 'utf8')).trim().split('\n');
  const gappy = [header, first.replace(/^[^,]*/, ''), ...rest].join('\n');
  await page.locator('#score-csv-input').setInputFiles({ name: 'gappy.csv', mimeType: 'text/csv', buffer: Buffer.from(gappy) });
  await page.locator('#score-csv-result.error').waitFor({ timeout: 30_000 });
  const gapRefused = (await page.locator('#score-csv-result').textContent()).trim();
  expect(gapRefused.includes('under “Missing values”') || gapRefused.includes('under "Missing values"'), `gap refusal: ${gapRefused}`);
  expectEqual(await page.locator('#score-csv-missing').inputValue(), 'refuse', "the run's choice by default");
  const [dropped] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.locator('#score-csv-missing').selectOption('drop'),
  ]);
  const droppedLines = (await readFile(await dropped.path(), 'utf8')).trim().split('\n');
  expectEqual(droppedLines.length, 569, 'a line per row kept plus the header');
  expectEqual(droppedLines[1].split(',')[0], '2', "the first row kept is the file's second");
  const droppedNote = (await page.locator('#score-csv-result').textContent()).trim();
  note(droppedNote);
  expect(droppedNote.includes('Dropped 1 of 569 rows') && !droppedNote.includes('trained on'), `note: ${droppedNote}`);
  // The file's identifier column joins the scores to its rows, and a row
  // whose class is missing is scored but not measured.
  const withIds = [`Patient ID,${header}`, ...[first, ...rest].map((line, i) => `P${i + 1},${line}`)];
  withIds[2] = withIds[2].replace(/,[^,]*$/, ',');
  const [identified] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.locator('#score-csv-input').setInputFiles({ name: 'ids.csv', mimeType: 'text/csv', buffer: Buffer.from(withIds.join('\n')) }),
  ]);
  const idLines = (await readFile(await identified.path(), 'utf8')).trim().split('\n');
  expectEqual(idLines[0], 'row,Patient ID,score,predicted', 'header with the identifier column');
  expectEqual(idLines.length, 570, 'every row scored, the one without a class too');
  expect(idLines[2].startsWith('2,P2,'), `second row: ${idLines[2]}`);
  const idNote = (await page.locator('#score-csv-result').textContent()).trim();
  note(idNote);
  expect(
    idNote.includes('(568 rows)') && idNote.includes('1 row has no true class in column "malignant": it is scored')
      && idNote.includes('Each row has its "Patient ID" beside its number.') && !idNote.includes('identifier'),
    `note: ${idNote}`,
  );
  // Another identifier column, or none, scores the same file again.
  const guessed = (await page.locator('#score-csv-id option:checked').textContent()).trim();
  expectEqual(guessed, 'guessed from its name: Patient ID', 'the guess names the column it found');
  const idTableHeader = async (value) => {
    const [scored] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.locator('#score-csv-id').selectOption(value),
    ]);
    return (await readFile(await scored.path(), 'utf8')).split('\n')[0];
  };
  expectEqual(await idTableHeader('=mean_radius'), 'row,mean_radius,score,predicted', 'a chosen column is carried');
  expectEqual(await idTableHeader('none'), 'row,score,predicted', 'none carries no column');
  // The trained run lives only in this page: reloading asks first (the
  // harness accepts), and the reloaded page has no run to lose.
  expectEqual(page.leavingPrompts, 0, 'no prompt before leaving was asked yet');
  await page.reload();
  expectEqual(page.leavingPrompts, 1, 'the browser asked before reloading a page with a trained run');
  await page.reload();
  expectEqual(page.leavingPrompts, 1, 'nothing to lose after the reload: no prompt');
}

/**
 * Upload a malformed file with the seed changed first; see `expected` in
 * the reader's error after `choose`; `fix` one thing and see the file read,
 * with the seed kept and Train usable throughout.
 */
function malformedTest(file, { choose, expected, absent = [], fix }) {
  return async ({ page, note }) => {
    await setField(page, 'seed', '5');
    await uploadCsv(page, resolve(FIXTURES, file));
    await choose(page);
    const error = await csvVerdict(page, false);
    note(`${file}: ${error.text}`);
    for (const part of expected) expect(error.text.includes(part), `error should say ${part}: "${error.text}"`);
    for (const part of absent) expect(!error.text.includes(part), `error should not say ${part}: "${error.text}"`);
    expectEqual(await fieldValue(page, 'seed'), '5', 'the seed after the error');
    expect(await page.locator('#train:enabled').count() === 1, 'Train stays usable');
    const waiting = await readStatus(page);
    expect(waiting.error && waiting.text.includes('CSV file cannot be used'), `status while the file is refused: "${waiting.text}"`);
    await clickButton(page, 'train');
    const after = await readStatus(page);
    expect(after.error && !after.text.startsWith('Training'), `Train with a refused file must not start: "${after.text}"`);
    await fix(page);
    await csvVerdict(page, true);
    expectEqual(await fieldValue(page, 'seed'), '5', 'the seed after the fix');
    await waitForReady(page);
  };
}

/** The roles the fixtures' README asks for. */
async function fixtureRoles(page) {
  await page.locator('#csv-labeled').selectOption('labeled');
  await page.locator('#csv-truth').selectOption('truth');
}

/** A spreadsheet's export (a sep=; line, semicolons, decimal commas, CRLF) reads, and says how. */
async function spreadsheetExport({ page, note }) {
  await uploadCsv(page, resolve(FIXTURES, 'spreadsheet_export.csv'));
  await fixtureRoles(page);
  const verdict = await csvVerdict(page, true);
  note(verdict.text);
  expect(verdict.text.startsWith('Ready: 10 rows'), `summary: ${verdict.text}`);
  expect(
    verdict.text.includes('A comma was read as the decimal mark in 30 cells')
      && verdict.text.includes('the first, "1,21", as 1.21 (Line 3 (data row 1), column "length")'),
    `the decimal commas named: ${verdict.text}`,
  );
  const seen = await page.locator('#csv-delimiter').getAttribute('data-delimiter');
  expectEqual(seen, 'semicolon', 'the separator its sep= line names');
}

/**
 * A truth column of class names: the page takes the class every labeled row
 * holds as positive, points out a choice that makes the labeled rows negative,
 * refuses one that matches no row, and guesses again when the labeled rows
 * change, unless the user chose the value.
 */
async function classNames({ page, note }) {
  await uploadCsv(page, resolve(FIXTURES, 'class_names.csv'));
  const guessed = await csvVerdict(page, true);
  note(guessed.text);
  expectEqual(await page.locator('#csv-truth').inputValue(), 'diagnosis', 'the truth column, by its name');
  expectEqual(await page.locator('#csv-truth-value').inputValue(), 'malignant', 'the class of the labeled rows');
  expect(
    guessed.text.includes('truth known ("malignant" is positive): 5 positive, 5 negative'),
    `summary: ${guessed.text}`,
  );
  const truthValue = page.locator('#csv-truth-value');
  await truthValue.fill('benign');
  await truthValue.blur();
  await page.locator('#csv-summary:has-text("may name the wrong class")').waitFor({ timeout: 10_000 });
  const swapped = await csvVerdict(page, true);
  expect(
    swapped.text.includes('3 of the 3 labeled rows have a negative true class in column "diagnosis"'),
    `the swapped choice pointed out: ${swapped.text}`,
  );
  await truthValue.fill('cyst');
  await truthValue.blur();
  const refused = await csvVerdict(page, false);
  expect(refused.text.startsWith("No row's true class is positive"), `refused: ${refused.text}`);
  await page.locator('#csv-truth').selectOption('');
  expectEqual(await truthValue.count(), 0, 'no positive value without a truth column');
  await page.locator('#csv-truth').selectOption('diagnosis');
  expectEqual(await truthValue.inputValue(), 'malignant', 'the guess again on choosing the column');
  await csvVerdict(page, true);
  // A guessed value follows the labeled rows; a value the user typed stays.
  const labeledValue = page.locator('#csv-labeled-value');
  const markLabeled = async (value) => {
    await labeledValue.fill(value);
    await labeledValue.blur();
    await csvVerdict(page, true);
  };
  await markLabeled('0');
  expectEqual(await truthValue.inputValue(), 'benign', 'the guess redone for the rows marked 0');
  await markLabeled('');
  expectEqual(await truthValue.inputValue(), 'malignant', 'the guess redone for the rows marked 1');
  // A labeled value that marks no row guesses nothing; the next choice guesses again.
  await labeledValue.fill('x');
  await labeledValue.blur();
  await csvVerdict(page, false);
  expectEqual(await truthValue.inputValue(), '', 'no guess for a value that marks no row');
  await markLabeled('');
  expectEqual(await truthValue.inputValue(), 'malignant', 'the guess again after one that marked no row');
  await truthValue.fill('benign');
  await truthValue.blur();
  await markLabeled('1');
  expectEqual(await truthValue.inputValue(), 'benign', "the user's value kept, though the guess is malignant");
}

/** A CSV link with the data in it opens elsewhere and reproduces the first epoch. */
async function csvLinkCarriesTheFile({ page }) {
  await chooseCsvSource(page);
  await clickButton(page, 'example-1');
  await csvVerdict(page, true);
  await page.locator('#share-csv').check();
  await page.locator('#share-csv-note:has-text("carries the file")').waitFor({ timeout: 10_000 });
  await setShortCsvRun(page);
  await trainToDone(page, CSV_RUN_MS);
  const original = JSON.parse(await downloadText(page, 'export-epochs-json')).reports[0].test;

  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await clickButton(page, 'copy-link');
  await page.locator(`${byId('share-feedback')}:has-text("Link copied")`).waitFor({ timeout: 10_000 });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link.includes('data.kind=csv') && link.includes('&csv='), `copied link: ${link.slice(0, 200)}`);

  const other = await page.context().newPage();
  await openApp(other, link);
  await waitForStatus(other, 'Done.', CSV_RUN_MS);
  expect(
    (await other.locator('#csv-file').textContent()).includes('wine.csv'),
    'the opened page holds the file from the link, under its name',
  );
  const reproduced = JSON.parse(await downloadText(other, 'export-epochs-json')).reports[0].test;
  expectEqual(JSON.stringify(reproduced), JSON.stringify(original), 'first-epoch metrics of the CSV link');
  await other.close();
}

/** A link carrying the file keeps it in the address from the moment it
 * opens, so a reload at once (before the file is read again) keeps it. */
async function csvLinkKeepsTheFileInTheAddress({ page }) {
  await chooseCsvSource(page);
  await clickButton(page, 'example-1');
  await csvVerdict(page, true);
  await page.locator('#share-csv').check();
  await page.waitForFunction(() => location.hash.includes('&csv='), null, { timeout: 10_000 });
  const link = page.url();
  const other = await page.context().newPage();
  // Every address the page writes, from its first script on.
  await other.addInitScript(() => {
    window.writtenAddresses = [];
    const replace = history.replaceState.bind(history);
    history.replaceState = (state, title, url) => {
      window.writtenAddresses.push(String(url));
      return replace(state, title, url);
    };
  });
  await openApp(other, link);
  await other.locator('#csv-file:has-text("wine.csv")').waitFor({ timeout: 10_000 });
  const written = await other.evaluate(() => window.writtenAddresses);
  const lost = written.filter((url) => !url.includes('&csv=') || !url.includes('wine'));
  expect(written.length > 0 && lost.length === 0,
    `${lost.length} of ${written.length} addresses written lack the file or its name: ${lost.map((u) => u.slice(0, 120)).join(' | ')}`);
  await other.close();
}

/** Copy link with the file left out says the receiver must load the same
 * file, and offers to load it where the page ships it. */
async function linkWithoutTheFileSaysSo({ page }) {
  await chooseCsvSource(page);
  await clickButton(page, 'example-1');
  await csvVerdict(page, true);
  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await clickButton(page, 'copy-link');
  const feedback = page.locator(byId('share-feedback'));
  await page.locator(`${byId('share-feedback')}:has-text("Link copied")`).waitFor({ timeout: 10_000 });
  const text = await feedback.textContent();
  expect(text.includes('not the CSV file') && text.includes('must load'), `feedback: "${text}"`);
  expect(!text.includes('reproduces this run'), `feedback must not promise a reproduction: "${text}"`);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // What was said on copying goes once a setting changes.
  await setField(page, 'seed', '7');
  await waitUntil('the copy feedback to clear', async () => ((await feedback.textContent()).trim() === '' ? true : null),
    { timeoutMs: 5_000 });
  // Opened, then given another file: the notice says so, and no longer
  // promises the shared run.
  const other = await page.context().newPage();
  await openApp(other, link);
  await other.locator('#link-notice').waitFor({ timeout: 10_000 });
  await other.locator('#csv-input').setInputFiles(roleFile('other.csv', 40, (i) => i / 10, (l) => (l ? 1 : 0)));
  await other.locator('#csv-file:has-text("other.csv")').waitFor({ timeout: 10_000 });
  const notice = (await other.locator('#link-notice').textContent()).trim();
  expect(notice.includes('This link was made on “wine.csv”, and you loaded “other.csv”'), `notice: ${notice}`);
  expect(!notice.includes('reproduces a run someone shared'), `notice must not promise the shared run: ${notice}`);
  await other.close();
  // The file it awaits is one the page ships: one press loads it.
  const third = await page.context().newPage();
  await openApp(third, link);
  await third.locator('#load-awaited-example').click();
  await third.locator('#csv-file:has-text("wine.csv")').waitFor({ timeout: 10_000 });
  const loaded = await csvVerdict(third, true);
  expect(loaded.text.includes('178 rows'), `summary of the example loaded: ${loaded.text}`);
  expectEqual(await third.locator('#load-awaited-example').count(), 0, 'the button goes once the file is loaded');
  await third.close();
}

/** A link keeps the roles it gives for its file, even the default ones a
 * guess would change: here the user took the truth column away, so the
 * run trained on it as a feature, and so must the link's. */
async function linkKeepsItsRoles({ page }) {
  const summary = (on, text) => on.locator(`#csv-summary:has-text("${text}")`).waitFor({ timeout: 10_000 });
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles(roleFile('roles.csv', 40, (i) => i / 10, (l) => (l ? 1 : 0)));
  await summary(page, '7 labeled positives, 33 unlabeled, 2 features');
  expectEqual(await page.locator('#csv-truth').inputValue(), 'y', 'the guessed truth column');
  await page.locator('#csv-truth').selectOption('');
  // y, named as a truth column, stays out of the features.
  await summary(page, '2 features; no truth column');
  await page.locator('#share-csv').check();
  await page.locator('#share-csv-note:has-text("carries the file")').waitFor({ timeout: 10_000 });
  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await clickButton(page, 'copy-link');
  await page.locator(`${byId('share-feedback')}:has-text("Link copied")`).waitFor({ timeout: 10_000 });
  const link = await page.evaluate(() => navigator.clipboard.readText());

  const other = await page.context().newPage();
  await openApp(other, link);
  await other.locator('#csv-file:has-text("roles.csv")').waitFor({ timeout: 10_000 });
  await summary(other, '7 labeled positives, 33 unlabeled');
  // Give a late guess its chance to change the roles.
  await sleep(1_000);
  expectEqual(await other.locator('#csv-truth').inputValue(), '', 'the link\'s truth column: none');
  const text = await other.locator('#csv-summary').textContent();
  expect(text.includes('2 features; no truth column'), `the link's features, a and b: "${text}"`);
  await other.close();

  // A settings-only link opened where a file is loaded but image data
  // chosen: the loaded file takes the link's roles, not a fresh guess, and
  // a notice says the link was made on another file.
  await page.locator('#share-csv').uncheck();
  await clickButton(page, 'copy-link');
  await page.locator(`${byId('share-feedback')}:has-text("not the CSV file")`).waitFor({ timeout: 10_000 });
  const settingsOnly = await page.evaluate(() => navigator.clipboard.readText());
  const third = await page.context().newPage();
  await openApp(third, new URL(settingsOnly).origin + new URL(settingsOnly).pathname);
  await chooseCsvSource(third);
  await third.locator('#csv-input').setInputFiles(roleFile('renamed.csv', 40, (i) => i / 10, (l) => (l ? 1 : 0)));
  await summary(third, '2 features');
  expectEqual(await third.locator('#csv-truth').inputValue(), 'y', 'the guessed truth column, before the link');
  await chooseOption(third, 'dataset', 'MNIST');
  await third.evaluate((hash) => { window.location.hash = hash; }, new URL(settingsOnly).hash);
  // Give a late guess its chance to change the roles.
  await sleep(1_500);
  expectEqual(await third.locator('#csv-truth').inputValue(), '', 'the settings-only link\'s truth column on the loaded file: none');
  await summary(third, '2 features; no truth column');
  const notice = (await third.locator('#link-notice').textContent()).trim();
  expect(notice.includes('describes a run on “roles.csv”; it runs on the file loaded here, “renamed.csv”'), `the notice of another file: "${notice}"`);
  await third.close();
}

/** A column of numbers with a typo in one cell is left out of the
 * features with that cell located, not called a text column. */
async function strayCellIsLocated({ page }) {
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles(roleFile('typo.csv', 40, (i) => (i === 8 ? '1.2.3' : i / 10), (l) => (l ? 1 : 0)));
  await page.locator('#csv-summary:has-text("1 feature;")').waitFor({ timeout: 10_000 });
  const note = (await page.locator('#csv-text-columns').textContent()).trim();
  expectEqual(note, 'Column "b" is left out of the features: line 10 holds "1.2.3", not a finite number, '
    + 'though 39 of its 40 non-empty cells are numbers. Fix that cell, or empty it and choose what to do with missing values, '
    + 'to use the column.',
  'the note on a column of numbers with a stray cell');
  // Ticked, the column is no longer "left out": the reader's error names the cell.
  await page.locator('#csv-feature-1').check();
  await page.locator('#csv-error:has-text("1.2.3")').waitFor({ timeout: 10_000 });
  const refusal = (await page.locator('#csv-error').textContent()).trim();
  expect(refusal.includes('"1.2.3" is not a number, though 39 of the column\'s 40 cells are: fix it, or leave this column out of the features.'), `the ticked column's refusal: ${refusal}`);
  expectEqual(await page.locator('#csv-text-columns').count(), 0, 'no note calls the ticked column left out');
}

/** A CSV with header a,b,labeled,y of `rows` rows: b as `b(i)`, the
 * labeled column as `mark(i)` (rows 0, 3, 6… of the positives are labeled). */
function roleFile(name, rows, b, mark) {
  let text = 'a,b,labeled,y\n';
  for (let i = 0; i < rows; i += 1) {
    const positive = i % 2 === 0;
    text += `${positive ? 1 + (i % 7) / 10 : -1 - (i % 5) / 10},${b(i)},${mark(positive && i % 3 === 0)},${positive ? 1 : 0}\n`;
  }
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

async function newFileGuessesAgain({ page }) {
  const summary = (text) => page.locator(`#csv-summary:has-text("${text}")`).waitFor({ timeout: 10_000 });
  const featureB = page.locator('#csv-feature-1');
  const load = async (file) => {
    await page.locator('#csv-input').setInputFiles(file);
    await page.locator(`#csv-file:has-text("${file.name}")`).waitFor({ timeout: 10_000 });
  };
  await chooseCsvSource(page);
  // b holds text here, so the guess leaves it out.
  await load(roleFile('first.csv', 40, (i) => `${i}%`, (l) => (l ? 1 : 0)));
  await summary('1 feature;');
  expect(!(await featureB.isChecked()), 'b, holding text, left out');
  // Choosing what to do with missing values alone leaves the roles a guess.
  await page.locator('#csv-missing').selectOption('drop');
  // The same header, b numeric, and unlabeled rows left empty after the
  // first rows, which are all labeled: the guess is made again for this
  // file, and the empty cells read as unlabeled.
  const labeledFirst = (name, rows = 40) => {
    const file = roleFile(name, rows, (i) => i / 10, (l) => (l ? 1 : ''));
    const lines = file.buffer.toString().trim().split('\n');
    const [header, ...data] = lines;
    data.sort((x, y) => Number(y.split(',')[2] === '1') - Number(x.split(',')[2] === '1'));
    return { ...file, buffer: Buffer.from([header, ...data].join('\n') + '\n') };
  };
  await load(labeledFirst('second.csv'));
  await summary('7 labeled positives, 33 unlabeled, 2 features');
  expect(await featureB.isChecked(), 'b, now numbers, a feature again');
  expectEqual(await page.locator('#csv-labeled-value').inputValue(), '1', 'the value marking labeled rows');
  expectEqual(await page.locator('#csv-missing').inputValue(), 'drop', 'the missing-values choice kept');
  // A choice the user made stays for every next file with this header.
  await featureB.uncheck();
  await summary('1 feature;');
  // (Files of other rows: one with the same bytes changes no preview.)
  for (const [name, rows, counts] of [
    ['third.csv', 34, '6 labeled positives, 28 unlabeled'],
    ['fourth.csv', 46, '8 labeled positives, 38 unlabeled'],
  ]) {
    await load(labeledFirst(name, rows));
    await summary(`${counts}, 1 feature;`);
    expect(!(await featureB.isChecked()), `${name}: the feature the user left out stays out`);
  }
}

async function truthNamedStaysOut({ page }) {
  const featureY = page.locator('#csv-feature-3');
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles(roleFile('truth-none.csv', 40, (i) => i / 10, (l) => (l ? 1 : 0)));
  await page.locator('#csv-summary:has-text("2 features")').waitFor({ timeout: 10_000 });
  expectEqual(await page.locator('#csv-truth').inputValue(), 'y', 'y guessed as the truth');
  // No truth column: y, named as one, is not made a feature by the choice.
  await page.locator('#csv-truth').selectOption('');
  await page.locator('#csv-summary:has-text("2 features")').waitFor({ timeout: 10_000 });
  expect(!(await featureY.isChecked()), 'y left out of the features');
  const note = await page.locator('#csv-text-columns').textContent();
  expect(note.startsWith('Left out: "y" is named as truth columns usually are and holds the values'), `note: ${note}`);
  // Ticked by hand, it is a feature.
  await featureY.check();
  await page.locator('#csv-summary:has-text("3 features")').waitFor({ timeout: 10_000 });
}

/** A CSV of 40 rows with `header`, each row `row(i, positive, labeled)`
 * (rows 0, 3, 6… of the positives, the even rows, are labeled). */
function tableFile(name, header, row) {
  let text = `${header}\n`;
  for (let i = 0; i < 40; i += 1) {
    const positive = i % 2 === 0;
    text += `${row(i, positive, positive && i % 3 === 0)}\n`;
  }
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

/** The lists show the roles in use, whatever the user picked before; a
 * column taken for a role leaves the features ticked by hand; another
 * 0/1 column that could be the labeled one is named; and leaving the file
 * for an image subset and coming back keeps its roles, its missing-values
 * choice and its learner. */
async function rolesShownAsUsed({ page }) {
  const summary = (text) => page.locator(`#csv-summary:has-text("${text}")`).waitFor({ timeout: 10_000 });
  const labeledShown = () => page.locator('#csv-labeled').inputValue();
  const load = async (file) => {
    await page.locator('#csv-input').setInputFiles(file);
    await page.locator(`#csv-file:has-text("${file.name}")`).waitFor({ timeout: 10_000 });
  };
  const customers = tableFile('customers.csv', 'customer_id,age,income,labeled,churned',
    (i, positive, labeled) => `C${1000 + i},${30 + (i % 17)},${positive ? 2 + (i % 5) : 1 + (i % 3)},${labeled ? 1 : 0},${positive ? 1 : 0}`);
  // is_buyer leaves unlabeled rows empty; promo is a 0/1 feature.
  const buyers = tableFile('buyers.csv', 'age,income,promo,spend,is_buyer,y_true',
    (i, positive, labeled) => `${30 + (i % 13)},${positive ? 3 + (i % 4) : 1 + (i % 3)},${i % 5 === 0 ? 1 : 0},${positive ? 5 + (i % 4) : 2 + (i % 3)}.5,${labeled ? 1 : ''},${positive ? 1 : 0}`);
  // Load `file`: its 7 labeled positives are counted from `column`, which the list shows.
  const loadShows = async (file, column, when) => {
    await load(file);
    await summary('7 labeled positives');
    expectEqual(await labeledShown(), column, `the labeled column of ${file.name} ${when}`);
  };
  await chooseCsvSource(page);
  await loadShows(customers, 'labeled', 'at first');
  await loadShows(buyers, 'is_buyer', 'at first');
  // The list picked by hand, then other files: it shows what is in use.
  await page.locator('#csv-labeled').selectOption('spend');
  await page.locator('#csv-labeled').selectOption('is_buyer');
  await loadShows(customers, 'labeled', 'again');
  await loadShows(buyers, 'is_buyer', 'again');
  const text = await page.locator('#csv-summary').textContent();
  expect(text.includes('"promo" also holds two values: if it marks the labeled rows rather than "is_buyer", choose it as the labeled column.'),
    `the other 0/1 column named: ${text}`);
  // Features ticked by hand, then a ticked one taken as the labeled column.
  await page.locator('#csv-feature-0').uncheck();
  await page.locator('#csv-feature-0').check();
  await page.locator('#csv-labeled').selectOption('promo');
  await summary('8 labeled positives');
  expect(!(await page.locator('#csv-feature-2').isChecked()), 'promo, now the labeled column, is no feature');
  await page.locator('#csv-labeled').selectOption('is_buyer');
  await summary('7 labeled positives');
  // Every feature off, then every numeric one on, in one click each.
  await clickButton(page, 'csv-features-none');
  const none = await csvVerdict(page, false);
  expect(none.text.includes('feature'), `no feature ticked: ${none.text}`);
  await clickButton(page, 'csv-features-numeric');
  await summary('7 labeled positives');
  for (const i of [0, 1, 2, 3]) expect(await page.locator(`#csv-feature-${i}`).isChecked(), `numeric column ${i} ticked`);
  // Away to an image subset and back: the file's choices stay.
  await page.locator('#csv-missing').selectOption('mean');
  await chooseOption(page, 'learner', 'VPU');
  await chooseOption(page, 'dataset', 'MNIST');
  await chooseOption(page, 'dataset', 'Your CSV file');
  await summary('7 labeled positives');
  expectEqual(await labeledShown(), 'is_buyer', 'the labeled column after MNIST and back');
  expectEqual(await page.locator('#csv-missing').inputValue(), 'mean', 'the missing-values choice after MNIST and back');
  expectEqual((await page.locator('#learner option:checked').textContent()).trim(), 'VPU', 'the learner after MNIST and back');
}

/** A reload keeps the roles only for the file they were chosen for: the
 * next file of another name gets a fresh guess, and the notice goes. */
async function reloadedRolesStayWithTheirFile({ page }) {
  const summary = (text) => page.locator(`#csv-summary:has-text("${text}")`).waitFor({ timeout: 10_000 });
  await chooseCsvSource(page);
  // Reloaded before any file: the address holds the default roles, which
  // are no choice, so the first file's roles are guessed.
  await page.reload();
  await page.locator('#link-notice').waitFor({ timeout: 10_000 });
  await page.locator('#csv-input').setInputFiles(roleFile('chosen.csv', 40, (i) => i / 10, (l) => (l ? 1 : 0)));
  await summary('2 features');
  expectEqual(await page.locator('#csv-truth').inputValue(), 'y', 'the truth column guessed after a reload');
  // The user takes the truth column away: a choice, for this file.
  await page.locator('#csv-truth').selectOption('');
  await summary('2 features; no truth column');
  await page.reload();
  await page.locator('#link-notice').waitFor({ timeout: 10_000 });
  const notice = (await page.locator('#link-notice').textContent()).trim();
  expect(notice.includes('load “chosen.csv” (its column choices are set for it)'), `notice: "${notice}"`);
  expect(notice.startsWith('After the reload:The page was reloaded, which keeps its settings but not its file'), `a reload is not called a link: "${notice}"`);
  await page.locator('#csv-input').setInputFiles(roleFile('other.csv', 40, (i) => i / 10, (l) => (l ? 1 : 0)));
  await summary('2 features');
  expectEqual(await page.locator('#csv-truth').inputValue(), 'y', 'another file: the truth column guessed again');
  expectEqual(await page.locator('#link-notice').count(), 0, 'the notice goes once a file is loaded');
}

/** Without a truth column, the comparison offers only what can run on it,
 * and after a run, loading another file says the results are of the run before. */
async function compareWithoutTruthAndStaleResults({ page }) {
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles(roleFile('plain.csv', 60, (i) => i / 10, (l) => (l ? 1 : 0)));
  await page.locator('#csv-truth').selectOption('');
  await page.locator('#csv-summary:has-text("no truth column")').waitFor({ timeout: 10_000 });
  await setField(page, 'optim.epochs', '2');
  await setField(page, 'policy.pretrain_epochs', '1');
  await page.locator('#compare-controls summary').click();
  const needs = (await page.locator('#compare-needs-truth').textContent()).trim();
  expect(needs.includes('optimal PN') && needs.includes('nnPU (true π)'), `learners left out: "${needs}"`);
  const disabled = await page.locator('#compare-controls input[type=checkbox]:disabled').count();
  expectEqual(disabled, 3, 'optimal PN, nnPU and uPU (true π) cannot be ticked');
  await clickButton(page, 'compare-run');
  await waitUntil(
    'three rows in the comparison table',
    async () => {
      if (await page.locator('#status.error').count()) throw new Error((await readStatus(page)).text);
      return (await page.locator('#compare-table tbody tr').count()) === 3;
    },
    { timeoutMs: CSV_RUN_MS * 3, everyMs: 1000, lastSeen: async () => (await readStatus(page)).text },
  );
  await waitForStatus(page, 'Done.', CSV_RUN_MS);
  await page.locator('#csv-input').setInputFiles(roleFile('next.csv', 50, (i) => i / 10, (l) => (l ? 1 : 0)));
  await page.locator('#csv-file:has-text("next.csv")').waitFor({ timeout: 10_000 });
  const { text: status } = await readStatus(page);
  expect(status.includes('have changed since'), `the status says the results are of the run before: "${status}"`);
}

/** A chosen file of 5,000 rows: the page says it is reading it (the file's
 * name and size) before it reads, and says so no more once the reader's
 * verdict shows; a MutationObserver records the order. */
async function readingIsSaidFirst({ page }) {
  let text = 'a,b,c,d,labeled\n';
  for (let i = 0; i < 5000; i += 1) text += `${i % 7}.5,${(i * 13) % 11}.25,${(i * 7) % 5}.125,${i % 3}.75,${i % 4 === 0 ? 1 : 0}\n`;
  await chooseCsvSource(page);
  await page.evaluate(() => {
    window.shownAt = {};
    window.readingText = null;
    new MutationObserver(() => {
      for (const id of ['csv-reading', 'csv-summary']) {
        const element = document.getElementById(id);
        if (window.shownAt[id] === undefined && element) {
          window.shownAt[id] = performance.now();
          if (id === 'csv-reading') window.readingText = element.textContent;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.locator('#csv-input').setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await csvVerdict(page, true);
  const { shownAt, readingText } = await page.evaluate(() => ({ shownAt: window.shownAt, readingText: window.readingText }));
  expect(shownAt['csv-reading'] !== undefined && shownAt['csv-reading'] < shownAt['csv-summary'],
    `"Reading …" shown before the verdict: ${JSON.stringify(shownAt)}`);
  expect(/^Reading rows\.csv \([0-9.]+ [kM]B\)…$/.test(readingText), `the message names the file and its size: ${readingText}`);
  expectEqual(await page.locator('#csv-reading').count(), 0, '"Reading …" once the verdict shows');
}

/** A file as pandas writes it from a spreadsheet's table: an unnamed index
 * column and prices with commas grouping thousands. The index is left out
 * with its reason, the prices are numbers, and ticking the index uses it. */
async function pandasIndexAndThousands({ page }) {
  let text = ',price,x,labeled,y\n';
  for (let i = 0; i < 40; i += 1) {
    const positive = i % 2 === 0;
    text += `${i},"${positive ? 2 : 1},${String(100 + i).padStart(3, '0')}.5",${positive ? 1 : -1}.${i % 7},${positive && i % 3 === 0 ? 1 : 0},${positive ? 1 : 0}\n`;
  }
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles({ name: 'pandas.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  const { text: summary } = await csvVerdict(page, true);
  expect(summary.includes('40 rows, 7 labeled positives, 33 unlabeled, 2 features;'), `summary: ${summary}`);
  expect(summary.includes('Commas were read as grouping thousands in 40 cells'), `summary: ${summary}`);
  const note = (await page.locator('#csv-text-columns').textContent()).trim();
  expect(note.startsWith('Left out: "(column 1)" has no name in the header, so it looks like the row index'), `note: ${note}`);
  expect(!(await page.locator('#csv-feature-0').isChecked()), 'the index is not ticked');
  await page.locator('#csv-feature-0').check();
  await page.locator('#csv-summary:has-text("3 features;")').waitFor({ timeout: 10_000 });
  expectEqual(await page.locator('#csv-text-columns').count(), 0, 'no note once the index is ticked');
}

/** A file as Excel writes it in Germany ("CSV UTF-8"): a byte order mark,
 * an accented name, semicolons, decimal commas, points grouping thousands
 * and euro amounts. It reads, with its names, and says how. The same table
 * in Windows-1252 (Excel's plain "CSV") reads the same, and says so; in
 * UTF-16 with tabs (Excel's "Unicode Text") it reads the same too. Its euro
 * amounts, left out at first, read as numbers once ticked. */
async function germanExcelExport({ page }) {
  const lines = ['Temp\u00e9rature;Betrag;Preis;labeled;y'];
  for (let i = 0; i < 40; i += 1) {
    const positive = i % 2 === 0;
    lines.push(`${positive ? 21 : 18},${i % 10};${positive ? 2 : 1}.${String(100 + i).padStart(3, '0')},5;${i + 1},50 \u20ac;${positive && i % 3 === 0 ? 1 : 0};${positive ? 1 : 0}`);
  }
  const text = lines.join('\r\n') + '\r\n';
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles({ name: 'excel.csv', mimeType: 'text/csv', buffer: Buffer.from('\ufeff' + text) });
  const { text: summary } = await csvVerdict(page, true);
  for (const part of ['40 rows, 7 labeled positives, 33 unlabeled, 2 features;',
    'Points were read as grouping thousands in 40 cells']) {
    expect(summary.includes(part), `summary has "${part}": ${summary}`);
  }
  // The headline, then the reader's notes one to an item.
  const headline = await page.locator('#csv-summary > p').first().textContent();
  expect(headline.startsWith('Ready: 40 rows') && headline.endsWith('truth known: 20 positive, 20 negative.'),
    `the headline alone: ${headline}`);
  const notes = await page.locator('#csv-reader-notes li').allTextContents();
  expect(notes.length === 2 && notes[0].startsWith('Columns are separated by semicolons')
    && notes[1].startsWith('A comma was read as the decimal mark') && notes[1].includes('Points were read as grouping thousands'),
  `the reader's notes, one to an item: ${JSON.stringify(notes)}`);
  // The headline in the status green, the notes in the text colour.
  const colours = await page.evaluate(() => [document.querySelector('#csv-summary > p'), document.querySelector('#csv-reader-notes')]
    .map((element) => getComputedStyle(element).color));
  expect(colours[0] === 'rgb(27, 107, 58)' && colours[1] === 'rgb(29, 35, 48)', `headline and notes colours: ${colours}`);
  const note = (await page.locator('#csv-text-columns').textContent()).trim();
  expect(note.startsWith('Left out: "Preis" holds amounts with a currency sign, such as "1,50 \u20ac"'), `note: ${note}`);
  expect((await page.locator('.features').textContent()).includes('Temp\u00e9rature'), 'the accented name is read');
  // Excel's plain "CSV" on the same machine writes Windows-1252: é is 0xE9,
  // € is 0x80. It reads the same, and says how.
  const ansi = Buffer.from([...text].map((c) => (c === '\u20ac' ? 0x80 : c.charCodeAt(0))));
  await page.locator('#csv-input').setInputFiles({ name: 'ansi.csv', mimeType: 'text/csv', buffer: ansi });
  await page.locator('#csv-summary:has-text("read as Windows-1252")').waitFor({ timeout: 10_000 });
  const { text: ansiSummary } = await csvVerdict(page, true);
  expect(ansiSummary.includes('40 rows, 7 labeled positives, 33 unlabeled, 2 features;'), `summary: ${ansiSummary}`);
  const ansiNote = (await page.locator('#csv-text-columns').textContent()).trim();
  expect(ansiNote.startsWith('Left out: "Preis" holds amounts with a currency sign, such as "1,50 \u20ac"'), `note: ${ansiNote}`);
  expect((await page.locator('.features').textContent()).includes('Temp\u00e9rature'), 'the accented name is read from Windows-1252');
  // Excel's "Unicode Text" (a .txt file): UTF-16 with its byte order mark,
  // tabs between the fields. It reads the same.
  const unicode = Buffer.from('\ufeff' + text.replaceAll(';', '\t'), 'utf16le');
  await page.locator('#csv-input').setInputFiles({ name: 'unicode.txt', mimeType: 'text/plain', buffer: unicode });
  await page.locator('#csv-panel:has-text("Separator: tab")').waitFor({ timeout: 10_000 });
  const { text: unicodeSummary } = await csvVerdict(page, true);
  expect(unicodeSummary.includes('40 rows, 7 labeled positives, 33 unlabeled, 2 features;'), `summary: ${unicodeSummary}`);
  expect(!unicodeSummary.includes('Windows-1252'), `UTF-16 is not read as Windows-1252: ${unicodeSummary}`);
  expect((await page.locator('.features').textContent()).includes('Temp\u00e9rature'), 'the accented name is read from UTF-16');
  // Ticked, the euro amounts read as numbers without their sign, said so;
  // the note no longer calls the column left out.
  await page.locator('#csv-feature-2').check();
  await page.locator('#csv-summary:has-text("3 features")').waitFor({ timeout: 10_000 });
  const { text: amounts } = await csvVerdict(page, true);
  const said = 'Currency signs were left out of 40 cells of feature columns, each read as its number: the first, "1,50 \u20ac", as 1.5';
  expect(amounts.includes(said), `summary: ${amounts}`);
  const left = await page.locator('#csv-text-columns').count() ? await page.locator('#csv-text-columns').textContent() : '';
  expect(!left.includes('Preis'), `note: ${left}`);
}

/** Columns of a few words (a region, a smoker's yes or no) are left out
 * with how to use them; ticked, each word becomes a 0/1 input, said so, the
 * run trains, and scoring a file with a region the model never saw says so. */
async function categoriesOnceTicked({ page, note }) {
  const regions = ['north', 'south', 'east', 'west'];
  const lines = ['age,region,smoker,county,labeled,truth'];
  for (let i = 0; i < 80; i += 1) {
    const positive = i % 2 === 0;
    const smoker = positive === (i % 5 !== 1) ? 'yes' : 'no';
    lines.push(`${30 + (i % 17)},${regions[i % 4]},${smoker},county${i % 16},${positive && i % 4 === 0 ? 1 : 0},${positive ? 1 : 0}`);
  }
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles({ name: 'patients.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
  const { text: before } = await csvVerdict(page, true);
  expect(before.includes('1 feature;'), `only age by default: ${before}`);
  const kinds = await page.locator('#csv-preview th .kind').allTextContents();
  expectEqual(kinds.join(' '), 'number categories flag categories flag flag', 'the preview names the columns of words');
  const left = (await page.locator('#csv-text-columns').textContent()).trim();
  for (const part of ['Left out: "region" holds the categories "north", "south", "east", "west": choose it as a feature to give each its own 0/1 input.',
    'Left out: "smoker" holds the words "yes", "no": choose it as a feature to give each its own 0/1 input',
    'Left out: "county" holds 16 categories, such as "county0": choose it as a feature to give each its own 0/1 input.']) {
    expect(left.includes(part), `note has "${part}": ${left}`);
  }
  await page.locator('#csv-feature-1').check();
  await page.locator('#csv-feature-2').check();
  await page.locator('#csv-feature-3').check();
  await page.locator('#csv-summary:has-text("4 feature columns (23 inputs)")').waitFor({ timeout: 10_000 });
  const { text: after } = await csvVerdict(page, true);
  note(after);
  expect(after.includes('Column "region" was read as 4 categories, each its own 0/1 input: "east", "north", "south", "west".'), `summary: ${after}`);
  expect(after.includes('Column "county" was read as 16 categories'), `summary: ${after}`);
  expect(!(await page.locator('#csv-text-columns').count()), 'no column is left out once all are ticked');
  await setField(page, 'optim.epochs', '2');
  await setField(page, 'policy.pretrain_epochs', '1');
  await trainToDone(page, CSV_RUN_MS);
  const unseen = ['age,region,smoker,county', '40,central,yes,county3', '35,north,no,county7'].join('\n');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.locator('#score-csv-input').setInputFiles({ name: 'new.csv', mimeType: 'text/csv', buffer: Buffer.from(unseen) }),
  ]);
  const scores = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expectEqual(scores.length, 3, 'a line per row plus the header');
  const result = (await page.locator('#score-csv-result').textContent()).trim();
  note(result);
  expect(result.includes('Column "region" holds a value the model was not trained on in 1 cell (the first, "central"'), `result: ${result}`);
}

/** A column of durations as pandas writes them is named "durations" in
 * the preview, with how to use it; ticked, it reads as hours, said so. */
async function pandasDurationsOnceTicked({ page }) {
  const lines = [',wait,age,labeled'];
  for (let i = 0; i < 40; i += 1) {
    const positive = i % 2 === 0;
    lines.push(`${i},0 days ${String(i % 24).padStart(2, '0')}:${positive ? '30' : '00'}:00,${30 + (i % 17)},${positive && i % 4 === 0 ? 1 : 0}`);
  }
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles({ name: 'waits.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
  const { text: before } = await csvVerdict(page, true);
  expect(before.includes('1 feature;'), `only age by default: ${before}`);
  const kinds = await page.locator('#csv-preview th .kind').allTextContents();
  expectEqual(kinds.join(' '), 'number durations number flag', 'the preview names the column of durations');
  const left = (await page.locator('#csv-text-columns').textContent()).trim();
  expect(left.includes('"wait" holds durations or times of day, such as "0 days 00:30:00": choose it as a feature to read each as its hours (a time of day as its hours since midnight).'), `note: ${left}`);
  await page.locator('#csv-feature-1').check();
  await page.locator('#csv-summary:has-text("2 features")').waitFor({ timeout: 10_000 });
  const { text: after } = await csvVerdict(page, true);
  expect(after.includes('Durations and times of day were read as their hours in 40 cells of feature columns: the first, "0 days 00:30:00", as 0.5 (Line 2 (data row 1), column "wait").'), `summary: ${after}`);
}

/** A column of dates written day first is named "dates" in the preview,
 * with how to use it; ticked, it reads as days since 1970-01-01, said so, the
 * run trains, and scoring reads a file's dates in the model's order: one
 * the order rules out is located. */
async function dayFirstDatesOnceTicked({ page, note }) {
  const lines = ['visit,age,labeled,truth'];
  for (let i = 0; i < 80; i += 1) {
    const positive = i % 2 === 0;
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (i % 12)).padStart(2, '0');
    lines.push(`${day}/${month}/${positive ? 2023 : 2022},${30 + (i % 17)},${positive && i % 4 === 0 ? 1 : 0},${positive ? 1 : 0}`);
  }
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles({ name: 'visits.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
  const { text: before } = await csvVerdict(page, true);
  expect(before.includes('1 feature;'), `only age by default: ${before}`);
  const kinds = await page.locator('#csv-preview th .kind').allTextContents();
  expectEqual(kinds.join(' '), 'dates number flag flag', 'the preview names the column of dates');
  const left = (await page.locator('#csv-text-columns').textContent()).trim();
  expect(left.includes('Left out: "visit" holds dates written day first (day/month/year), as "13/01/2023" shows, such as "01/01/2023": choose it as a feature to read each as its days since 1970-01-01.'), `note: ${left}`);
  await page.locator('#csv-feature-0').check();
  await page.locator('#csv-summary:has-text("2 features")').waitFor({ timeout: 10_000 });
  const { text: after } = await csvVerdict(page, true);
  note(after);
  expect(after.includes('Column "visit" was read as dates written day first (day/month/year), as a first part past 12 shows, each as its days since 1970-01-01.'), `summary: ${after}`);
  await setField(page, 'optim.epochs', '2');
  await setField(page, 'policy.pretrain_epochs', '1');
  await trainToDone(page, CSV_RUN_MS);
  const later = ['visit,age', '13/02/2024,40', '02/03/2022,35'].join('\n');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.locator('#score-csv-input').setInputFiles({ name: 'later.csv', mimeType: 'text/csv', buffer: Buffer.from(later) }),
  ]);
  const scores = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expectEqual(scores.length, 3, 'a line per row plus the header');
  // Written month first, a date past the 12th is no day-first date.
  const american = ['visit,age', '02/13/2024,40'].join('\n');
  await page.locator('#score-csv-input').setInputFiles({ name: 'american.csv', mimeType: 'text/csv', buffer: Buffer.from(american) });
  await page.locator('#score-csv-result.error').waitFor({ timeout: 30_000 });
  const refused = (await page.locator('#score-csv-result').textContent()).trim();
  note(refused);
  expect(refused.includes('Line 2 (data row 1), column "visit": "02/13/2024" is not a date written day first (day/month/year)'), `result: ${refused}`);
}

/** A column of dates none of whose parts passes 12 (the first of each
 * month) is refused once ticked, with advice to name the order; "Dates
 * written", shown only for a file holding such dates, names it: the preview
 * then calls the column "dates", the summary says the order was chosen, and
 * the link keeps the choice. */
async function datesInNoOrderReadInTheOrderNamed({ page, note }) {
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles(resolve(EXAMPLES, 'wine.csv'));
  await csvVerdict(page, true);
  expectEqual(await page.locator('#csv-date-order').count(), 0, 'no date order to choose for a file without such dates');
  const lines = ['visit,age,labeled'];
  for (let i = 0; i < 60; i += 1) {
    const month = String(1 + (i % 12)).padStart(2, '0');
    lines.push(`01/${month}/2023,${30 + (i % 17)},${i % 3 === 0 ? 1 : 0}`);
  }
  await page.locator('#csv-input').setInputFiles({ name: 'monthly.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
  await page.locator('#csv-preview th:has-text("visit")').waitFor({ timeout: 10_000 });
  await csvVerdict(page, true);
  let kinds = await page.locator('#csv-preview th .kind').allTextContents();
  expectEqual(kinds.join(' '), 'text number flag', 'undated until an order is named');
  await page.locator('#csv-feature-0').check();
  const refused = await csvVerdict(page, false);
  note(refused.text);
  expect(refused.text.includes('no date in the column has a part past 12 to show whether it is written day or month first: choose the order the file\'s dates are written in ("Dates written")'), `error: ${refused.text}`);
  await page.locator('#csv-date-order').selectOption('day-first');
  const { text } = await csvVerdict(page, true);
  note(text);
  expect(text.includes('2 features;'), `visit and age: ${text}`);
  expect(text.includes('Column "visit" was read as dates written day first (day/month/year), the order chosen for the file\'s dates, each as its days since 1970-01-01.'), `summary: ${text}`);
  kinds = await page.locator('#csv-preview th .kind').allTextContents();
  expectEqual(kinds.join(' '), 'dates number flag', 'the preview names the column of dates');
  await page.waitForFunction(() => location.hash.includes('data.columns.date_order=day-first'), null, { timeout: 10_000 });
}

/** An Excel workbook dropped in place of a CSV is named as one, with how
 * to save it as CSV (it was refused as "a header but no data rows"); the
 * form keeps its settings, and a CSV then reads. */
async function workbookInsteadOfCsv({ page, note }) {
  await setField(page, 'seed', '5');
  await chooseCsvSource(page);
  // An .xlsx starts as a zip archive: a local file header, then deflated XML.
  const xlsx = Buffer.concat([
    Buffer.from('PK\x03\x04\x14\x00\x06\x00\x08\x00', 'latin1'),
    Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 37) % 256)),
  ]);
  await page.locator('#csv-input').setInputFiles({
    name: 'churn.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  const error = await csvVerdict(page, false);
  note(error.text);
  for (const part of ['an Excel (.xlsx) or LibreOffice (.ods) workbook', 'Save the sheet as CSV', '"CSV UTF-8"']) {
    expect(error.text.includes(part), `error should say ${part}: "${error.text}"`);
  }
  expectEqual(await fieldValue(page, 'seed'), '5', 'the seed after the error');
  await page.locator('#csv-input').setInputFiles(resolve(EXAMPLES, 'wine.csv'));
  await csvVerdict(page, true);
  expectEqual(await fieldValue(page, 'seed'), '5', 'the seed after a CSV');
}

/** A header that repeats a name, as a spreadsheet lets it: the second
 * column is numbered, said so, and trains as a feature of its own. */
async function repeatedColumnName({ page }) {
  let text = 'notes,x,notes,labeled,y\n';
  for (let i = 0; i < 40; i += 1) {
    const positive = i % 2 === 0;
    text += `${i % 5},${positive ? 1 : -1}.${i % 7},${(i * 3) % 11},${positive && i % 3 === 0 ? 1 : 0},${positive ? 1 : 0}\n`;
  }
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles({ name: 'repeated.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  const { text: summary } = await csvVerdict(page, true);
  expect(summary.includes('40 rows, 7 labeled positives, 33 unlabeled, 3 features;'), `summary: ${summary}`);
  expect(summary.includes('Column 3 repeats the name "notes" of column 1, so it is read as "notes (2)".'), `summary: ${summary}`);
  expect((await page.locator('.features').textContent()).includes('notes (2)'), 'the numbered name is a feature to tick');
}

/** A `species` column of two classes, not named as a truth column, that
 * holds one class on every labeled row is guessed as the truth, with the
 * labeled rows' class as positive. */
async function speciesIsTheTruth({ page }) {
  let text = 'sepal_length,sepal_width,species,labeled\n';
  for (let i = 0; i < 60; i += 1) {
    const positive = i % 2 === 0;
    text += `${positive ? 5 : 6}.${i % 9},${positive ? 3 : 2}.${i % 7},${positive ? 'setosa' : 'virginica'},${positive && i % 4 === 0 ? 1 : 0}\n`;
  }
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles({ name: 'iris.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  const { text: summary } = await csvVerdict(page, true);
  expectEqual(await page.locator('#csv-truth').inputValue(), 'species', 'the truth column, by its agreement with the labeled rows');
  expectEqual(await page.locator('#csv-truth-value').inputValue(), 'setosa', 'the class of the labeled rows');
  expect(summary.includes('2 features;'), `summary: ${summary}`);
}

/** A churn export as a spreadsheet gives it: no column named for its role,
 * status known/unknown marking the labeled rows (all churned), Churned
 * Yes/No the truth with two classes missing. The guess reads it so, and
 * those two rows are left out, said so. */
async function churnExport({ page }) {
  let text = 'CustomerID,Age,Visits,status,Churned\n';
  for (let i = 0; i < 60; i += 1) {
    const churned = i % 3 === 0;
    const churnedCell = i === 7 || i === 8 ? '' : churned ? 'Yes' : 'No';
    text += `C${1000 + i},${20 + (i * 7) % 50},${churned ? 2 : 9},${churned && i % 2 === 0 ? 'known' : 'unknown'},${churnedCell}\n`;
  }
  await chooseCsvSource(page);
  await page.locator('#csv-input').setInputFiles({ name: 'churn.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.locator('#csv-file:has-text("churn.csv")').waitFor({ timeout: 10_000 });
  expectEqual(await page.locator('#csv-labeled').inputValue(), 'status', 'the labeled column, by its rows lying among one class of another');
  expectEqual(await page.locator('#csv-labeled-value').inputValue(), 'known', 'the rarer word marks the labeled rows');
  expectEqual(await page.locator('#csv-truth').inputValue(), 'Churned', 'the truth beside it');
  // The rows whose class is missing are left out under the default choice
  // for missing feature values, which stays as it was.
  const { text: summary } = await csvVerdict(page, true);
  expectEqual(await page.locator('#csv-missing').inputValue(), 'refuse', 'the missing-values choice');
  expect(summary.includes('58 rows, 10 labeled positives'), `summary: ${summary}`);
  expect(summary.includes('Dropped 2 rows whose true class is missing in column "Churned"'), `summary: ${summary}`);
  // With no truth column chosen, picking the labeled column guesses the truth beside it.
  await page.locator('#csv-truth').selectOption('');
  await page.locator('#csv-labeled').selectOption('Churned');
  await page.locator('#csv-labeled').selectOption('status');
  expectEqual(await page.locator('#csv-truth').inputValue(), 'Churned', 'the truth guessed again beside the labeled column');
  expectEqual(await page.locator('#csv-labeled-value').inputValue(), 'known', 'its value guessed again');
}

export const csvTests = [
  { name: 'csv: breast_cancer.csv uploads and trains to the end', mode: 'cpu',
    run: exampleTest('breast_cancer.csv', { rows: 569, delimiter: 'comma' }) },
  { name: 'csv: wine.csv uploads and trains to the end', mode: 'cpu',
    run: exampleTest('wine.csv', { rows: 178, delimiter: 'semicolon', fewLabeled: true }) },
  { name: 'csv: two_moons.csv uploads and trains to the end', mode: 'cpu',
    run: exampleTest('two_moons.csv', { rows: 600, delimiter: 'comma' }) },
  { name: 'csv: an example button loads the file with its columns', mode: 'cpu', run: exampleButton },
  { name: 'csv: a chosen file is said to be read before it is, until its verdict shows', mode: 'cpu', run: readingIsSaidFirst },
  { name: 'csv: a pandas index is left out and commas grouping thousands are read', mode: 'cpu', run: pandasIndexAndThousands },
  { name: 'csv: a German Excel export (points grouping thousands, euro amounts) reads and says how; in Windows-1252 it reads the same and says so; in UTF-16 too; its euro amounts read once ticked', mode: 'cpu', run: germanExcelExport },
  { name: 'csv: columns of a few words read as a 0/1 input per word once ticked, train, and score a file with a word never seen', mode: 'cpu', run: categoriesOnceTicked },
  { name: 'csv: a column of pandas durations is named, and read as hours once ticked', mode: 'cpu', run: pandasDurationsOnceTicked },
  { name: 'csv: a column of dates written day first reads as days once ticked, trains, and scoring reads dates in the model\'s order', mode: 'cpu', run: dayFirstDatesOnceTicked },
  { name: 'csv: dates that show no order read in the order named under Dates written, which the link keeps', mode: 'cpu', run: datesInNoOrderReadInTheOrderNamed },
  { name: 'csv: an Excel workbook dropped in place of a CSV is named, with how to save it as CSV', mode: 'cpu', run: workbookInsteadOfCsv },
  { name: 'csv: a repeated column name is numbered, and said so', mode: 'cpu', run: repeatedColumnName },
  { name: 'csv: a column of two classes that holds one on every labeled row is guessed as the truth', mode: 'cpu', run: speciesIsTheTruth },
  { name: 'csv: a churn export: the labeled column by its rows, its rarer word, the truth beside it; missing classes dropped', mode: 'cpu', run: churnExport },
  { name: 'csv: the trained classifier scores the file it trained on and another CSV in the page', mode: 'cpu', run: scoreAnotherCsv },
  { name: 'csv: a file of more rows than a run trains on trains on a sample, says so, and is scored whole', mode: 'cpu', run: largeFileIsSampled },
  { name: 'csv: a non-numeric feature names its row and column', mode: 'cpu',
    run: malformedTest('bad_number.csv', {
      choose: async (page) => {
        await fixtureRoles(page);
        await page.locator('#csv-feature-1').check(); // "width", holding "n/a"
      },
      expected: ['Line 7 (data row 6)', 'column "width"', '"n/a" marks a missing value'],
      fix: (page) => page.locator('#csv-feature-1').uncheck(),
    }) },
  { name: 'csv: a blank feature cell names its row and column', mode: 'cpu',
    run: malformedTest('missing_value.csv', {
      choose: fixtureRoles,
      expected: ['Line 4 (data row 3)', 'column "height"'],
      fix: (page) => page.locator('#csv-feature-2').uncheck(),
    }) },
  { name: 'csv: a blank feature cell is fixed by one choice: drop its row, and the count is shown', mode: 'cpu',
    run: malformedTest('missing_value.csv', {
      choose: fixtureRoles,
      expected: ['Line 4 (data row 3)', 'column "height"', 'under "Missing values": drop those rows'],
      absent: ['--missing', 'command line'],
      fix: async (page) => {
        await page.locator('#csv-missing').selectOption('drop');
        await page.locator('#csv-summary:has-text("Dropped 1 of")').waitFor({ timeout: 10_000 });
      },
    }) },
  { name: 'csv: a row with too many fields names its line', mode: 'cpu',
    run: malformedTest('ragged_row.csv', {
      choose: async () => {},
      expected: ['Line 8 has 6 fields but the header has 5'],
      fix: (page) => page.locator('#csv-input').setInputFiles(resolve(EXAMPLES, 'breast_cancer.csv')),
    }) },
  { name: 'csv: an unknown labeled flag names its row and column', mode: 'cpu',
    run: malformedTest('bad_label.csv', {
      choose: fixtureRoles,
      expected: ['Line 9 (data row 8)', 'column "labeled"', '"unknown" is not a labeled flag'],
      fix: async (page) => {
        await page.locator('#csv-labeled-value').fill('1');
        await page.locator('#csv-labeled-value').blur();
      },
    }) },
  { name: 'csv: a spreadsheet export with sep=; and decimal commas reads, and says so', mode: 'cpu',
    run: spreadsheetExport },
  { name: 'csv: a truth column of class names reads with the labeled rows\' class as positive', mode: 'cpu',
    run: classNames },
  { name: 'csv: a new file is guessed again, the user\'s choices stay, empty labeled cells read as unlabeled', mode: 'cpu',
    run: newFileGuessesAgain },
  { name: 'csv: a column named as the truth stays out of the features when no truth column is picked', mode: 'cpu',
    run: truthNamedStaysOut },
  { name: 'csv: the role lists show the roles in use; a column taken for a role leaves the features; another 0/1 column is named; MNIST and back keeps the choices', mode: 'cpu', run: rolesShownAsUsed },
  { name: 'csv: a link carries the file and reproduces the run', mode: 'cpu', run: csvLinkCarriesTheFile },
  { name: 'csv: a link carrying the file keeps it in the address while it opens', mode: 'cpu', run: csvLinkKeepsTheFileInTheAddress },
  { name: 'csv: a link keeps the column roles it gives, even the default ones', mode: 'cpu', run: linkKeepsItsRoles },
  { name: 'csv: a column of numbers with a stray cell is left out with that cell located', mode: 'cpu', run: strayCellIsLocated },
  { name: 'csv: a link without the file says the file must be loaded, and loads a shipped example in one press', mode: 'cpu', run: linkWithoutTheFileSaysSo },
  { name: 'csv: after a reload the roles stay with their file; another file is guessed afresh', mode: 'cpu', run: reloadedRolesStayWithTheirFile },
  { name: 'csv: without a truth column the comparison runs only what can, and a new file marks the results as the run before\'s', mode: 'cpu', run: compareWithoutTruthAndStaleResults },
];
