import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Where mail goes. `smtp` when SMTP_URL is set; otherwise `outbox`, .eml files a local user can open. */
export type Mailer = {
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<{ messageId: string; file?: string }>;
  close: () => void;
};

export function createMailer(options: { smtpUrl: string; from: string; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) return smtpMailer(options.smtpUrl, options.from, options.logger);
  return outboxMailer(path.join(options.dataDir, 'outbox'), options.from, options.logger);
}

function smtpMailer(url: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      logger.info({ mail: { to: message.to, subject: message.subject, messageId: info.messageId } }, 'mail sent');
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, from: string, logger: Logger): Mailer {
  // nodemailer's stream transport renders the exact MIME message SMTP would carry.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${safeName(message.to)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      logger.info({ mail: { file, to: message.to, subject: message.subject } }, `mail written to ${file}: ${message.subject}`);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

const safeName = (value: string) => value.replace(/[^a-zA-Z0-9@._-]/g, '_').slice(0, 80);
