import { useMemo, useSyncExternalStore } from 'react';
import { sessionStore } from '../session.ts';
import { subscribeOutboxEvents } from './events.ts';
import { listOps } from './store.ts';
import type { OpStatus, OutboxOp } from './types.ts';

type OutboxCounts = Record<OpStatus, number> & { total: number };
type OutboxSnapshot = { ops: OutboxOp[]; counts: OutboxCounts; loaded: boolean };

const emptyCounts = (): OutboxCounts => ({ pending: 0, sending: 0, failed: 0, conflict: 0, auth: 0, total: 0 });
let snapshot: OutboxSnapshot = { ops: [], counts: emptyCounts(), loaded: false };
const listeners = new Set<() => void>();
let stop: (() => void) | undefined;
let generation = 0;

async function refresh() {
  const mine = ++generation;
  const userId = sessionStore.get()?.userId;
  const ops = userId ? await listOps(userId).catch(() => []) : [];
  if (mine !== generation) return; // a newer refresh already ran
  const counts = emptyCounts();
  for (const op of ops) counts[op.status] += 1;
  counts.total = ops.length;
  snapshot = { ops, counts, loaded: true };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!stop) {
    const offEvents = subscribeOutboxEvents(() => void refresh());
    const offSession = sessionStore.subscribe(() => void refresh());
    stop = () => {
      offEvents();
      offSession();
    };
    void refresh();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop?.();
      stop = undefined;
    }
  };
}

/** Every write of the signed-in owner still waiting for the server, oldest first, with counts. */
export const useOutbox = () => useSyncExternalStore(subscribe, () => snapshot, () => snapshot);

/** A feature's own waiting writes, to show them in place (a pending tile, "waiting to sync"). */
export function usePendingOps(filter: { entity?: string; kind?: string }): OutboxOp[] {
  const { ops } = useOutbox();
  const { entity, kind } = filter;
  return useMemo(() => ops.filter((op) => (!entity || op.entity === entity) && (!kind || op.kind === kind)), [ops, entity, kind]);
}
