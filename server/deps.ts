import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Logger } from './lib/logger.ts';
import type { Providers } from './providers/providers.ts';

/**
 * Everything a route, service or job may need, built once in main.ts (or by a test with fakes, see
 * tests/helpers/test-app.ts) and handed to every feature: the parsed env, the database, the logger,
 * the clock and every outside service (server/providers/providers.ts).
 */
export type Deps = Providers & {
  env: Env;
  db: Db;
  logger: Logger;
  /** Injected so tests can move time forward (code expiry, cooldowns, schedules). */
  now: () => Date;
};
