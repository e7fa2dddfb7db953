import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { env } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './providers/mail/mail.ts';
import { createStorage } from './providers/storage/create-storage.ts';
import { createJobs } from './jobs/jobs.ts';
import { registerMediaJobs } from './features/media/media.jobs.ts';
import { registerAuthJobs } from './features/auth/auth.jobs.ts';
import { registerPosJobs } from './features/pos/pos-import.ts';
import { registerSegmentJobs } from './features/segments/segments.jobs.ts';

const logger = createLogger(env.LOG_LEVEL);
fs.mkdirSync(env.dataDir, { recursive: true });

const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.dataDir,
  onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection was closed by the server'),
});
const applied = await migrateToLatest(database.db);
logger.info({ database: database.kind, applied }, `database ready (${database.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL'})`);

const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.dataDir, logger });
const storage = createStorage(env);
const app = createApp(
  { env, db: database.db, logger, mailer, storage, now: () => new Date() },
  { staticDir: fs.existsSync(path.join(env.staticDir, 'index.html')) ? env.staticDir : undefined },
);

// Background jobs (server/jobs): one queue per process; features register their handlers here.
const jobs = createJobs({ db: database.db, logger, now: () => new Date() });
const stopMediaJobs = registerMediaJobs(jobs, { env, db: database.db, logger, storage, now: () => new Date() });
const stopAuthJobs = registerAuthJobs(jobs, { db: database.db, logger, now: () => new Date() });
const stopPosJobs = registerPosJobs(jobs, { env, db: database.db, logger, now: () => new Date() });
const stopSegmentJobs = registerSegmentJobs(jobs, { db: database.db, logger });
jobs.start();

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const url = `http://localhost:${info.port}`;
  logger.info({ port: info.port }, `Mise is running on ${url}`);
  if (mailer.kind === 'outbox') logger.info(`No SMTP_URL set: emails (verification codes) are written to ${path.join(env.dataDir, 'outbox')}`);
  logger.info(`Demo data: \`npm run demo\` creates demo@mise.local with a generated café (2,000 customers, 18 months of visits)${env.DATABASE_URL ? '' : '; stop this server first, the embedded database serves one process at a time'}`);
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
  stopMediaJobs();
  stopAuthJobs();
  stopPosJobs();
  stopSegmentJobs();
  await jobs.stop();
  mailer.close();
  await database.close();
  logger.info('stopped cleanly');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
