import { reportStorageProblem } from '../offline/storage-problems.ts';
import { sessionStore } from '../session.ts';
import { updateAppBadge } from './badge.ts';
import { drainOutbox } from './drain.ts';
import { DRAIN_MESSAGE, OUTBOX_SYNC_TAG, postOutboxEvent, subscribeOutboxEvents } from './events.ts';
import { OutboxStoreError, addOp, getOp, removeOps, retryOp } from './store.ts';
import type { EnqueueInput, OutboxOp } from './types.ts';

/**
 * The page's side of the outbox. Features call `enqueue` instead of sending a write themselves.
 *
 * Who drains: the service worker on Background Sync (Chromium; it also runs when Mise is closed),
 * and this page on start, `online`, becoming visible, after each enqueue and when a backoff ends,
 * which is all iOS Safari and Firefox get. They share one Web Lock, so only one sends at a time and
 * the other finds nothing left to do. When the page is hidden it asks the worker to carry on.
 */
let running: Promise<void> | null = null;
let rerun: { force: boolean } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let heldUntil = 0;

/**
 * The page is about to reload into a new version: it starts no drain of its own for `ms` (a reload would cut it
 * short); the worker's drains go on. A drain asked for meanwhile runs when the hold ends, if the page is still here.
 */
export function holdPageDrains(ms: number) {
  heldUntil = Date.now() + ms;
}

/** Whether the page's drains are on hold; if so, one is scheduled for when the hold ends. */
function held() {
  if (Date.now() >= heldUntil) return false;
  schedule(heldUntil);
  return true;
}

export function drainSoon(options: { force?: boolean } = {}): Promise<void> {
  if (held()) return Promise.resolve();
  if (running) {
    rerun = { force: Boolean(rerun?.force || options.force) };
    return running;
  }
  running = (async () => {
    let force = Boolean(options.force);
    for (;;) {
      try {
        const summary = await drainOutbox({}, { force });
        schedule(summary.nextAttemptAt);
      } catch (error) {
        reportStorageProblem(`Mise could not read the changes waiting on this device (${(error as Error).name}).`);
      }
      if (!rerun || held()) {
        rerun = null;
        break;
      }
      force = rerun.force;
      rerun = null;
    }
    running = null;
  })();
  return running;
}

function schedule(at: number | null) {
  clearTimeout(timer);
  if (at === null) return;
  timer = setTimeout(() => void drainSoon(), Math.max(0, at - Date.now()) + 50);
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };

/** Background Sync: the browser wakes the worker when it is online, even after Mise is closed. */
async function registerBackgroundSync() {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration().catch(() => undefined)) as SyncRegistration | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

function handOverToWorker() {
  void registerBackgroundSync();
  navigator.serviceWorker?.controller?.postMessage({ type: DRAIN_MESSAGE });
}

/**
 * Queues a write. Resolves once it is stored on the device (not when the server has it); throws an
 * OutboxStoreError when the device could not store it, which the caller shows.
 */
export async function enqueue(input: EnqueueInput): Promise<OutboxOp> {
  const session = sessionStore.get();
  if (!session) throw new OutboxStoreError('Please sign in to continue', false);
  const op = await addOp({ ...input, userId: session.userId }).catch((error: unknown) => {
    // Full disk or unusable storage: the banner says why, the caller shows its own error.
    if (error instanceof OutboxStoreError) reportStorageProblem(error.message);
    throw error;
  });
  postOutboxEvent({ type: 'changed' });
  void registerBackgroundSync();
  void drainSoon();
  return op;
}

export async function retryOutboxOp(id: string) {
  await retryOp(id);
  postOutboxEvent({ type: 'changed' });
  void drainSoon();
}

/** Drops a waiting write for good (never one being sent); its screens refetch what the server has. */
export async function discardOutboxOp(id: string) {
  const op = await getOp(id);
  if (!op || op.status === 'sending') return;
  await removeOps([id]);
  postOutboxEvent({ type: 'discarded', opId: op.id, kind: op.kind, entity: op.entity, invalidate: op.invalidate });
  // A discarded conflict no longer holds its entity's chain.
  void drainSoon();
}

/** Wires the drain's triggers and the app badge; called once the page has painted (start-offline.ts). Returns the undo. */
export function startOutbox(): () => void {
  const unsubscribe = subscribeOutboxEvents(() => void updateAppBadge());
  const onOnline = () => void drainSoon({ force: true });
  const onVisibility = () => (document.visibilityState === 'visible' ? void drainSoon() : handOverToWorker());
  const onWorkerMessage = (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === DRAIN_MESSAGE) void drainSoon();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  void drainSoon();
  return () => {
    unsubscribe();
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibility);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
  };
}
