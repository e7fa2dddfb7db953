import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { MediaUploads } from './media.tus.ts';

const DAY = 24 * 3600 * 1000;
const BATCH = 200;

/**
 * Removes, for good, media deleted more than `retentionDays` ago: first their files in storage,
 * then the rows. Also drops resumable uploads that were never used within a day.
 * Safe to run from several processes at once (deleting a missing key is not an error).
 */
export async function purgeDeletedMedia(deps: { db: Db; storage: Storage; now: () => Date; logger?: Logger; uploads?: MediaUploads }, retentionDays: number) {
  const cutoff = new Date(deps.now().getTime() - retentionDays * DAY);
  let removed = 0;
  for (;;) {
    const rows = await deps.db
      .selectFrom('media')
      .select(['id', 'file_key', 'thumb_key', 'preview_key'])
      .where('deleted_at', '<', cutoff)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      for (const key of [row.file_key, row.thumb_key, row.preview_key]) if (key) await deps.storage.delete(key);
    }
    const ids = rows.map((row) => row.id);
    // Children of a purged folder were deleted with it; their files were removed in the same batch or an earlier one.
    await deps.db.updateTable('media').set({ parent_id: null }).where('parent_id', 'in', ids).where('deleted_at', '<', cutoff).execute();
    await deps.db.deleteFrom('media').where('id', 'in', ids).execute();
    removed += rows.length;
  }

  let uploads = 0;
  if (deps.uploads) {
    const stale = await deps.db
      .selectFrom('media_uploads')
      .select('id')
      .where('created_at', '<', new Date(deps.now().getTime() - DAY))
      .execute();
    for (const { id } of stale) await deps.uploads.remove(id);
    if (stale.length > 0) await deps.db.deleteFrom('media_uploads').where('id', 'in', stale.map((s) => s.id)).execute();
    uploads = stale.length;
  }
  if (removed || uploads) deps.logger?.info({ removed, uploads }, 'media retention: purged deleted media');
  return { removed, uploads };
}
