import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';

const MB = 1024 * 1024;
const DAY = 24 * 3600 * 1000;

/**
 * What one user may have on the server's disk before it becomes media: pending tus uploads plus
 * multipart bodies being received right now, counted by their declared sizes and checked before a
 * byte is written. Abandoned tus uploads stop counting after a day (the retention job removes them).
 */
export type UploadQuota = { count: number; bytes: number };
export const uploadQuota = (env: Pick<Env, 'MEDIA_MAX_PENDING_UPLOADS' | 'MEDIA_MAX_PENDING_MB'>): UploadQuota => ({
  count: env.MEDIA_MAX_PENDING_UPLOADS,
  bytes: Math.floor(env.MEDIA_MAX_PENDING_MB * MB),
});

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

// Bodies being received in this process, per user (a tus upload counts through its media_uploads row).
const receiving = new Map<string, { count: number; bytes: number }>();

/** Reserves `bytes` of the user's pending space, or throws (429 too many at once, 413 too many bytes). Returns the release. */
export async function reserveUploadSpace(
  deps: { db: Db; now: () => Date; quota: UploadQuota },
  userId: string,
  bytes: number,
): Promise<() => void> {
  // Counted before the query, so two requests racing in this process see each other.
  const mine = receiving.get(userId) ?? { count: 0, bytes: 0 };
  mine.count += 1;
  mine.bytes += bytes;
  receiving.set(userId, mine);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    mine.count -= 1;
    mine.bytes -= bytes;
    if (mine.count <= 0) receiving.delete(userId);
  };
  try {
    const pending = await deps.db
      .selectFrom('media_uploads')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)).as('bytes')])
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .where('created_at', '>', new Date(deps.now().getTime() - DAY))
      .executeTakeFirstOrThrow();
    const count = Number(pending.count) + mine.count;
    const total = Number(pending.bytes) + mine.bytes;
    if (count > deps.quota.count) {
      throw new AppError(
        429,
        `You have ${count - 1} uploads that have not finished; finish or cancel one before starting another (at most ${deps.quota.count} at a time)`,
        'rate_limited',
      );
    }
    if (total > deps.quota.bytes) {
      throw new AppError(
        413,
        `Uploads waiting to finish can take at most ${mb(deps.quota.bytes)} at a time; ${mb(total - bytes)} are waiting, and this one is ${mb(bytes)}`,
        'payload_too_large',
      );
    }
  } catch (error) {
    release();
    throw error;
  }
  return release;
}

/** Bytes file-type needs to recognise any format it knows. */
export const SNIFF_BYTES = 4100;

/**
 * What the first bytes of a file say it is. Only images and videos are let through, so nothing else
 * is ever streamed to disk. Returns the kind, to pick its size limit.
 */
export async function sniffMediaHead(head: Buffer): Promise<'image' | 'video'> {
  const sniffed = await fileTypeFromBuffer(head);
  const kind = sniffed?.mime.split('/')[0];
  if (!sniffed || (kind !== 'image' && kind !== 'video')) {
    const what = sniffed ? `a ${sniffed.mime} file` : 'not a recognised image or video';
    throw new AppError(415, `Only images and videos can be added to the media library; this file is ${what}`, 'unsupported_media_type');
  }
  return kind;
}
