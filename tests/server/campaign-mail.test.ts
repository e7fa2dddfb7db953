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

  it('without SMTP writes .eml files and says it sends nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-outbox-'));
    const mailer = createCampaignMailer({ smtpUrl: '', maxConnections: 2, dkim: null, dataDir, logger: createLogger('silent') });
    expect(mailer.label).toBe('Written to the local outbox, not sent');
    expect(await mailer.send(message('b@example.com'))).toMatchObject({ outcome: 'sent' });
    const day = fs.readdirSync(path.join(dataDir, 'campaign-outbox'))[0]!;
    const files = fs.readdirSync(path.join(dataDir, 'campaign-outbox', day));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, 'campaign-outbox', day, files[0]!), 'utf8')).toContain('List-Unsubscribe');
    mailer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with only part of the DKIM settings', () => {
    expect(() => parseEnv({ DKIM_DOMAIN: 'x.example.com' })).toThrow(/DKIM signing needs all of DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY/);
  });
});
