import type { OutboxEvent } from './types.ts';

/** Page(s) and service worker hear each other here: ops changed, done or discarded. */
const OUTBOX_CHANNEL = 'mise-outbox';
/** The Background Sync tag, and the message a page sends the service worker to drain now. */
export const OUTBOX_SYNC_TAG = 'mise-outbox';
export const DRAIN_MESSAGE = 'mise-outbox-drain';

const hasChannel = () => typeof BroadcastChannel !== 'undefined';
// A channel object never hears its own messages, but other objects in the same context do:
// so the sender and every listener use their own instance, and this context hears itself too.
let sender: BroadcastChannel | undefined;
const local = new Set<(event: OutboxEvent) => void>();

export function postOutboxEvent(event: OutboxEvent) {
  if (!hasChannel()) {
    for (const listener of local) listener(event);
    return;
  }
  if (!sender) {
    sender = new BroadcastChannel(OUTBOX_CHANNEL);
    // Node (unit tests) would otherwise stay alive for it; browsers have no unref.
    (sender as { unref?: () => void }).unref?.();
  }
  sender.postMessage(event);
}

/** Events from this context and from every other page and the service worker. */
export function subscribeOutboxEvents(listener: (event: OutboxEvent) => void): () => void {
  if (!hasChannel()) {
    local.add(listener);
    return () => local.delete(listener);
  }
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.onmessage = (message: MessageEvent<OutboxEvent>) => listener(message.data);
  return () => channel.close();
}
