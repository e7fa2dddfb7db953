// `npm run bench:web`: web vitals as a phone sees them (issue 17, item 3).
//
// Lighthouse 12 (mobile preset: Moto G Power screen, simulated slow 4G and 4× CPU) drives Debian Chromium over three
// runs per page and prints the median LCP, FCP, TBT, CLS, performance score and bytes transferred for:
//   - a bare Vite + React + Mantine page with a sign-in form (scripts/bare-app), built and served gzip-compressed in
//     the same run: the baseline;
//   - Mise's /signin, signed out (the session and read cache cleared before each run; Lighthouse's reset keeps them);
//   - Mise's home "/", signed in as the demo account (2,000 customers): the session and the read cache stay, the
//     HTTP cache, Cache Storage and the service worker are cleared before each run (an owner coming back after the
//     browser evicted the app's files: the worst case of a signed-in start).
// Then a repeat visit measured in the browser itself (no throttling): the time from navigation start until the cached
// customer list is on screen, when /customers is opened again with the service worker and the read cache in place.
//
// Goals: LCP ≤ 1.5 s, TBT ≤ 150 ms, CLS ≤ 0.05, repeat visit ≤ 300 ms. Figures depend on the machine's load: read Mise
// beside the bare page of the same run. `--no-build` measures the existing dist/. RUNS=n changes the three runs; DETAILS=1 prints each run's LCP element,
// long tasks and scripts' CPU time.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, devices } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildAppAndBare } from './bench-builds.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { signInWithForm } from './sign-in-form.mjs';

const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, 'test-results', 'bench-web');
const args = new Set(process.argv.slice(2));
const RUNS = Number(process.env.RUNS ?? 3);
// Lighthouse's default estimates the timings from an unthrottled load (simulate); `devtools` really slows the network
// and CPU while the page loads, so what is painted from HTML before the JavaScript arrives shows in FCP and LCP.
const THROTTLING = process.env.THROTTLING ?? 'simulate';
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const password = 'bench-web-pass-1';

const { appDist, bareDist } = await buildAppAndBare(work, { noBuild: args.has('--no-build') });

/** The bare page's files, gzip-compressed like Mise's (a fair baseline), index.html for every other path. */
function serveBare() {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = http.createServer((req, res) => {
    const wanted = path.join(bareDist, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const file = wanted.startsWith(bareDist) && fs.existsSync(wanted) && fs.statSync(wanted).isFile() ? wanted : path.join(bareDist, 'index.html');
    const body = fs.readFileSync(file);
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? zlib.gzipSync(body) : body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const waitUp = async (origin) => {
  for (let i = 0; ; i += 1) {
    if (await fetch(`${origin}/api/v1/health`).then((r) => r.ok, () => false)) return;
    if (i > 1800) throw new Error('the server did not start in 3 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Lighthouse's performance figures for one page load. */
async function audit(port, url, options = {}) {
  let lhr;
  // Lighthouse sometimes loses its trace on a loaded machine (NO_NAVSTART, NO_FCP): that run is made again.
  for (let attempt = 1; ; attempt += 1) {
    ({ lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: THROTTLING, ...options }));
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.log(`  ${url}: ${lhr.runtimeError.code}, run again`);
  }
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  if (process.env.DETAILS) {
    const items = (id) => lhr.audits[id]?.details?.items ?? [];
    console.log(`  ${url}: this run LCP ${Math.round(value('largest-contentful-paint'))} ms, TBT ${Math.round(value('total-blocking-time'))} ms`);
    console.log(`  ${url}: LCP element ${items('largest-contentful-paint-element')[0]?.items?.[0]?.node?.snippet ?? '?'}`);
    // The unthrottled load Lantern simulates from: what was requested before these moments counts for FCP / LCP.
    const m = items('metrics')[0] ?? {};
    const scripts = items('network-requests').filter((r) => r.resourceType === 'Script').map((r) => Math.round(r.networkRequestTime));
    console.log(`  observed FCP ${m.observedFirstContentfulPaint} ms, LCP ${m.observedLargestContentfulPaint} ms; first script requested at ${Math.min(...scripts)} ms`);
    for (const t of items('long-tasks').slice(0, 8)) console.log(`  long task ${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms: ${t.url}`);
    for (const shift of items('layout-shifts').slice(0, 5)) console.log(`  layout shift ${shift.score?.toFixed(3)}: ${shift.node?.snippet ?? '?'}`);
    for (const b of items('bootup-time').slice(0, 6)) console.log(`  script ${Math.round(b.total)} ms (run ${Math.round(b.scripting)}, parse ${Math.round(b.scriptParseCompile)}): ${b.url}`);
  }
  return {
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    score: (lhr.categories.performance.score ?? NaN) * 100,
    bytes: value('total-byte-weight'),
  };
}

const port = 3900 + Math.floor(Math.random() * 90);
const origin = `http://127.0.0.1:${port}`;
const dataDir = path.join(work, 'data');
fs.rmSync(dataDir, { recursive: true, force: true });
const serverEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: appDist, LOG_LEVEL: 'warn', PUBLIC_URL: origin };
delete serverEnv.DATABASE_URL;
console.log('Seeding the demo account…');
const seeded = spawnSync(process.execPath, ['scripts/demo.mjs'], { cwd: root, env: { ...serverEnv, DEMO_PASSWORD: password }, encoding: 'utf8' });
if (seeded.status !== 0) throw new Error(`npm run demo failed:\n${seeded.stdout}\n${seeded.stderr}`);
const email = /email\s+(\S+)/.exec(seeded.stdout)?.[1];
if (!email) throw new Error(`no demo email in:\n${seeded.stdout}`);

/** The demo owner signs in through the app's own sign-in screen on `page` and waits for the home. */
async function signIn(page, base = '') {
  await signInWithForm(page, { base, origin, email, password });
  await page.getByRole('navigation', { name: 'Shortcuts' }).waitFor();
  // The home saved for the next visit's first paint (src/lib/home-snapshot.ts), as any visit to the home leaves it.
  await page.waitForFunction(() => localStorage.getItem('mise.homeSnapshot') !== null);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: serverEnv });
const bare = await serveBare();
const bareOrigin = `http://127.0.0.1:${bare.address().port}`;
ensureChromium();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-web-')),
});
const results = { bare: [], signin: [], home: [] };
const repeat = [];
try {
  await waitUp(origin);

  // The owner signs in once in Lighthouse's own browser profile, through the app's sign-in screen.
  const attached = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const profile = attached.contexts()[0];
  const first = await profile.newPage();
  await signIn(first, origin);
  await first.close();
  await attached.close(); // disconnects; the browser stays for Lighthouse

  /** Before a signed-in run: the app's files are gone from every cache, the session and the read cache stay. */
  const evictFiles = async () => {
    const again = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await again.contexts()[0].newPage();
    const cdp = await again.contexts()[0].newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,service_workers' });
    await cdp.send('Network.clearBrowserCache');
    await page.close();
    await again.close();
  };

  /** Before the signed-out run: no session, no read cache (the owner signed out). */
  const signOut = async () => {
    const again = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await again.contexts()[0].newPage();
    const cdp = await again.contexts()[0].newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb' });
    await page.close();
    await again.close();
  };

  for (let run = 1; run <= RUNS; run += 1) {
    console.log(`Lighthouse run ${run} of ${RUNS}…`);
    results.bare.push(await audit(chrome.port, `${bareOrigin}/signin`));
    await evictFiles();
    // Signed out: Lighthouse's own storage reset keeps localStorage and IndexedDB (its `clearStorageTypes`), so
    // until issue 17's first-paint work this "signed out" run still had the owner's session.
    await signOut();
    results.signin.push(await audit(chrome.port, `${origin}/signin`, { disableStorageReset: false }));
    // Signed out above: sign in again for the home.
    const again = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await again.contexts()[0].newPage();
    await signIn(page, origin);
    await page.close();
    await again.close();
    await evictFiles();
    results.home.push(await audit(chrome.port, `${origin}/`, { disableStorageReset: true }));
  }

  // A repeat visit of the customer list (Pixel 7 viewport, no throttling): the service worker serves the app, the read
  // cache the list, so it is on screen before the network answers.
  const browser = await chromium.launch({ executablePath: chromePath });
  const { defaultBrowserType: _b, ...pixel } = devices['Pixel 7'];
  const context = await browser.newContext({ ...pixel, baseURL: origin });
  await context.addInitScript(() => {
    const seen = () => {
      if (window.__listAt === undefined && document.querySelector('[data-testid="customer-row"]')) window.__listAt = performance.now();
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/customers');
  await page.locator('[data-testid="customer-row"]').first().waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(1000); // the read cache is written after the list arrives
  for (let i = 0; i < Math.max(RUNS, 5); i += 1) {
    await page.reload();
    await page.waitForFunction(() => window.__listAt !== undefined, undefined, { timeout: 30_000 });
    repeat.push(await page.evaluate(() => window.__listAt));
  }
  await browser.close();
} finally {
  await chrome.kill();
  bare.close();
  server.kill('SIGTERM');
}

const ms = (v) => `${Math.round(v).toLocaleString('en-US')} ms`;
const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`\nWeb vitals, Lighthouse 12 mobile preset (${THROTTLING} throttling), median of ${RUNS} (load average ${load}; goals LCP ≤ 1.5 s, TBT ≤ 150 ms, CLS ≤ 0.05)`);
console.log('                                         LCP         FCP         TBT     CLS  score   transferred');
for (const [label, runs] of [
  ['bare page (Vite + React + Mantine)', results.bare],
  ['Mise /signin, signed out', results.signin],
  ['Mise /, signed in (demo account)', results.home],
]) {
  const m = (key) => median(runs.map((r) => r[key]));
  console.log(
    `${label.padEnd(36)}${ms(m('lcp')).padStart(12)}${ms(m('fcp')).padStart(12)}${ms(m('tbt')).padStart(12)}${m('cls').toFixed(3).padStart(8)}${Math.round(m('score')).toString().padStart(7)}${`${(m('bytes') / 1024).toFixed(0)} KB`.padStart(14)}`,
  );
}
console.log(`\nRepeat visit of /customers, cached list on screen after navigation start (goal ≤ 300 ms): median ${ms(median(repeat))}, runs ${repeat.map((v) => Math.round(v)).join(', ')} ms`);
