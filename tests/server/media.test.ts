import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeDeletedMedia } from '../../server/features/media/media.retention.ts';
import { call as rawCall, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { fetchUrl, jpegWithGps, mediaForm, mp4, owner, png } from './media.fixtures.ts';

// Browsers send Origin with a multipart post; the CSRF check requires it.
const SAME_ORIGIN = { Origin: 'http://localhost' };
let t: TestApp;
const call = (app: TestApp['app'], method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) =>
  rawCall(app, method, url, body, token, { ...SAME_ORIGIN, ...headers });
let rosa: { userId: string; token: string };
let other: { userId: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  rosa = await owner(t);
  other = await owner(t, 'Sam Other');
});
afterAll(() => t.close());

const add = (token: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/v1/media/add', mediaForm(fields, file), token, { ...SAME_ORIGIN, ...headers });

describe('media library', () => {
  it('creates folders (name and description required), nests them and refuses bad parents', async () => {
    const noDescription = await add(rosa.token, { name: 'Brunch', description: '', type: 'folder', isFolder: 'true', parentId: 'null' });
    expect(noDescription.status).toBe(400);
    expect(Object.keys(noDescription.body.fields)).toContain('description');
    const noName = await add(rosa.token, { name: ' ', description: 'x', type: 'folder', isFolder: 'true' });
    expect(Object.keys(noName.body.fields)).toContain('name');

    const folder = await add(rosa.token, { userId: rosa.userId, name: 'Brunch', description: 'Weekend dishes', type: 'folder', isFolder: 'true', parentId: 'null' });
    expect(folder.status).toBe(201);
    expect(folder.body).toMatchObject({ name: 'Brunch', type: 'folder', isFolder: true, parentId: null, childCount: 0, path: null });
    const nested = await add(rosa.token, { name: 'Eggs', description: 'All the eggs', isFolder: 'true', parentId: folder.body.id });
    expect(nested.status).toBe(201);
    expect(nested.body.parentId).toBe(folder.body.id);

    const intoOthers = await add(other.token, { name: 'Sneaky', description: 'x', isFolder: 'true', parentId: folder.body.id });
    expect(intoOthers.status).toBe(404);
    const wrongUser = await add(rosa.token, { userId: other.userId, name: 'X', description: 'x', isFolder: 'true' });
    expect(wrongUser.status).toBe(403);
    const folders = await call(t.app, 'GET', '/api/v1/media/folders', undefined, rosa.token);
    expect(folders.body.folders).toEqual([
      { id: folder.body.id, name: 'Brunch', parentId: null },
      { id: nested.body.id, name: 'Eggs', parentId: folder.body.id },
    ]);
    expect((await call(t.app, 'GET', '/api/v1/media/folders', undefined, other.token)).body.folders).toEqual([]);
    const loose = await add(rosa.token, { name: 'eggs.png', description: 'Benedict' }, { bytes: await png(), name: 'eggs.png', type: 'image/png' });
    const moved = await call(t.app, 'POST', `/api/v1/media/update/${loose.body.id}`, { parentId: nested.body.id }, rosa.token);
    expect(moved.body.parentId).toBe(nested.body.id);
    const inEggs = await call(t.app, 'GET', `/api/v1/media?parentId=${nested.body.id}`, undefined, rosa.token);
    expect(inEggs.body.items.map((i: { id: string }) => i.id)).toEqual([loose.body.id]);
    const moveIntoItself = await call(t.app, 'POST', `/api/v1/media/update/${folder.body.id}`, { parentId: nested.body.id }, rosa.token);
    expect(moveIntoItself.status).toBe(400);
    expect(Object.keys(moveIntoItself.body.fields)).toContain('parentId');
  });

  it('stores an image upright without EXIF/GPS, with WebP thumbnails, served only through signed URLs', async () => {
    const res = await add(rosa.token, { userId: rosa.userId, name: 'Shakshuka.jpg', description: 'Sunday special', type: 'image', isFolder: 'false', parentId: 'null' }, { bytes: await jpegWithGps(), name: 'IMG_0001.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Shakshuka.jpg', description: 'Sunday special', type: 'image', mimeType: 'image/jpeg', width: 480, height: 640, duration: null });
    expect(res.body.size).toBeGreaterThan(1000);

    const file = await fetchUrl(t, res.body.path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toMatch(/private, max-age=\d+/);
    const served = await sharp(file.bytes).metadata();
    expect(served.exif).toBeUndefined();
    expect([served.width, served.height, served.orientation ?? 1]).toEqual([480, 640, 1]);

    const thumb = await fetchUrl(t, res.body.thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const thumbMeta = await sharp(thumb.bytes).metadata();
    expect([thumbMeta.format, Math.max(thumbMeta.width ?? 0, thumbMeta.height ?? 0)]).toEqual(['webp', 256]);
    const preview = await sharp((await fetchUrl(t, res.body.previewUrl)).bytes).metadata();
    expect(preview.height).toBe(640); // never enlarged past the original

    const again = await fetchUrl(t, res.body.thumbnailUrl, { 'If-None-Match': thumb.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('answers Range requests with 206 and refuses forged or expired links', async () => {
    const res = await add(rosa.token, { name: 'tiles.png', description: 'Blue', type: 'image' }, { bytes: await png(), name: 'tiles.png', type: 'image/png' });
    const whole = await fetchUrl(t, res.body.path);
    const part = await fetchUrl(t, res.body.path, { Range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${whole.bytes.length}`);
    expect(part.bytes).toEqual(whole.bytes.subarray(10, 20));
    const tail = await fetchUrl(t, res.body.path, { Range: 'bytes=-5' });
    expect(tail.bytes).toEqual(whole.bytes.subarray(whole.bytes.length - 5));
    expect((await fetchUrl(t, res.body.path, { Range: `bytes=${whole.bytes.length + 10}-` })).status).toBe(416);

    const forged = res.body.path.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await fetchUrl(t, forged)).status).toBe(403);
    expect((await fetchUrl(t, res.body.path.replace('/file?', '/thumb?'))).status).toBe(403);
    expect((await fetchUrl(t, res.body.path.split('?')[0])).status).toBe(403);
    t.advance(25 * 3600 * 1000);
    const expired = await fetchUrl(t, res.body.path);
    expect(expired.status).toBe(403);
    expect(JSON.parse(expired.bytes.toString()).error).toMatch(/expired/);
    t.advance(-25 * 3600 * 1000);
  });

  it('verifies a video with ffprobe: real duration and a poster frame', async () => {
    const res = await add(rosa.token, { name: 'Pour over', description: 'Slow coffee', type: 'video', duration: '99' }, { bytes: mp4(2), name: 'pour.mp4', type: 'video/mp4' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'video', mimeType: 'video/mp4', width: 320, height: 240 });
    expect(res.body.duration).toBeCloseTo(2, 0);
    const poster = await sharp((await fetchUrl(t, res.body.thumbnailUrl)).bytes).metadata();
    expect(poster.format).toBe('webp');
    const video = await fetchUrl(t, res.body.path, { Range: 'bytes=0-' });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/mp4');
  });

  it('refuses other types (415), type mismatches (415) and empty descriptions (400)', async () => {
    const text = await add(rosa.token, { name: 'menu', description: 'x', type: 'image' }, { bytes: Buffer.from('just some text, not a picture'), name: 'menu.jpg', type: 'image/jpeg' });
    expect(text.status).toBe(415);
    expect(text.body.error).toMatch(/Only images and videos/);
    const pdf = await add(rosa.token, { name: 'menu', description: 'x' }, { bytes: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), name: 'menu.pdf', type: 'application/pdf' });
    expect(pdf.status).toBe(415);
    const declaredVideo = await add(rosa.token, { name: 'x', description: 'x', type: 'video' }, { bytes: await png(), name: 'x.mp4', type: 'video/mp4' });
    expect(declaredVideo.status).toBe(415);
    expect(declaredVideo.body.error).toMatch(/an image .*image\/png.* sent as type 'video'/);
    const partMime = await add(rosa.token, { name: 'x', description: 'x' }, { bytes: mp4(1), name: 'x.png', type: 'image/png' });
    expect(partMime.status).toBe(415);
    const noDescription = await add(rosa.token, { name: 'x', description: '  ' }, { bytes: await png(), name: 'x.png', type: 'image/png' });
    expect(noDescription.status).toBe(400);
    expect(Object.keys(noDescription.body.fields)).toContain('description');
    const noFile = await add(rosa.token, { name: 'x', description: 'x', type: 'image' });
    expect(Object.keys(noFile.body.fields)).toContain('file');
  });

  it('lists by folder, by type and recent uploads, paged and sorted; another owner sees none of it', async () => {
    const folder = await add(rosa.token, { name: 'Drinks', description: 'Bar', isFolder: 'true' });
    for (const [name, width] of [['b-lemonade', 100], ['a-mojito', 400], ['c-spritz', 200]] as const) {
      const res = await add(rosa.token, { name, description: name, type: 'image', parentId: folder.body.id }, { bytes: await png(width, 100), name: `${name}.png`, type: 'image/png' });
      expect(res.status).toBe(201);
    }
    const byName = await call(t.app, 'GET', `/api/v1/media?parentId=${folder.body.id}&sort=name&order=asc&pageSize=2`, undefined, rosa.token);
    expect(byName.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(byName.body.items.map((i: { name: string }) => i.name)).toEqual(['a-mojito', 'b-lemonade']);
    const page2 = await call(t.app, 'GET', `/api/v1/media?parentId=${folder.body.id}&sort=name&order=asc&pageSize=2&page=2`, undefined, rosa.token);
    expect(page2.body.items.map((i: { name: string }) => i.name)).toEqual(['c-spritz']);
    expect(page2.body.total).toBe(3);
    const past = await call(t.app, 'GET', `/api/v1/media?parentId=${folder.body.id}&pageSize=2&page=3`, undefined, rosa.token);
    expect(past.body).toMatchObject({ items: [], total: 3, page: 3 });
    const bySize = await call(t.app, 'GET', `/api/v1/media?parentId=${folder.body.id}&sort=size&order=desc`, undefined, rosa.token);
    const sizes = bySize.body.items.map((i: { size: number }) => i.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));

    const root = await call(t.app, 'GET', '/api/v1/media', undefined, rosa.token);
    expect(root.body.items[0].isFolder).toBe(true); // folders first
    expect(root.body.items.find((i: { id: string }) => i.id === folder.body.id).childCount).toBe(3);
    expect(root.body.items.some((i: { parentId: string | null }) => i.parentId !== null)).toBe(false);

    const videos = await call(t.app, 'GET', '/api/v1/media?type=video', undefined, rosa.token);
    expect(videos.body.items.length).toBeGreaterThan(0);
    expect(videos.body.items.every((i: { type: string }) => i.type === 'video')).toBe(true);
    expect(videos.body.total).toBe(videos.body.items.length);
    const recent = await call(t.app, 'GET', '/api/v1/media/recent?pageSize=3', undefined, rosa.token);
    expect(recent.body.items.map((i: { name: string }) => i.name)).toEqual(['c-spritz', 'a-mojito', 'b-lemonade']);
    const badQuery = await call(t.app, 'GET', '/api/v1/media?sort=colour', undefined, rosa.token);
    expect(badQuery.status).toBe(400);
    expect(Object.keys(badQuery.body.fields)).toContain('sort');

    const theirs = await call(t.app, 'GET', '/api/v1/media', undefined, other.token);
    expect(theirs.body.total).toBe(0);
    const one = recent.body.items[0];
    expect((await call(t.app, 'GET', `/api/v1/media/${one.id}`, undefined, other.token)).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/v1/media/update/${one.id}`, { description: 'mine now' }, other.token)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/v1/media/${one.id}`, undefined, other.token)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/v1/media?parentId=${folder.body.id}`, undefined, other.token)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/v1/media', undefined)).status).toBe(401);
  });

  it('edits descriptions and names, and deletes a folder with its contents (soft, then purged after retention)', async () => {
    const folder = await add(rosa.token, { name: 'Old menu', description: '2025', isFolder: 'true' });
    const photo = await add(rosa.token, { name: 'toast', description: 'x', parentId: folder.body.id }, { bytes: await png(), name: 'toast.png', type: 'image/png' });
    const edited = await call(t.app, 'POST', `/api/v1/media/update/${photo.body.id}`, { description: 'Avocado toast' }, rosa.token);
    expect(edited.status).toBe(200);
    expect(edited.body.description).toBe('Avocado toast');
    const renamed = await call(t.app, 'POST', `/api/v1/media/update/${folder.body.id}`, { name: 'Menu 2025' }, rosa.token);
    expect(renamed.body.name).toBe('Menu 2025');
    expect((await call(t.app, 'POST', `/api/v1/media/update/${photo.body.id}`, {}, rosa.token)).status).toBe(400);

    const deleted = await call(t.app, 'DELETE', `/api/v1/media/${folder.body.id}`, undefined, rosa.token);
    expect(deleted.body).toEqual({ message: 'media deleted successfully', deleted: 2 });
    expect((await call(t.app, 'GET', `/api/v1/media/${photo.body.id}`, undefined, rosa.token)).status).toBe(404);
    expect((await fetchUrl(t, photo.body.path)).status).toBe(404);
    const row = await t.deps.db.selectFrom('media').select(['deleted_at', 'file_key']).where('id', '=', photo.body.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(await t.deps.storage.get(row.file_key!)).not.toBeNull(); // kept during the retention period

    expect((await purgeDeletedMedia(t.deps, 30)).removed).toBe(0);
    t.advance(31 * 86400_000);
    expect((await purgeDeletedMedia(t.deps, 30)).removed).toBe(2);
    t.advance(-31 * 86400_000);
    expect(await t.deps.storage.get(row.file_key!)).toBeNull();
    expect(await t.deps.db.selectFrom('media').select('id').where('id', '=', photo.body.id).executeTakeFirst()).toBeUndefined();
  });
});
