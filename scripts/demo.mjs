// `npm run demo`: (re)creates the demo account with a generated café (about 2,000 customers and 30,000 visits over
// 18 months, birthdays, a consent mix, a few segments), in the same database `npm start` uses (DATA_DIR or
// DATABASE_URL). Running it again resets the demo account. DEMO_PASSWORD chooses the password.
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const load = (file) => import(path.join(root, file));
const { env } = await load('server/env.ts');
const { openDatabase } = await load('server/db/client.ts');
const { migrateToLatest } = await load('server/db/migrate.ts');
const { createLogger } = await load('server/lib/logger.ts');
const { seedDemo } = await load('server/features/demo/demo-account.ts');
const { createProviders, closeProviders } = await load('server/providers/providers.ts');

// The embedded database serves one process at a time: a running server must be stopped first.
if (!env.DATABASE_URL) {
  const running = await fetch(`http://localhost:${env.PORT}/api/v1/health`, { signal: AbortSignal.timeout(1000) }).then(() => true, () => false);
  if (running) {
    console.error(`A Mise server is running on port ${env.PORT} with the embedded database (${env.dataDir}).`);
    console.error('Stop it (Ctrl+C), run `npm run demo`, then `npm start` again. With DATABASE_URL set, both can run together.');
    process.exit(1);
  }
}

const started = Date.now();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
await migrateToLatest(database.db);
const logger = createLogger('warn');
const deps = { ...createProviders(env, logger), env, db: database.db, logger, now: () => new Date() };
const result = await seedDemo(deps, { password: process.env.DEMO_PASSWORD, baseUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT}`).replace(/\/+$/, '') });
closeProviders(deps);
await database.close();

console.log(`
Demo account ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL'}):

  email     ${result.email}
  password  ${result.password}
  staff     ${result.staffEmail} (same password): a demo team member who sees only Media and their profile

  ${result.customers.toLocaleString('en-US')} customers and ${result.orders.toLocaleString('en-US')} orders (made up: source "demo", example.com emails, 555-01xx phones)
  segments: ${result.segments.join('; ') || 'none'}
  brand: Demo Café with a logo and an email header; ${result.photos} demo photos in Media; a finished Square import (demo)
  campaigns: ${result.campaigns.join('; ')}

Start the app with \`npm start\` and sign in with the address and password above.
Run \`npm run demo\` again at any time to reset the demo account.`);
