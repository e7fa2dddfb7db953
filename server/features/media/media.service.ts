import { sql } from 'kysely';
import type * as v from 'valibot';
import type { MediaItem, MediaListQuerySchema, MediaPage, MediaUploaders, MediaRecentQuerySchema, MediaUpdate } from '../../../src/contract/media.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound, fieldError } from '../../lib/app-error.ts';
import type { MediaRow } from './media.table.ts';
import type { MediaUrlSigner } from './media.urls.ts';
import type { Ingested } from './media.ingest.ts';

export type MediaContext = { db: Db; signer: MediaUrlSigner; now: () => Date };

type Row = MediaRow & { child_count: number | null; uploader_name?: string | null };

/** Who added an item (issue 19): the owner or a staff member. */
export type Uploader = { id: string; name: string };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toItem(ctx: MediaContext, row: Row): MediaItem {
  const now = ctx.now();
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    description: row.description,
    type: row.type,
    path: row.file_key ? ctx.signer.url(row.id, 'file', now) : null,
    thumbnailUrl: row.thumb_key ? ctx.signer.url(row.id, 'thumb', now) : null,
    previewUrl: row.preview_key ? ctx.signer.url(row.id, 'preview', now) : null,
    isFolder: row.is_folder,
    parentId: row.parent_id,
    size: Number(row.size),
    mimeType: row.mime_type,
    width: row.width,
    height: row.height,
    duration: row.duration,
    childCount: row.is_folder ? Number(row.child_count ?? 0) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
    // The member's current name; a removed member's uploads keep the name they had.
    uploadedBy: row.uploaded_by || row.uploaded_by_name ? { id: row.uploaded_by, name: row.uploader_name ?? row.uploaded_by_name ?? '' } : null,
  };
}

function selectLive(db: Db, userId: string) {
  return db
    .selectFrom('media')
    .selectAll('media')
    .select(
      sql<number | null>`case when media.is_folder then (select count(*)::int from media c where c.user_id = media.user_id and c.parent_id = media.id and c.deleted_at is null) end`.as(
        'child_count',
      ),
    )
    .where('media.user_id', '=', userId)
    .where('media.deleted_at', 'is', null);
}

const SORT_COLUMNS = { name: sql`lower(media.name)`, size: sql`media.size`, updatedAt: sql`media.updated_at` } as const;

/** One folder (root when parentId is absent) or one type across all folders; folders come first. */
export async function listMedia(ctx: MediaContext, userId: string, query: v.InferOutput<typeof MediaListQuerySchema>): Promise<MediaPage> {
  if (query.parentId) await findFolder(ctx.db, userId, query.parentId);
  const byUploader = uploaderFilter(userId, query);
  let base = selectLive(ctx.db, userId);
  if (query.type) base = base.where('media.type', '=', query.type);
  else if (byUploader) base = base.where('media.is_folder', '=', false);
  else base = query.parentId ? base.where('media.parent_id', '=', query.parentId) : base.where('media.parent_id', 'is', null);
  if (byUploader) base = base.where(byUploader);

  let counter = ctx.db.selectFrom('media').select(sql<number>`count(*)::int`.as('total')).where('user_id', '=', userId).where('deleted_at', 'is', null);
  if (query.type) counter = counter.where('type', '=', query.type);
  else if (byUploader) counter = counter.where('is_folder', '=', false);
  else counter = query.parentId ? counter.where('parent_id', '=', query.parentId) : counter.where('parent_id', 'is', null);
  if (byUploader) counter = counter.where(byUploader);

  // The page and, on each row, the total (an uncorrelated subquery, counted once): one statement, not two (issue 17's
  // load). Only a page past the end counts on its own.
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const offset = (query.page - 1) * query.pageSize;
  const rows = await base
    .select(counter.$asScalar().as('list_total'))
    .orderBy(sql`media.is_folder desc`)
    .orderBy(sql`${SORT_COLUMNS[query.sort]} ${direction}`)
    .orderBy(sql`media.id ${direction}`)
    .limit(query.pageSize)
    .offset(offset)
    .execute();
  const total = rows[0] ? rows[0].list_total : offset === 0 ? 0 : (await counter.executeTakeFirstOrThrow()).total;
  return { items: rows.map((row) => toItem(ctx, row)), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/**
 * Items one person uploaded (issue 19); one of the library's files wherever it is. The owner's own are also those from
 * before uploaders were recorded and those Mise made (rendered videos), which name no one. A removed member's id went
 * with them (the column is set null): their uploads keep only the name, and `uploadedByName` finds them.
 */
function uploaderFilter(ownerId: string, query: { uploadedBy?: string; uploadedByName?: string }) {
  if (query.uploadedBy) {
    const unnamed = query.uploadedBy === ownerId ? sql` or (media.uploaded_by is null and media.uploaded_by_name is null)` : sql``;
    return sql<boolean>`(media.uploaded_by = ${query.uploadedBy}${unnamed})`;
  }
  if (query.uploadedByName) return sql<boolean>`(media.uploaded_by is null and media.uploaded_by_name = ${query.uploadedByName})`;
  return null;
}

/**
 * Who uploaded to the owner's library (the owner's filter by uploader): the owner, every current member (also with
 * nothing uploaded yet) and each removed member who still has live files, by the name they had.
 */
export async function listUploaders(db: Db, ownerId: string): Promise<MediaUploaders> {
  const people = await db
    .selectFrom('users')
    .select(['id', 'name', 'team_owner_id'])
    .select(
      sql<number>`(select count(*)::int from media m where m.user_id = ${ownerId} and m.deleted_at is null and m.is_folder = false
        and (m.uploaded_by = users.id or (users.team_owner_id is null and m.uploaded_by is null and m.uploaded_by_name is null)))`.as('uploads'),
    )
    .where((eb) => eb.or([eb('id', '=', ownerId), eb('team_owner_id', '=', ownerId)]))
    .orderBy(sql`team_owner_id is not null`)
    .orderBy(sql`lower(name)`)
    .execute();
  const removed = await db
    .selectFrom('media')
    .select(['uploaded_by_name', sql<number>`count(*)::int`.as('uploads')])
    .where('user_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .where('is_folder', '=', false)
    .where('uploaded_by', 'is', null)
    .where('uploaded_by_name', 'is not', null)
    .groupBy('uploaded_by_name')
    .orderBy(sql`lower(uploaded_by_name)`)
    .execute();
  return {
    uploaders: [
      ...people.map((p) => ({ id: p.id, name: p.name, role: p.team_owner_id ? ('staff' as const) : ('owner' as const), uploads: Number(p.uploads) })),
      ...removed.map((r) => ({ id: null, name: r.uploaded_by_name ?? '', role: 'removed' as const, uploads: Number(r.uploads) })),
    ],
  };
}

/** Files (not folders) newest first, wherever they are; the client groups them by date. */
export async function recentMedia(ctx: MediaContext, userId: string, query: v.InferOutput<typeof MediaRecentQuerySchema>): Promise<MediaPage> {
  const search = query.search ?? '';
  const matches = sql<boolean>`position(lower(${search}) in lower(media.name || ' ' || coalesce(media.description, ''))) > 0`;
  let recent = selectLive(ctx.db, userId).where('media.is_folder', '=', false);
  const byUploader = uploaderFilter(userId, query);
  if (byUploader) recent = recent.where(byUploader);
  if (search) recent = recent.where(matches);
  const rows = await recent
    .orderBy('media.created_at', 'desc')
    .orderBy('media.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  let counter = ctx.db
    .selectFrom('media')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('is_folder', '=', false);
  if (byUploader) counter = counter.where(byUploader);
  if (search) counter = counter.where(matches);
  const { total } = await counter.executeTakeFirstOrThrow();
  return { items: rows.map((row) => toItem(ctx, row)), total: Number(total), page: query.page, pageSize: query.pageSize };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findLive(db: Db, userId: string, id: string): Promise<Row> {
  // Anything that is not one of this owner's live items is simply "not found" (never 403).
  if (!UUID.test(id)) throw notFound('Media not found');
  const row = await selectLive(db, userId).where('media.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Media not found');
  return row;
}

async function findFolder(db: Db, userId: string, id: string): Promise<Row> {
  const row = await findLive(db, userId, id).catch(() => {
    throw notFound('Folder not found');
  });
  if (!row.is_folder) throw fieldError('parentId', 'This item is not a folder');
  return row;
}

export async function getMedia(ctx: MediaContext, userId: string, id: string) {
  return toItem(ctx, await findLive(ctx.db, userId, id));
}

export async function createFolder(ctx: MediaContext, userId: string, input: { name: string; description: string; parentId: string | null }) {
  if (input.parentId) await findFolder(ctx.db, userId, input.parentId);
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('media')
    .values({ user_id: userId, parent_id: input.parentId, name: input.name, description: input.description, type: 'folder', is_folder: true, size: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getMedia(ctx, userId, row.id);
}

/** Checked before the file is streamed anywhere, so a bad parent costs nothing. */
export async function assertParentFolder(ctx: MediaContext, userId: string, parentId: string | null) {
  if (parentId) await findFolder(ctx.db, userId, parentId);
}

export async function createFileItem(
  ctx: MediaContext,
  userId: string,
  id: string,
  input: { name: string; description: string; parentId: string | null },
  file: Ingested,
  uploader?: Uploader,
) {
  const now = ctx.now();
  await ctx.db
    .insertInto('media')
    .values({
      id,
      user_id: userId,
      parent_id: input.parentId,
      name: input.name,
      description: input.description,
      type: file.type,
      is_folder: false,
      mime_type: file.mimeType,
      size: file.size,
      width: file.width,
      height: file.height,
      duration: file.duration,
      file_key: file.fileKey,
      thumb_key: file.thumbKey,
      preview_key: file.previewKey,
      uploaded_by: uploader?.id ?? null,
      uploaded_by_name: uploader?.name ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return getMedia(ctx, userId, id);
}

/**
 * `staffId`: a staff member (issue 19) may change the description of what they uploaded, nothing else; checked after
 * the item is found, so another restaurant's id is still "not found".
 */
export async function updateMedia(ctx: MediaContext, userId: string, id: string, patch: MediaUpdate, staffId?: string) {
  const row = await findLive(ctx.db, userId, id);
  if (staffId) {
    if (patch.name !== undefined || patch.parentId !== undefined) throw new AppError(403, 'Team members can change the description only.', 'forbidden');
    if (row.uploaded_by !== staffId) throw new AppError(403, 'You can change the description of what you uploaded only.', 'forbidden');
  }
  if (patch.parentId !== undefined && patch.parentId !== row.parent_id) {
    if (patch.parentId) {
      await findFolder(ctx.db, userId, patch.parentId);
      if (row.is_folder && (await isSelfOrDescendant(ctx.db, row.id, patch.parentId))) {
        throw fieldError('parentId', 'A folder cannot be moved into itself');
      }
    }
  }
  await ctx.db
    .updateTable('media')
    .set({
      ...(patch.description !== undefined ? { description: patch.description.trim() } : {}),
      ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
      ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
      updated_at: ctx.now(),
    })
    .where('id', '=', row.id)
    .where('user_id', '=', userId)
    .execute();
  return getMedia(ctx, userId, id);
}

async function isSelfOrDescendant(db: Db, folderId: string, candidate: string): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    with recursive up(id, parent_id) as (
      select id, parent_id from media where id = ${candidate}
      union all
      select m.id, m.parent_id from media m join up on m.id = up.parent_id
    )
    select exists(select 1 from up where id = ${folderId}) as found`.execute(db);
  return Boolean(result.rows[0]?.found);
}

/** Soft-deletes the item and, for a folder, everything inside it. Returns how many items went. */
export async function deleteMedia(ctx: MediaContext, userId: string, id: string): Promise<number> {
  const row = await findLive(ctx.db, userId, id);
  const result = await sql<{ id: string }>`
    with recursive tree(id) as (
      select id from media where id = ${row.id} and user_id = ${userId}
      union all
      select m.id from media m join tree on m.parent_id = tree.id where m.user_id = ${userId} and m.deleted_at is null
    )
    update media set deleted_at = ${ctx.now()} where id in (select id from tree) and deleted_at is null
    returning id`.execute(ctx.db);
  return result.rows.length;
}

/** Every live folder of the owner (id, name, parent), by name. */
export async function listFolders(ctx: MediaContext, userId: string) {
  const rows = await ctx.db
    .selectFrom('media')
    .select(['id', 'name', 'parent_id'])
    .where('user_id', '=', userId)
    .where('is_folder', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy(sql`lower(name)`)
    .limit(1000)
    .execute();
  return { folders: rows.map((row) => ({ id: row.id, name: row.name, parentId: row.parent_id })) };
}
