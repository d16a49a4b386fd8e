// The browser benchmark (scripts/bench-browser.sh): headless Chromium on the
// release build in dist/. Inside a fresh training worker it times the same
// step as `policypu bench` (src/step_timing.rs: forward, backward and
// optimiser update of a batch of 128; the median of 20 steps after 3
// warm-ups, 5 after 1 for the paper CNN) for each model preset and for a
// one-network and a policyPU learner; then the default demo from Train to
// the final report, and the longest main-thread task while it trains (a
// `longtask` PerformanceObserver) and the longest rendering of a frame (a
// `long-animation-frame` one); last, the demo's first run in a fresh
// browser, traced, for the longest frame's wall and main-thread CPU time.
// Then `auto` (its candidates in one worker, or in two where the browser has two cores) on the default demo and on
// the breast-cancer example, from Train to its leaderboard, with the main
// thread's time in tasks meanwhile, and the memory the browser has allocated
// (anonymous memory summed over its processes, tests/e2e/memory.mjs) before
// Train and at its peak.
// With --first-visit, only the first visit of a fresh browser on a throttled
// connection (1.6 Mbit/s down, 750 kbit/s up, 562.5 ms round trip: DevTools'
// "Fast 3G"), from a server that gzips as static hosts do: the time until
// Train is usable, what was downloaded by then, and what the service worker
// then stores for offline use.
// With --large-csv, only a file at the size of results/table-weak-49000.md
// (49,000 rows, 80 features): the main thread's time from choosing it to
// the reader's verdict, then for each of five changes to a setting that is
// not a column choice (the epochs); and when the page said it was reading
// the file and when the verdict showed.
// Prints markdown tables shaped like `policypu bench`'s.
//
//   node tests/e2e/bench.mjs --first-visit  only the throttled first visit
//   node tests/e2e/bench.mjs              CPU backend (no adapter)
//   node tests/e2e/bench.mjs --auto-only  only the auto timings
//   node tests/e2e/bench.mjs --auto-workers  auto told of one core, then of two (a second worker), three rounds
//   node tests/e2e/bench.mjs --auto-refit  auto on the CSV cases, its members refitted and (a link's refit=off) not, three rounds
//   node tests/e2e/bench.mjs --threads    only the threaded worker against the single-threaded one
//   node tests/e2e/bench.mjs --threads --runs=CNN   only its run timings whose case names CNN
//   node tests/e2e/bench.mjs --large-csv  only a 49,000-row CSV: reading it, then a setting and a column role changed
//   node tests/e2e/bench.mjs --webgpu     also WebGPU (SwiftShader here: correctness, not speed)
//   node tests/e2e/bench.mjs --models=fast,small-cnn   only these presets
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseOption, fieldValue, openApp, readStatus, setField, waitForStatus, waitUntil } from './app.mjs';
import { uploadCsv } from './csv.mjs';
import { launchBrowser } from './browser.mjs';
import { megabytes, watchMemory } from './memory.mjs';
import { startStaticServer } from './server.mjs';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist');
const ALL_MODELS = ['fast', 'small-cnn', 'paper-mlp4', 'paper-mlp6', 'paper-cnn'];
// `--models=a,b` measures only those presets (the paper CNN takes minutes a step on SwiftShader).
const modelsFlag = process.argv.find((arg) => arg.startsWith('--models='));
const MODELS = modelsFlag ? modelsFlag.slice('--models='.length).split(',') : ALL_MODELS;
const LEARNERS = ['biased-pu', 'weighter'];
const STANDARD = { warmup: 3, timed: 20 };
const SLOW = { warmup: 1, timed: 5 };
const DEMO_LIMIT_MS = 10 * 60_000;

/** In the page: time one model × learner in a fresh worker of `kind`
 * ('single': the WebGPU worker, CPU on one thread; 'threads': the threaded
 * worker, on `threads` 'One' or 'Pool'); resolves to FromWorker::BenchDone's fields. */
function benchInWorker({ model, learner, backend, plan, kind = 'single', threads = 'Measure' }) {
  return new Promise(async (done, fail) => {
    const unzip = async (url) => {
      const response = await fetch(url);
      const stream = response.body.pipeThrough(new DecompressionStream('gzip'));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    };
    const [train, test] = await Promise.all([unzip('data/mnist_train.pubin.gz'), unzip('data/mnist_test.pubin.gz')]);
    const worker = kind === 'threads'
      ? new Worker('./threads/worker_loader.js', { type: 'module' })
      : new Worker('./worker_loader.js');
    worker.onerror = (e) => fail(new Error(`worker error: ${e.message}`));
    worker.onmessage = ({ data }) => {
      if (data === 'Ready') {
        worker.postMessage({
          Bench: {
            config: { learner, model, backend, split: { n_labeled: 1000 }, policy: { pretrain_epochs: 0 } },
            data: { Builtin: { train, test } },
            plan,
            threads,
          },
        });
      } else if (data?.BenchDone) {
        worker.terminate();
        done(data.BenchDone);
      } else if (data?.Error || data?.Crashed) {
        worker.terminate();
        fail(new Error(data.Error ?? data.Crashed));
      }
    };
  });
}

async function stepTable(page, backend) {
  console.log(`\nbackend: ${backend === 'cpu' ? 'CPU (Burn flex, wasm, one thread)' : 'WebGPU'}, batch 128\n`);
  console.log('| model | learner | ms per step | examples/s | steps timed (after warm-ups) |');
  console.log('|---|---|---|---|---|');
  for (const model of MODELS) {
    for (const learner of LEARNERS) {
      const plan = model === 'paper-cnn' ? SLOW : STANDARD;
      try {
        const { timing, device } = await page.evaluate(benchInWorker, { model, learner, backend, plan });
        const where = backend === 'gpu' ? ` (${device.vendor ?? '?'} ${device.architecture ?? ''})` : '';
        console.log(`| ${model} | ${learner}${where} | ${timing.median_ms.toFixed(1)} | ${timing.examples_per_s.toFixed(0)} | ${plan.timed} (${plan.warmup}) |`);
      } catch (error) {
        console.log(`| ${model} | ${learner} | failed: ${String(error.message ?? error).split('\n')[0]} | | |`);
      }
    }
  }
}

/**
 * The CPU step of each preset three ways: in today's single-threaded
 * worker, and in the threaded worker on one thread and on its pool (one
 * thread per core the browser reports). Needs a cross-origin isolated page.
 */
async function threadStepTable(page) {
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  console.log(`\nCPU step (Burn flex, wasm), batch 128, ${cores} cores reported by the browser; ms per step (median)\n`);
  console.log(`| model | learner | single-threaded worker | threaded worker, 1 thread | threaded worker, pool of ${cores} | pool ÷ single-threaded | steps timed (after warm-ups) |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const model of MODELS) {
    for (const learner of LEARNERS) {
      const plan = model === 'paper-cnn' ? SLOW : STANDARD;
      const time = async (kind, threads) => {
        try {
          const { timing } = await page.evaluate(benchInWorker, { model, learner, backend: 'cpu', plan, kind, threads });
          return timing.median_ms;
        } catch (error) {
          return `failed: ${String(error.message ?? error).split('\n')[0]}`;
        }
      };
      const single = await time('single', 'Measure');
      const one = await time('threads', 'One');
      const pool = await time('threads', 'Pool');
      const ms = (v) => (typeof v === 'number' ? v.toFixed(1) : v);
      const ratio = typeof single === 'number' && typeof pool === 'number' ? `${(pool / single).toFixed(2)}×` : '';
      console.log(`| ${model} | ${learner} | ${ms(single)} | ${ms(one)} | ${ms(pool)} | ${ratio} | ${plan.timed} (${plan.warmup}) |`);
    }
  }
}

/**
 * In the page: from now on, `window.longestTaskMs` holds the longest
 * main-thread task (a `longtask` entry, 50 ms or more) and
 * `window.longestFrameMs` the longest rendering (style, layout, paint) of a
 * frame of 50 ms or more (a `long-animation-frame` entry's render phase,
 * which is not a `longtask`). Set either to 0 to start again.
 */
function watchMainThread(page) {
  return page.evaluate(() => {
    window.longestTaskMs = 0;
    window.longestFrameMs = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longestTaskMs = Math.max(window.longestTaskMs, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const rendering = entry.startTime + entry.duration - entry.renderStart;
        window.longestFrameMs = Math.max(window.longestFrameMs, entry.renderStart > 0 ? rendering : 0);
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
  });
}

/**
 * The default demo twice in one page: Train to the final report, and the
 * longest main-thread task meanwhile. The first run also lays out the result
 * panels and warms the page's wasm up; the second shows a run without that.
 */
async function demo(page, url) {
  await openApp(page, url);
  await watchMainThread(page);
  const runs = [];
  for (const run of [1, 2]) {
    await page.evaluate(() => {
      window.longestTaskMs = 0;
      window.longestFrameMs = 0;
    });
    const started = Date.now();
    await page.locator('#train:enabled').click();
    await waitUntil(`run ${run} in the history`, async () => (await page.locator('#history-table tbody tr').count()) >= run || null, {
      timeoutMs: DEMO_LIMIT_MS,
      lastSeen: async () => (await readStatus(page)).text,
    });
    await waitForStatus(page, 'Done.', DEMO_LIMIT_MS);
    runs.push({
      seconds: (Date.now() - started) / 1000,
      longest: await page.evaluate(() => window.longestTaskMs),
      rendering: await page.evaluate(() => window.longestFrameMs),
      accuracy: await page.locator('#metric-accuracy').getAttribute('data-value'),
    });
  }
  const row = (what, cell) => console.log(`| ${what} | ${runs.map(cell).join(' | ')} |`);
  console.log('\n| default demo (MNIST, n_l = 300, Weighter, fast MLP, 10 + 10 + 20 epochs) | first run | second run, same page |');
  console.log('|---|---|---|');
  row('Train to final report', (r) => `${r.seconds.toFixed(1)} s`);
  // The longtask observer reports tasks of 50 ms or more only.
  row('longest main-thread task while training', (r) => (r.longest > 0 ? `${r.longest.toFixed(0)} ms` : 'none of 50 ms or more'));
  // Long animation frames are those of 50 ms or more; this is the rendering part of the longest.
  row('longest rendering (style, layout, paint) in a frame of 50 ms or more', (r) => (r.rendering > 0 ? `${r.rendering.toFixed(0)} ms` : 'none'));
  row('test accuracy shown at the end (the kept epoch\'s)', (r) => r.accuracy);
}

/**
 * The default demo's first run in a fresh browser, traced: the longest
 * frame's wall time and the main thread's CPU time in it. Their difference
 * is time the main thread waited for a core (on 2 cores the worker trains on
 * one, and in a first run V8 compiles the worker's hot code on the other).
 */
async function tracedFirstRun(url) {
  const browser = await launchBrowser('cpu');
  const events = [];
  try {
    const { page } = browser;
    await openApp(page, url);
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const complete = new Promise((resolve) => cdp.on('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink', transferMode: 'ReportEvents' });
    await page.locator('#train:enabled').click();
    await waitForStatus(page, 'Done.', DEMO_LIMIT_MS);
    await cdp.send('Tracing.end');
    await complete;
  } finally {
    await browser.close();
  }
  const threads = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const frames = events.filter(
    (e) => e.ph === 'X' && e.name === 'WebFrameWidgetImpl::BeginMainFrame' && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain',
  );
  const longest = frames.reduce((a, b) => (b.dur > (a?.dur ?? -1) ? b : a), null);
  const ms = (us) => `${(us / 1000).toFixed(1)} ms`;
  console.log('\n| first run in a fresh browser, traced | longest frame | main thread on a core in it |');
  console.log('|---|---|---|');
  console.log(`| default demo | ${longest ? ms(longest.dur) : 'no frame'} | ${longest?.tdur !== undefined ? ms(longest.tdur) : 'unknown'} |`);
}

/** A CSV at the reader's size limit (49,000 rows, 80 features of which 10
 * carry a weak signal, a truth column), written once into the temp folder. */
function sizeLimitCsv() {
  const file = join(tmpdir(), 'policypu-bench-49000x80.csv');
  if (existsSync(file)) return file;
  let seed = 49_000;
  const uniform = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) + 0.5) / 2 ** 31;
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const header = [...Array.from({ length: 80 }, (_, j) => `x${j + 1}`), 'y'].join(',');
  const rows = [header];
  for (let i = 0; i < 49_000; i++) {
    const y = uniform() < 0.4 ? 1 : 0;
    const x = Array.from({ length: 80 }, (_, j) => (normal() + (j < 10 ? 0.5 * (y - 0.5) : 0)).toFixed(3));
    rows.push([...x, y].join(','));
  }
  writeFileSync(file, rows.join('\n') + '\n');
  return file;
}

/** Two busy loops at the lowest priority, as a background build would be; returns a stop function. */
function backgroundLoad() {
  const loops = [0, 1].map(() => spawn('nice', ['-n', '19', process.execPath, '-e', 'for(;;){}'], { stdio: 'ignore' }));
  return () => loops.forEach((loop) => loop.kill());
}

/**
 * Train to the final report twice in one fresh page, with and without
 * cross-origin isolation (so with the threaded worker and with the
 * single-threaded one), idle and under a background load: each run's
 * seconds; for the second run (the first lays the result panels out and
 * starts the worker) the longest main-thread task and frame while it
 * trains; and what the device line says.
 */
async function threadRunTimings() {
  const example = resolve(dirname(DIST), 'public/examples/breast_cancer.csv');
  const paperMlp = (page) => chooseOption(page, 'model', 'Paper MLP, 6-layer policy');
  const cases = [
    ['default demo (MNIST, n_l = 300, Weighter, fast MLP)', async () => {}, true],
    ['default demo with the paper MLP, 6-layer policy', paperMlp, true],
    ['default demo with the small CNN', (page) => chooseOption(page, 'model', 'Small CNN'), true],
    ['breast-cancer example (CSV settings: auto)', async (page) => {
      await uploadCsv(page, example);
      await page.locator('#csv-summary').waitFor({ timeout: 10_000 });
    }, false],
    ['CSV at the size limit, 49,000 × 80 (Weighter, fast MLP)', async (page) => {
      await uploadCsv(page, sizeLimitCsv());
      await page.locator('#csv-summary').waitFor({ timeout: 60_000 });
      await chooseOption(page, 'learner', 'policyPU_weighter');
    }, false],
  ];
  const setups = [
    ['single-threaded (not isolated)', { isolate: false }, false],
    ['threaded (isolated)', { isolate: true }, false],
    ['single-threaded, background load', { isolate: false }, true],
    ['threaded, background load', { isolate: true }, true],
  ];
  const ms = (v) => (v > 0 ? `${v.toFixed(0)} ms` : 'none of 50 ms or more');
  console.log('\n| Train to final report, twice in a fresh page | worker | first run | second run | longest main-thread task in the second | longest rendering in a frame of 50 ms or more in the second | device line |');
  console.log('|---|---|---|---|---|---|---|');
  // `--runs=word` times only the cases whose name holds the word.
  const only = process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length);
  for (const [what, prepare, withLoad] of cases.filter(([what]) => !only || what.includes(only))) {
    for (const [setup, serverOptions, loaded] of setups) {
      if (loaded && !withLoad) continue;
      const server = await startStaticServer(DIST, serverOptions);
      const browser = await launchBrowser('cpu');
      let stopLoad = () => {};
      try {
        const { page } = browser;
        await openApp(page, server.url);
        await prepare(page);
        await watchMainThread(page);
        const seconds = [];
        for (const run of [1, 2]) {
          if (run === 2) {
            await page.evaluate(() => {
              window.longestTaskMs = 0;
              window.longestFrameMs = 0;
            });
            if (loaded) stopLoad = backgroundLoad();
          }
          const rows = await page.locator('#history-table tbody tr').count();
          const started = Date.now();
          await page.locator('#train:enabled').click();
          await waitUntil(`run ${run} in the history`, async () => (await page.locator('#history-table tbody tr').count()) > rows || null, {
            timeoutMs: DEMO_LIMIT_MS,
            lastSeen: async () => (await readStatus(page)).text,
          });
          await waitForStatus(page, 'Done.', DEMO_LIMIT_MS);
          seconds.push(`${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
        stopLoad();
        const longest = await page.evaluate(() => window.longestTaskMs);
        const rendering = await page.evaluate(() => window.longestFrameMs);
        const device = (await page.locator('#device .badge').textContent()).trim();
        console.log(`| ${what} | ${setup} | ${seconds.join(' | ')} | ${ms(longest)} | ${rendering > 0 ? `${rendering.toFixed(0)} ms` : 'none'} | ${device} |`);
      } catch (error) {
        console.log(`| ${what} | ${setup} | failed: ${String(error.message ?? error).split('\n')[0]} | | | | |`);
      } finally {
        stopLoad();
        await browser.close();
        await server.close();
      }
    }
  }
}

/** The learner table's name for auto (`policypu learners --json`'s row with "auto"). */
const AUTO_NAME = 'auto (chosen on PU data)';

/** auto's cases: the default demo (MNIST) and the breast-cancer example with the page's CSV settings. */
const AUTO_CASES = [
  ['default demo (MNIST, n_l = 300, fast MLP)', async () => {}],
  ['breast-cancer example (CSV settings)', async (page) => {
    await uploadCsv(page, resolve(dirname(DIST), 'public/examples/breast_cancer.csv'));
    await page.locator('#csv-summary').waitFor({ timeout: 10_000 });
  }],
  ['a table of 5,000 rows and 80 features (CSV settings; made by the benchmark)', async (page) => {
    await uploadCsv(page, writeLargeCsv(5_000));
    await page.locator('#csv-summary').waitFor({ timeout: 30_000 });
  }],
];

/**
 * `auto` in a fresh page, from Train to its leaderboard, on each of AUTO_CASES.
 */
async function autoTimings(url) {
  console.log('\n| auto, Train to leaderboard (default settings; two workers where the browser has two cores) | seconds | candidates | kept | longest main-thread task | main thread busy | browser memory before Train | its peak during auto |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [what, prepare] of AUTO_CASES) await autoRun(url, what, prepare);
}

/**
 * One auto run in a fresh browser, printed as a row that starts with
 * `what`; `cores`, when given, is what the page is told the machine has.
 */
async function autoRun(url, what, prepare, cores) {
  const browser = await launchBrowser('cpu');
  try {
    const { page } = browser;
    if (cores) {
      await page.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), cores);
    }
    await openApp(page, url);
    await prepare(page);
    await chooseOption(page, 'learner', AUTO_NAME);
    await watchMainThread(page);
    // The main thread's time in tasks (Chromium's TaskDuration): on 2
    // cores, what it takes the workers' threads lack.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    const busyBefore = await busy();
    const memory = watchMemory(browser.profile);
    const started = Date.now();
    await page.locator('#train:enabled').click();
    await page.locator('#auto-kept').waitFor({ timeout: DEMO_LIMIT_MS });
    const seconds = (Date.now() - started) / 1000;
    const { first, peak } = memory.stop();
    const mainBusy = (await busy()) - busyBefore;
    const candidates = await page.locator('#auto-table tbody tr[data-learner]').count();
    const refits = await page.locator('#history-table tbody tr', { hasText: ', trained again' }).count();
    const named = (await page.locator('#auto-table tbody tr:has(#auto-kept) th').textContent()).trim();
    const kept = refits > 0 ? `${named}; ${refits} trained again` : named;
    const longest = await page.evaluate(() => window.longestTaskMs);
    console.log(`| ${what} | ${seconds.toFixed(1)} s | ${candidates} | ${kept} | ${longest > 0 ? `${longest.toFixed(0)} ms` : 'none of 50 ms or more'} | ${mainBusy.toFixed(1)} s | ${megabytes(first)} | ${megabytes(peak)} |`);
  } finally {
    await browser.close();
  }
}

/**
 * What the second worker buys: auto on the default demo and on the
 * breast-cancer example in fresh pages told they have one core (one
 * worker, candidates one after another) and two (two workers where the
 * page uses them), alternately, `rounds` times.
 */
async function autoWorkers(url, rounds = 3) {
  console.log('\n| auto, Train to leaderboard, by the cores the page is told of | round | seconds | candidates | kept | longest main-thread task | main thread busy | browser memory before Train | its peak during auto |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (let round = 1; round <= rounds; round += 1) {
    for (const cores of [1, 2]) {
      for (const [what, prepare] of AUTO_CASES) {
        await autoRun(url, `${what}, ${cores} core${cores > 1 ? 's' : ''} | ${round}`, prepare, cores);
      }
    }
  }
}

/**
 * What training auto's members again costs in the page: auto on the CSV
 * cases (the demo's members are not refitted) in fresh pages told of two
 * cores, refitting (the default) and opened with a link's `refit=off`,
 * alternately, `rounds` times.
 */
async function autoRefit(url, rounds = 3) {
  console.log('\n| auto, Train to leaderboard, two cores, by its refit setting | round | seconds | candidates | kept | longest main-thread task | main thread busy | browser memory before Train | its peak during auto |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (let round = 1; round <= rounds; round += 1) {
    for (const refit of ['members', 'off']) {
      for (const [what, prepare] of AUTO_CASES.slice(1)) {
        const opened = refit === 'off' ? `${url}#refit=off` : url;
        await autoRun(opened, `${what}, refit=${refit} | ${round}`, prepare, 2);
      }
    }
  }
}

/** DevTools' "Fast 3G" figures, at the issue's 1.6 Mbit/s. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

/** A fresh browser's first visit on FAST_3G: time to a usable Train and the bytes by then. */
async function firstVisit() {
  const server = await startStaticServer(DIST, { gzip: true });
  const browser = await launchBrowser('cpu');
  try {
    const { page } = browser;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const urls = new Map();
    const received = new Map();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => received.set(e.requestId, e.encodedDataLength));
    const started = Date.now();
    await page.goto(server.url, { waitUntil: 'commit' });
    await page.locator('#train:enabled').waitFor({ timeout: 120_000 });
    const trainSeconds = (Date.now() - started) / 1000;
    const byTrain = [...received].map(([id, bytes]) => ({ url: urls.get(id) ?? '?', bytes }));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 300_000 });
    const stored = await page.evaluate(async () => {
      const paths = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      }
      return paths;
    });
    // The service worker's own downloads are not throttled by the page's
    // emulation: their gzipped size says what they cost on the same link.
    const storedGzip = stored
      .map((path) => path.slice(new URL(server.url).pathname.length) || 'index.html')
      .reduce((sum, file) => sum + gzipSync(readFileSync(resolve(DIST, file))).length, 0);
    const total = byTrain.reduce((sum, r) => sum + r.bytes, 0);
    const subsets = byTrain.filter((r) => r.url.includes('/data/'));
    console.log('\nfirst visit, fresh browser, 1.6 Mbit/s down, 750 kbit/s up, 562.5 ms round trip, gzip from the server\n');
    console.log('| what | figure |\n|---|---|');
    console.log(`| Train usable after | ${trainSeconds.toFixed(1)} s |`);
    console.log(`| downloaded by then | ${(total / 1e6).toFixed(2)} MB in ${byTrain.length} requests |`);
    console.log(`| image subsets among them | ${subsets.length === 0 ? 'none (fetched when a run needs one)' : subsets.map((r) => r.url).join(', ')} |`);
    console.log(`| then stored by the service worker for offline use | ${stored.length} files, ${(storedGzip / 1e6).toFixed(2)} MB gzipped: about ${(storedGzip / FAST_3G.downloadThroughput).toFixed(0)} s more on this link at most, in the background |`);
    console.log('\n| request until Train is usable | bytes on the wire |\n|---|---|');
    for (const r of byTrain.sort((a, b) => b.bytes - a.bytes)) {
      console.log(`| ${new URL(r.url).pathname.replace(/-[0-9a-f]{8,}/, '-…')} | ${r.bytes} |`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * A CSV shaped like the weak-signal study table (results/table-weak-49000.md),
 * of `rows` rows (49,000 there): 80 features with three decimals, 10 of them
 * shifted by 0.5 for the positives (40 % of rows), a `labeled` column (30 %
 * of the positives) and a `truth` column, drawn from a fixed linear
 * congruential sequence. Its path.
 */
function writeLargeCsv(rows = 49_000) {
  const path = join(tmpdir(), `policypu-bench-${rows}.csv`);
  let state = 20261203;
  const uniform = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const lines = [[...Array(80).keys()].map((i) => `f${i}`).concat(['labeled', 'truth']).join(',')];
  for (let row = 0; row < rows; row++) {
    const positive = uniform() < 0.4;
    const labeled = positive && uniform() < 0.3;
    const cells = [];
    for (let f = 0; f < 80; f++) cells.push((uniform() * 2 - 1 + (positive && f < 10 ? 0.5 : 0)).toFixed(3));
    lines.push(`${cells.join(',')},${labeled ? 1 : 0},${positive ? 1 : 0}`);
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/**
 * The large CSV in the page: the main thread's time in tasks (Chromium's
 * TaskDuration) and its longest task from choosing the file to the reader's
 * verdict, then the same for each of five changes to the epochs, each
 * measured until the field shows the new value and a second has passed,
 * and for two changes of the true-class column (which read the table
 * again), until the verdict follows and a second has passed.
 */
async function largeCsv(url) {
  const path = writeLargeCsv();
  const browser = await launchBrowser('cpu');
  try {
    const { page } = browser;
    await openApp(page, url);
    await watchMainThread(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    const measure = async (what, act) => {
      await page.evaluate(() => {
        window.longestTaskMs = 0;
      });
      const before = await busy();
      await act();
      await page.waitForTimeout(1000);
      const longest = await page.evaluate(() => window.longestTaskMs);
      const seconds = (await busy()) - before;
      console.log(`| ${what} | ${(seconds * 1000).toFixed(0)} ms | ${longest > 0 ? `${longest.toFixed(0)} ms` : 'none of 50 ms or more'} |`);
    };
    console.log(`\n| ${(readFileSync(path).length / 1e6).toFixed(1)} MB CSV, 49,000 rows, 80 features | main thread busy (1 s after) | longest main-thread task |`);
    console.log('|---|---|---|');
    // When the page says it is reading the file, and when the reader's
    // verdict shows, from the moment the file input is set.
    await page.evaluate(() => {
      window.shownAt = {};
      new MutationObserver(() => {
        for (const id of ['csv-reading', 'csv-summary']) {
          if (window.shownAt[id] === undefined && document.getElementById(id)) window.shownAt[id] = performance.now();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    let chosenAt = 0;
    await measure('choosing the file, to the reader\'s verdict', async () => {
      chosenAt = await page.evaluate(() => performance.now());
      await uploadCsv(page, path);
      await page.locator('#csv-summary').waitFor({ timeout: 60_000 });
    });
    for (const epochs of ['21', '22', '23', '24', '25']) {
      await measure(`epochs set to ${epochs}`, async () => {
        await setField(page, 'optim.epochs', epochs);
        await waitUntil('the epochs field to show it', async () => (await fieldValue(page, 'optim.epochs')) === epochs || null, { timeoutMs: 60_000 });
      });
    }
    // A change of a column's role reads the table again.
    for (const [what, truth, says] of [
      ['true class set to none', '', 'no truth column'],
      ['true class set back to "truth"', 'truth', 'truth known'],
    ]) {
      await measure(what, async () => {
        await page.selectOption('#csv-truth', truth);
        const verdict = async () => (await page.locator('#csv-summary').count()) && (await page.locator('#csv-summary').textContent());
        await waitUntil('the verdict to follow', async () => (await verdict())?.includes(says) || null, { timeoutMs: 60_000 });
      });
    }
    const shownAt = await page.evaluate(() => window.shownAt);
    const after = (id) => (shownAt[id] === undefined ? 'never' : `${(shownAt[id] - chosenAt).toFixed(0)} ms`);
    console.log('\n| after the file is chosen | in the page after |\n|---|---|');
    console.log(`| "Reading …" (#csv-reading) | ${after('csv-reading')} |`);
    console.log(`| the reader's verdict (#csv-summary) | ${after('csv-summary')} |`);
  } finally {
    await browser.close();
  }
}

/** Which build and machine the figures are of, for a results file's head. */
function provenance() {
  const git = (args) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  // Changes to results and the README do not change the build.
  const dirty = git(['status', '--porcelain', '--untracked-files=no', '--', '.', ':!results', ':!README.md'])
    ? ' (with uncommitted changes)'
    : '';
  console.log(`Command: \`scripts/bench-browser.sh ${process.argv.slice(2).join(' ')}\`, dist/ built from commit ${git(['rev-parse', '--short', 'HEAD'])}${dirty}.`);
  console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), headless Chromium; ${new Date().toISOString()}.`);
}

const webgpu = process.argv.includes('--webgpu');
if (process.argv.includes('--threads')) {
  provenance();
  if (!process.argv.some((arg) => arg.startsWith('--runs='))) {
    const server = await startStaticServer(DIST);
    const browser = await launchBrowser('cpu');
    try {
      await openApp(browser.page, server.url);
      await threadStepTable(browser.page);
    } finally {
      await browser.close();
      await server.close();
    }
  }
  await threadRunTimings();
  process.exit(0);
}
const autoOnly = process.argv.includes('--auto-only');
/** Print the provenance, run `measure` alone on a server of dist/ (given its address), and exit. */
async function measureAlone(measure) {
  provenance();
  const server = await startStaticServer(DIST);
  try {
    await measure(server.url);
  } finally {
    await server.close();
  }
  process.exit(0);
}
if (process.argv.includes('--auto-workers')) await measureAlone(autoWorkers);
if (process.argv.includes('--auto-refit')) await measureAlone(autoRefit);
if (process.argv.includes('--large-csv')) await measureAlone(largeCsv);
if (process.argv.includes('--first-visit')) {
  provenance();
  await firstVisit();
  process.exit(0);
}
const server = await startStaticServer(DIST);
const browser = await launchBrowser(webgpu ? 'webgpu' : 'cpu');
try {
  provenance();
  if (!autoOnly) {
    await openApp(browser.page, server.url);
    await stepTable(browser.page, 'cpu');
    if (webgpu) await stepTable(browser.page, 'gpu');
    await demo(browser.page, server.url);
    await tracedFirstRun(server.url);
  }
  await autoTimings(server.url);
} finally {
  await browser.close();
  await server.close();
}
