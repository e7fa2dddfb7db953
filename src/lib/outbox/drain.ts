import { apiErrorFrom } from '../api-error.ts';
import { openMiseDb } from '../offline/db.ts';
import { nextDelay, parseRetryAfter } from './backoff.ts';
import { updateAppBadge } from './badge.ts';
import { postOutboxEvent } from './events.ts';
import { bySeq, getOp, listOps, readBlob, recoverInterrupted, removeOps, updateOp } from './store.ts';
import { sendTus } from './tus.ts';
import type { DrainSummary, OutboxOp } from './types.ts';

export type DrainDeps = {
  fetch: typeof fetch;
  now: () => number;
  random: () => number;
  /** Where /api lives: the page's or the worker's own origin. */
  origin: string;
  /** False skips the round (nothing would get through). */
  isOnline: () => boolean;
  /** Size of each tus PATCH (tests make it small). */
  tusChunkBytes?: number;
};

export type DrainOptions = {
  /** Try ops waiting after a network failure now (the connection just came back). */
  force?: boolean;
};

const LOCK_NAME = 'mise-outbox';
// A request that hangs must not hold the lock forever: give up and retry later.
const REQUEST_TIMEOUT_MS = 60_000;

const defaults = (): DrainDeps => ({
  fetch: (...args) => globalThis.fetch(...args),
  now: () => Date.now(),
  random: Math.random,
  origin: globalThis.location?.origin ?? '',
  isOnline: () => globalThis.navigator?.onLine ?? true,
});

type Outcome = 'done' | 'failed' | 'held';

/**
 * Sends what is due, one drainer at a time across the page(s) and the service worker (Web Locks).
 * Ops of one entity go in order, each waiting for the one before; entities run side by side, so a
 * conflict on one never holds another.
 */
export async function drainOutbox(overrides: Partial<DrainDeps> = {}, options: DrainOptions = {}): Promise<DrainSummary> {
  const deps = { ...defaults(), ...overrides };
  const summary = await withOutboxLock(() => drainLocked(deps, options));
  void updateAppBadge();
  return summary;
}

async function drainLocked(deps: DrainDeps, options: DrainOptions): Promise<DrainSummary> {
  await recoverInterrupted(deps.now());
  const auth = await (await openMiseDb()).get('auth', 'current');
  const summary: DrainSummary = { sent: 0, done: 0, nextAttemptAt: null };
  if (!auth || !deps.isOnline()) return summary;

  const chains = new Map<string, OutboxOp[]>();
  for (const op of await listOps(auth.userId)) chains.set(op.entity, [...(chains.get(op.entity) ?? []), op]);

  await Promise.all(
    [...chains.values()].map(async (chain) => {
      for (const op of chain.sort(bySeq)) {
        // A refused op does not hold the ones after it; a conflict or a missing sign-in does.
        if (op.status === 'failed') continue;
        if (op.status !== 'pending') return;
        const waiting = op.nextAttemptAt > deps.now() && !(options.force && op.lastStatus === 0);
        if (waiting) return;
        summary.sent += 1;
        const outcome = await send(deps, op);
        if (outcome === 'held') return;
        if (outcome === 'done') summary.done += 1;
      }
    }),
  );

  // When to wake up next: the earliest backoff still running (ops queued behind it need no timer of their own).
  const later = (await listOps(auth.userId)).filter((op) => op.status === 'pending' && op.nextAttemptAt > deps.now()).map((op) => op.nextAttemptAt);
  summary.nextAttemptAt = later.length ? Math.min(...later) : null;
  return summary;
}

async function send(deps: DrainDeps, op: OutboxOp): Promise<Outcome> {
  const changed = () => postOutboxEvent({ type: 'changed' });
  // The token is read now, not when the op was queued: a sign-in since then is used.
  const auth = await (await openMiseDb()).get('auth', 'current');
  if (!auth || auth.userId !== op.userId) {
    await updateOp(op.id, { status: 'auth', lastError: 'Sign in again to send this change.' }, deps.now());
    changed();
    return 'held';
  }
  const attempt = op.attempts + 1;
  if (!(await updateOp(op.id, { status: 'sending', attempts: attempt }, deps.now()))) return 'held';
  changed();

  const retryLater = async (lastStatus: number, lastError: string, retryAfterMs: number | null = null) => {
    const nextAttemptAt = deps.now() + nextDelay(attempt, deps.random, retryAfterMs);
    await updateOp(op.id, { status: 'pending', nextAttemptAt, lastStatus, lastError }, deps.now());
    changed();
    return 'held' as const;
  };

  // A file sent resumably first (tus): its bytes go before the form that names it.
  let uploadId: string | undefined;
  if (op.request.tus) {
    const current = (await getOp(op.id)) ?? op;
    const outcome = await sendTus(deps, current, auth.token);
    if (!outcome.ok && outcome.retry) return retryLater(outcome.status, outcome.message);
    if (!outcome.ok) {
      await updateOp(op.id, { status: 'failed', lastStatus: outcome.status, lastError: outcome.message }, deps.now());
      changed();
      return 'failed';
    }
    uploadId = outcome.uploadId;
  }

  let init: RequestInit;
  try {
    init = await requestInit(op, auth.token, uploadId);
  } catch (error) {
    await updateOp(op.id, { status: 'failed', lastStatus: null, lastError: (error as Error).message }, deps.now());
    changed();
    return 'failed';
  }

  let response: Response;
  try {
    response = await deps.fetch(`${deps.origin}/api/v1${op.request.path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    // No answer: maybe it never left, maybe the server applied it and the answer was lost.
    // Either way it goes again with the same key, so the server applies it at most once.
    return retryLater(0, 'No connection. Mise will send this when it can.');
  }

  const body: unknown = await response.json().catch(() => undefined);
  const status = response.status;

  if (response.ok) {
    await removeOps([op.id]);
    postOutboxEvent({ type: 'done', opId: op.id, kind: op.kind, entity: op.entity, invalidate: op.invalidate, body });
    return 'done';
  }
  if (status === 401) {
    await updateOp(op.id, { status: 'auth', lastStatus: status, lastError: 'Sign in again to send this change.' }, deps.now());
    changed();
    return 'held';
  }
  // The same parser as every other call (src/lib/api-error.ts): the server's sentence and its field errors.
  const refusal = apiErrorFrom(status, body);
  const serverMessage = refusal.fromServer ? refusal.message : null;
  const { code, fields } = refusal;
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'), deps.now());
  if (status >= 500 || status === 429 || (status === 409 && code === 'request_in_progress')) {
    return retryLater(status, serverMessage ?? `The server could not take this change yet (${status}). Mise will try again.`, retryAfter);
  }
  if (status === 409 || status === 412) {
    await updateOp(op.id, { status: 'conflict', lastStatus: status, lastError: serverMessage ?? 'This was changed somewhere else first.', lastFromServer: serverMessage !== null }, deps.now());
    changed();
    return 'held';
  }
  await updateOp(op.id, { status: 'failed', lastStatus: status, lastError: serverMessage ?? `The server refused this change (${status}).`, lastFields: fields, lastFromServer: serverMessage !== null }, deps.now());
  changed();
  return 'failed';
}

/** Headers and body, built now: FormData and files cannot be stored, so they are rebuilt per attempt. */
async function requestInit(op: OutboxOp, token: string, uploadId?: string): Promise<RequestInit> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': op.id };
  const { method, json, form } = op.request;
  if (form) {
    const data = new FormData();
    for (const field of form) {
      if ('value' in field) {
        data.append(field.name, field.value);
        continue;
      }
      const blob = await readBlob(field.blobId);
      if (!blob) throw new Error('The file for this change is no longer on this device. Discard it and pick the file again.');
      data.append(field.name, blob, field.fileName);
    }
    if (uploadId) data.append('uploadId', uploadId);
    return { method, headers, body: data };
  }
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    return { method, headers, body: JSON.stringify(json) };
  }
  return { method, headers };
}

// Node (unit tests) has no Web Locks: a promise chain gives the same one-at-a-time inside one process.
let localTail: Promise<unknown> = Promise.resolve();

export function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (locks) return locks.request(LOCK_NAME, work) as Promise<T>;
  const run = localTail.then(work, work);
  localTail = run.catch(() => undefined);
  return run;
}
