// Builds the PWA when dist/ is missing or older than any of its sources. Used by `npm start` and the e2e server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'postcss.config.cjs'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function buildIfStale({ force = false } = {}) {
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (!force && builtAt > changedAt) {
    console.log('PWA build is up to date (dist/)');
    return;
  }
  console.log(builtAt ? 'Sources changed since the last build: rebuilding the PWA…' : 'No build yet: building the PWA (about a minute)…');
  const started = Date.now();
  // Warnings and errors only: the list of every asset buries the one line a newcomer needs (BUILD_VERBOSE=1 shows it).
  const logLevel = process.env.BUILD_VERBOSE ? 'info' : 'warn';
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', logLevel], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`PWA built in ${Math.round((Date.now() - started) / 1000)} s (dist/)`);
  fs.writeFileSync(stamp, new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale({ force: process.argv.includes('--force') });
