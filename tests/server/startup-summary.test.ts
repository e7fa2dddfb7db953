import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env.ts';
import { prettyLine } from '../../server/lib/logger.ts';
import { startupFacts, startupSummary } from '../../server/startup-summary.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const root = path.resolve(import.meta.dirname, '../..');
const base = { url: 'http://localhost:3000', database: 'pglite', mail: 'outbox', tiktok: false, trending: false, billing: 'builtin', ai: 'built-in' } as const;

describe('start-up summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says where the app is, where data and mail go, and how to get the demo until it exists', async () => {
    const env = parseEnv({ DATA_DIR: './data' });
    const before = startupSummary(env, await startupFacts(t.deps.db, base));
    expect(before[0]).toBe('Mise is running: http://localhost:3000');
    expect(before.join('\n')).toMatch(/Database {2}PGlite \(embedded\) in data/);
    expect(before.join('\n')).toMatch(/Mail {6}not sent: .* data\/outbox \(set SMTP_URL to send\)/);
    expect(before.join('\n')).toMatch(/Demo {6}npm run demo creates demo@mise\.local/);
    expect(before.join('\n')).toMatch(/Off {7}Square \(SQUARE_CLIENT_ID and SQUARE_CLIENT_SECRET\); Clover/);
    // What owners are told is not available yet, the operator reads how to turn on.
    expect(before.join('\n')).toMatch(/Trending audios \(TIKTOK_RESEARCH_CLIENT_KEY, TIKTOK_RESEARCH_CLIENT_SECRET\)/);
    expect(before.length).toBeLessThanOrEqual(8);

    const now = new Date();
    await t.deps.db.insertInto('users').values({ name: 'Demo', email: 'demo@mise.local', password_hash: 'x', verified_at: now, created_at: now, updated_at: now }).execute();
    const after = startupSummary(env, await startupFacts(t.deps.db, base)).join('\n');
    expect(after).toMatch(/Demo {6}sign in as demo@mise\.local/);
    expect(after).not.toMatch(/npm run demo creates/);
  });

  it('reads a JSON log line as a short line', () => {
    const line = prettyLine(JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 1, 14, 2, 7), pid: 1, hostname: 'h', msg: 'slow request', path: '/api/v1/x', ms: 812 }));
    expect(line).toMatch(/^\d\d:\d\d:\d\d WARN {2}slow request {2}path=\/api\/v1\/x ms=812\n$/);
  });

  it('npm start in a terminal prints the summary, not JSON', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-start-'));
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none'), LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no summary in 60 s:\n${out}`)), 60_000);
        const check = setInterval(() => {
          if (/ {2}AI {8}.*\n/.test(out)) {
            clearInterval(check);
            clearTimeout(timer);
            resolve();
          }
        }, 100);
      });
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const lines = out.split('\n').filter((line) => line.trim());
    expect(lines.find((line) => line.startsWith('Mise is running: '))).toBe(`Mise is running: http://localhost:${port}`);
    expect(lines.filter((line) => line.trim().startsWith('{'))).toEqual([]);
    expect(lines.length).toBeLessThanOrEqual(14);
  }, 90_000);
});
