/** A refusal from a point-of-sale API. `code` is the provider's (RATE_LIMITED, UNAUTHORIZED, …) or http_<status>. */
export class PosApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'PosApiError';
    this.status = status;
    this.code = code;
  }
}

export type PosHttpOptions = {
  /** Retries of a 429 or 5xx answer before giving up (the job queue then retries the whole step later). */
  maxRetries?: number;
  /** Base of the exponential backoff when the answer has no Retry-After. */
  backoffMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
};

/** Longest wait a Retry-After may ask for inside one call; longer ones fail the step so the queue can reschedule. */
const MAX_WAIT_MS = 60_000;

/** Retry-After is seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }, { once: true });
  });
}

/**
 * fetch + JSON with the rules both providers need: 429 and 5xx are retried after Retry-After (or an exponential
 * backoff with jitter), other errors become PosApiError with the provider's own message.
 */
export async function posRequest<T>(url: string, init: RequestInit, readError: (status: number, body: unknown) => PosApiError, options: PosHttpOptions = {}): Promise<T> {
  const maxRetries = options.maxRetries ?? 4;
  const backoffMs = options.backoffMs ?? 1000;
  for (let attempt = 0; ; attempt += 1) {
    const signals = [AbortSignal.timeout(options.timeoutMs ?? 30_000), ...(options.signal ? [options.signal] : [])];
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.any(signals) });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (attempt >= maxRetries) throw new PosApiError(0, 'network', `Could not reach ${new URL(url).host}: ${(error as Error).message}`);
      await sleep(backoffMs * 2 ** attempt * (0.8 + 0.4 * Math.random()), options.signal);
      continue;
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = { message: text.slice(0, 200) };
    }
    if (response.ok) return body as T;
    const retryable = response.status === 429 || response.status >= 500;
    const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoffMs * 2 ** attempt * (0.8 + 0.4 * Math.random());
    if (!retryable || attempt >= maxRetries || wait > MAX_WAIT_MS) throw readError(response.status, body);
    await sleep(wait, options.signal);
  }
}
