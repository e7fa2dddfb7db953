import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import sharp from 'sharp';
import { createApp } from './app.ts';
import { openMigratedDatabase } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import { env } from './env.ts';
import { features } from './features/features.ts';
import { createJobs } from './jobs/jobs.ts';
import { createLogger } from './lib/logger.ts';
import { closeProviders, createProviders } from './providers/providers.ts';
import { startupFacts, startupSummary } from './startup-summary.ts';

// libvips keeps up to 50 MB of recent operations for images processed again; Mise decodes each image once.
sharp.cache(false);

const logger = createLogger(env.LOG_LEVEL, env.LOG_FORMAT);
const prettyLogs = env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT === 'auto' && process.stdout.isTTY === true);
fs.mkdirSync(env.dataDir, { recursive: true });

// On PGlite the database is opened again after migrations ran, to give back the heap they grew (see openMigratedDatabase).
const { database, applied } = await openMigratedDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.dataDir,
  pgliteThread: env.pgliteThread,
  pglitePrepared: env.pglitePrepared,
  onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection was closed by the server'),
});
logger.debug({ database: database.kind, applied }, `database ready (${database.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL'})`);

// Every outside service is built once, here, and reaches the features inside `deps`.
const deps: Deps = { env, db: database.db, logger, now: () => new Date(), ...createProviders(env, logger) };
const app = createApp(deps, { staticDir: fs.existsSync(path.join(env.staticDir, 'index.html')) ? env.staticDir : undefined });

// Background jobs (server/jobs): one queue per process; each feature registers its handlers and timers.
const jobs = createJobs({ db: database.db, logger, now: deps.now, leaseMs: env.JOB_LEASE_SECONDS * 1000 });
const stopFeatureJobs = features.map((feature) => feature.jobs?.(jobs, deps) ?? (() => {}));
jobs.start();

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const url = `http://localhost:${info.port}`;
  void startupFacts(database.db, {
    url,
    database: database.kind === 'pglite' ? 'pglite' : 'postgres',
    mail: deps.mailer.kind === 'outbox' ? 'outbox' : 'smtp',
    tiktok: deps.tiktok !== null,
    trending: deps.trending !== null,
    billing: deps.billing.kind === 'stripe' ? 'stripe' : 'builtin',
    ai: deps.ai.kind === 'openai' ? `OpenAI-compatible at ${env.AI_BASE_URL ?? 'the default address'}` : 'built-in (deterministic, no network); AI_BASE_URL for a model',
  }).then((facts) => {
    const lines = startupSummary(env, facts);
    // In a terminal: a short block a person reads. For log collectors: one JSON line with the same facts.
    if (prettyLogs) process.stdout.write(`\n${lines.join('\n')}\n\n`);
    else logger.info({ port: info.port, ...facts }, lines[0]!);
  });
});

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.warn('in-flight requests did not finish in 10 s; closing anyway');
    process.exit(1);
  }, 10_000);
  force.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
  for (const stop of stopFeatureJobs) stop();
  await jobs.stop();
  closeProviders(deps);
  await database.close();
  logger.info('stopped cleanly');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
