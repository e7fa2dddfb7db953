// The first-load size check of `npm test` (issue 17): the gzip bytes of JavaScript the signed-out /signin and the
// signed-in home "/" load before their first paint, read from a build (no browser, no timing):
//   /signin = what index.html loads (entry script and modulepreload links, named by its loader) + the `signin` file and what it imports;
//   "/"     = what index.html loads + the `shell` file (frame and home) + the `storage` file (read cache, outbox),
//             which main.tsx starts before a signed-in page's first render, and what they import.
// (The file names come from the first-load groups in vite.config.ts; `npm run bench:first-load` measures the same
// pages in Chromium.) Fails when a page is over its limit.
//
// The budget is 150 KB for both pages, and both meet it (/signin 144.8 KB, "/" 149.4 KB): the limit of each is the
// budget.
//
// `node scripts/check-first-load.mjs [--dist DIR]`: without --dist it builds into test-results/first-load-check/dist.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KB = 1024;
const LIMITS = { signin: 150 * KB, home: 150 * KB };
const BUDGET = 150 * KB;

const root = path.resolve(import.meta.dirname, '..');
const distArg = process.argv.indexOf('--dist');
let dist;
if (distArg > 0) dist = path.resolve(process.argv[distArg + 1]);
else {
  dist = path.join(root, 'test-results', 'first-load-check', 'dist');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const gzipSize = (file) => (fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const fromHtml = [
  ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]),
  // index.html's loader adds the same script and links itself (scripts/first-paint.ts): the files it names.
  ...[...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].flatMap((m) => [...m[1].matchAll(/"\/(assets\/[\w.-]+\.js)"/g)].map((f) => f[1])),
];
if (fromHtml.length === 0) throw new Error(`${dist}/index.html names no script: how index.html loads the app changed?`);
const assets = fs.readdirSync(path.join(dist, 'assets'));
const group = (name) => {
  const files = assets.filter((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f)).map((f) => `assets/${f}`);
  if (files.length !== 1) throw new Error(`expected one ${name}-*.js in ${dist}/assets, found ${files.length}: the first-load groups in vite.config.ts changed?`);
  return files[0];
};
/** A file and every file it imports statically (`import … from "./x.js"`), transitively. */
function closure(roots) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) visit(path.posix.join(path.posix.dirname(file), m[1]));
  };
  roots.forEach(visit);
  return seen;
}

const pages = {
  signin: { label: '/signin (signed out)', files: closure([...fromHtml, group('signin')]) },
  home: { label: '"/" (signed in)', files: closure([...fromHtml, group('shell'), group('storage')]) },
};
let failed = false;
for (const [key, page] of Object.entries(pages)) {
  const chunks = [...page.files].map((file) => ({ file, gzip: gzipSize(path.join(dist, file)) })).sort((a, b) => b.gzip - a.gzip);
  const total = chunks.reduce((t, c) => t + c.gzip, 0);
  const over = total > LIMITS[key];
  failed ||= over;
  console.log(
    `${page.label}: ${kb(total)} gzip JS in ${chunks.length} files (limit ${kb(LIMITS[key])}, budget ${kb(BUDGET)}${total > BUDGET ? ', over the budget' : ''})${over ? '  ✖ over the limit' : ''}`,
  );
  for (const c of chunks) console.log(`  ${kb(c.gzip).padStart(9)}  ${c.file}`);
}
if (failed) {
  console.error('\nThe first load grew past its limit: see which file grew above (and vite.config.ts, README "First load on a phone").');
  process.exit(1);
}
