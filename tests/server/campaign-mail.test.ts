import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { createCampaignMailer } from '../../server/providers/mail/campaign-mail.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';

const message = (to: string) => ({
  from: '"La Cocina" <news@lacocina.example.com>',
  to,
  subject: 'Taco Friday',
  html: '<p>Hi</p>',
  text: 'Hi',
  messageId: `<send.${to}@lacocina.example.com>`,
  headers: { 'List-Unsubscribe': '<https://mise.example.com/u/x>' },
  returnPath: 'bounce+x@lacocina.example.com',
});

describe('the campaign mailer', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('signs with DKIM when a key is configured, and tells 5xx (permanent) from 4xx (try again)', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const mailer = createCampaignMailer({ smtpUrl: sink.url, maxConnections: 2, dkim: { domainName: 'lacocina.example.com', keySelector: 'mise', privateKey }, dataDir: os.tmpdir(), logger: createLogger('silent') });
    expect(await mailer.send(message('a@example.com'))).toMatchObject({ outcome: 'sent' });
    const received = sink.messages.find((m) => m.to === 'a@example.com')!;
    const headers = received.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^DKIM-Signature: .*d=lacocina\.example\.com;.*s=mise;/m);
    expect(received.from).toBe('bounce+x@lacocina.example.com');

    sink.refuse('gone@example.com', 550);
    expect(await mailer.send(message('gone@example.com'))).toMatchObject({ outcome: 'permanent', code: 550 });
    sink.refuse('full@example.com', 451, 1);
    expect(await mailer.send(message('full@example.com'))).toMatchObject({ outcome: 'retry', code: 451 });
    mailer.close();
  });

  /** Resolves when `check` holds (polled; no timing is asserted). */
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const claim = () => {
    let settle!: (ok: boolean) => void;
    const claimed = new Promise<boolean>((resolve) => (settle = resolve));
    return { claimed, settle };
  };
  const dkimKey = () => generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;

  for (const signed of [false, true]) {
    it(`holds the "." that ends DATA until the claim commits, and never sends it for a claim not taken${signed ? ' (DKIM-signed)' : ''}`, async () => {
      const dkim = signed ? { domainName: 'lacocina.example.com', keySelector: 'mise', privateKey: dkimKey() } : null;
      const mailer = createCampaignMailer({ smtpUrl: sink.url, maxConnections: 1, dkim, dataDir: os.tmpdir(), logger: createLogger('silent') });
      const tag = signed ? 'signed' : 'plain';

      // Taken: the envelope and DATA go at once, the message arrives only once the claim says so.
      const taken = claim();
      let started = sink.dataStarted();
      const sending = mailer.send(message(`held-${tag}@example.com`), taken.claimed);
      await until(() => sink.dataStarted() > started);
      expect(sink.countFor(`held-${tag}@example.com`)).toBe(0);
      taken.settle(true);
      expect(await sending).toMatchObject({ outcome: 'sent' });
      expect(sink.countFor(`held-${tag}@example.com`)).toBe(1);
      if (signed) expect(sink.messages.find((m) => m.to === `held-${tag}@example.com`)!.raw).toMatch(/^DKIM-Signature: /m);

      // Not taken while the server is in DATA: the connection closes without the ".", the server keeps nothing.
      const refused = claim();
      started = sink.dataStarted();
      const dropped = mailer.send(message(`dropped-${tag}@example.com`), refused.claimed);
      await until(() => sink.dataStarted() > started);
      refused.settle(false);
      expect(await dropped).toMatchObject({ outcome: 'retry', code: null, response: 'Not sent: its ledger row was not taken' });
      // Not taken before it reached a connection: it never leaves the pool's queue.
      expect(await mailer.send(message(`early-${tag}@example.com`), Promise.resolve(false))).toMatchObject({ outcome: 'retry', code: null });

      // The pool goes on (a new connection in place of the closed one); the sink, told the client left, kept nothing.
      expect(await mailer.send(message(`after-${tag}@example.com`), Promise.resolve(true))).toMatchObject({ outcome: 'sent' });
      expect([`dropped-${tag}@example.com`, `early-${tag}@example.com`, `after-${tag}@example.com`].map((to) => sink.countFor(to))).toEqual([0, 0, 1]);
      mailer.close();
    });
  }

  it('without SMTP writes .eml files and says it sends nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-outbox-'));
    const mailer = createCampaignMailer({ smtpUrl: '', maxConnections: 2, dkim: null, dataDir, logger: createLogger('silent') });
    expect(mailer.label).toBe('Written to the local outbox, not sent');
    expect(await mailer.send(message('b@example.com'))).toMatchObject({ outcome: 'sent' });
    const day = fs.readdirSync(path.join(dataDir, 'campaign-outbox'))[0]!;
    const files = fs.readdirSync(path.join(dataDir, 'campaign-outbox', day));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, 'campaign-outbox', day, files[0]!), 'utf8')).toContain('List-Unsubscribe');
    // A claim not taken writes nothing; one taken writes once it is known.
    expect(await mailer.send(message('c@example.com'), Promise.resolve(false))).toMatchObject({ outcome: 'retry' });
    expect(await mailer.send(message('d@example.com'), Promise.resolve(true))).toMatchObject({ outcome: 'sent' });
    expect(fs.readdirSync(path.join(dataDir, 'campaign-outbox', day))).toHaveLength(2);
    mailer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with only part of the DKIM settings', () => {
    expect(() => parseEnv({ DKIM_DOMAIN: 'x.example.com' })).toThrow(/DKIM signing needs all of DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY/);
  });
});
