// Lesson links: each ready lesson opens the page showing its text and only
// the parts it names; a hand-made `hide=` list hides the form, the intro,
// the comparison, the share buttons and the tour; "Show the whole page"
// brings everything back with the settings kept.
import { byId, chooseOption, setField, waitUntil } from './app.mjs';
import { expect, expectEqual } from './expect.mjs';
import { trainToDone } from './training.mjs';

const present = async (page, selector) => (await page.locator(selector).count()) > 0;

/** The lesson links the intro offers: [{ id, title, href }]. */
const lessonLinks = (page) =>
  page.locator('#lessons a').evaluateAll((all) =>
    all.map((a) => ({ id: a.id, title: a.textContent.trim(), href: a.getAttribute('href') })));

/** Follow a link's hash as a new visit and wait for the lesson banner. */
async function openHash(page, hash) {
  const base = page.url().split('#')[0];
  await page.goto('about:blank');
  await page.goto(base + hash, { waitUntil: 'load' });
  await page.locator('#train:enabled').waitFor({ timeout: 60_000 });
}

async function everyLessonShowsItsTextAndParts({ page, note }) {
  const links = await lessonLinks(page);
  note(`lessons: ${links.map((l) => l.title).join(' | ')}`);
  expectEqual(links.length, 6, 'number of lesson links');
  for (const link of links) {
    await openHash(page, link.href);
    const title = (await page.locator('#lesson-title').textContent()).trim();
    expectEqual(title, `Lesson: ${link.title}`, 'lesson title');
    const text = (await page.locator('#lesson-text').textContent()).trim();
    expect(text.length > 100, `${link.id}: the lesson has its text, got "${text}"`);
    expect(!(await present(page, '#take-tour, #tour')), `${link.id}: the tour is hidden`);
    expect(await present(page, '.sidebar'), `${link.id}: the settings are shown`);
  }
  // The lesson comes before the settings (on a phone, before the long form).
  const banner = await page.locator('#lesson').boundingBox();
  const form = await page.locator('.sidebar').boundingBox();
  expect(banner.y + banner.height <= form.y, `the lesson ends above the settings: ${JSON.stringify({ banner, form })}`);
  // The nnPU lesson sets a wrong prior in the form.
  await openHash(page, links.find((l) => l.id === 'lesson-link-nnpu-prior').href);
  expectEqual(await page.locator(byId('nnpu.prior')).inputValue(), '0.2', 'the lesson\'s prior π');
  // The biased-PU lesson trains, and shows the scores but not the losses it hides.
  const biased = links.find((l) => l.id === 'lesson-link-biased-pu');
  await openHash(page, biased.href);
  expectEqual(await page.locator(byId('split.rho')).inputValue(), '0.7', 'the lesson\'s ρ');
  await setField(page, 'optim.epochs', '2');
  await trainToDone(page, 3 * 60_000);
  expect(await present(page, '#panel-metrics'), 'test-set scores are shown');
  expect(await present(page, '#panel-roc'), 'the ROC curve is shown');
  expect(!(await present(page, '#panel-losses')), 'the losses panel is hidden');
  expect(page.url().includes('lesson=biased-pu'), `the address keeps the lesson: ${page.url()}`);
  // The ranking lesson loads the two-moons example itself and trains biased PU on it.
  await openHash(page, links.find((l) => l.id === 'lesson-link-ranking').href);
  await page.locator('#csv-file:has-text("two_moons.csv")').waitFor({ timeout: 10_000 });
  expectEqual(await page.locator('#csv-labeled-value').inputValue(), 'yes', 'the example\'s labeled value');
  expectEqual(await page.locator('#link-notice').count(), 0, 'no notice about a missing file');
  await setField(page, 'optim.epochs', '2');
  await trainToDone(page, 3 * 60_000);
  const moons = (await page.locator('#history-table tbody tr').last().textContent()).trim();
  expect(moons.includes('biased PU'), `the run's history entry: "${moons}"`);
  const prior = (await page.locator('#prior').textContent()).trim();
  expect(prior.includes('estimated by min(KM2, BBE)') && prior.includes('This learner trains without a prior'),
    `the prior line says biased PU does not use the default estimate: "${prior}"`);
  // The results' views are built one per browser task after the run
  // (views/staged_reveal.rs), the scatter of U after most others: wait for it.
  const scatter = await page.locator('#panel-scatter').waitFor({ timeout: 10_000 }).then(() => true, () => false);
  expect(scatter, 'the 2-D scatter of U is shown');
  expect(!(await present(page, '#panel-losses')), 'the losses panel is hidden');
  // A lesson link whose columns were changed (its truth column taken away,
  // the features named) loads the example with the link's columns, not the
  // example's own.
  const ranking = links.find((l) => l.id === 'lesson-link-ranking').href;
  expect(/data\.columns\.truth=[^&]+/.test(ranking), `the ranking lesson names a truth column: ${ranking}`);
  await openHash(page, ranking
    .replace(/data\.columns\.truth=[^&]*/, 'data.columns.truth=')
    .replace(/data\.columns\.features=[^&]*/, 'data.columns.features=x'));
  await page.locator('#csv-file:has-text("two_moons.csv")').waitFor({ timeout: 10_000 });
  await page.locator('#csv-summary:has-text("1 feature;")').waitFor({ timeout: 10_000 });
  expectEqual(await page.locator('#csv-truth').inputValue(), '', 'the edited link\'s truth column: none');
  // The no-negatives lesson loads the breast-cancer example with auto, and
  // its run ends with the leaderboard, the views it hides left out.
  await openHash(page, links.find((l) => l.id === 'lesson-link-no-negatives').href);
  await page.locator('#csv-file:has-text("breast_cancer.csv")').waitFor({ timeout: 10_000 });
  const learner = (await page.locator('#learner option:checked').textContent()).trim();
  expectEqual(learner, 'auto (chosen on PU data)', 'the lesson\'s learner');
  await setField(page, 'optim.epochs', '2');
  await trainToDone(page, 3 * 60_000);
  const keptEpochs = await page.$$eval('#auto-table tbody tr[data-learner] td.kept-epoch', (cells) =>
    cells.map((c) => c.textContent.trim()));
  expect(keptEpochs.length > 1, 'the leaderboard lists the candidates');
  expectEqual((await page.locator('#stage').textContent()).trim(), '',
    'no stale progress line of the candidate that ended last once auto has ended');
  // Dist-PU may keep an epoch of its warm-up, which the cell names.
  expect(keptEpochs.every((e) => /^(warm-up )?\d+$/.test(e)), `kept epochs: ${keptEpochs.join(', ')}`);
  // The views are built one per browser task after the run, the validation chart late.
  const validation = await page.locator('#panel-validation').waitFor({ timeout: 10_000 }).then(() => true, () => false);
  expect(validation, 'the PU validation chart is shown');
  for (const hidden of ['#panel-histogram', '#panel-scatter', '#panel-losses']) {
    expect(!(await present(page, hidden)), `${hidden} is hidden`);
  }
  // The paper-reward lesson sets the paper's algorithm, and its run says so.
  await openHash(page, links.find((l) => l.id === 'lesson-link-paper-reward').href);
  const variant = await page.locator('select#policy-variant option:checked').textContent();
  expectEqual(variant, "The paper's, eqs. (4)–(5)", 'the lesson\'s policy variant');
  await setField(page, 'optim.epochs', '1');
  await setField(page, 'policy.pretrain_epochs', '1');
  await trainToDone(page, 3 * 60_000);
  const label = (await page.locator('#history-table tbody tr').last().textContent()).trim();
  expect(label.includes("policyPU_weighter (paper's algorithm)"), `the run's history entry: "${label}"`);
  await chooseOption(page, 'policy-variant', 'Coherence reward (default)');
  expect(page.url().includes('policy.reward=coherence'), `the address follows the variant: ${page.url()}`);
}

async function handMadeHideListAndLeaving({ page }) {
  await openHash(page, '#split.rho=0.3&hide=settings,intro,comparison,share,tour');
  expect((await page.locator('#lesson').count()) === 1, 'the banner offers the way back');
  for (const selector of ['.sidebar', '#intro', '#compare-controls', '#copy-link', '#take-tour']) {
    expect(!(await present(page, selector)), `${selector} is hidden`);
  }
  expect(await present(page, '#train'), 'Train stays');
  await page.locator('#lesson-leave').click();
  await waitUntil('the whole page', async () => (await present(page, '.sidebar')) && (await present(page, '#intro')), { timeoutMs: 5_000 });
  for (const selector of ['#compare-controls', '#copy-link']) {
    expect(await present(page, selector), `${selector} is back`);
  }
  expectEqual(await page.locator(byId('split.rho')).inputValue(), '0.3', 'ρ kept after leaving');
  expect(!page.url().includes('hide='), `the address drops hide=: ${page.url()}`);
}

export const lessonTests = [
  { name: 'lesson links: each shows its text and only its parts', mode: 'cpu', run: everyLessonShowsItsTextAndParts },
  { name: 'lesson links: a hide list hides the form, intro, comparison, share, tour; leaving restores them', mode: 'cpu', run: handMadeHideListAndLeaving },
];
