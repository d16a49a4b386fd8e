// Writes dist/sw.js from www/service-worker.js: the build's version (a hash
// of its files) and the files to store at install (every file of the build
// but the image subsets, which are stored when the user opens them).
//   node scripts/stamp-service-worker.mjs [dist]
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const dist = process.argv[2] ?? 'dist';
const OUTPUT = 'sw.js';

async function filesUnder(folder) {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(join(folder, e.name)) : [join(folder, e.name)])),
  );
  return nested.flat();
}

const files = (await filesUnder(dist))
  .map((f) => relative(dist, f).split(sep).join('/'))
  .filter((f) => f !== OUTPUT && !f.startsWith('data/'))
  .sort();
const hash = createHash('sha256');
for (const file of files) hash.update(file).update('\0').update(await readFile(join(dist, file)));
const version = hash.digest('hex').slice(0, 16);

const build = { version, precache: ['./', ...files] };
const template = await readFile(new URL('../www/service-worker.js', import.meta.url), 'utf8');
const marker = /^const BUILD = \{.*\};$/m;
if (!marker.test(template)) throw new Error('www/service-worker.js lost its `const BUILD = {…};` line');
await writeFile(join(dist, OUTPUT), template.replace(marker, `const BUILD = ${JSON.stringify(build)};`));
console.log(`[build] ${dist}/${OUTPUT}: version ${version}, ${files.length} files stored at install`);
