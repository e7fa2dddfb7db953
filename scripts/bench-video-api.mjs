// `npm run bench:video-api`: does a render starve the API? Against a real server process (PGlite on disk, its
// own job worker): API latency (GET /video/videos and GET /video/options, one after another) while idle, then
// while a 30-second video of six scenes (photos and clips, transitions, captions, logo, voice-over) renders in
// the same server. Prints p50 / p95 side by side and the render's wall time next to the video's length.
// Goals: p95 during a render < 2 × idle p95; the render no slower than the video's own duration.
// Options: BENCH_VIDEO_API_IDLE (requests measured while idle, default 300).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const { resolveVideoBinaries } = await import(path.join(root, 'server/providers/video/video.ts'));

const IDLE = Number(process.env.BENCH_VIDEO_API_IDLE ?? 300);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-video-api-'));
const port = 4700 + (process.pid % 200);
const origin = `http://127.0.0.1:${port}`;
const { ffmpeg } = resolveVideoBinaries({});
const lavfi = (...args) => execFileSync(ffmpeg, ['-v', 'error', '-y', ...args]);

let child;
async function startServer() {
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', RATE_LIMIT_DISABLED: '1', STATIC_DIR: path.join(dataDir, 'no-dist') },
  });
  for (let i = 0; i < 240; i += 1) {
    if (await fetch(`${origin}/api/v1/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

let token = '';
let userId = '';
const headers = () => ({ Authorization: `Bearer ${token}`, Origin: origin });
async function call(method, p, body) {
  const init = { method, headers: headers() };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${origin}/api/v1${p}`, init).catch((error) => {
    throw new Error(`${method} ${p}: ${error.cause?.message ?? error.message}`);
  });
  const json = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${method} ${p}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function owner() {
  const email = `bench.${Date.now().toString(36)}@cafe.test`;
  const signup = await fetch(`${origin}/api/v1/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Bench Owner', email, password: 'correct-horse-9', userType: 'regular' }) });
  ({ token, userId } = await signup.json());
  const outbox = path.join(dataDir, 'outbox');
  let code;
  for (let i = 0; i < 50 && !code; i += 1) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) code ??= /^\s{4}(\d{6})$/m.exec(fs.readFileSync(path.join(outbox, file), 'utf8'))?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  await fetch(`${origin}/api/v1/auth/verify-account`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ otp: code, email, userType: 'regular' }) });
}

const fileForm = (fields, name, mime, file) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([fs.readFileSync(file)], { type: mime }), name);
  return form;
};

const inputs = path.join(dataDir, 'inputs');
const f = (name) => path.join(inputs, name);

/** Made before the server starts: ffmpeg here blocks this process, and the server would drop idle keep-alive sockets meanwhile. */
function makeInputs() {
  fs.mkdirSync(inputs);
  lavfi('-f', 'lavfi', '-i', 'testsrc2=s=1600x1200', '-frames:v', '1', '-q:v', '3', f('photo-1.jpg'));
  lavfi('-f', 'lavfi', '-i', 'mandelbrot=s=1200x1600', '-frames:v', '1', '-q:v', '3', f('photo-2.jpg'));
  lavfi('-f', 'lavfi', '-i', 'smptehdbars=s=2000x1500', '-frames:v', '1', '-q:v', '3', f('photo-3.jpg'));
  lavfi('-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=30:d=8', '-f', 'lavfi', '-i', 'sine=f=440:d=8', '-c:a', 'aac', '-shortest', '-c:v', 'libx264', '-preset', 'fast', '-pix_fmt', 'yuv420p', f('clip-1.mp4'));
  lavfi('-f', 'lavfi', '-i', 'testsrc=s=1080x1920:r=30:d=8', '-f', 'lavfi', '-i', 'sine=f=660:d=8', '-c:a', 'aac', '-shortest', '-c:v', 'libx264', '-preset', 'fast', '-pix_fmt', 'yuv420p', f('clip-2.mp4'));
  lavfi('-f', 'lavfi', '-i', 'smptebars=s=1280x720:r=25:d=8', '-c:v', 'libx264', '-preset', 'fast', '-pix_fmt', 'yuv420p', f('clip-3.mp4'));
  lavfi('-f', 'lavfi', '-i', 'color=c=orange:s=400x400', '-frames:v', '1', f('logo.png'));
}

async function prepare() {

  const logoForm = new FormData();
  logoForm.append('image', new Blob([fs.readFileSync(f('logo.png'))], { type: 'image/png' }), 'logo.png');
  const logo = await call('POST', '/brand/image', logoForm);
  await call('POST', `/users/settings/${userId}`, { brandName: 'Bench Bistro', location: '1 Bench Street', brandLogo: logo.url });
  const ids = [];
  for (const [name, mime, type] of [
    ['photo-1.jpg', 'image/jpeg', 'image'],
    ['clip-1.mp4', 'video/mp4', 'video'],
    ['photo-2.jpg', 'image/jpeg', 'image'],
    ['clip-2.mp4', 'video/mp4', 'video'],
    ['photo-3.jpg', 'image/jpeg', 'image'],
    ['clip-3.mp4', 'video/mp4', 'video'],
  ]) {
    const item = await call('POST', '/media/add', fileForm({ type, name, description: `Bench ${name}` }, name, mime, f(name)));
    ids.push(item.id);
  }
  const { id } = await call('POST', '/video/scripts', { user_query: 'A bench test of our kitchen. Fresh every morning. See you soon.', subcategory: 'behind_the_scenes' });
  const script = await call('GET', `/video/scripts/${id}`);
  const scenes = ids.map((mediaId, index) => ({ ...(script.scenes[index] ?? script.scenes[0]), id: `s${index}`, media_id: mediaId, duration: 5, caption: `Scene ${index + 1} of the bench video` }));
  await call('PUT', `/video/scripts/${id}`, { version: script.version, title: 'Bench video', scenes });
  return id;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function timed() {
  const started = performance.now();
  await call('GET', '/video/videos?filter=all&limit=20');
  await call('GET', '/video/options');
  return (performance.now() - started) / 2;
}
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: times.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

async function main() {
  makeInputs();
  await startServer();
  await owner();
  // Free allows one video a month: exactly the one rendered here.
  const scriptId = await prepare();
  for (let i = 0; i < 20; i += 1) await timed(); // warm-up
  const idle = [];
  for (let i = 0; i < IDLE; i += 1) idle.push(await timed());

  const form = new FormData();
  form.append('script_id', scriptId);
  form.append('voice-over', 'en-us-female');
  form.append('add-logo', 'true');
  form.append('config', JSON.stringify({ Bold: true, Transitions: true, Captions: true, RestaurantName: true }));
  const started = performance.now();
  const { task_id } = await call('POST', '/video/videos', form);
  const during = [];
  let video;
  for (;;) {
    during.push(await timed());
    if (during.length % 10 === 0) {
      video = await call('GET', `/video/videos/${task_id}`);
      if (video.status !== 'pending') break;
    }
  }
  const renderSeconds = (performance.now() - started) / 1000;
  const a = summary(idle);
  const b = summary(during);
  const f = (ms) => `${ms.toFixed(1)} ms`.padStart(10);
  console.log(`\nAPI latency (GET /video/videos + GET /video/options, per request), ${os.cpus().length} cores, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log(`${''.padEnd(26)} ${'requests'.padStart(8)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}`);
  console.log(`${'idle'.padEnd(26)} ${String(a.n).padStart(8)} ${f(a.p50)} ${f(a.p95)}`);
  console.log(`${'during the render'.padEnd(26)} ${String(b.n).padStart(8)} ${f(b.p50)} ${f(b.p95)}`);
  console.log(`p95 during / idle: ${(b.p95 / a.p95).toFixed(2)} × (goal < 2 ×) ${b.p95 < 2 * a.p95 ? 'ok' : 'OVER'}`);
  console.log(`render: ${video.status}, ${renderSeconds.toFixed(1)} s for a ${video.duration?.toFixed(1)} s video, queue to stored media item (goal ≤ the video's length) ${video.duration && renderSeconds <= video.duration ? 'ok' : 'OVER'}`);
  if (video.status !== 'done') console.log(`render error: ${video.error}`);
}

try {
  await main();
} finally {
  child?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
