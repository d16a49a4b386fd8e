// The memory a headless Chromium has allocated while it works: its resident
// anonymous memory (heaps, JavaScript's and the workers' WebAssembly
// memories, buffers; not the mapped code of the browser) summed over every
// process of the browser's profile (the browser, its renderers with their
// workers, GPU and utility processes), read from /proc (copy-on-write pages
// that forked processes still share count in each). Proportional and
// private sizes were tried first: both change with the other Chromium
// processes on the machine, which share the browser's code pages; this
// does not. Linux only; elsewhere the figures are null.
import { readdirSync, readFileSync } from 'node:fs';

/** The process ids whose command line names `profile`. */
function processesOf(profile) {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries.filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(profile);
    } catch {
      return false; // the process ended
    }
  });
}

/** Anonymous memory in MB summed over `pids`, or null where /proc says nothing. */
function anonymousMb(pids) {
  let kb = null;
  for (const pid of pids) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const anonymous = /^Anonymous:\s+(\d+) kB/m.exec(rollup);
      if (anonymous) kb = (kb ?? 0) + Number(anonymous[1]);
    } catch {
      // the process ended
    }
  }
  return kb === null ? null : kb / 1024;
}

/**
 * Watch the memory of the browser whose profile folder is `profile`,
 * sampled every `everyMs`. `stop()` ends the watch and returns
 * `{ first, peak }` in MB: the first sample and the largest.
 */
export function watchMemory(profile, everyMs = 250) {
  const sample = () => anonymousMb(processesOf(profile));
  const first = sample();
  let peak = first;
  const note = (mb) => {
    if (mb !== null) peak = Math.max(peak ?? 0, mb);
  };
  const timer = setInterval(() => note(sample()), everyMs);
  timer.unref(); // a run that throws before stop() does not keep node alive
  return {
    stop() {
      clearInterval(timer);
      note(sample());
      return { first, peak };
    },
  };
}

/** `mb` as the benchmark tables print it: "812 MB", or "unknown". */
export function megabytes(mb) {
  return mb === null ? 'unknown' : `${mb.toFixed(0)} MB`;
}
