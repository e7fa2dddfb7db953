// `npm run bench:load`: N concurrent signed-in users on a typical mix (home figures, customers page, segment list, a
// segment's customers, media list, one write in ten: a customer added or a segment renamed) against the real server
// (server/main.ts in its own process, PGlite by default, PostgreSQL too when TEST_DATABASE_URL is set), beside a bare
// Hono server (one small JSON read, one JSON write in ten) driven the same way in the same run. Prints requests/s,
// p50/p95/p99/max and errors for each, the same per route, and the CPU time the load generator and the server used.
//
// Issue 17's load: 200 users for 60 s, 10 accounts of 10,000 customers (100,000 in the database; the accounts are on
// the Premium plan, whose 100,000 contacts the CSV import checks like for any owner). Smaller runs while iterating:
//
//   LOAD_USERS=50 LOAD_SECONDS=20 LOAD_ACCOUNTS=10 LOAD_CUSTOMERS=200 LOAD_TARGETS=pglite npm run bench:load
//
// LOAD_TARGETS (bare,pglite,postgres; all by default) picks the servers; LOAD_SERVER_FLAGS adds Node flags to Mise's
// process (a CPU profile: `--cpu-prof --cpu-prof-dir=/tmp/prof`). The load generator runs on the same machine
// (2 shared cores here): the figures are what this machine does with both, not a server's ceiling; the CPU line says
// how much of the machine the generator itself took. Timings only; nothing here asserts a speed.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const ACCOUNTS = Number(process.env.LOAD_ACCOUNTS ?? 10);
const CUSTOMERS = Number(process.env.LOAD_CUSTOMERS ?? 10_000);
const TARGETS = new Set((process.env.LOAD_TARGETS ?? 'bare,pglite,postgres').split(',').map((t) => t.trim()));
const TIMEOUT_MS = 10_000;

const agent = new http.Agent({ keepAlive: true, maxSockets: USERS * 2 });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const freePort = () => 20_000 + Math.floor(Math.random() * 30_000);

function request(port, method, url, { token, json, headers = {} } = {}) {
  return new Promise((resolve) => {
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          ...headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    if (body) req.write(body);
    req.end();
  });
}

async function waitUp(port) {
  for (let i = 0; i < 900; i += 1) {
    const res = await request(port, 'GET', '/api/v1/health');
    if (res.status === 200) return;
    await sleep(100);
  }
  throw new Error(`nothing answered on port ${port}`);
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

function summarize(latencies, errors) {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / SECONDS, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: latencies.at(-1) ?? 0, errors };
}

/**
 * USERS loops, each picking its next request from `next(user)`, for SECONDS; latencies of every request, overall and
 * per route (`route` of the request), and the CPU the generator (this process) and the server (`serverPid`) used.
 */
async function drive(port, next, serverPid) {
  const latencies = [];
  const routes = new Map();
  let errors = 0;
  const firstErrors = [];
  const until = Date.now() + SECONDS * 1000;
  const cpuBefore = process.cpuUsage();
  const serverBefore = serverPid ? cpuSecondsOf(serverPid) : null;
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      while (Date.now() < until) {
        const { method, url, token, json, headers, route } = next(user);
        const started = performance.now();
        const res = await request(port, method, url, { token, json, headers });
        const took = performance.now() - started;
        latencies.push(took);
        const failed = res.status === 0 || res.status >= 500 || (res.status >= 400 && res.status !== 409);
        if (failed) {
          errors += 1;
          if (firstErrors.length < 3) firstErrors.push(`${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
        const key = route ?? `${method} ${url}`;
        if (!routes.has(key)) routes.set(key, { latencies: [], errors: 0 });
        routes.get(key).latencies.push(took);
        if (failed) routes.get(key).errors += 1;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = serverPid ? cpuSecondsOf(serverPid) : null;
  for (const line of firstErrors) console.log(`  error: ${line}`);
  return {
    ...summarize(latencies, errors),
    routes: [...routes].map(([route, r]) => ({ route, ...summarize(r.latencies, r.errors) })),
    generatorCpu: (cpu.user + cpu.system) / 1e6,
    serverCpu: serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore,
  };
}

// The bare baseline: Hono on @hono/node-server, one JSON read and one JSON write, nothing else.
const BARE = `
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono();
const items = Array.from({ length: 25 }, (_, i) => ({ id: i, name: 'Customer ' + i, visits: i * 3 }));
app.get('/api/v1/health', (c) => c.json({ ok: true }));
app.get('/api/v1/items', (c) => c.json({ items, total: items.length }));
app.post('/api/v1/items', async (c) => c.json({ created: await c.req.json() }, 201));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
`;

async function startBare() {
  const port = freePort();
  const file = path.join(root, 'test-results', 'bench-load-bare.mjs');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, BARE);
  const child = spawn(process.execPath, [file], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PORT: String(port) } });
  await waitUp(port);
  return { port, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

async function startMise(label, databaseUrl) {
  const port = freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-load-'));
  // LOAD_SERVER_FLAGS: extra Node flags for Mise's process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (written on exit).
  const flags = (process.env.LOAD_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/main.ts'], {
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
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
  });
  await waitUp(port);
  return {
    label,
    port,
    pid: child.pid,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Accounts signed up and verified through the API (the code read from the server's outbox), each with customers and a segment. */
async function seed(server) {
  const accounts = [];
  for (let a = 0; a < ACCOUNTS; a += 1) {
    const email = `load.${a}.${randomBytes(3).toString('hex')}@cafe.test`;
    const password = 'correct-horse-9';
    const signup = await request(server.port, 'POST', '/api/v1/auth/signup', { json: { name: `Load Owner ${a}`, email, password, userType: 'regular' } });
    if (signup.status >= 300) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
    let code;
    for (let i = 0; i < 100 && !code; i += 1) {
      const outbox = path.join(server.dataDir, 'outbox');
      for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
        const text = fs.readFileSync(path.join(outbox, file), 'utf8');
        if (text.includes(email)) code = /^\s+(\d{6})$/m.exec(text)?.[1];
      }
      if (!code) await sleep(50);
    }
    const verified = await request(server.port, 'POST', '/api/v1/auth/verify-account', { json: { otp: code, email, userType: 'regular' } });
    if (verified.status >= 300) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
    const signin = await request(server.port, 'POST', '/api/v1/auth/signin', { json: { email, password, userType: 'regular' } });
    const token = signin.body?.token ?? signin.body?.data?.token;
    if (!token) throw new Error(`signin: ${signin.status} ${JSON.stringify(signin.body)}`);
    if (CUSTOMERS > 500) {
      // More than the Free plan's 500 contacts: Premium (100,000), through the built-in test billing like an owner would.
      const headers = { 'idempotency-key': randomUUID() };
      const card = await request(server.port, 'POST', '/api/v1/subscriptions/card', {
        token,
        headers,
        json: { provider: 'builtin', name: `Load Owner ${a}`, number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' },
      });
      if (card.status >= 300) throw new Error(`card: ${card.status} ${JSON.stringify(card.body)}`);
      const plan = await request(server.port, 'POST', '/api/v1/subscriptions', { token, json: { planId: 'premium' }, headers: { 'idempotency-key': randomUUID() } });
      if (plan.status >= 300) throw new Error(`subscribe: ${plan.status} ${JSON.stringify(plan.body)}`);
    }
    // Customers through the CSV import (what an owner does first), then a segment over them.
    const rows = ['First Name,Last Name,Email,Phone'];
    for (let i = 0; i < CUSTOMERS; i += 1) rows.push(`Guest${i},Load${a},guest${i}.${a}@example.com,`);
    const form = new FormData();
    form.set('file', new Blob([rows.join('\n')], { type: 'text/csv' }), 'customers.csv');
    const imported = await fetch(`http://127.0.0.1:${server.port}/api/v1/customers/auto/customer-by-csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      body: form,
    });
    if (!imported.ok) throw new Error(`csv import: ${imported.status} ${await imported.text()}`);
    await imported.arrayBuffer();
    const definition = { type: 'group', op: 'and', conditions: [{ type: 'created', op: 'within', period: { kind: 'last_days', days: 30 } }] };
    const segment = await request(server.port, 'POST', '/api/v1/segments', { token, json: { segmentation_title: 'New this month', definition }, headers: { 'idempotency-key': randomUUID() } });
    const segmentId = segment.body?.id ?? segment.body?.data?.id;
    if (!segmentId) throw new Error(`segment: ${segment.status} ${JSON.stringify(segment.body)}`);
    accounts.push({ token, segmentId });
  }
  return accounts;
}

function miseMix(accounts) {
  let n = 0;
  return (user) => {
    const { token, segmentId } = accounts[user % accounts.length];
    n += 1;
    if (n % 10 === 0) {
      // One write in ten: a new customer, or the segment renamed.
      return n % 20 === 0
        ? { route: 'POST customer', method: 'POST', url: '/api/v1/customers/manual/customer-manual', token, json: { given_name: `Walk-in ${n}` }, headers: { 'idempotency-key': randomUUID() } }
        : { route: 'PATCH segment', method: 'PATCH', url: `/api/v1/segments/${segmentId}`, token, json: { segmentation_title: `New this month ${n % 7}` }, headers: { 'idempotency-key': randomUUID() } };
    }
    const reads = [
      ['home figures', '/api/v1/metrics/get-customers'],
      ['customers page', '/api/v1/customers/get_customers?page=1'],
      ['segment list', '/api/v1/segments'],
      ["segment's customers", `/api/v1/segments/${segmentId}/customers`],
      ['media list', '/api/v1/media'],
    ];
    const [route, url] = reads[n % reads.length];
    return { route, method: 'GET', url, token };
  };
}

function bareMix() {
  let n = 0;
  return () => {
    n += 1;
    return n % 10 === 0 ? { method: 'POST', url: '/api/v1/items', json: { given_name: `Walk-in ${n}` } } : { method: 'GET', url: '/api/v1/items' };
  };
}

const results = [];
if (TARGETS.has('bare')) {
  const bare = await startBare();
  try {
    console.log(`bare Hono: ${USERS} users for ${SECONDS} s…`);
    results.push({ label: 'bare Hono (no database)', ...(await drive(bare.port, bareMix(), bare.pid)) });
  } finally {
    bare.stop();
  }
}

const targets = TARGETS.has('pglite') ? [{ label: 'Mise on PGlite (embedded)' }] : [];
let dropDatabase;
if (process.env.TEST_DATABASE_URL && TARGETS.has('postgres')) {
  const pg = (await import('pg')).default;
  const name = `mise_load_${randomBytes(5).toString('hex')}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  targets.push({ label: 'Mise on PostgreSQL', databaseUrl: url.toString() });
}
try {
  for (const target of targets) {
    const server = await startMise(target.label, target.databaseUrl);
    try {
      console.log(`${target.label}: seeding ${ACCOUNTS} accounts × ${CUSTOMERS} customers…`);
      const seeding = performance.now();
      const accounts = await seed(server);
      console.log(`${target.label}: seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s; ${USERS} users for ${SECONDS} s…`);
      results.push({ label: target.label, ...(await drive(server.port, miseMix(accounts), server.pid)) });
    } finally {
      await server.stop();
    }
  }
} finally {
  await dropDatabase?.();
}

const ms = (value) => `${value.toFixed(1)} ms`;
console.log(`\nLoad: ${USERS} concurrent users, ${SECONDS} s each, load generator on the same machine (${os.cpus().length} cores)`);
console.log(`${''.padEnd(28)}${'requests'.padStart(10)}${'req/s'.padStart(9)}${'p50'.padStart(11)}${'p95'.padStart(11)}${'p99'.padStart(11)}${'max'.padStart(11)}${'errors'.padStart(8)}`);
const row = (label, r) =>
  `${label.padEnd(28)}${String(r.requests).padStart(10)}${r.rps.toFixed(0).padStart(9)}${ms(r.p50).padStart(11)}${ms(r.p95).padStart(11)}${ms(r.p99).padStart(11)}${ms(r.max).padStart(11)}${String(r.errors).padStart(8)}`;
for (const r of results) console.log(row(r.label, r));
for (const r of results.filter((result) => result.routes.length > 1)) {
  console.log(`\n${r.label}, per route:`);
  for (const route of r.routes) console.log(row(`  ${route.route}`, route));
}
console.log(`\nCPU seconds used during the ${SECONDS} s of load (2 cores = ${2 * SECONDS} s available at most):`);
for (const r of results) {
  console.log(`  ${r.label.padEnd(28)} load generator ${r.generatorCpu.toFixed(1)} s, server process ${r.serverCpu === null ? 'n/a' : `${r.serverCpu.toFixed(1)} s`}`);
}
agent.destroy();
