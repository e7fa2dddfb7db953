import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { FolderFieldsSchema, MediaAddFieldsSchema, MediaListQuerySchema, MediaRecentQuerySchema, MediaUpdateSchema } from '../../../src/contract/media.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { parseOr400, validate } from '../../lib/validate.ts';
import { idempotency } from '../../middleware/idempotency.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { staffActor } from '../../middleware/team-access.ts';
import { serveMediaFile } from './media.files.ts';
import { ingestFile, mediaLimits, tooLarge } from './media.ingest.ts';
import { receiveMultipart } from './media.multipart.ts';
import {
  assertParentFolder,
  createFileItem,
  createFolder,
  deleteMedia,
  getMedia,
  listFolders,
  listMedia,
  listUploaders,
  recentMedia,
  updateMedia,
  type MediaContext,
} from './media.service.ts';
import { reserveUploadSpace, sniffMediaHead, SNIFF_BYTES, uploadQuota } from './media.quota.ts';
import { configuredMediaUploads, type MediaUploads } from './media.tus.ts';
import { mediaUrlSigner } from './media.urls.ts';

const DescriptionRequired = v.object({
  description: v.pipe(v.string(), v.nonEmpty('Description is required')),
});

// Room for the form's text fields and part headers around the file.
const MULTIPART_OVERHEAD = 1024 * 1024;

/** The media library: /api/v1/media (spec §7 plus the reads the screens need). */
export function mediaRoutes(deps: Deps, uploads: MediaUploads = configuredMediaUploads(deps)) {
  const router = new Hono<{ Variables: SessionVariables }>();
  const auth = requireSession(deps);
  const limits = mediaLimits(deps.env);
  const quota = uploadQuota(deps.env);
  // The file's first bytes decide its kind (and so its limit) before the rest is written anywhere.
  const inspectFile = async (head: Buffer) => {
    const kind = await sniffMediaHead(head);
    return { maxBytes: limits[kind], tooLarge: () => tooLarge(kind, limits) };
  };
  const maxBody = Math.max(limits.image, limits.video) + MULTIPART_OVERHEAD;
  const once = idempotency(deps, { spool: { maxBytes: maxBody, inspectFile, headBytes: SNIFF_BYTES } });
  // The body's declared size is checked, and reserved against the user's pending-upload quota, before a byte is read.
  const reserve = createMiddleware<{ Variables: SessionVariables }>(async (c, next) => {
    const declared = Number(c.req.header('content-length'));
    if (declared > maxBody) throw tooLarge('file', limits);
    const release = await reserveUploadSpace({ db: deps.db, now: deps.now, quota }, c.get('user').id, Number.isFinite(declared) ? declared : Math.min(maxBody, quota.bytes));
    try {
      await next();
    } finally {
      release();
    }
  });
  const signer = mediaUrlSigner(deps.env);
  const ctx: MediaContext = { db: deps.db, signer, now: deps.now };
  const video = deps.video;
  const tmpDir = path.join(deps.env.dataDir, 'tmp');

  // Signed URLs stand in for the bearer header here (see media.files.ts).
  router.get('/files/:id/:variant', (c) => serveMediaFile(c, { db: deps.db, storage: deps.storage, signer, now: deps.now }));

  // Hono routes HEAD through GET handlers; tus itself sees the real method.
  router.on(['POST', 'GET', 'PATCH', 'DELETE', 'OPTIONS'], ['/uploads', '/uploads/:id'], auth, (c) => uploads.handle(c, c.get('user').id));

  router.get('/', auth, validate('query', MediaListQuerySchema), async (c) => c.json(await listMedia(ctx, c.get('user').id, c.req.valid('query'))));
  router.get('/recent', auth, validate('query', MediaRecentQuerySchema), async (c) =>
    c.json(await recentMedia(ctx, c.get('user').id, c.req.valid('query'))),
  );
  router.get('/folders', auth, async (c) => c.json(await listFolders(ctx, c.get('user').id)));
  // The owner's filter by uploader (issue 19); staff never reach it (server/middleware/team-access.ts).
  router.get('/uploaders', auth, async (c) => c.json(await listUploaders(deps.db, c.get('user').id)));
  router.get('/:id', auth, async (c) => c.json(await getMedia(ctx, c.get('user').id, c.req.param('id'))));

  router.post('/add', auth, reserve, once, async (c) => {
    const user = c.get('user');
    let kind: 'image' | 'video' | 'file' = 'file';
    const inspect = async (head: Buffer) => {
      kind = await sniffMediaHead(head);
      return limits[kind];
    };
    const form = await receiveMultipart(c, { tmpDir, maxFileBytes: Math.max(limits.image, limits.video), tooLarge: () => tooLarge(kind, limits), inspect, headBytes: SNIFF_BYTES });
    try {
      const fields = parseOr400(MediaAddFieldsSchema, form.fields);
      // The spec's client sends userId; the session decides, and a different id is refused rather than trusted.
      // A team member's app sends their own id; the item is the restaurant's either way.
      if (fields.userId && fields.userId !== user.id && fields.userId !== c.get('actor')?.id) throw new AppError(403, 'userId does not match the signed-in user', 'forbidden');
      if (fields.isFolder || fields.type === 'folder') {
        if (staffActor(c)) throw new AppError(403, 'Team members can upload to the library but not make folders.', 'forbidden');
        if (form.file || fields.uploadId) throw fieldError('file', 'A folder cannot carry a file');
        const folder = parseOr400(FolderFieldsSchema, { name: fields.name, description: fields.description });
        return c.json(await createFolder(ctx, user.id, { ...folder, parentId: fields.parentId }), 201);
      }
      const { description } = parseOr400(DescriptionRequired, { description: fields.description });
      if (form.file && fields.uploadId) throw fieldError('uploadId', 'Send either a file or an uploadId, not both');
      await assertParentFolder(ctx, user.id, fields.parentId);

      let source: { file: string; mimeType: string | undefined; filename: string };
      if (form.file) source = { file: form.file.path, mimeType: form.file.mimeType, filename: form.file.filename };
      else if (fields.uploadId) {
        const finished = await uploads.finished(user.id, fields.uploadId);
        // One media item per upload, even when two adds race for it.
        const claimed = await deps.db
          .updateTable('media_uploads')
          .set({ consumed_at: deps.now() })
          .where('id', '=', fields.uploadId)
          .where('user_id', '=', user.id)
          .where('consumed_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(404, 'Upload not found', 'not_found');
        source = { file: finished.file, mimeType: finished.mimeType, filename: fields.name };
      } else throw fieldError('file', 'A file is required');

      const id = randomUUID();
      let item;
      try {
        const ingested = await ingestFile({ storage: deps.storage, video, limits, tmpDir }, source.file, { type: fields.type, mimeType: source.mimeType }, { userId: user.id, id });
        const name = (fields.name || source.filename || `${ingested.type} ${new Date().toISOString().slice(0, 10)}`).slice(0, 200);
        const uploader = c.get('actor') ?? user;
        item = await createFileItem(ctx, user.id, id, { name, description, parentId: fields.parentId }, ingested, { id: uploader.id, name: uploader.name });
      } catch (error) {
        // Refused (415, 413...): the upload can be named again, e.g. with the right type.
        if (fields.uploadId) await deps.db.updateTable('media_uploads').set({ consumed_at: null }).where('id', '=', fields.uploadId).execute();
        throw error;
      }
      if (fields.uploadId) await uploads.remove(fields.uploadId);
      return c.json(item, 201);
    } finally {
      if (form.file) await fsp.rm(form.file.path, { force: true });
    }
  });

  router.post('/update/:id', auth, once, validate('json', MediaUpdateSchema), async (c) =>
    c.json(await updateMedia(ctx, c.get('user').id, c.req.param('id'), c.req.valid('json'), staffActor(c)?.id)),
  );

  router.delete('/:id', auth, once, async (c) => {
    const deleted = await deleteMedia(ctx, c.get('user').id, c.req.param('id'));
    return c.json({ message: 'media deleted successfully', deleted });
  });

  return router;
}
