// Headless Chromium for the browser tests: one fresh profile per test, in
// CPU-only or software-WebGPU mode, with the page's console errors and
// uncaught exceptions collected for the failure report.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium floods the closed network.
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu-sandbox',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

const MODE_ARGS = {
  // No adapter at all: the app must train on the CPU backend.
  cpu: ['--disable-gpu'],
  // SwiftShader's software WebGPU adapter.
  webgpu: ['--enable-unsafe-webgpu'],
};

/**
 * Launch Chromium in `mode` ('cpu' or 'webgpu') with a fresh profile.
 * Resolves to { page, problems, profile, close() }; `problems` collects
 * console errors and page errors as strings, `profile` is the profile's
 * folder (every process of this browser names it).
 */
export async function launchBrowser(mode) {
  const modeArgs = MODE_ARGS[mode];
  if (!modeArgs) throw new Error(`unknown browser mode ${mode}`);
  const profile = await mkdtemp(join(tmpdir(), 'policypu-e2e-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [...BASE_ARGS, ...modeArgs],
      viewport: { width: 1280, height: 900 },
    });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
  // The page asks before leaving while it holds trained runs: every page
  // of the browser accepts, counting the prompts in `page.leavingPrompts`.
  context.pages().forEach(acceptLeaving);
  context.on('page', acceptLeaving);
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = collectProblems(page);
  return {
    page,
    problems,
    profile,
    close: async () => {
      await context.close().catch(() => {});
      await rm(profile, { recursive: true, force: true });
    },
  };
}

// Accept the "Leave site?" prompt and count it; dismiss any other dialog,
// as Playwright does where nothing listens.
function acceptLeaving(page) {
  page.leavingPrompts = 0;
  page.on('dialog', async (dialog) => {
    if (dialog.type() !== 'beforeunload') return dialog.dismiss();
    page.leavingPrompts += 1;
    return dialog.accept();
  });
}

// Console errors (page and its workers) and uncaught exceptions, as strings.
function collectProblems(page) {
  const problems = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium asks for a favicon the app does not ship.
    if (message.location().url.endsWith('/favicon.ico')) return;
    const where = message.worker() ? 'worker console' : 'console';
    problems.push(`${where}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.stack ?? error.message}`));
  page.on('crash', () => problems.push('page crashed'));
  return problems;
}
