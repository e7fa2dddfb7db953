import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, devices, expect, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions, E2E_PORT, E2E_RUN_DIR, E2E_STATIC_DIR } from '../playwright.config.ts';
import { openDatabase } from '../server/db/client.ts';

/**
 * The offline journeys run against their own server process (same build as the main e2e server):
 * to count the server's rows after a write was retried, the test stops it and opens its database,
 * which an embedded PGlite only allows once the server has let go of it. Its log is kept too.
 */
export type OwnServer = {
  origin: string;
  dataDir: string;
  /** `staticDir`: serve another build (the update prompt's "new version"). */
  start: (options?: { staticDir?: string }) => Promise<void>;
  stop: () => Promise<void>;
  /** Stops it and deletes its data folder (and any next build). */
  dispose: () => Promise<void>;
  /** pino lines (JSON) printed since the first start. */
  logs: () => Array<Record<string, unknown>>;
  /** Runs `work` on the stopped server's database, then starts the server again. */
  withDatabase: <T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) => Promise<T>;
};

const root = path.resolve(import.meta.dirname, '..');

/** A copy of the build whose service worker differs by one comment: what a deploy looks like to a phone. */
export function nextBuild(): string {
  const next = path.resolve(root, E2E_RUN_DIR, 'dist-next');
  fs.rmSync(next, { recursive: true, force: true });
  fs.cpSync(path.resolve(root, E2E_STATIC_DIR), next, { recursive: true });
  fs.appendFileSync(path.join(next, 'sw.js'), `\n// next build ${Date.now()}\n`);
  // The build's brotli and gzip copies of sw.js would still be the old worker: gone, the server compresses it live.
  for (const copy of ['sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(next, copy), { force: true });
  return next;
}

export function ownServer(name: string): OwnServer {
  const port = E2E_PORT + 2000;
  const dataDir = path.resolve(root, E2E_RUN_DIR, `${name}-data`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const lines: string[] = [];
  let child: ChildProcess | undefined;
  const origin = `http://localhost:${port}`;

  let staticDir = path.resolve(root, E2E_STATIC_DIR);
  const start = async (options: { staticDir?: string } = {}) => {
    if (options.staticDir) staticDir = options.staticDir;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        RATE_LIMIT_DISABLED: '1',
      },
    });
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
    });
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    await expect
      .poll(async () => (await fetch(`${origin}/api/v1/health`).catch(() => undefined))?.status, { timeout: 60_000, intervals: [250] })
      .toBe(200);
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };

  return {
    origin,
    dataDir,
    start,
    stop,
    dispose: async () => {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(path.resolve(root, E2E_RUN_DIR, 'dist-next'), { recursive: true, force: true });
    },
    logs: () =>
      lines.flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    withDatabase: async (work) => {
      await stop();
      const database = await openDatabase({ dataDir });
      try {
        return await work(database.db);
      } finally {
        await database.close();
        await start();
      }
    },
  };
}

/** A phone with a real profile directory: the service worker, caches and IndexedDB persist across reloads. */
export async function launchPhone(origin: string, profileName: string): Promise<{ context: BrowserContext; page: Page }> {
  const profile = path.resolve(root, E2E_RUN_DIR, 'profiles', `${profileName}-${Date.now().toString(36)}`);
  const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
  const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, ...pixel, baseURL: origin });
  // A Chromium profile is tens of MB: gone with its browser.
  context.on('close', () => void fs.promises.rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined));
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** Reads the newest code mailed to `email` from this server's outbox folder. */
export async function codeFor(server: OwnServer, email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
        for (const file of files.sort().reverse()) {
          const text = fs.readFileSync(path.join(outbox, file), 'utf8');
          if (!text.includes(email)) continue;
          code = /^\s{4}(\d{6})$/m.exec(text)?.[1];
          if (code) return code;
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return code!;
}

/** Creates and verifies an account through the API, then signs in through the app's own screen. */
export async function signUpAndSignIn(server: OwnServer, page: Page, name = 'Rosa Martinez') {
  const email = `${name.split(' ')[0]!.toLowerCase()}.${Date.now().toString(36)}@cafe.test`;
  const password = 'correct-horse-9';
  const signup = await page.request.post(`${server.origin}/api/v1/auth/signup`, { data: { name, email, password, userType: 'regular' } });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const verify = await page.request.post(`${server.origin}/api/v1/auth/verify-account`, {
    data: { otp: await codeFor(server, email), email, userType: 'regular' },
  });
  expect(verify.ok(), await verify.text()).toBeTruthy();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('mise.session') ?? 'null') as { userId: string; token: string });
  return { name, email, password, userId: session.userId, token: session.token };
}

/** Waits until the service worker controls the page (precache done and activated). */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active && navigator.serviceWorker.controller);
  });
}
