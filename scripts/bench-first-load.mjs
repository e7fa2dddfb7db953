// `npm run bench:first-load`: the JavaScript a phone downloads before it can show /signin (signed out) and the home
// screen "/" (signed in), beside a bare Vite + React + Mantine + TanStack page with a sign-in form built in the same run.
//
// Two measures per page, both in gzip bytes (what goes over the wire, see server/app.ts):
//   - html:    what dist/index.html asks for before anything runs (entry script, modulepreload links, stylesheets);
//   - browser: every script the page really fetched until the network went quiet (Chromium's own resource list,
//              Pixel 7 viewport, service worker blocked so its precache is not counted).
// Budget: 150 KB gzip of JS for both pages (issue 17). `--check` exits 1 when a page is over it (a size check for CI).
// `--no-build` measures the existing dist/ instead of a private build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, devices } from '@playwright/test';
import { buildAppAndBare } from './bench-builds.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { signInWithForm } from './sign-in-form.mjs';

const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, 'test-results', 'bench-first-load');
const BUDGET = 150 * 1024;
const args = new Set(process.argv.slice(2));

const { appDist, bareDist } = await buildAppAndBare(work, { noBuild: args.has('--no-build') });

const gzipSize = (file) => (fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** What index.html loads before any script runs. */
function fromHtml(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (re) => [...html.matchAll(re)].map((m) => m[1]);
  const js = [
    ...attr(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...attr(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    // Mise's index.html adds the same script and links from its inline loader (scripts/first-paint.ts).
    ...[...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].flatMap((m) => [...m[1].matchAll(/"(\/assets\/[\w.-]+\.js)"/g)].map((f) => f[1])),
  ];
  const css = attr(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const sum = (list) => list.reduce((total, href) => total + gzipSize(path.join(dist, href)), 0);
  return { jsFiles: js.length, js: sum(js), css: sum(css) };
}

/** Scripts the browser fetched for `url`, gzip sizes read from the build. */
async function fromBrowser(context, dist, url, ready) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  page.on('pageerror', (error) => console.error(`${url}: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && console.error(`${url}: ${message.text()}`));
  await page.goto(url, { waitUntil: 'networkidle' });
  // The screen itself, then quiet again: on a loaded machine the network can go quiet before the app has asked for its
  // screen's files (it reads IndexedDB first), and the count would miss them.
  await ready(page)
    .waitFor({ timeout: 60_000 })
    .catch(async (error) => {
      console.error(`${url} shows: ${(await page.locator('body').innerText()).slice(0, 500)}`);
      throw error;
    });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const cls = await page.evaluate(() => window.__cls);
  const { entries, fcp } = await page.evaluate(() => ({
    entries: performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime })),
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
  }));
  const scripts = entries.map((e) => ({ path: new URL(e.name).pathname, start: e.start })).filter((e) => e.path.endsWith('.js'));
  const files = [...new Set(scripts.map((e) => e.path))].filter((p) => fs.existsSync(path.join(dist, p)));
  const beforePaint = new Set(scripts.filter((e) => e.start < fcp).map((e) => e.path));
  const perChunk = files
    .map((p) => ({ file: p, gzip: gzipSize(path.join(dist, p)), afterPaint: !beforePaint.has(p) }))
    .sort((a, b) => b.gzip - a.gzip);
  await page.close();
  const sum = (list) => list.reduce((t, c) => t + c.gzip, 0);
  return { jsFiles: files.length, js: sum(perChunk), beforePaint: sum(perChunk.filter((c) => !c.afterPaint)), perChunk, cls };
}

const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = path.join(work, 'data');
fs.rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: appDist, LOG_LEVEL: 'warn' },
});
const origin = `http://127.0.0.1:${port}`;
const results = {};
ensureChromium();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (let i = 0; ; i += 1) {
    const up = await fetch(`${origin}/api/v1/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 1800) throw new Error('the server did not start in 3 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  const { defaultBrowserType: _b, ...pixel } = devices['Pixel 7'];
  const signedOut = await browser.newContext({ ...pixel, baseURL: origin, serviceWorkers: 'block' });
  results.signin = await fromBrowser(signedOut, appDist, `${origin}/signin`, (page) => page.getByRole('button', { name: 'Sign in', exact: true }));

  // An account made through the API, signed in through the app's own screen, then a fresh page load of "/".
  const email = `bench.${Date.now().toString(36)}@cafe.test`;
  const password = 'correct-horse-9';
  const started = Date.now() - 1000;
  const signup = await fetch(`${origin}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Owner', email, password, userType: 'regular' }),
  });
  if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const outbox = path.join(dataDir, 'outbox');
  let code;
  for (let i = 0; i < 100 && !code; i += 1) {
    for (const f of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const file = path.join(outbox, f);
      if (fs.statSync(file).mtimeMs < started) continue;
      const text = fs.readFileSync(file, 'utf8');
      if (text.includes(email)) code = /^\s{4}(\d{6})$/m.exec(text)?.[1];
    }
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const verify = await fetch(`${origin}/api/v1/auth/verify-account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ otp: code, email, userType: 'regular' }),
  });
  if (!verify.ok) throw new Error(`verify: ${verify.status} ${await verify.text()}`);
  const signinPage = await signedOut.newPage();
  await signInWithForm(signinPage, { base: origin, origin, email, password });
  // A few customers, so the home shows its figures above the shortcuts (their arrival used to move the shortcuts).
  const session = await signinPage.evaluate(() => JSON.parse(localStorage.getItem('mise.session') ?? 'null'));
  for (const given_name of ['Ana', 'Ben', 'Chloé']) {
    const res = await fetch(`${origin}/api/v1/customers/manual/customer-manual`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ given_name, email_address: `${given_name.toLowerCase()}@guest.test` }),
    });
    if (!res.ok) throw new Error(`customer: ${res.status} ${await res.text()}`);
  }
  const state = await signedOut.storageState();
  await signedOut.close();
  const signedIn = await browser.newContext({ ...pixel, baseURL: origin, serviceWorkers: 'block', storageState: state });
  results.home = await fromBrowser(signedIn, appDist, `${origin}/`, (page) => page.getByRole('navigation', { name: 'Shortcuts' }));
  await signedIn.close();
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

const appHtml = fromHtml(appDist);
const bareHtml = fromHtml(bareDist);
console.log('\nFirst-load JavaScript, gzip (budget 150 KB)');
console.log('JS = every script fetched until the network went quiet; before paint = those requested before the first paint.');
console.log('                                   files        JS  before paint       CSS    CLS');
const row = (label, r, css) =>
  console.log(
    `${label.padEnd(34)}${String(r.jsFiles).padStart(5)}${kb(r.js).padStart(10)}${(r.beforePaint === undefined ? '' : kb(r.beforePaint)).padStart(14)}${(css === undefined ? '' : kb(css)).padStart(10)}${r.cls === undefined ? '' : r.cls.toFixed(3).padStart(7)}`,
  );
row('bare page: index.html', bareHtml, bareHtml.css);
row('Mise: index.html', appHtml, appHtml.css);
row('Mise /signin (browser, signed out)', results.signin);
row('Mise / (browser, signed in)', results.home);
for (const [name, r] of Object.entries(results)) {
  console.log(`\nChunks fetched by ${name === 'signin' ? '/signin' : '/'}:`);
  for (const c of r.perChunk) console.log(`  ${kb(c.gzip).padStart(9)}  ${c.file}${c.afterPaint ? '  (after the first paint)' : ''}`);
}
const over = Object.entries(results).filter(([, r]) => r.js > BUDGET);
if (over.length) console.log(`\nOver the 150 KB budget: ${over.map(([n]) => n).join(', ')}`);
if (args.has('--check') && over.length) process.exit(1);
