import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../fakes/s3-fake.ts';
import { startFakeSquare, type FakeSquare } from '../fakes/square.ts';
import { approveAt } from './pos-helpers.ts';
import { png } from './media.fixtures.ts';

/**
 * Two servers, one database (issue 17): two real `server/main.ts` processes (as `npm start` runs them, production
 * mode) on one PostgreSQL database and one S3-compatible store (the local fake), behind a round-robin proxy, driven
 * through a user's journey: sign up and verify, sign in, upload a photo and read it back through the other server,
 * an idempotent retry that lands on the other server answered once, a POS import queued by one server and run by the
 * other.
 *
 * PostgreSQL only (TEST_DATABASE_URL): PGlite is an embedded database that one process opens, it cannot be shared.
 */
const onPostgres = process.env.MISE_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const root = path.resolve(import.meta.dirname, '../..');

type Server = { name: 'A' | 'B'; port: number; dataDir: string; child: ChildProcess };

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Round robin over the upstreams; each answer says which server gave it (`x-served-by`). */
async function startProxy(upstreams: Server[]) {
  let next = 0;
  const served: string[] = [];
  const server = http.createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length]!;
    served.push(upstream.name);
    const forward = http.request({ host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': upstream.name });
      answer.pipe(res);
    });
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!onPostgres)('two servers behind one PostgreSQL and one S3 store (needs TEST_DATABASE_URL: PGlite cannot be shared)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const dbName = `mise_two_${randomBytes(5).toString('hex')}`;
  const dbUrl = Object.assign(new URL(adminUrl || 'postgres://x@127.0.0.1/x'), { pathname: `/${dbName}` }).toString();
  let db: pg.Client;
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let square: FakeSquare;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const servers: Server[] = [];
  const logs: Record<string, string> = { A: '', B: '' };

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  async function startServer(name: 'A' | 'B'): Promise<Server> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mise-two-${name}-`));
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, 'no-static'),
        DATABASE_URL: dbUrl,
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        // What README's "several instances" asks to set the same on every server.
        MEDIA_URL_KEY: 'two-servers-media-url-key-0123456789',
        TRACKING_KEY: 'two-servers-tracking-key-0123456789',
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
        S3_BUCKET: 'mise-media',
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
        S3_FORCE_PATH_STYLE: 'true',
        SQUARE_CLIENT_ID: 'sq0idp-fake',
        SQUARE_CLIENT_SECRET: 'sq0csp-fake-secret',
        SQUARE_BASE_URL: square.url,
        // A job whose server stopped answering is taken over after this.
        JOB_LEASE_SECONDS: '3',
      },
    });
    child.stdout!.on('data', (chunk: Buffer) => (logs[name] += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (logs[name] += chunk.toString()));
    const server = { name, port, dataDir, child };
    await waitFor(`server ${name}`, () => fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.ok), 90_000);
    return server;
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    s3 = await startFakeS3('mise-media');
    square = await startFakeSquare({});
    // One after the other: the first one migrates the empty database.
    servers.push(await startServer('A'));
    servers.push(await startServer('B'));
    proxy = await startProxy(servers);
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGCONT');
      server.child.kill('SIGTERM');
    }
    await Promise.all(servers.map((server) => new Promise((resolve) => (server.child.exitCode !== null ? resolve(null) : server.child.once('exit', resolve)))));
    await proxy?.close();
    await s3?.close();
    await square?.close();
    await db?.end();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  const api = async (base: string, method: string, url: string, options: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const response = await fetch(`${base}${url}`, { method, headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, servedBy: response.headers.get('x-served-by'), body: json as any, bytes: text };
  };
  const direct = (name: 'A' | 'B') => `http://127.0.0.1:${servers.find((s) => s.name === name)!.port}`;

  // The session of the journey below, for the tus uploads after it.
  let session = '';

  it('serves one journey from either server: account, session, media, idempotent retry, a job', async () => {
    // Sign up through the proxy; the code is in the outbox of whichever server sent it.
    const email = `two.${Date.now().toString(36)}@cafe.test`;
    const password = 'correct-horse-9';
    const signup = await api(proxy.url, 'POST', '/api/v1/auth/signup', { json: { name: 'Rosa Two', email, password, userType: 'regular' } });
    expect(signup.status, JSON.stringify(signup.body)).toBeLessThan(300);
    const code = await waitFor('the verification code', async () => {
      for (const server of servers) {
        const outbox = path.join(server.dataDir, 'outbox');
        for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
          const text = fs.readFileSync(path.join(outbox, file), 'utf8');
          if (text.includes(email)) return /^\s+(\d{6})$/m.exec(text)?.[1];
        }
      }
      return undefined;
    });
    const verified = await api(proxy.url, 'POST', '/api/v1/auth/verify-account', { json: { otp: code, email, userType: 'regular' } });
    expect(verified.status, JSON.stringify(verified.body)).toBeLessThan(300);

    // A session made on one server holds on the other.
    const signin = await api(direct('A'), 'POST', '/api/v1/auth/signin', { json: { email, password, userType: 'regular' } });
    expect(signin.status, JSON.stringify(signin.body)).toBe(200);
    const token: string = signin.body.token ?? signin.body.data?.token;
    expect(token).toBeTruthy();
    const meOnB = await api(direct('B'), 'GET', '/api/v1/users/me', { token });
    expect(meOnB.status).toBe(200);
    session = token;

    // A photo uploaded through A is in the shared bucket, listed and served by B.
    const bytes = await png(320, 200);
    const form = new FormData();
    form.set('name', 'Terrace');
    form.set('description', 'Evening light');
    form.set('type', 'image');
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'terrace.png');
    const added = await api(direct('A'), 'POST', '/api/v1/media/add', { token, form, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const listed = await api(direct('B'), 'GET', `/api/v1/media/${added.body.id}`, { token });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const file = await fetch(`${direct('B')}${added.body.path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

    // The same write sent twice with one Idempotency-Key, the retry landing on the other server: one customer, the
    // same answer both times.
    const key = crypto.randomUUID();
    const first = await api(direct('A'), 'POST', '/api/v1/customers/manual/customer-manual', { token, json: { given_name: 'Ana', email_address: 'ana@guest.test' }, headers: { 'Idempotency-Key': key } });
    const retry = await api(direct('B'), 'POST', '/api/v1/customers/manual/customer-manual', { token, json: { given_name: 'Ana', email_address: 'ana@guest.test' }, headers: { 'Idempotency-Key': key } });
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    const anas = await db.query(`SELECT count(*)::int AS n FROM customers WHERE given_name = 'Ana'`);
    expect(anas.rows[0].n).toBe(1);

    // A POS import queued through A (the Square connection) and run by B: A is frozen (SIGSTOP) as soon as it has
    // answered, so whatever it may have claimed is taken over by B when its lease runs out.
    const login = await api(direct('A'), 'GET', '/api/v1/square/authorize', { token });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const redirectUrl = await approveAt(login.body.data);
    const connected = await api(direct('A'), 'POST', '/api/v1/square/connect', { token, json: { redirect_url: redirectUrl } });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const serverA = servers.find((s) => s.name === 'A')!;
    serverA.child.kill('SIGSTOP');
    try {
      const done = await waitFor(
        'the POS import to finish on B',
        async () => {
          const row = await db.query(`SELECT status, progress FROM pos_connections WHERE provider = 'square'`);
          return row.rows[0]?.status === 'connected' && row.rows[0]?.progress === 100 ? row.rows[0] : undefined;
        },
        60_000,
      );
      expect(done).toMatchObject({ status: 'connected', progress: 100 });
      // One job, completed; A was frozen from the moment it answered, so B ran it (or took it over from A's lease).
      // (The import marks the connection done a moment before its job is recorded as completed.)
      const jobs = await waitFor(
        'the import job to be recorded as completed',
        async () => {
          const result = await db.query(`SELECT status FROM jobs WHERE name = 'pos.import'`);
          return result.rows.every((row: { status: string }) => row.status !== 'active' && row.status !== 'queued') ? result.rows : undefined;
        },
        30_000,
      );
      expect(jobs).toEqual([{ status: 'completed' }]);
      const imported = await db.query(`SELECT count(*)::int AS n FROM customers WHERE source = 'square'`);
      expect(square.customers.length).toBeGreaterThan(0);
      expect(imported.rows[0].n).toBe(square.customers.length);
    } finally {
      serverA.child.kill('SIGCONT');
    }

    // Both servers still answer, and the proxy spread the journey's calls over both.
    for (const name of ['A', 'B'] as const) expect((await api(direct(name), 'GET', '/api/v1/health')).status).toBe(200);
    const spread = await Promise.all([0, 1, 2, 3].map(() => api(proxy.url, 'GET', '/api/v1/users/me', { token })));
    expect(spread.every((r) => r.status === 200)).toBe(true);
    expect(new Set(spread.map((r) => r.servedBy))).toEqual(new Set(['A', 'B']));
  }, 180_000);

  const tus = (base: string, method: string, url: string, headers: Record<string, string> = {}, body?: Uint8Array<ArrayBuffer>) =>
    fetch(`${base}${url}`, { method, headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${session}`, ...headers }, body });
  const createUpload = async (base: string, size: number, filetype: string) => {
    const created = await tus(base, 'POST', '/api/v1/media/uploads', { 'Upload-Length': String(size), 'Upload-Metadata': `filetype ${Buffer.from(filetype).toString('base64')}` });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = new URL(created.headers.get('location')!, base).pathname;
    return { location, id: location.split('/').pop()! };
  };

  it('completes a resumable (tus) upload whose PATCHes alternate between the two servers, byte for byte', async () => {
    expect(session).toBeTruthy();
    // About 8 MB (an uncompressed PNG of noise) in four PATCHes through the round-robin proxy: the bytes are in the shared
    // bucket (a `.part` object under S3's 5 MiB minimum, then real parts), never in one server's DATA_DIR.
    const side = 1640;
    const bytes = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    const { location, id } = await createUpload(proxy.url, bytes.length, 'image/png');
    const chunk = Math.ceil(bytes.length / 4);
    const servedBy: string[] = [];
    for (let offset = 0; offset < bytes.length; offset += chunk) {
      const patch = await tus(proxy.url, 'PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, new Uint8Array(bytes.subarray(offset, offset + chunk)));
      expect(patch.status, await patch.text()).toBe(204);
      expect(patch.headers.get('upload-offset')).toBe(String(Math.min(offset + chunk, bytes.length)));
      servedBy.push(patch.headers.get('x-served-by')!);
    }
    expect(servedBy).toHaveLength(4);
    for (let i = 1; i < servedBy.length; i++) expect(servedBy[i]).not.toBe(servedBy[i - 1]);
    expect(s3.objects.get(id)?.body.equals(bytes)).toBe(true);
    for (const server of servers) expect(fs.existsSync(path.join(server.dataDir, 'media-uploads', `${id}.json`))).toBe(false);

    // Added as a photo through one server, served byte for byte by the other.
    const form = new FormData();
    form.set('name', 'Noise');
    form.set('description', 'Uploaded in four pieces');
    form.set('type', 'image');
    form.set('uploadId', id);
    const added = await api(direct('B'), 'POST', '/api/v1/media/add', { token: session, form, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const file = await fetch(`${direct('A')}${added.body.path}`, { headers: { Authorization: `Bearer ${session}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(id))).toEqual([]);
  }, 120_000);

  it('lets one of two PATCHes of the same upload sent to the two servers at once write, never both', async () => {
    expect(session).toBeTruthy();
    const bytes = randomBytes(1024 * 1024 + 4321);
    const half = 512 * 1024;
    const { location, id } = await createUpload(direct('A'), bytes.length, 'video/mp4');
    const headers = { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
    const settled: string[] = [];

    // A gets the whole chunk announced but only its first half, then the sender stalls (a phone on a bad network).
    const slow = http.request(`${direct('A')}${location}`, {
      method: 'PATCH',
      headers: { ...headers, 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${session}`, 'Content-Length': String(bytes.length) },
    });
    const answerA = new Promise<{ status?: number; offset?: string }>((resolve) => {
      slow.on('response', (response) => {
        settled.push('A');
        response.resume();
        resolve({ status: response.statusCode, offset: response.headers['upload-offset'] as string | undefined });
      });
      // The server may close the connection while the body is still coming (tus answers "Connection: close").
      slow.on('error', () => {
        settled.push('A');
        resolve({});
      });
    });
    slow.write(bytes.subarray(0, half));
    // A holds the upload's lock in PostgreSQL (a granted advisory lock), and is writing.
    await waitFor('server A to hold the upload lock', async () => {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND granted
           AND classid = (hashtext('mise:tus-upload')::bigint & 4294967295)::oid AND objid = (hashtext($1)::bigint & 4294967295)::oid`,
        [id],
      );
      return rows[0].n === 1;
    });

    // The same PATCH sent to B meanwhile (a client retrying on another connection) waits for A's lock: B asks A to
    // finish early, A stores what it got and answers, and only then does B look at the offset.
    const answerB = tus(direct('B'), 'PATCH', location, headers, new Uint8Array(bytes)).then(async (response) => {
      settled.push('B');
      return { status: response.status, offset: response.headers.get('upload-offset') ?? undefined, text: await response.text() };
    });
    const b = await answerB;
    slow.destroy();
    const a = await answerA;
    expect(settled).toEqual(['A', 'B']);
    expect(a.status ?? 204).toBeLessThan(500);
    // B answers 409 (A stored its half first) or 204 (A stored nothing), never a 5xx, and never wrote over A.
    expect([204, 409], b.text).toContain(b.status);

    // The client asks where the upload is and sends the rest: the stored file is the original, byte for byte.
    const head = await tus(direct('B'), 'HEAD', location);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(b.status === 204 ? bytes.length : Number(a.offset ?? offset));
    if (offset < bytes.length) {
      const rest = await tus(direct('A'), 'PATCH', location, { ...headers, 'Upload-Offset': String(offset) }, new Uint8Array(bytes.subarray(offset)));
      expect(rest.status, await rest.text()).toBe(204);
    }
    expect(s3.objects.get(id)?.body.equals(bytes)).toBe(true);
  }, 120_000);

  it('counts a rate limit across both servers: the eleventh wrong current password in 15 minutes is refused by either', async () => {
    expect(session).toBeTruthy();
    const me = await api(proxy.url, 'GET', '/api/v1/users/me', { token: session });
    const userId: string = me.body.id ?? me.body.data?.id ?? me.body.user?.id;
    expect(userId, JSON.stringify(me.body)).toBeTruthy();
    // The limit counts in fixed 15-minute windows: start in a fresh one if this one is about to end.
    const windowMs = 15 * 60 * 1000;
    const left = windowMs - (Date.now() % windowMs);
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 500));
    const tryOnce = (base: string) =>
      api(base, 'POST', '/api/v1/users/change-password', { token: session, json: { userId, password: 'not-the-password-1', newPassword: 'another-horse-9' } });
    // Ten wrong tries through the round-robin proxy: five land on each server, each refused for the password.
    const servedBy: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const answer = await tryOnce(proxy.url);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      servedBy.push(answer.servedBy!);
    }
    expect(servedBy.filter((name) => name === 'A')).toHaveLength(5);
    expect(servedBy.filter((name) => name === 'B')).toHaveLength(5);
    // Neither server alone has seen more than five, yet both refuse the next one: the count is the database's.
    for (const name of ['A', 'B'] as const) {
      const refused = await tryOnce(direct(name));
      expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    }
  }, 60_000);
});
