import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as rawCall, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { fetchUrl, mediaForm, mp4, owner, png } from './media.fixtures.ts';

const SAME_ORIGIN = { Origin: 'http://localhost' };
let t: TestApp;
let rosa: { userId: string; token: string };
let other: { userId: string; token: string };
const call = (method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) =>
  rawCall(t.app, method, url, body, token, { ...SAME_ORIGIN, ...headers });

beforeAll(async () => {
  // Small limits so oversize files are cheap to make: images 16 KB, videos 256 KB.
  t = await createTestApp({ MEDIA_MAX_IMAGE_MB: String(16 / 1024), MEDIA_MAX_VIDEO_MB: String(256 / 1024) });
  rosa = await owner(t);
  other = await owner(t, 'Sam Other');
});
afterAll(() => t.close());

const b64 = (text: string) => Buffer.from(text).toString('base64');
const tus = (method: string, url: string, token: string, headers: Record<string, string>, body?: BodyInit, signal?: AbortSignal) =>
  t.app.request(url, {
    method,
    signal,
    headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, ...SAME_ORIGIN, ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);

/** A body that trickles `bytes` in 1 KB pieces and then breaks, like a phone losing its signal mid-upload. */
function droppedAfter(bytes: Buffer) {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, at < bytes.length ? 2 : 100));
      if (at >= bytes.length) return controller.error(new Error('connection lost'));
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + 1024)));
      at += 1024;
    },
  });
}

const noise = (side: number) => sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();

describe('media uploads', () => {
  it('resumes an interrupted tus upload from the last byte the server has, then adds it by uploadId', async () => {
    const video = mp4(3);
    const created = await tus('POST', '/api/v1/media/uploads', rosa.token, {
      'Upload-Length': String(video.length),
      'Upload-Metadata': `filetype ${b64('video/mp4')},filename ${b64('latte-art.mp4')}`,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(/^\/api\/v1\/media\/uploads\/[A-Za-z0-9_-]+$/);
    const uploadId = location.split('/').pop() ?? '';

    const sixty = Math.floor(video.length * 0.6);
    await Promise.resolve(tus('PATCH', location, rosa.token, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, droppedAfter(video.subarray(0, sixty)))).catch(() => undefined);
    const head = await tus('HEAD', location, rosa.token, {});
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(sixty);

    const early = await call('POST', '/api/v1/media/add', mediaForm({ name: 'Latte art', description: 'x', type: 'video', uploadId }), rosa.token);
    expect(early.status).toBe(409);
    expect((await tus('HEAD', location, other.token, {})).status).toBe(404);

    const rest = await tus('PATCH', location, rosa.token, { 'Upload-Offset': String(sixty), 'Content-Type': 'application/offset+octet-stream' }, new Uint8Array(video.subarray(sixty)));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(video.length);

    expect((await call('POST', '/api/v1/media/add', mediaForm({ name: 'Stolen', description: 'x', type: 'video', uploadId }), other.token)).status).toBe(404);
    const added = await call('POST', '/api/v1/media/add', mediaForm({ userId: rosa.userId, name: 'Latte art', description: 'Morning pour', type: 'video', isFolder: 'false', parentId: 'null', uploadId }), rosa.token);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Latte art', type: 'video', size: video.length });
    expect(added.body.duration).toBeCloseTo(3, 0);
    expect((await fetchUrl(t, added.body.path)).bytes.equals(video)).toBe(true);
    // Used once: the upload is gone, and naming it again finds nothing.
    expect((await tus('HEAD', location, rosa.token, {})).status).toBe(404);
    expect((await call('POST', '/api/v1/media/add', mediaForm({ name: 'Again', description: 'x', type: 'video', uploadId }), rosa.token)).status).toBe(404);
  });

  it('refuses a resumable upload over the limit at creation (Upload-Length) and one without a length', async () => {
    const big = await tus('POST', '/api/v1/media/uploads', rosa.token, { 'Upload-Length': String(300 * 1024), 'Upload-Metadata': `filetype ${b64('video/mp4')}` });
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe('Videos can be at most 0.25 MB');
    const bigImage = await tus('POST', '/api/v1/media/uploads', rosa.token, { 'Upload-Length': String(20 * 1024), 'Upload-Metadata': `filetype ${b64('image/png')}` });
    expect(bigImage.status).toBe(413);
    const deferred = await tus('POST', '/api/v1/media/uploads', rosa.token, { 'Upload-Defer-Length': '1' });
    expect(deferred.status).toBe(400);
    expect((await tus('POST', '/api/v1/media/uploads', '', { 'Upload-Length': '10' })).status).toBe(401);
  });

  it('answers 413 for files over the type limit, while streaming and after sniffing', async () => {
    const image = await noise(45); // ~6 KB: fine
    expect(image.length).toBeLessThan(16 * 1024);
    expect((await call('POST', '/api/v1/media/add', mediaForm({ name: 'ok', description: 'x' }, { bytes: image, name: 'ok.png', type: 'image/png' }), rosa.token)).status).toBe(201);
    const overImage = await noise(100); // ~30 KB: over the image limit, under the video limit
    const res = await call('POST', '/api/v1/media/add', mediaForm({ name: 'big', description: 'x' }, { bytes: overImage, name: 'big.png', type: 'image/png' }), rosa.token);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('Images can be at most 0.02 MB');
    const huge = await noise(320); // ~300 KB: over every limit, cut off while streaming
    const cut = await call('POST', '/api/v1/media/add', mediaForm({ name: 'huge', description: 'x' }, { bytes: huge, name: 'huge.png', type: 'image/png' }), rosa.token);
    expect(cut.status).toBe(413);
    const listing = await call('GET', '/api/v1/media', undefined, rosa.token);
    expect(listing.body.items.map((i: { name: string }) => i.name)).not.toContain('big');
  });

  it('applies add, update and delete once per Idempotency-Key (replays answer the same)', async () => {
    const key = { 'Idempotency-Key': `media-${randomBytes(8).toString('hex')}` };
    const form = async () => mediaForm({ name: 'Croissant', description: 'Butter', type: 'image' }, { bytes: await png(120, 90), name: 'c.png', type: 'image/png' });
    const first = await call('POST', '/api/v1/media/add', await form(), rosa.token, key);
    const replay = await call('POST', '/api/v1/media/add', await form(), rosa.token, key);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    const count = await t.deps.db.selectFrom('media').select(t.deps.db.fn.countAll<number>().as('n')).where('user_id', '=', rosa.userId).where('name', '=', 'Croissant').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const editKey = { 'Idempotency-Key': `edit-${randomBytes(8).toString('hex')}` };
    expect((await call('POST', `/api/v1/media/update/${first.body.id}`, { description: 'Flaky' }, rosa.token, editKey)).status).toBe(200);
    expect((await call('POST', `/api/v1/media/update/${first.body.id}`, { description: 'Flaky' }, rosa.token, editKey)).headers.get('idempotent-replayed')).toBe('true');
    const deleteKey = { 'Idempotency-Key': `del-${randomBytes(8).toString('hex')}` };
    expect((await call('DELETE', `/api/v1/media/${first.body.id}`, undefined, rosa.token, deleteKey)).body.deleted).toBe(1);
    const again = await call('DELETE', `/api/v1/media/${first.body.id}`, undefined, rosa.token, deleteKey);
    expect(again.status).toBe(200); // the first answer, not a 404 for the now-deleted item
    expect(again.body.deleted).toBe(1);
  });
});
