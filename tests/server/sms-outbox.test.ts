import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxLine } from '../../server/providers/sms/outbox-transport.ts';
import { createSmsTransport } from '../../server/providers/sms/sms.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function outbox() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mise-sms-'));
  dirs.push(dataDir);
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { dataDir, logs: lines, sms: createSmsTransport({ twilio: null, dataDir, logger }) };
}

const readLines = async (dataDir: string) => {
  const dir = path.join(dataDir, 'sms-outbox');
  const files = await fs.readdir(dir);
  const text = (await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')))).join('');
  return { files, lines: text.trim().split('\n').map((line) => JSON.parse(line) as OutboxLine) };
};

describe('outbox SMS transport (no Twilio settings)', () => {
  it('says plainly that texts are not being sent', async () => {
    const { sms } = await outbox();
    expect(sms.kind).toBe('outbox');
    expect(sms.delivers).toBe(false);
    expect(sms.label).toMatch(/^Texts are not being sent/);
    expect(sms.label).toContain('sms-outbox');
  });

  it('appends each text as one JSON line in a file per day, with its segments', async () => {
    const { sms, dataDir, logs } = await outbox();
    const result = await sms.send({ to: '+12125550100', body: 'Tacos tonight 🌮 Reply STOP to opt out', statusCallbackUrl: 'https://x/status' });
    expect(result).toEqual({ providerId: expect.stringMatching(/^OB[0-9a-f]{32}$/), status: 'written' });
    await sms.send({ to: '+13105550100', body: 'Plain text' });
    const { files, lines } = await readLines(dataDir);
    expect(files).toEqual([`${new Date().toISOString().slice(0, 10)}.jsonl`]);
    expect(lines).toEqual([
      expect.objectContaining({ id: result.providerId, to: '+12125550100', encoding: 'UCS-2', segments: 1, statusCallbackUrl: 'https://x/status', note: 'not sent: no SMS provider is set up' }),
      expect.objectContaining({ to: '+13105550100', body: 'Plain text', encoding: 'GSM-7', segments: 1 }),
    ]);
    // One log line per file, not per text.
    expect(logs.filter((line) => line.includes('NOT sent'))).toHaveLength(1);
  });

  it('keeps every one of 2,000 texts sent at once, each line whole', async () => {
    const { sms, dataDir } = await outbox();
    const ids = await Promise.all(Array.from({ length: 2000 }, (_, i) => sms.send({ to: `+1212555${String(i).padStart(4, '0')}`, body: `Text ${i} “with” quotes` })));
    await sms.close();
    const { lines } = await readLines(dataDir);
    expect(lines).toHaveLength(2000);
    expect(new Set(lines.map((line) => line.id))).toEqual(new Set(ids.map((r) => r.providerId)));
    expect(new Set(lines.map((line) => line.to)).size).toBe(2000);
  });
});
