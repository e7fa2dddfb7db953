import * as v from 'valibot';
import { ApiError } from '../api.ts';
import { awaitedByScreen } from './awaited.ts';
import { enqueue } from './client.ts';
import { postOutboxEvent, subscribeOutboxEvents } from './events.ts';
import { getOp, removeOps } from './store.ts';
import type { EnqueueInput, OutboxEvent, OutboxOp } from './types.ts';

export type Delivery<T> = { queued: false; body: T } | { queued: true; op: OutboxOp };

/**
 * A write through the outbox for a screen that waits for it: online, it resolves with the server's
 * answer like `api()` (and throws ApiError with the server's message when refused, so the form can
 * show it; the refused op is then dropped because the owner is looking at the error). Offline, or
 * when the answer takes longer than `waitMs`, it resolves `{ queued: true }`: the write is safe on
 * the device and the sync badge shows it until the server has it.
 */
export async function sendThroughOutbox<S extends v.GenericSchema>(input: EnqueueInput, schema: S, waitMs = 8000): Promise<Delivery<v.InferOutput<S>>> {
  const seen: OutboxEvent[] = [];
  let opId: string | null = null;
  let refused = false;
  let onEvent: ((event: OutboxEvent) => void) | null = null;
  // Listen before queueing: on a fast connection the answer can come before enqueue returns.
  const unsubscribe = subscribeOutboxEvents((event) => (onEvent ? onEvent(event) : seen.push(event)));
  try {
    const op = await enqueue(input);
    if (typeof navigator !== 'undefined' && !navigator.onLine) return { queued: true, op };
    opId = op.id;
    awaitedByScreen.add(op.id);
    return await new Promise<Delivery<v.InferOutput<S>>>((resolve, reject) => {
      const timer = setTimeout(() => resolve({ queued: true, op }), waitMs);
      const settle = (work: () => void) => {
        clearTimeout(timer);
        onEvent = () => undefined;
        work();
      };
      const handle = async (event: OutboxEvent) => {
        if (event.type === 'done' && event.opId === op.id) {
          const parsed = v.safeParse(schema, event.body);
          if (parsed.success) return settle(() => resolve({ queued: false, body: parsed.output }));
          return settle(() => reject(new ApiError(200, 'The server sent an answer this app does not understand', 'contract')));
        }
        if (event.type !== 'changed') return;
        const current = await getOp(op.id);
        if (!current) return; // done: its own event follows
        if (current.status === 'failed' || current.status === 'conflict') {
          refused = true;
          await removeOps([op.id]);
          postOutboxEvent({ type: 'changed' });
          // The screen shows the server's own words, or its own message (the spec's) when the server gave none.
          const error = new ApiError(current.lastStatus ?? 0, current.lastError ?? 'Something went wrong', undefined, current.lastFromServer === true);
          return settle(() => reject(error));
        }
        if (current.status === 'auth' || (current.status === 'pending' && current.attempts > 0)) settle(() => resolve({ queued: true, op: current }));
      };
      onEvent = (event) => void handle(event);
      for (const event of seen.splice(0)) onEvent(event);
    });
  } finally {
    unsubscribe();
    // Kept a moment longer: the refusal is being removed from the outbox as the screen shows it.
    const id = opId;
    if (id && refused) setTimeout(() => awaitedByScreen.delete(id), 2000);
    else if (id) awaitedByScreen.delete(id);
  }
}
