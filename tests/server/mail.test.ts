import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/lib/logger.ts';
import { createMailer } from '../../server/providers/mail/mail.ts';
import { resetPasswordMail, verificationMail } from '../../server/providers/mail/templates.ts';

type Received = { from: string; to: string[]; raw: string };

/** Pulls the MIME part of the given type out of a raw message, decoding quoted-printable. */
function part(raw: string, type: 'text/plain' | 'text/html'): string | undefined {
  const match = new RegExp(`Content-Type: ${type}[^]*?\\r?\\n\\r?\\n([^]*?)\\r?\\n--`, 'i').exec(raw);
  if (!match?.[1]) return undefined;
  return match[1].replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail over real SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no STARTTLS offered, so nodemailer does not try to upgrade.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the verification mail with a text part (code alone on an indented line) and an HTML part', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Mise <no-reply@mise.test>', dataDir: os.tmpdir(), logger: createLogger('silent') });
    expect(mailer.kind).toBe('smtp');
    await mailer.send(verificationMail('rosa@cafe.test', 'Rosa Martinez', '042917'));
    mailer.close();

    const message = received.at(-1)!;
    expect(message.from).toBe('no-reply@mise.test');
    expect(message.to).toEqual(['rosa@cafe.test']);
    expect(message.raw).toMatch(/^Subject: Your Mise verification code: 042917/m);
    const text = part(message.raw, 'text/plain');
    const html = part(message.raw, 'text/html');
    expect(text).toContain('Hi Rosa,');
    expect(text).toMatch(/^ {4}042917$/m);
    expect(text).toContain('expires in 10 minutes');
    expect(html).toContain('042917');
    expect(html).toContain('Mise');
  });

  it('delivers the reset mail the same way', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Mise <no-reply@mise.test>', dataDir: os.tmpdir(), logger: createLogger('silent') });
    await mailer.send(resetPasswordMail('ana@cafe.test', 'Ana', '555001'));
    mailer.close();
    const message = received.at(-1)!;
    expect(message.to).toEqual(['ana@cafe.test']);
    expect(part(message.raw, 'text/plain')).toMatch(/set a new password:\s+ {4}555001$/m);
  });
});

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox that holds the code', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-mail-'));
    try {
      const mailer = createMailer({ smtpUrl: '', from: 'Mise <no-reply@mise.local>', dataDir, logger: createLogger('silent') });
      expect(mailer.kind).toBe('outbox');
      const { file } = await mailer.send(verificationMail('owner@cafe.test', 'Owner', '314159'));
      expect(file).toBeDefined();
      expect(path.dirname(file!)).toBe(path.join(dataDir, 'outbox'));
      expect(file!.endsWith('.eml')).toBe(true);
      const raw = fs.readFileSync(file!, 'utf8');
      expect(raw).toMatch(/^To: owner@cafe\.test$/m);
      // The way e2e/fixtures.ts reads it: the code alone on a line indented by four spaces.
      expect(/^\s{4}(\d{6})$/m.exec(raw)?.[1]).toBe('314159');
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
