// The baseline for the SMS benchmark: how fast can anything send to the local fake Twilio? Starts the fake
// (tests/fakes/twilio.ts) in its own process, so the two do not share one event loop, then measures
//   1. a bare loop of fetch calls (form POST to Messages.json, keep-alive, N at a time), and
//   2. the same through Mise's Twilio transport (server/providers/sms), to show what it adds,
// printing msgs/s side by side. The sending engine's bench compares itself with line 1.
// Options: FAKE_TWILIO_MESSAGES (default 50000), FAKE_TWILIO_CONCURRENCY (default 32).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const MESSAGES = Number(process.env.FAKE_TWILIO_MESSAGES ?? 50_000);
const CONCURRENCY = Number(process.env.FAKE_TWILIO_CONCURRENCY ?? 32);
const TIME_LIMIT_MS = 180_000;

const { createSmsTransport } = await import(path.join(root, 'server/providers/sms/sms.ts'));
const { createLogger } = await import(path.join(root, 'server/lib/logger.ts'));

/** Starts the fake on a free port in a child process; resolves with its base URL and credentials. */
function startFake() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/fakes/twilio.ts'), '0'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /TWILIO_ACCOUNT_SID=(\S+) TWILIO_AUTH_TOKEN=(\S+) TWILIO_BASE_URL=(\S+)/.exec(output);
      if (match) resolve({ child, accountSid: match[1], authToken: match[2], url: match[3] });
    });
    child.on('exit', (code) => reject(new Error(`the fake exited (${code}) before it was ready`)));
  });
}

const phone = (i) => `+1212${String(2_000_000 + ((i * 7919) % 8_000_000)).padStart(7, '0')}`;

/** Runs `send(i)` for i < count with CONCURRENCY in flight; returns { sent, seconds }. */
async function run(send, count = MESSAGES) {
  let next = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = Date.now() + TIME_LIMIT_MS;
  async function worker() {
    while (next < count && Date.now() < deadline) {
      const i = next++;
      await send(i);
      sent += 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { sent, seconds: (performance.now() - started) / 1000 };
}

const fake = await startFake();
try {
  const endpoint = `${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`;
  const body = 'Tacos tonight at Casa Rosa: 2 for $5 until 9pm. Reply STOP to opt out';

  const bareSend = async (i) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: phone(i), From: '+15005550006', Body: body }).toString(),
    });
    if (response.status !== 201) throw new Error(`fake answered ${response.status}`);
    await response.json();
  };
  // Warm-up: open the connections and let both sides' JIT settle.
  await run(bareSend, 2_000);
  const bare = await run(bareSend);

  const transport = createSmsTransport({
    twilio: { accountSid: fake.accountSid, authToken: fake.authToken, from: '+15005550006', baseUrl: fake.url },
    dataDir: root,
    logger: createLogger('silent'),
  });
  const viaTransport = await run((i) => transport.send({ to: phone(i + MESSAGES), body }));
  await transport.close();

  const rate = (r) => Math.round(r.sent / r.seconds);
  const line = (label, r, extra = '') => console.log(`${label.padEnd(34)} ${String(r.sent).padStart(7)} msgs in ${r.seconds.toFixed(2).padStart(6)} s = ${String(rate(r)).padStart(6)} msgs/s${extra}`);
  console.log(`fake Twilio throughput (concurrency ${CONCURRENCY}, fake in its own process)`);
  line('bare fetch loop (baseline)', bare);
  line('Mise Twilio transport', viaTransport, `  (${(rate(viaTransport) / rate(bare)).toFixed(2)}× baseline)`);
} finally {
  fake.child.kill('SIGTERM');
}
