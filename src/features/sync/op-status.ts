import type { OutboxOp } from '../../lib/outbox/types.ts';

type StatusView = { label: string; color: string; detail: string | null };

const inSeconds = (ms: number) => {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 90 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
};

/** How one waiting write is described to the owner. */
export function statusView(op: OutboxOp, online: boolean, now: number): StatusView {
  switch (op.status) {
    case 'sending':
      return { label: 'Sending…', color: 'blue', detail: null };
    case 'failed':
      return { label: 'Not saved', color: 'red', detail: op.lastError ?? 'The server refused this change.' };
    case 'conflict':
      return {
        label: 'Conflict',
        color: 'orange',
        detail: `${op.lastError ?? 'This was changed somewhere else first.'} Retry to send yours anyway, or discard it.`,
      };
    case 'auth':
      return { label: 'Sign in needed', color: 'grape', detail: 'Sign in again and it will be sent.' };
    case 'pending': {
      if (!online) return { label: 'Waiting', color: 'gray', detail: 'Waiting for a connection.' };
      const wait = op.nextAttemptAt - now;
      if (wait > 0) return { label: 'Waiting', color: 'gray', detail: `${op.lastError ?? 'Will try again'} · next try in ${inSeconds(wait)}` };
      return { label: 'Waiting', color: 'gray', detail: op.attempts > 0 ? op.lastError : 'About to send.' };
    }
  }
}

