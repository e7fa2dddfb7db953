// Takes the manifest's store screenshots from the real app: a fresh server on a temporary data
// folder, a new owner signed in, the home screen at phone size (1080×1920) and wide (1920×1080).
// Run after a visible change: `node scripts/make-screenshots.mjs` (builds dist/ if stale).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'public', 'screenshots');
const port = 3900 + (process.pid % 90);
const origin = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-shots-'));

buildIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'ignore',
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: path.join(root, 'dist'), NODE_ENV: 'production', LOG_LEVEL: 'warn' },
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  for (let i = 0; i < 240 && !(await fetch(`${origin}/api/v1/health`).catch(() => null))?.ok; i++) await sleep(250);

  const email = `rosa.${Date.now().toString(36)}@cafe.test`;
  const password = 'correct-horse-9';
  const post = (url, data) => fetch(`${origin}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) });
  await post('/api/v1/auth/signup', { name: 'Rosa Martinez', email, password, userType: 'regular' });
  const outbox = path.join(dataDir, 'outbox');
  let code;
  for (let i = 0; i < 40 && !code; i++, await sleep(250)) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) code ??= /^\s{4}(\d{6})$/m.exec(fs.readFileSync(path.join(outbox, file), 'utf8'))?.[1];
  }
  await post('/api/v1/auth/verify-account', { otp: code, email, userType: 'regular' });
  const session = await (await post('/api/v1/auth/signin', { email, password, userType: 'regular' })).json();

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const shots = [
    { file: 'narrow-home.png', viewport: { width: 360, height: 640 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    { file: 'wide-home.png', viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1.5, isMobile: false, hasTouch: false },
  ];
  fs.mkdirSync(out, { recursive: true });
  for (const { file, ...options } of shots) {
    const context = await browser.newContext({ ...options, baseURL: origin, serviceWorkers: 'block' });
    // Signed in the way the app keeps it; the install card is for real visitors, not the store listing.
    await context.addInitScript(
      ([value]) => {
        localStorage.setItem('mise.session', value);
        localStorage.setItem('mise.installDismissedAt', String(Date.now()));
      },
      [JSON.stringify(session)],
    );
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, file) });
    console.log(`public/screenshots/${file}`);
    await context.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
