import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mirrorAuth } from '../../src/lib/offline/auth-mirror.ts';
import { closeMiseDb } from '../../src/lib/offline/db.ts';
import { drainOutbox, type DrainDeps } from '../../src/lib/outbox/drain.ts';
import { addOp, getOp, listOps } from '../../src/lib/outbox/store.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// An upload picked offline goes through the same tus endpoint as online ones, from the outbox (page or service
// worker): the connection drops halfway, the app is reloaded, and the server receives the rest, not the whole
// file again; the library has the file once.

const MB = 1024 * 1024;

describe('offline uploads resume from the last byte (outbox + tus)', () => {
  let t: TestApp;
  let owner: TestAccount;
  let file: File;
  const received: Array<{ method: string; bytes: number }> = [];
  let dropAfterPatches = Infinity;

  // The page's fetch, into the real app: counts the bytes of each PATCH the server gets; after N PATCHes the
  // connection is gone (as when the phone leaves the Wi-Fi mid-upload).
  const phoneFetch: typeof fetch = async (input, init) => {
    const request = new Request(input as string, init);
    if (request.method === 'PATCH') {
      if (received.filter((r) => r.method === 'PATCH').length >= dropAfterPatches) throw new TypeError('Failed to fetch');
      const body = await request.arrayBuffer();
      received.push({ method: 'PATCH', bytes: body.byteLength });
      return t.app.request(request.url, { method: 'PATCH', headers: request.headers, body });
    }
    received.push({ method: request.method, bytes: 0 });
    return t.app.request(request);
  };
  const deps = (): Partial<DrainDeps> => ({ fetch: phoneFetch, origin: 'http://localhost', isOnline: () => true, tusChunkBytes: MB });

  beforeAll(async () => {
    globalThis.indexedDB = new IDBFactory();
    t = await createTestApp();
    owner = await signUpVerified(t);
    // Noise does not compress: a PNG of about 12 MB, above the 5 MB resumable threshold.
    const png = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    file = new File([new Uint8Array(png)], 'terrace-noise.png', { type: 'image/png' });
    await mirrorAuth({ token: owner.token, userId: owner.userId });
  });
  afterAll(async () => {
    await closeMiseDb();
    await t.close();
  });

  it('drops at about half, resumes after a reload with only the rest, and the library has the file once', async () => {
    expect(file.size).toBeGreaterThan(10 * MB);
    const op = await addOp({
      userId: owner.userId,
      kind: 'media.add',
      entity: 'media-upload:resume',
      label: 'Upload terrace-noise.png',
      method: 'POST',
      path: '/media/add',
      form: { userId: owner.userId, name: 'terrace-noise.png', description: 'Terrace at noon', type: 'image', duration: '', isFolder: 'false', parentId: 'null' },
      tusFile: file,
    });

    const half = Math.floor(file.size / MB / 2);
    dropAfterPatches = half;
    const first = await drainOutbox(deps());
    expect(first.done).toBe(0);
    const waiting = await getOp(op.id);
    expect(waiting).toMatchObject({ status: 'pending', lastStatus: 0 });
    expect(waiting!.request.tus!.uploadUrl).toMatch(/\/api\/v1\/media\/uploads\/[A-Za-z0-9_-]+$/);
    const sentBeforeDrop = received.reduce((sum, r) => sum + r.bytes, 0);
    expect(sentBeforeDrop).toBe(half * MB);

    // The app is closed and opened again: nothing but IndexedDB survives.
    await closeMiseDb();
    dropAfterPatches = Infinity;
    received.length = 0;
    const second = await drainOutbox(deps(), { force: true });
    expect(second.done).toBe(1);
    // It asked where the server was (HEAD), then sent only the rest.
    expect(received[0]).toEqual({ method: 'HEAD', bytes: 0 });
    expect(received.filter((r) => r.method === 'POST' && r.bytes === 0)).toHaveLength(1); // only /media/add, no new upload
    expect(received.reduce((sum, r) => sum + r.bytes, 0)).toBe(file.size - half * MB);
    expect(sentBeforeDrop + received.reduce((sum, r) => sum + r.bytes, 0)).toBe(file.size);

    expect(await listOps(owner.userId)).toEqual([]);
    const library = await call(t.app, 'GET', '/api/v1/media', undefined, owner.token);
    expect(library.body.total).toBe(1);
    expect(library.body.items[0]).toMatchObject({ name: 'terrace-noise.png', type: 'image', size: file.size });

    // Nothing left to send.
    received.length = 0;
    await drainOutbox(deps(), { force: true });
    expect(received).toEqual([]);
  });
});
