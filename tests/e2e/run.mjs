// Entry point of the browser end-to-end tests: serves dist/ on 127.0.0.1
// under /policypu/ (as a GitHub Pages project site is served; a request
// outside it fails the test that made it), runs each test in its own headless Chromium with a fresh profile, one at a
// time, and prints "ok - name (t s)" / "not ok - name: reason" per test and
// "N passed, M failed" last. Exits non-zero if any test failed. The app's
// first-visit tour is marked as seen before each test, except in tests with
// `tour: true`, which open the page as a first visit.
//
//   node tests/e2e/run.mjs            all tests
//   node tests/e2e/run.mjs pause nnPU  only tests whose name contains a word
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accessibilityTests } from './accessibility.mjs';
import { openApp } from './app.mjs';
import { launchBrowser } from './browser.mjs';
import { comparisonTests } from './comparison.mjs';
import { controlTests } from './controls.mjs';
import { crashTests } from './crash.mjs';
import { csvTests } from './csv.mjs';
import { formTests } from './form.mjs';
import { newcomerTests } from './newcomer.mjs';
import { lessonTests } from './lessons.mjs';
import { sharingTests } from './sharing.mjs';
import { siteTests } from './site.mjs';
import { startStaticServer } from './server.mjs';
import { teachingTests } from './teaching.mjs';
import { threadTests } from './threads.mjs';
import { trainingTests } from './training.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const DIST = resolve(HERE, '../../dist');
const ARTIFACTS = join(HERE, 'artifacts');
const TEST_TIMEOUT_MS = 7 * 60_000;

const ALL_TESTS = [...formTests, ...trainingTests, ...controlTests, ...sharingTests, ...teachingTests, ...lessonTests, ...csvTests, ...comparisonTests, ...crashTests, ...newcomerTests, ...siteTests, ...threadTests, ...accessibilityTests];

function selectTests(words) {
  if (words.length === 0) return ALL_TESTS;
  return ALL_TESTS.filter((t) => words.some((w) => t.name.toLowerCase().includes(w.toLowerCase())));
}

/** Reject after `ms` with a timeout error; `clear()` cancels it. */
function deadline(ms) {
  let timer;
  const promise = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`test exceeded ${ms / 1000} s`)), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Remove failure screenshots left by an earlier run. */
async function clearOldFailureScreenshots() {
  const names = await readdir(ARTIFACTS).catch(() => []);
  await Promise.all(names.filter((n) => n.startsWith('failed-')).map((n) => rm(join(ARTIFACTS, n))));
}

async function saveFailureScreenshot(page, name) {
  try {
    await mkdir(ARTIFACTS, { recursive: true });
    const path = join(ARTIFACTS, `failed-${slug(name)}.png`);
    await page.screenshot({ path, fullPage: true, timeout: 10_000 });
    return path;
  } catch {
    return null;
  }
}

/** Run one test in a fresh browser; resolves to { ok, seconds, reason, notes, problems }. */
async function runTest(test, site) {
  const url = site.url;
  const outsideBefore = site.outside.length;
  const started = Date.now();
  const notes = [];
  let browser;
  const limit = deadline(TEST_TIMEOUT_MS);
  try {
    browser = await launchBrowser(test.mode);
    const { page } = browser;
    const body = (async () => {
      await openApp(page, url, { tour: test.tour });
      await test.run({ page, site, note: (line) => notes.push(line) });
      const outside = site.outside.slice(outsideBefore);
      if (outside.length > 0) throw new Error(`requests outside ${new URL(url).pathname}: ${outside.join(', ')}`);
    })();
    try {
      await Promise.race([body, limit.promise]);
    } catch (error) {
      body.catch(() => {}); // a timed-out body may reject later
      const shot = await saveFailureScreenshot(page, test.name);
      if (shot) notes.push(`screenshot: ${shot}`);
      throw error;
    }
    return { ok: true, seconds: (Date.now() - started) / 1000, notes, problems: browser.problems };
  } catch (error) {
    return {
      ok: false,
      seconds: (Date.now() - started) / 1000,
      reason: String(error?.message ?? error).split('\n')[0],
      notes,
      problems: browser?.problems ?? [],
    };
  } finally {
    limit.clear();
    await browser?.close();
  }
}

function report(test, result) {
  for (const note of result.notes) console.log(`# ${note}`);
  if (result.ok) {
    console.log(`ok - ${test.name} (${result.seconds.toFixed(1)} s)`);
    return;
  }
  console.log(`not ok - ${test.name}: ${result.reason} (${result.seconds.toFixed(1)} s)`);
  for (const problem of result.problems) console.log(`#   ${problem.split('\n').join('\n#   ')}`);
}

async function main() {
  const tests = selectTests(process.argv.slice(2));
  await clearOldFailureScreenshots();
  let passed = 0;
  let failed = 0;
  const failures = [];
  if (!existsSync(join(DIST, 'index.html'))) {
    for (const test of tests) console.log(`not ok - ${test.name}: ${DIST}/index.html is missing; run scripts/build.sh`);
    failed = tests.length;
  } else {
    const server = await startStaticServer(DIST);
    try {
      for (const test of tests) {
        const result = await runTest(test, server);
        report(test, result);
        if (result.ok) passed += 1;
        else {
          failed += 1;
          failures.push(`${test.name}: ${result.reason}`);
        }
      }
    } finally {
      await server.close();
    }
  }
  // Repeated last, so a log that keeps only its tail still names them.
  for (const failure of failures) console.log(`# failed: ${failure}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || tests.length === 0 ? 1 : 0;
}

await main();
