// Helpers that drive and read the policypu page: open it, fill the form,
// wait for a run status, and read progress, device and metrics.
import { readFile } from 'node:fs/promises';

const STAGES = ['pre-train classifier', 'pre-train policy', 'train'];

/** A CSS selector for an element id that may contain dots (config paths). */
export const byId = (id) => `[id="${id}"]`;

/** Sleep `ms` milliseconds. */
export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/**
 * Poll `probe()` every `everyMs` until it returns a non-null value, which is
 * returned. On timeout, throws "timed out after N s waiting for <what>" plus
 * what `lastSeen()` says.
 */
export async function waitUntil(what, probe, { timeoutMs, everyMs = 200, lastSeen }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) {
      const seen = lastSeen ? `; last seen: ${await lastSeen()}` : '';
      throw new Error(`timed out after ${(timeoutMs / 1000).toFixed(0)} s waiting for ${what}${seen}`);
    }
    await sleep(everyMs);
  }
}

/** localStorage key the app sets once its guided tour has been shown. */
export const TOUR_DONE_KEY = 'policypu.tour.done';

/** Pages already told that the tour has been seen. */
const toursMarkedSeen = new WeakSet();

/**
 * Load the app and wait until its Train button is there and enabled. The
 * first-visit tour is marked as seen before the app starts, on this page and
 * every later navigation of it, unless `tour` is true (a first visit).
 */
export async function openApp(page, url, { tour = false } = {}) {
  if (!tour && !toursMarkedSeen.has(page)) {
    toursMarkedSeen.add(page);
    await page.addInitScript((key) => window.localStorage.setItem(key, '1'), TOUR_DONE_KEY);
  }
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('#train:enabled').waitFor({ timeout: 60_000 });
}

/** A new tab in `page`'s browser whose navigator reports `cores` cores
 * (the page starts a second training worker from two), with the app open at
 * `url`; `before`, if given, runs in it before the app's scripts. Close it
 * when done. */
export async function openAppWithCores(page, url, cores, before) {
  const tab = await page.context().newPage();
  await tab.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
  }, cores);
  if (before) await tab.addInitScript(before);
  await openApp(tab, url);
  return tab;
}

/** The console warnings `tab` logs from now on (the page warns when it
 * gives up a worker), as a live array of strings. */
export function consoleWarnings(tab) {
  const warnings = [];
  tab.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}

/** Text of an element, or null when it is absent. */
async function textOf(page, selector) {
  const element = page.locator(selector);
  if ((await element.count()) === 0) return null;
  return (await element.first().textContent())?.trim() ?? '';
}

/** The status line: { text, error } where `error` marks the alert form. */
export async function readStatus(page) {
  return page.evaluate(() => {
    const status = document.getElementById('status');
    if (!status) return { text: '(no #status)', error: false };
    return { text: status.textContent.trim(), error: status.classList.contains('error') };
  });
}

const describeStatus = async (page) => {
  const { text, error } = await readStatus(page);
  return `${error ? 'error' : 'status'} "${text}", stage "${(await textOf(page, '#stage')) ?? ''}"`;
};

/**
 * Wait until the status line starts with `prefix` ("Done.", "Paused." …).
 * Fails at once with the app's message if the status turns into an error.
 */
export async function waitForStatus(page, prefix, timeoutMs) {
  return waitUntil(
    `status "${prefix}"`,
    async () => {
      const { text, error } = await readStatus(page);
      if (error) throw new Error(`the app reported an error: ${text}`);
      return text.startsWith(prefix) ? text : null;
    },
    { timeoutMs, lastSeen: () => describeStatus(page) },
  );
}

/** Wait until the status line says the form is ready to train (errors included while waiting). */
export async function waitForReady(page, timeoutMs = 10_000) {
  return waitUntil(
    'the status line to say "Ready"',
    async () => ((await readStatus(page)).text.startsWith('Ready') ? true : null),
    { timeoutMs, lastSeen: () => describeStatus(page) },
  );
}

/**
 * The progress line "train · epoch 3 · batch 2/9" as
 * { text, stage, stageIndex, epoch, batch, batches }, or null when empty.
 */
export async function readStage(page) {
  const text = await textOf(page, '#stage');
  const match = text?.match(/^(.+?) · epoch (\d+) · batch (\d+)\/(\d+)$/);
  if (!match) return null;
  const [, stage, epoch, batch, batches] = match;
  return {
    text,
    stage,
    stageIndex: STAGES.indexOf(stage),
    epoch: Number(epoch),
    batch: Number(batch),
    batches: Number(batches),
  };
}

/** Wait until the run has trained at least one mini-batch; returns the stage. */
export async function waitForProgress(page, timeoutMs) {
  return waitUntil(
    'training progress in #stage',
    async () => {
      const { text, error } = await readStatus(page);
      if (error) throw new Error(`the app reported an error: ${text}`);
      return readStage(page);
    },
    { timeoutMs, lastSeen: () => describeStatus(page) },
  );
}

/** True when `after` is exactly one mini-batch past `before`. */
export function isNextBatch(before, after) {
  if (before.batch < before.batches) {
    return (
      after.stageIndex === before.stageIndex &&
      after.epoch === before.epoch &&
      after.batch === before.batch + 1
    );
  }
  // Last batch of an epoch: the next is batch 1 of the next epoch or stage.
  const nextEpoch = after.stageIndex === before.stageIndex && after.epoch === before.epoch + 1;
  const nextStage = after.stageIndex > before.stageIndex && after.epoch === 1;
  return after.batch === 1 && (nextEpoch || nextStage);
}

/** The number in an element's data-value attribute; throws if absent. */
export async function readDataValue(page, id) {
  const element = page.locator(byId(id));
  if ((await element.count()) === 0) {
    throw new Error(`#${id} is missing (#latest says "${(await textOf(page, '#latest')) ?? ''}")`);
  }
  const raw = await element.first().getAttribute('data-value');
  const value = raw === null || raw === '' ? NaN : Number(raw);
  if (!Number.isFinite(value)) throw new Error(`#${id} has data-value=${JSON.stringify(raw)}, not a number`);
  return value;
}

/** The device line: { badge, text } (the badge alone, and the whole line). */
export async function readDevice(page) {
  return {
    badge: (await textOf(page, '#device .badge')) ?? '(no #device badge)',
    text: (await textOf(page, '#device')) ?? '(no #device)',
  };
}

/** Type `value` into the text field whose id is the config path `path`. */
export async function setField(page, path, value) {
  await page.locator(byId(path)).fill(value);
}

/** The current text of a field. */
export async function fieldValue(page, path) {
  return page.locator(byId(path)).inputValue();
}

/** Pick the option labelled `label` in the select `id`. */
export async function chooseOption(page, id, label) {
  await page.locator(byId(id)).selectOption({ label });
}

/** Click a control button by id (train, pause, resume, step, stop). */
export async function clickButton(page, id) {
  await page.locator(`#${id}:enabled`).click({ timeout: 10_000 });
}

/** Click a download button and return the path of the downloaded file. */
export async function downloadPath(page, buttonId) {
  const [download] = await Promise.all([
    page.waitForEvent('download').catch((e) => { throw new Error(`#${buttonId} gave no download: ${e.message}`); }),
    clickButton(page, buttonId),
  ]);
  return download.path();
}

/** Click a download button and return the downloaded file's text. */
export async function downloadText(page, buttonId) {
  return readFile(await downloadPath(page, buttonId), 'utf8');
}
