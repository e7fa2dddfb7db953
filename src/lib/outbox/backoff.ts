const BASE_MS = 2_000;
const CAP_MS = 10 * 60_000;

/**
 * Exponential backoff with jitter: 2 s, 4 s, 8 s … capped at 10 minutes, each drawn between half
 * and all of it so many phones coming back online at once do not hit the server together.
 * The server's Retry-After wins when it asks for longer.
 */
export function nextDelay(attempts: number, random: () => number, retryAfterMs: number | null = null): number {
  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2));
  return retryAfterMs !== null ? Math.max(jittered, retryAfterMs) : jittered;
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
