import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './providers/mail/mail.ts';
import type { Storage } from './providers/storage/storage.ts';

/** Everything a request handler may need, built once in main.ts (or by a test) and passed to createApp. */
export type Deps = {
  env: Env;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  /** Uploaded files (avatars now, the media library later). */
  storage: Storage;
  /** Injected so tests can move time forward (code expiry, cooldowns, rate-limit windows). */
  now: () => Date;
};
