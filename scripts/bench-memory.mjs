// `npm run bench:memory`: what the server's memory is after a session of mixed work, and what holds it (issue 21 §8).
// Starts the real server (server/main.ts in its own process) on PGlite on disk, then on PostgreSQL when
// TEST_DATABASE_URL is set (a throwaway database), and plays one owner's session in rounds: a CSV import, photos
// added to the media library, a segment made and previewed, an email draft with those photos, a text chat, an Ask
// question. After start-up and after each round it reads the server's own breakdown (a probe loaded into the server
// with --import answers SIGUSR2): RSS from /proc, the V8 heap, external memory and array buffers, and the size of
// every WebAssembly memory the process made (PGlite's heap is one; nothing else in the server is WebAssembly).
// The same figures after a full garbage collection tell what is held from what is only not collected yet.
//
//   BENCH_MEMORY_ROUNDS=3 BENCH_MEMORY_CSV_ROWS=3000 BENCH_MEMORY_PHOTOS=4 npm run bench:memory
//
// Figures only; nothing here asserts a size.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 3);
const CSV_ROWS = Number(process.env.BENCH_MEMORY_CSV_ROWS ?? 3000);
const PHOTOS = Number(process.env.BENCH_MEMORY_PHOTOS ?? 4);
const MB = 1024 * 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Loaded into the server: notes every WebAssembly memory (weakly: one given back is no longer counted), and on SIGUSR2 writes the breakdown (before and after a
// full GC) to MEMORY_PROBE_FILE.
const PROBE = `
import fs from 'node:fs';
import v8 from 'node:v8';
const memories = new Set();
const keep = (exports) => { for (const value of Object.values(exports ?? {})) if (value instanceof WebAssembly.Memory) memories.add(new WeakRef(value)); };
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => { const result = await instantiate.apply(WebAssembly, args); keep((result.instance ?? result).exports); return result; };
const streaming = WebAssembly.instantiateStreaming;
if (streaming) WebAssembly.instantiateStreaming = async (...args) => { const result = await streaming.apply(WebAssembly, args); keep(result.instance.exports); return result; };
WebAssembly.Memory = new Proxy(WebAssembly.Memory, { construct(target, args) { const m = new target(...args); memories.add(new WeakRef(m)); return m; } });
const rollup = () => {
  const out = {};
  for (const line of fs.readFileSync('/proc/self/smaps_rollup', 'utf8').split('\\n')) {
    const m = /^(Rss|Anonymous|Private_Dirty|Shared_Clean|Private_Clean):\\s+(\\d+) kB/.exec(line);
    if (m) out[m[1]] = Number(m[2]) * 1024;
  }
  return out;
};
const sample = () => ({ ...process.memoryUsage(), ...rollup(), wasm: [...memories].reduce((sum, ref) => sum + (ref.deref()?.buffer.byteLength ?? 0), 0), heapSpaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size])) });
process.on('SIGUSR2', () => {
  const before = sample();
  globalThis.gc?.();
  const after = sample();
  fs.writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify({ before, after }));
});
`;

async function startServer(label, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-memory-'));
  const probe = path.join(dataDir, 'probe.mjs');
  fs.writeFileSync(probe, PROBE);
  const port = 20_000 + Math.floor(Math.random() * 30_000);
  const probeFile = path.join(dataDir, 'probe.json');
  const child = spawn(process.execPath, ['--expose-gc', '--import', probe, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'none'),
      LOG_LEVEL: 'error',
      RATE_LIMIT_DISABLED: '1',
      MEMORY_PROBE_FILE: probeFile,
      DATABASE_URL: databaseUrl ?? '',
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 2400 && !up; i += 1) {
    up = await fetch(`${origin}/api/v1/health`).then((r) => r.ok, () => false);
    if (child.exitCode !== null) throw new Error(`${label}: the server exited with ${child.exitCode}`);
    if (!up) await sleep(250);
  }
  if (!up) throw new Error(`${label}: the server did not answer in 10 minutes`);
  const measure = async () => {
    fs.rmSync(probeFile, { force: true });
    child.kill('SIGUSR2');
    for (let i = 0; i < 1200 && !fs.existsSync(probeFile); i += 1) await sleep(50);
    await sleep(50);
    return JSON.parse(fs.readFileSync(probeFile, 'utf8'));
  };
  const stop = async () => {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, dataDir, measure, stop };
}

async function ownerSession(server) {
  const email = `memory.${Date.now().toString(36)}@cafe.test`;
  const password = 'correct-horse-9';
  const post = (p, body) => fetch(`${server.origin}/api/v1${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const signup = await post('/auth/signup', { name: 'Memory Owner', email, password, userType: 'regular' });
  if (!signup.ok) throw new Error(`signup ${signup.status} ${await signup.text()}`);
  const { token } = await signup.json();
  const outbox = path.join(server.dataDir, 'outbox');
  let code;
  for (let i = 0; i < 100 && !code; i += 1) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (text.includes(email)) code ??= /^\s+(\d{6})$/m.exec(text)?.[1];
    }
    if (!code) await sleep(100);
  }
  const verify = await post('/auth/verify-account', { otp: code, email, userType: 'regular' });
  if (!verify.ok) throw new Error(`verify ${verify.status} ${await verify.text()}`);
  return token;
}

/** One round of an owner's work; returns the status of each call, so a refused step shows in the figures. */
async function round(server, token, n, photos) {
  const statuses = {};
  const api = async (label, method, p, body) => {
    const headers = { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() };
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${server.origin}/api/v1${p}`, { method, headers, body: payload });
    const text = await res.text();
    statuses[label] = res.status;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  const rows = ['First Name,Last Name,Email,Phone'];
  for (let i = 0; i < CSV_ROWS; i += 1) rows.push(`Guest${i},Round${n},guest${i}.r${n}@example.com,+1415555${String((n * CSV_ROWS + i) % 10_000).padStart(4, '0')}`);
  const csv = new FormData();
  csv.append('file', new Blob([rows.join('\n')], { type: 'text/csv' }), `guests-${n}.csv`);
  await api('csv import', 'POST', '/customers/auto/customer-by-csv', csv);

  const mediaIds = [];
  for (let i = 0; i < photos.length; i += 1) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: `Dish ${n}.${i}`, description: 'Tonight', type: 'image', isFolder: 'false', parentId: 'null' })) form.append(k, v);
    form.append('file', new Blob([photos[i]], { type: 'image/jpeg' }), `dish-${n}-${i}.jpg`);
    const added = await api('media add', 'POST', '/media/add', form);
    const id = added?.data?.id ?? added?.id ?? added?.media?.id;
    if (id) mediaIds.push(id);
  }
  await api('media list', 'GET', '/media');

  const definition = { type: 'group', op: 'and', conditions: [{ type: 'created', op: 'within', period: { kind: 'last_days', days: 30 } }] };
  await api('segment preview', 'POST', '/segments/preview', { definition });
  const segment = await api('segment create', 'POST', '/segments', { segmentation_title: `New guests ${n}`, definition });
  const segmentId = segment?.data?.id ?? segment?.id ?? segment?.segment?.id;
  if (segmentId) await api('segment customers', 'GET', `/segments/${segmentId}/customers`);
  await api('customers page', 'GET', '/customers/get_customers?page=1');

  await api('email draft', 'POST', '/email/drafts', { prompt: `Taco Tuesday is back, round ${n}: two tacos and a drink`, media_ids: mediaIds.slice(0, 2) });
  await api('text chat', 'POST', '/text/chat', { query: `A text for our taco Tuesday, round ${n}` });
  await api('ask', 'POST', '/ask/messages', { query: 'How many customers came in this month?' });
  await api('dashboard', 'GET', '/metrics/get-customers');
  return statuses;
}

const fmt = (bytes) => `${(bytes / MB).toFixed(0)}`.padStart(5);
const line = (label, m) =>
  `${label.padEnd(22)} ${fmt(m.before.rss)} ${fmt(m.after.rss)} ${fmt(m.after.heapUsed)} ${fmt(m.after.heapTotal)} ${fmt(m.after.external)} ${fmt(m.after.arrayBuffers)} ${fmt(m.after.wasm)} ${fmt(m.after.Anonymous ?? 0)}`;

async function run(label, databaseUrl, photos) {
  const server = await startServer(label, databaseUrl);
  try {
    console.log(`\n${label}\n${'when'.padEnd(22)}   RSS  RSS*  heap  heapT  ext  arrB  wasm  anon   (MB; * and the rest: after a full GC)`);
    console.log(line('started, idle', await server.measure()));
    const token = await ownerSession(server);
    let statuses;
    for (let n = 1; n <= ROUNDS; n += 1) {
      statuses = await round(server, token, n, photos);
      console.log(line(`after round ${n}`, await server.measure()));
    }
    await sleep(10_000);
    console.log(line('10 s idle after', await server.measure()));
    console.log(`answers of the last round: ${Object.entries(statuses).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  } finally {
    await server.stop();
  }
}

async function main() {
  // Phone-sized photos (12 MP), noisy so they compress like real ones.
  const photos = [];
  for (let i = 0; i < PHOTOS; i += 1) {
    photos.push(await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 40 * i, g: 120, b: 80 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg({ quality: 80 }).toBuffer());
  }
  console.log(`Memory after mixed work: ${ROUNDS} rounds of a ${CSV_ROWS}-row CSV import, ${PHOTOS} photos of ${(photos[0].length / MB).toFixed(1)} MB, a segment, an email draft, a text chat, an Ask question`);
  await run('PGlite (on disk)', undefined, photos);
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `mise_memory_${Date.now().toString(36)}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(admin);
      url.pathname = `/${name}`;
      await run('PostgreSQL', url.toString(), photos);
    } finally {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    }
  }
}

await main();
