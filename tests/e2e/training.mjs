// Full runs: the default settings on the CPU backend, and a short run forced
// onto (software) WebGPU.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chooseOption,
  clickButton,
  downloadText,
  readDataValue,
  readDevice,
  setField,
  waitForProgress,
  waitForStatus,
} from './app.mjs';
import { expect, expectAbove, expectEqual } from './expect.mjs';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
const FULL_RUN_MS = 5 * 60_000;

/**
 * Click Train and wait for "Done.". Returns { epochs, seconds, perEpoch }
 * timed from the first mini-batch (data loading and worker start excluded)
 * to "Done.".
 */
export async function trainToDone(page, timeoutMs = FULL_RUN_MS) {
  await clickButton(page, 'train');
  await waitForProgress(page, 120_000);
  const started = Date.now();
  await waitForStatus(page, 'Done.', timeoutMs);
  const seconds = (Date.now() - started) / 1000;
  const epochs = await readDataValue(page, 'epochs-done');
  return { epochs, seconds, perEpoch: seconds / Math.max(epochs, 1) };
}

const describeTiming = (label, { epochs, seconds, perEpoch }) =>
  `${label}: ${epochs} epoch reports in ${seconds.toFixed(1)} s, ${perEpoch.toFixed(2)} s per epoch`;

/** Test 1: the default run trains on the CPU and reaches > 0.85 accuracy. */
async function defaultRunOnCpu({ page, note }) {
  expectEqual((await page.locator('#epochs-done').textContent()).trim(), '—', 'training epochs shown before any run');
  const timing = await trainToDone(page);
  note(describeTiming('CPU (default run)', timing));
  const device = await readDevice(page);
  note(`device badge: ${device.badge}`);
  // The threaded worker keeps its pool only where the first steps timed it
  // faster, which a busy machine can make either way.
  expect(/^CPU(, \d+ threads)?$/.test(device.badge), `device badge: expected "CPU" or "CPU, N threads", got "${device.badge}"`);
  expectEqual(timing.epochs, 40, '#epochs-done (10 + 10 pre-training + 20 epochs)');
  expectEqual((await page.locator('#epochs-done').textContent()).trim(), '20 of 20', 'training epochs shown');
  expect((await page.locator('#pretraining-done').textContent()).trim() === '+ 10 pre-train classifier epochs, 10 pre-train policy epochs before', 'pre-training said apart, each stage named');
  const accuracy = await readDataValue(page, 'metric-accuracy');
  note(`final test accuracy ${accuracy}`);
  expectAbove(accuracy, 0.85, 'final test accuracy');
  // The epoch kept is chosen on the PU validation split, and said so.
  const caption = await page.locator('#panel-validation').textContent();
  // The charts draw it after the 20 pre-training epochs, and both say where.
  const chosen = caption.match(/keeps training epoch (\d+) \(epoch (\d+) on the charts\), its best L-vs-U AUC/);
  expect(chosen !== null && Number(chosen[2]) === Number(chosen[1]) + 20, `validation caption: ${caption}`);
  const kept = await page.locator('#kept').textContent();
  note(kept);
  expect(kept.startsWith(`Kept: training epoch ${chosen[1]} (epoch ${chosen[2]} on the charts) of policyPU_weighter, the best L-vs-U AUC`), `kept line: ${kept}`);
  // Once the run ends, the large scores are the kept epoch's (those downloads
  // and scoring use), and the line below them gives the last epoch's.
  expectEqual((await page.locator('#results-title').textContent()).trim(), 'The kept classifier on the test set', 'results heading');
  const exported = JSON.parse(await downloadText(page, 'export-epochs-json'));
  const { stage, epoch } = exported.selected;
  const keptReport = exported.reports.find((r) => r.stage === stage && r.epoch === epoch);
  expectEqual(accuracy.toFixed(4), keptReport.test.accuracy.toFixed(4), `large accuracy against the download's kept ${stage} epoch ${epoch}`);
  const latest = (await page.locator('#latest').textContent()).trim();
  expect(latest.startsWith('Last epoch, train epoch 20: accuracy '), `last-epoch line: ${latest}`);
  // The test and validation charts ring the kept epoch on each line, and
  // their legends quote the scores there, as the large figures do.
  const legend = async (id) => (await page.locator(`#${id} .legend li`).allTextContents()).map((t) => t.trim());
  const at = `at kept epoch ${chosen[2]}`;
  expectEqual((await legend('panel-metrics'))[0], `accuracy: ${keptReport.test.accuracy.toFixed(3)} ${at}`,
    `test chart's legend at the kept ${stage} epoch ${epoch}`);
  expectEqual((await legend('panel-validation'))[0], `L-vs-U AUC: ${keptReport.validation.lu_auc.toFixed(3)} ${at}`,
    `validation chart's legend at the kept ${stage} epoch ${epoch}`);
  expectEqual(await page.locator('#panel-metrics .kept-ring').count(), 3, 'rings on the test chart (one per line)');
  // The ROC and precision-recall curves are the kept epoch's too.
  const curveLegend = async (id) => (await page.locator(`#${id} .legend li`).first().textContent()).trim();
  expectEqual(await curveLegend('panel-roc'), `ROC curve (area ${keptReport.test.roc_auc.toFixed(3)})`,
    `ROC curve of the kept ${stage} epoch ${epoch}`);
  expectEqual(await curveLegend('panel-pr'), `PR curve (area ${keptReport.test.pr_auc.toFixed(3)})`,
    `PR curve of the kept ${stage} epoch ${epoch}`);
  // The thumbnail grid, off screen here, waits during the run and is drawn when it ends.
  const painted = await page.evaluate(() => {
    const canvas = document.getElementById('thumbnail-grid');
    if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    // Opaque and not the white background (a canvas never drawn is transparent).
    for (let i = 0; i < pixels.length; i += 4) inked += pixels[i + 3] > 0 && Math.min(pixels[i], pixels[i + 1], pixels[i + 2]) < 250;
    return inked / (pixels.length / 4);
  });
  note(`thumbnail grid: ${(100 * painted).toFixed(0)} % of its pixels drawn at the end`);
  expectAbove(painted, 0.5, 'share of the thumbnail grid drawn at the end of the run');
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'trained.png'), fullPage: true });
}

/** Test 2: a one-epoch run forced onto WebGPU completes on SwiftShader. */
async function shortRunOnWebGpu({ page, note }) {
  await chooseOption(page, 'backend', 'WebGPU');
  await setField(page, 'optim.epochs', '1');
  await setField(page, 'policy.pretrain_epochs', '0');
  await setField(page, 'split.n_labeled', '100');
  const timing = await trainToDone(page);
  note(describeTiming('WebGPU (SwiftShader), n_l=100, 1 epoch, first-step shader compilation included', timing));
  const device = await readDevice(page);
  note(`device: ${device.text}`);
  expect(device.text.includes('WebGPU'), `#device should mention WebGPU, says "${device.text}"`);
  expect(/swiftshader/i.test(device.text), `#device should mention swiftshader, says "${device.text}"`);
  expectEqual(timing.epochs, 1, '#epochs-done');
}

export const trainingTests = [
  { name: 'default run trains on the CPU to accuracy > 0.85', mode: 'cpu', run: defaultRunOnCpu },
  { name: 'short run forced onto WebGPU (SwiftShader) completes', mode: 'webgpu', run: shortRunOnWebGpu },
];
