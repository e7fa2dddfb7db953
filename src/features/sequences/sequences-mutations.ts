import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sequence, SequenceStatus } from '../../contract/sequences.ts';
import { listOps } from '../../lib/outbox/store.ts';
import { sendThroughOutbox } from '../../lib/outbox/send.ts';
import { sessionStore } from '../../lib/session.ts';
import { SequenceActionResponseSchema } from './sequences-api.ts';
import { sequenceKeys } from './sequences-queries.ts';

/** Outbox entity of a sequence: its edits (title, description, a step's schedule, status) are sent in order. */
const sequenceEntity = (id: string) => `sequence:${id}`;

/** The version an edit is made against: the stored one plus the edits of this sequence still waiting to sync. */
async function expectedVersion(sequence: Pick<Sequence, 'id' | 'version'>): Promise<number> {
  const userId = sessionStore.get()?.userId;
  const waiting = userId ? (await listOps(userId)).filter((op) => op.entity === sequenceEntity(sequence.id) && op.status !== 'failed') : [];
  return sequence.version + waiting.length;
}

export type SequenceEdit =
  | { kind: 'sequence.details'; label: string; path: string; json: unknown; versioned?: boolean }
  | { kind: 'sequence.status'; label: string; path: string; json: { status: SequenceStatus } }
  | { kind: 'sequence.item'; label: string; path: string; json: unknown };

/**
 * One edit of a sequence through the outbox: online it answers like a call (the toast follows the server);
 * offline it waits on the phone, shown by the sync badge, and goes in order when the connection is back.
 * Returns the stored sequence, or null when the edit is queued.
 */
export function useSequenceEdit(sequence: Pick<Sequence, 'id' | 'version'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: SequenceEdit) => {
      const json = edit.kind === 'sequence.details' && edit.versioned ? { ...(edit.json as object), version: await expectedVersion(sequence) } : edit.json;
      const result = await sendThroughOutbox(
        { kind: edit.kind, entity: sequenceEntity(sequence.id), label: edit.label, method: 'POST', path: edit.path, json, invalidate: [sequenceKeys.detail(sequence.id), sequenceKeys.lists()] },
        SequenceActionResponseSchema,
      );
      return result.queued ? null : result.body;
    },
    onSuccess: async (body) => {
      if (body) queryClient.setQueryData(sequenceKeys.detail(sequence.id), body.sequence);
      await queryClient.invalidateQueries({ queryKey: sequenceKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: sequenceKeys.preview(sequence.id) });
    },
  });
}
