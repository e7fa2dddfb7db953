// `npm run bench:media`: the media library under load, against a real server process (PGlite on disk).
// 1. Uploads a 200 MB video twice — resumable (tus PATCH, then media/add by uploadId) and plain multipart
//    media/add — printing throughput and the server's peak RSS growth (goal < 64 MB: files are streamed).
// 2. Lists a 10,000-item library: first page, server-side time from the request log (goal < 50 ms).
// Options: BENCH_MEDIA_MB (default 200), BENCH_MEDIA_ITEMS (default 10000).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const { openDatabase } = await import(path.join(root, 'server/db/client.ts'));
const { resolveVideoBinaries } = await import(path.join(root, 'server/providers/video/video.ts'));
const { sql } = await import('kysely');

const SIZE_MB = Number(process.env.BENCH_MEDIA_MB ?? 200);
const ITEMS = Number(process.env.BENCH_MEDIA_ITEMS ?? 10_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-media-'));
const port = 4200 + (process.pid % 500);
const origin = `http://127.0.0.1:${port}`;
const MB = 1024 * 1024;

// ─── a 200 MB video: a real 3 s MP4 followed by an ISO-BMFF `free` box (valid, skipped by players) ──
function bigVideo(file) {
  const { ffmpeg } = resolveVideoBinaries({});
  const small = `${file}.small.mp4`;
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=25', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', small]);
  const head = fs.readFileSync(small);
  fs.rmSync(small);
  const padding = SIZE_MB * MB - head.length;
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, head);
  const box = Buffer.alloc(8);
  box.writeUInt32BE(padding, 0);
  box.write('free', 4, 'latin1');
  fs.writeSync(fd, box);
  const zeros = Buffer.alloc(4 * MB);
  for (let left = padding - 8; left > 0; left -= zeros.length) fs.writeSync(fd, zeros, 0, Math.min(left, zeros.length));
  fs.closeSync(fd);
  return fs.statSync(file).size;
}

// ─── the server process and its memory ───────────────────────────────────────────────────────
let child;
const logLines = [];
async function startServer() {
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production', RATE_LIMIT_DISABLED: '1', MEDIA_MAX_VIDEO_MB: String(SIZE_MB + 50), STATIC_DIR: path.join(dataDir, 'no-dist') },
  });
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    logLines.push(...parts.filter(Boolean));
  });
  for (let i = 0; i < 240; i += 1) {
    const ok = await fetch(`${origin}/api/v1/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}
async function stopServer() {
  const running = child;
  child = undefined;
  await new Promise((resolve) => {
    running.once('exit', resolve);
    running.kill('SIGTERM');
  });
}
const rss = () => {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};
/** Samples the server's RSS every 20 ms while `work` runs; returns the peak growth over the start. */
async function peakGrowth(work) {
  global.gc?.();
  await new Promise((r) => setTimeout(r, 300));
  const base = rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, rss());
  return { result, seconds, base, growth: peak - base };
}

// ─── an owner ───────────────────────────────────────────────────────────────────────────────
async function owner() {
  const email = `bench.${Date.now().toString(36)}@cafe.test`;
  const password = 'correct-horse-9';
  const post = (p, body) => fetch(`${origin}/api/v1${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const signup = await post('/auth/signup', { name: 'Bench Owner', email, password, userType: 'regular' });
  if (!signup.ok) throw new Error(`signup ${signup.status} ${await signup.text()}`);
  const { token, userId } = await signup.json();
  const outbox = path.join(dataDir, 'outbox');
  let code;
  for (let i = 0; i < 50 && !code; i += 1) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) code ??= /^\s{4}(\d{6})$/m.exec(fs.readFileSync(path.join(outbox, file), 'utf8'))?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const verify = await post('/auth/verify-account', { otp: code, email, userType: 'regular' });
  if (!verify.ok) throw new Error(`verify ${verify.status} ${await verify.text()}`);
  return { token, userId };
}

const fmt = (bytes) => `${(bytes / MB).toFixed(1)} MB`;

async function main() {
  const video = path.join(dataDir, 'big.mp4');
  const size = bigVideo(video);
  await startServer();
  const { token, userId } = await owner();
  const auth = { Authorization: `Bearer ${token}`, Origin: origin };
  console.log(`Media benchmark: ${fmt(size)} video, server pid ${child.pid}, data in ${dataDir}\n`);

  // 1a. resumable: create, one PATCH streamed from disk, then media/add names the upload
  const tus = await peakGrowth(async () => {
    const created = await fetch(`${origin}/api/v1/media/uploads`, {
      method: 'POST',
      headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size), 'Upload-Metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}` },
    });
    const location = created.headers.get('location');
    const sent = performance.now();
    const patch = await fetch(`${origin}${location}`, {
      method: 'PATCH',
      headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(size) },
      body: Readable.toWeb(fs.createReadStream(video, { highWaterMark: MB })),
      duplex: 'half',
    });
    if (patch.status !== 204) throw new Error(`PATCH ${patch.status} ${await patch.text()}`);
    const transfer = (performance.now() - sent) / 1000;
    const form = new FormData();
    for (const [k, v] of Object.entries({ userId, name: 'Big pour (tus)', description: 'bench', type: 'video', isFolder: 'false', parentId: 'null', uploadId: location.split('/').pop() })) form.append(k, v);
    const added = await fetch(`${origin}/api/v1/media/add`, { method: 'POST', headers: auth, body: form });
    if (added.status !== 201) throw new Error(`add ${added.status} ${await added.text()}`);
    return { transfer, item: await added.json() };
  });
  console.log(`resumable (tus) upload:  ${fmt(size)} in ${tus.result.transfer.toFixed(2)} s transfer = ${(size / MB / tus.result.transfer).toFixed(0)} MB/s; ` +
    `${tus.seconds.toFixed(2)} s with checks, poster and storage; server RSS ${fmt(tus.base)} → peak growth ${fmt(tus.growth)} (goal < 64 MB) ` +
    `${tus.growth < 64 * MB ? 'OK' : 'OVER'}; duration ${tus.result.item.duration} s`);

  // 1b. plain multipart media/add, streamed by busboy to a temp file; then again with an
  // Idempotency-Key, as the outbox sends it (the middleware spools and hashes the body as it streams)
  for (const idempotent of [false, true]) {
    const multipart = await peakGrowth(async () => {
      const boundary = `----mise${Date.now().toString(16)}`;
      const fields = { userId, name: 'Big pour (multipart)', description: 'bench', type: 'video', isFolder: 'false', parentId: 'null' };
      const head = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      async function* body() {
        yield Buffer.from(head);
        for await (const chunk of fs.createReadStream(video, { highWaterMark: MB })) yield chunk;
        yield Buffer.from(tail);
      }
      const length = Buffer.byteLength(head) + size + Buffer.byteLength(tail);
      const key = idempotent ? { 'Idempotency-Key': `bench-${Date.now().toString(36)}` } : {};
      const added = await fetch(`${origin}/api/v1/media/add`, {
        method: 'POST',
        headers: { ...auth, ...key, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(length) },
        body: Readable.toWeb(Readable.from(body())),
        duplex: 'half',
      });
      if (added.status !== 201) throw new Error(`multipart ${added.status} ${await added.text()}`);
      return added.json();
    });
    const label = idempotent ? 'multipart + Idempotency-Key:' : 'multipart media/add:     ';
    console.log(`${label} ${fmt(size)} in ${multipart.seconds.toFixed(2)} s = ${(size / MB / multipart.seconds).toFixed(0)} MB/s end to end; ` +
      `server peak RSS growth ${fmt(multipart.growth)} (goal < 64 MB) ${multipart.growth < 64 * MB ? 'OK' : 'OVER'}`);
  }

  // 2. a 10,000-item library: rows written straight to the database, then listed through the API
  await stopServer();
  const database = await openDatabase({ dataDir });
  const seedStart = performance.now();
  await sql`insert into media (user_id, name, description, type, is_folder, mime_type, size, width, height, file_key, thumb_key, preview_key, created_at, updated_at)
    select ${userId}::uuid, 'Dish photo ' || g, 'Bench item ' || g, 'image', false, 'image/jpeg', 100000 + g * 37, 1024, 768,
           'media/x/' || g || '/file', 'media/x/' || g || '/thumb.webp', 'media/x/' || g || '/preview.webp',
           now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${ITEMS}) as g`.execute(database.db);
  await database.close();
  console.log(`\nseeded ${ITEMS} items in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  await startServer();

  const pages = [
    ['first page, newest first', '/api/v1/media?pageSize=60'],
    ['first page, by name', '/api/v1/media?pageSize=60&sort=name&order=asc'],
    ['first page, by size', '/api/v1/media?pageSize=60&sort=size&order=desc'],
    ['page 100, newest first', '/api/v1/media?pageSize=60&page=100'],
    ['images only', '/api/v1/media?pageSize=60&type=image'],
    ['recent uploads', '/api/v1/media/recent?pageSize=60'],
  ];
  for (const [label, url] of pages) {
    const times = [];
    for (let i = 0; i < 12; i += 1) {
      const before = logLines.length;
      const response = await fetch(`${origin}${url}`, { headers: auth });
      const body = await response.json();
      if (!response.ok || body.total < ITEMS) throw new Error(`${url}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      await new Promise((r) => setTimeout(r, 5));
      const line = logLines.slice(before).map((l) => JSON.parse(l)).find((l) => l.msg === 'request' && url.startsWith(l.path));
      times.push(line?.ms ?? NaN);
    }
    const warm = times.slice(2).sort((a, b) => a - b);
    const median = warm[Math.floor(warm.length / 2)];
    const verdict = label.startsWith('first page') ? ` (goal < 50 ms) ${median < 50 ? 'OK' : 'OVER'}` : '';
    console.log(`${label.padEnd(26)} server ${String(times[0]).padStart(4)} ms cold, median ${median} ms warm${verdict}`);
  }
}

try {
  await main();
} finally {
  if (child) await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
