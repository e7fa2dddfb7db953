import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { CreateVideoResponseSchema, ScriptSchema, type Script, type UpdateScriptRequest } from '../../contract/video.ts';
import { sendThroughOutbox } from '../../lib/outbox/send.ts';
import { listOps } from '../../lib/outbox/store.ts';
import { sessionStore } from '../../lib/session.ts';
import { videoKeys } from './video-queries.ts';

/**
 * Outbox kinds: a script edit and a Create Video made offline wait on the phone ("Waiting to sync") and reach the
 * server once, in order. Both are on the script's entity, so a video asked for after an edit is made from it.
 */
const VIDEO_SCRIPT_OP = 'video.script';
export const VIDEO_CREATE_OP = 'video.create';
export const scriptEntity = (id: string) => `video-script:${id}`;

/** Each accepted edit bumps the version, so an edit queued behind k others expects version + k. */
async function expectedVersion(script: Pick<Script, 'id' | 'version'>): Promise<number> {
  const userId = sessionStore.get()?.userId;
  const waiting = userId ? (await listOps(userId)).filter((op) => op.entity === scriptEntity(script.id) && op.kind === VIDEO_SCRIPT_OP && op.status !== 'failed') : [];
  return script.version + waiting.length;
}

export function useSaveScript(script: Script) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: Omit<UpdateScriptRequest, 'version'>) =>
      sendThroughOutbox(
        {
          kind: VIDEO_SCRIPT_OP,
          entity: scriptEntity(script.id),
          label: `Changes to the script “${edit.title}”`,
          method: 'PUT',
          path: `/video/scripts/${encodeURIComponent(script.id)}`,
          json: { ...edit, version: await expectedVersion(script) },
          invalidate: [videoKeys.script(script.id), ['video', 'scripts', 'list']],
        },
        v.object({ message: v.string(), script: ScriptSchema }),
      ),
    onSuccess: (result, edit) => {
      // Queued: the phone's copy shows the edit (same version, so the form keeps its place) until the server has it.
      queryClient.setQueryData(videoKeys.script(script.id), result.queued ? { ...script, title: edit.title, scenes: edit.scenes } : result.body.script);
    },
  });
}

export function useCreateVideo(script: Pick<Script, 'id' | 'title'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: Record<string, string>) =>
      sendThroughOutbox(
        {
          kind: VIDEO_CREATE_OP,
          entity: scriptEntity(script.id),
          label: `Make the video “${script.title}”`,
          method: 'POST',
          path: '/video/videos',
          form: Object.entries(fields),
          invalidate: [videoKeys.all],
        },
        CreateVideoResponseSchema,
        15_000,
      ),
    onSuccess: (result) => {
      if (!result.queued) void queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
}
