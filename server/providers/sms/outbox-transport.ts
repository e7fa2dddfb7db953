// The built-in transport when Twilio is not set up: every text is appended as one JSON line to
// DATA_DIR/sms-outbox/<UTC day>.jsonl and NOT sent (like the mail outbox's .eml files). Lines written at
// the same moment go out in one write, so a 50,000-text send is not 50,000 syscalls, and each line is one
// O_APPEND write, so several server processes may share the folder.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { measureSms } from '../../../src/contract/sms-segments.ts';
import type { Logger } from '../../lib/logger.ts';
import type { SmsMessage, SmsTransport } from './sms-types.ts';

/** One line of DATA_DIR/sms-outbox/<day>.jsonl. */
export type OutboxLine = {
  id: string;
  at: string;
  to: string;
  body: string;
  encoding: string;
  segments: number;
  statusCallbackUrl?: string;
  note: 'not sent: no SMS provider is set up';
};

export function outboxTransport(dataDir: string, logger: Logger): SmsTransport {
  const dir = path.join(dataDir, 'sms-outbox');
  let pending: Array<{ day: string; line: string; done: (error?: unknown) => void }> = [];
  let flushing: Promise<void> | null = null;
  const announced = new Set<string>();

  // The emptiness check and `flushing = null` run in one synchronous step, so a text queued while the last
  // batch is written always finds either a running flush that will take it or none (and starts one).
  async function flush(): Promise<void> {
    while (pending.length) {
      const batch = pending;
      pending = [];
      const byDay = new Map<string, typeof batch>();
      for (const entry of batch) {
        const entries = byDay.get(entry.day);
        if (entries) entries.push(entry);
        else byDay.set(entry.day, [entry]);
      }
      for (const [day, entries] of byDay) {
        const file = path.join(dir, `${day}.jsonl`);
        try {
          await fs.mkdir(dir, { recursive: true });
          await fs.appendFile(file, entries.map((entry) => entry.line).join(''));
          if (!announced.has(file)) {
            announced.add(file);
            logger.info({ sms: { file } }, `texts are written to ${file} and NOT sent (no Twilio settings)`);
          }
          for (const entry of entries) entry.done();
        } catch (error) {
          for (const entry of entries) entry.done(error);
        }
      }
    }
    flushing = null;
  }

  function append(day: string, line: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      pending.push({ day, line, done: (error) => (error ? reject(error as Error) : resolve()) });
      flushing ??= flush();
    });
  }

  return {
    kind: 'outbox',
    delivers: false,
    label: `Texts are not being sent: no SMS provider is set up, so each one is written to ${dir}.`,
    async send(message: SmsMessage) {
      const at = new Date();
      const measure = measureSms(message.body);
      const line: OutboxLine = {
        id: `OB${randomUUID().replaceAll('-', '')}`,
        at: at.toISOString(),
        to: message.to,
        body: message.body,
        encoding: measure.encoding,
        segments: measure.segments,
        ...(message.statusCallbackUrl ? { statusCallbackUrl: message.statusCallbackUrl } : {}),
        note: 'not sent: no SMS provider is set up',
      };
      await append(line.at.slice(0, 10), `${JSON.stringify(line)}\n`);
      logger.debug({ sms: { id: line.id } }, 'text written to the outbox');
      return { providerId: line.id, status: 'written' };
    },
    async close() {
      await flushing;
    },
  };
}
