import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { openDatabase, type DbHandle } from '../../server/db/client.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Deps } from '../../server/deps.ts';
import { parseEnv, type Env } from '../../server/env.ts';
import { createLogger } from '../../server/lib/logger.ts';
import type { MailMessage, Mailer } from '../../server/providers/mail/mail.ts';
import { closeProviders, createProviders, type Providers } from '../../server/providers/providers.ts';
import { openThrowawayPostgres } from './throwaway-database.ts';

type TestMailer = Mailer & { sent: MailMessage[]; lastCodeFor: (to: string) => string };

/** Captures mail in memory; the code is read back the way a person would, from the text part. */
function memoryMailer(): TestMailer {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(message) {
      sent.push(message);
      return { messageId: `test-${sent.length}` };
    },
    close() {},
    lastCodeFor(to) {
      const message = sent.findLast((m) => m.to === to);
      const code = message && /^\s+(\d{6})$/m.exec(message.text)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
  };
}

async function openTestDatabase(): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.MISE_TEST_DB !== 'postgres' || !adminUrl) return openDatabase({ dataDir: 'memory://' });
  // One throwaway database per test file, so files run in parallel without seeing each other.
  return openThrowawayPostgres(adminUrl, 'mise_test');
}

export type TestApp = {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  mailer: TestMailer;
  dataDir: string;
  /** Moves the injected clock forward. */
  advance: (ms: number) => void;
  /** Stops the injected clock (it then moves only by `advance`), for tests whose answers depend on seconds passing. */
  freeze: () => void;
  close: () => Promise<void>;
};

/**
 * A whole app on a fresh database: PGlite in memory, or a new PostgreSQL database when MISE_TEST_DB=postgres.
 * Providers are built from the env exactly as main.ts builds them (point them at a local fake with env
 * variables), with mail captured in memory; `providers` swaps in any other fake.
 */
export async function createTestApp(envOverrides: Record<string, string> = {}, providers: Partial<Providers> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-test-'));
  const env: Env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...envOverrides });
  const database = await openTestDatabase();
  await migrateToLatest(database.db);
  const mailer = memoryMailer();
  let offset = 0;
  let frozenAt: number | undefined;
  const logger = createLogger('silent');
  const deps: Deps = {
    ...createProviders(env, logger),
    mailer,
    ...providers,
    env,
    db: database.db,
    logger,
    now: () => new Date((frozenAt ?? Date.now()) + offset),
  };
  return {
    app: createApp(deps),
    deps,
    mailer,
    dataDir,
    advance: (ms) => {
      offset += ms;
    },
    freeze: () => {
      frozenAt ??= Date.now();
    },
    close: async () => {
      closeProviders(deps);
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON request helper: `call(app, 'POST', '/api/v1/auth/signin', body, token)`. */
export async function call(app: TestApp['app'], method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (token) (init.headers as Record<string, string>).Authorization = `Bearer ${token}`;
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await app.request(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, headers: response.headers, body: json as any };
}
