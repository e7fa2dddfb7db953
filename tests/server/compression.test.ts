import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Bytes on the wire (issue 17): API JSON is gzipped above 1 KB; built assets go out as their brotli or gzip copy.
describe('compression', () => {
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  let staticDir: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;

  beforeAll(async () => {
    t = await createTestApp();
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-static-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), `<!doctype html><title>Mise</title>${'<p>shell</p>'.repeat(200)}`);
    const asset = path.join(staticDir, 'assets', 'index-abc.js');
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    // A small feature answering a large JSON list, like the customer list does.
    const big = { name: 'big', routes: () => ({ '/big': new Hono().get('/', (c) => c.json({ items: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Customer ${i}` })) })) }) };
    const small = { name: 'small', routes: () => ({ '/small': new Hono().get('/', (c) => c.json({ ok: true })) }) };
    app = createApp(t.deps, { staticDir, features: [big, small] });
  });
  afterAll(async () => {
    fs.rmSync(staticDir, { recursive: true, force: true });
    await t.close();
  });

  it('gzips API JSON above 1 KB and says so', async () => {
    const res = await app.request('/api/v1/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = JSON.parse(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')) as { items: unknown[] };
    expect(body.items).toHaveLength(300);
  });

  it('leaves small answers and clients without Accept-Encoding alone', async () => {
    const small = await app.request('/api/v1/small', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const plain = await app.request('/api/v1/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { items: unknown[] }).items).toHaveLength(300);
  });

  it('sends the exact Content-Length of plain JSON answers, errors included', async () => {
    const plain = await app.request('/api/v1/big');
    const bytes = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number(plain.headers.get('content-length'))).toBe(bytes.byteLength);
    expect((JSON.parse(bytes.toString('utf8')) as { items: unknown[] }).items).toHaveLength(300);
    const missing = await app.request('/api/v1/nothing-here');
    expect(missing.status).toBe(404);
    const text = Buffer.from(await missing.arrayBuffer());
    expect(Number(missing.headers.get('content-length'))).toBe(text.byteLength);
    expect(JSON.parse(text.toString('utf8'))).toMatchObject({ error: 'No such API endpoint' });
  });

  it('serves the brotli copy of a built asset, or the gzip one, with Vary', async () => {
    const br = await app.request('/assets/index-abc.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(script);

    const gz = await app.request('/assets/index-abc.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(script);

    const raw = await app.request('/assets/index-abc.js');
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(script);
  });

  it('compresses the app shell for any client route', async () => {
    const res = await app.request('/customers/some-id', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toContain('<title>Mise</title>');
  });
});
