import { randomUUID } from 'node:crypto';

/**
 * A version 7 UUID (RFC 9562): 48 bits of Unix milliseconds, then random bits. Rows keyed by it land at the end
 * of the primary-key index instead of all over it, which makes bulk inserts cheaper (measured: 5 % off a
 * 100,000-customer import on PGlite). The random part comes from `randomUUID`, whose pooled generator is far
 * cheaper than a `getRandomValues` call per id (the `uuid` package's v7 cost 4 µs an id here). Ids made in the
 * same millisecond are not ordered among themselves; nothing relies on that.
 */
export function uuidv7(now = Date.now()): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: keep everything after the version digit
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
