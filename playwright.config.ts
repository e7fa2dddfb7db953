import { defineConfig, devices } from '@playwright/test';

// Each run gets its own port, data folder and build, so several runs on one machine never collide.
// The main process picks the port and hands it to its workers through the environment.
process.env.E2E_PORT ??= String(3100 + (process.pid % 800));
export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_RUN_DIR = `test-results/e2e-${E2E_PORT}`;
export const E2E_DATA_DIR = `${E2E_RUN_DIR}/data`;
export const E2E_STATIC_DIR = `${E2E_RUN_DIR}/dist`;
/** The fake TikTok (tests/fakes/tiktok.ts) that e2e/socials.spec.ts starts; the server is pointed at it. */
export const E2E_TIKTOK_PORT = E2E_PORT + 1000;
const E2E_TIKTOK_ENV = {
  TIKTOK_CLIENT_KEY: 'fake-client-key',
  TIKTOK_CLIENT_SECRET: 'fake-client-secret',
  TIKTOK_AUTH_BASE_URL: `http://127.0.0.1:${E2E_TIKTOK_PORT}`,
  TIKTOK_API_BASE_URL: `http://127.0.0.1:${E2E_TIKTOK_PORT}`,
};

/** The fake Square (tests/fakes/square.ts) that e2e/pos.spec.ts starts; the server is pointed at it. */
export const E2E_SQUARE_PORT = E2E_PORT + 1100;
const E2E_POS_ENV = {
  SQUARE_CLIENT_ID: 'sq0idp-fake',
  SQUARE_CLIENT_SECRET: 'sq0csp-fake-secret',
  SQUARE_BASE_URL: `http://127.0.0.1:${E2E_SQUARE_PORT}`,
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
};

/** The fake TikTok Research API (tests/fakes/tiktok-research.ts) that e2e/audio.spec.ts starts (Trending Audios). */
export const E2E_RESEARCH_PORT = E2E_PORT + 1300;
const E2E_RESEARCH_ENV = {
  TIKTOK_RESEARCH_CLIENT_KEY: 'research-key',
  TIKTOK_RESEARCH_CLIENT_SECRET: 'research-secret',
  TIKTOK_RESEARCH_BASE_URL: `http://127.0.0.1:${E2E_RESEARCH_PORT}`,
};

/** The SMTP sink (tests/fakes/smtp-sink.ts) that e2e/email-sending.spec.ts starts; campaign email goes there. */
export const E2E_SMTP_PORT = E2E_PORT + 1200;

// Debian's Chromium, never a downloaded browser build. The flags keep it quiet on a machine with no internet.
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: `${E2E_RUN_DIR}/artifacts`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    ...devices['Pixel 7'],
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${E2E_PORT}/api/v1/health`,
    reuseExistingServer: false,
    // The build (two passes, see vite.config.ts) and the server start take minutes on a busy 2-core machine.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      STATIC_DIR: E2E_STATIC_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      CAMPAIGN_SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      ...E2E_TIKTOK_ENV,
      ...E2E_POS_ENV,
      ...E2E_RESEARCH_ENV,
    },
  },
});
