// `node scripts/profile-first-load.mjs [signin|home] [runs]`: what runs in the long main-thread tasks (> 50 ms) of a
// first load (issue 17, TBT). Serves the built dist/ with the real server, loads the page in Debian Chromium at 4×
// CPU slowdown (CDP Emulation.setCPUThrottlingRate, no network throttling), records a trace with V8's sampling
// profiler and prints, per run: the long tasks after the first contentful paint, what kind of work fills them (script
// evaluation, style, layout, GC…) and the self time of the functions sampled inside them, by function and by file
// (minified positions mapped back through the source maps). The home is loaded signed in as a fresh demo account, with
// the HTTP cache and the service worker cleared (as `npm run bench:web` does). Figures are real milliseconds at 4×.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM, ensureChromium } from './ensure-chromium.mjs';
import { signInWithForm } from './sign-in-form.mjs';

const root = path.resolve(import.meta.dirname, '..');
const which = process.argv[2] ?? 'signin';
const RUNS = Number(process.argv[3] ?? 3);
const dist = path.join(root, 'dist');
const work = path.join(root, 'test-results', 'profile-first-load');
const port = 3990 + Math.floor(Math.random() * 9);
const origin = `http://127.0.0.1:${port}`;
const password = 'profile-pass-1';
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
const env = { ...process.env, PORT: String(port), DATA_DIR: path.join(work, 'data'), STATIC_DIR: dist, LOG_LEVEL: 'warn', PUBLIC_URL: origin };
delete env.DATABASE_URL;

let email;
if (which === 'home') {
  const seeded = spawnSync(process.execPath, ['scripts/demo.mjs'], { cwd: root, env: { ...env, DEMO_PASSWORD: password }, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  email = /email\s+(\S+)/.exec(seeded.stdout)?.[1];
}
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
for (let i = 0; !(await fetch(`${origin}/api/v1/health`).then((r) => r.ok, () => false)); i += 1) {
  if (i > 1800) throw new Error('no server');
  await new Promise((r) => setTimeout(r, 100));
}

const maps = new Map();
const consumer = (url) => {
  const file = path.join(dist, new URL(url).pathname);
  if (!maps.has(file)) maps.set(file, fs.existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))) : null);
  return maps.get(file);
};
const where = (frame) => {
  if (!frame.url) return { name: frame.functionName || `(${frame.codeType ?? 'native'})`, file: '(native)' };
  if (!frame.url.startsWith(origin)) return { name: frame.functionName || '(anonymous)', file: frame.url };
  const map = consumer(frame.url);
  const short = new URL(frame.url).pathname.replace(/-[\w-]{8}\.js$/, '.js');
  if (!map) return { name: `${frame.functionName || '(anonymous)'}`, file: short };
  const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos.source) return { name: `${frame.functionName || '(anonymous)'} ${short}:${frame.lineNumber + 1}:${frame.columnNumber}`, file: `${short} ← ?` };
  const source = (pos.source ?? '?').replace(/^.*node_modules\//, 'npm:').replace(/^(\.\.\/)+/, '');
  return { name: `${pos.name ?? frame.functionName ?? '(anonymous)'} ${source}:${pos.line}`, file: `${short} ← ${source.startsWith('npm:') ? source.split('/').slice(0, source.startsWith('npm:@') ? 2 : 1).join('/') : source}` };
};

ensureChromium();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const totals = { byKind: new Map(), byFunction: new Map(), byFile: new Map(), longTasks: [] };
const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  if (which === 'home') {
    const page = await context.newPage();
    await signInWithForm(page, { base: origin, origin, email, password });
    await page.getByRole('navigation', { name: 'Shortcuts' }).waitFor();
    await page.waitForTimeout(1500);
    await page.close();
  }
  for (let run = 1; run <= RUNS; run += 1) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: which === 'home' ? 'cache_storage,service_workers' : 'cache_storage,service_workers,local_storage,indexeddb' });
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'v8', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'],
    });
    await page.goto(`${origin}${which === 'home' ? '/' : '/signin'}`);
    await page.waitForTimeout(6000);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    await page.close();
    const events = trace.traceEvents ?? trace;
    fs.writeFileSync(path.join(work, `trace-${which}-${run}.json`), JSON.stringify(events));
    // The renderer's main thread: the one that ran the page's scripts.
    const mainThreads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const counts = new Map();
    for (const e of events) if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' || e.name === 'FunctionCall') add(counts, `${e.pid}:${e.tid}`, 1);
    const mainKey = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? `${mainThreads[0].pid}:${mainThreads[0].tid}`;
    const onMain = events.filter((e) => `${e.pid}:${e.tid}` === mainKey);
    const fcp = onMain.find((e) => e.name === 'firstContentfulPaint') ?? events.find((e) => e.name === 'firstContentfulPaint');
    const navStart = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)?.ts ?? events.find((e) => e.name === 'navigationStart')?.ts;
    const tasks = onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.dur > 50_000 && (!fcp || e.ts + e.dur > fcp.ts));
    const inTask = (ts) => tasks.find((t) => ts >= t.ts && ts <= t.ts + t.dur);
    // The samples: the Profile and ProfileChunk events of the main thread's V8 profile.
    const profileId = events.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === mainKey)?.id;
    const nodes = new Map();
    let time = events.find((e) => e.name === 'Profile' && e.id === profileId)?.args?.data?.startTime ?? 0;
    const samples = [];
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profileId)) {
      const data = chunk.args.data;
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = data.cpuProfile?.samples ?? [];
      (data.timeDeltas ?? []).forEach((delta, i) => {
        time += delta;
        samples.push({ ts: time, id: ids[i] });
      });
    }
    samples.sort((a, b) => a.ts - b.ts);
    const fnHere = new Map();
    const stacks = new Map();
    const fileHere = new Map();
    const filesPerTask = new Map(tasks.map((t) => [t, new Map()]));
    // Inclusive time per function (each function once per sample), per task: what a long task's time is spent under.
    const inclusivePerTask = new Map(tasks.map((t) => [t, new Map()]));
    const parent = new Map();
    // Trace profiles name each node's parent; the CDP Profiler's its children.
    for (const node of nodes.values()) {
      if (node.parent !== undefined) parent.set(node.id, node.parent);
      for (const child of node.children ?? []) parent.set(child, node.id);
    }
    for (let i = 0; i < samples.length - 1; i += 1) {
      const s = samples[i];
      const task = inTask(s.ts);
      if (!task) continue;
      const node = nodes.get(s.id);
      if (!node) continue;
      const ms = Math.min(samples[i + 1].ts - s.ts, 2000) / 1000;
      const w = where(node.callFrame);
      add(fnHere, w.name, ms);
      add(fileHere, w.file, ms);
      add(filesPerTask.get(task), w.file.replace(/^.* ← /, ''), ms);
      const names = new Set();
      for (let id = s.id; id !== undefined; id = parent.get(id)) {
        const n = nodes.get(id);
        if (n?.callFrame?.url) names.add(where(n.callFrame).name);
      }
      for (const name of names) add(inclusivePerTask.get(task), name, ms);
      // STACKS=regex: the stacks (outermost last) of samples with a frame matching it, counted.
      if (process.env.STACKS && [...names].some((n) => new RegExp(process.env.STACKS).test(n))) add(stacks, [...names].map((n) => n.replace(/ npm:.*\//, ' ').replace(/ src\//, ' ')).join(' < '), ms);
    }
    // Kinds of work: self time of the trace events inside each long task, by name (scheduler wrappers left out), script
    // labelled by its file or function.
    const WRAPPERS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'SimpleWatcher::OnHandleReady', 'Receive mojo message', 'BlinkScheduler_PerformMicrotaskCheckpoint']);
    const label = (e) => {
      const url = (e.args?.data?.url ?? e.args?.data?.frame?.url ?? '').replace(origin, '').replace(/-[\w-]{8}\.js$/, '.js');
      if (/^v8\.(evaluateModule|compileModule)$|^EvaluateScript$/.test(e.name)) return `${e.name} ${url}`;
      if (e.name === 'FunctionCall') return `FunctionCall ${e.args?.data?.functionName || '(anonymous)'} ${url}`;
      return e.name;
    };
    const kinds = new Map();
    const perTask = tasks.map(() => []);
    const inside = onMain.filter((e) => e.ph === 'X' && !WRAPPERS.has(e.name) && inTask(e.ts)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = [];
    const self = new Map();
    for (const e of inside) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent, (self.get(parent) ?? 0) - e.dur);
      else perTask[tasks.indexOf(inTask(e.ts))].push(e);
      self.set(e, (self.get(e) ?? 0) + e.dur);
      stack.push(e);
    }
    for (const [e, us] of self) add(kinds, label(e), us / 1000);
    tasks.forEach((t, i) => {
      const outer = new Map();
      for (const e of perTask[i]) add(outer, label(e), e.dur / 1000);
      console.log(`  task ${Math.round(t.dur / 1000)} ms at ${Math.round((t.ts - navStart) / 1000)}: ${[...outer].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${Math.round(v)}`).join(' | ')}`);
      if (process.env.DETAIL && t.dur > 100_000) console.log([...inclusivePerTask.get(t)].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.DETAIL) || 40).map(([k, v]) => `        ${v.toFixed(1).padStart(7)} ${k}`).join('\n'));
      console.log(`      sampled: ${[...filesPerTask.get(t)].sort((a, b) => b[1] - a[1]).slice(0, 7).map(([k, v]) => `${k} ${Math.round(v)}`).join(' | ')}`);
    });
    if (process.env.STACKS) console.log([...stacks].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `    ${v.toFixed(1)} ms: ${k}`).join('\n'));
    const since = (ts) => Math.round((ts - navStart) / 1000);
    console.log(`\n${which} run ${run}: FCP at ${fcp ? since(fcp.ts) : '?'} ms; long tasks after it: ${tasks.map((t) => `${Math.round(t.dur / 1000)} ms at ${since(t.ts)}`).join(', ') || 'none'}`);
    console.log(`  sum ${Math.round(tasks.reduce((s, t) => s + t.dur, 0) / 1000)} ms, blocking (over 50 ms) ${Math.round(tasks.reduce((s, t) => s + t.dur / 1000 - 50, 0))} ms`);
    totals.longTasks.push(tasks.map((t) => t.dur / 1000));
    for (const [k, v] of kinds) add(totals.byKind, k, v);
    for (const [k, v] of fnHere) add(totals.byFunction, k, v);
    for (const [k, v] of fileHere) add(totals.byFile, k, v);
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${(v / RUNS).toFixed(1).padStart(7)} ms  ${k}`).join('\n');
console.log(`\nMean per run, inside long tasks after FCP:\nKinds of work (outermost trace events):\n${top(totals.byKind, 25)}`);
console.log(`Self time by file (sampled):\n${top(totals.byFile, 25)}`);
console.log(`Self time by function (sampled):\n${top(totals.byFunction, 45)}`);
