import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger.ts';

/** One campaign email to one recipient, with the headers the ledger and the mailbox providers need. */
type CampaignMessage = {
  from: string;
  replyTo?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per ledger row, so a resend after a doubt carries the same id (mail clients collapse duplicates). */
  messageId: string;
  headers: Record<string, string>;
  /** The envelope sender (VERP): bounces come back to an address that names the recipient. */
  returnPath: string;
};

/**
 * How one attempt ended. `retry`: nothing was delivered (4xx, or the connection failed before the message was
 * handed over). `permanent`: the server refused it for good (5xx: a hard bounce). `unknown`: the connection
 * broke while the message was being handed over; it may have been delivered, so it is not sent again blindly.
 */
type CampaignSendResult =
  | { outcome: 'sent'; response: string }
  | { outcome: 'retry' | 'permanent' | 'unknown'; code: number | null; response: string };

export type CampaignMailer = {
  kind: 'smtp' | 'outbox';
  /** Messages handed over at once: sending on the pool's connections, or queued in the pool for the next free one. */
  concurrency: number;
  /** Said on screens: the outbox writes files and sends nothing. */
  label: string;
  send: (message: CampaignMessage) => Promise<CampaignSendResult>;
  close: () => void;
};

export type CampaignMailOptions = {
  smtpUrl: string;
  maxConnections: number;
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  dataDir: string;
  logger: Logger;
};

export function createCampaignMailer(options: CampaignMailOptions): CampaignMailer {
  return options.smtpUrl ? smtpCampaignMailer(options) : outboxCampaignMailer(options);
}

/**
 * Messages handed to the pool per connection: one being sent and the rest queued in the pool, so a connection that
 * finishes a message starts the next at once instead of waiting for the ledger to record the outcome and take the next
 * row (a statement's time for every message). A crash can leave up to this many per connection in doubt
 * ("uncertain"); the ones still queued in the pool had not gone out.
 */
export const HANDED_PER_CONNECTION = 4;

type SmtpError = Error & { responseCode?: number; response?: string; command?: string; code?: string };

function smtpCampaignMailer(options: CampaignMailOptions): CampaignMailer {
  // A pool of connections, each reused for many messages (nodemailer closes it after maxMessages).
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: options.maxConnections,
    maxMessages: 1000,
    ...(options.dkim ? { dkim: options.dkim } : {}),
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    concurrency: options.maxConnections * HANDED_PER_CONNECTION,
    label: 'Sent through your mail server (SMTP)',
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: message.from,
          replyTo: message.replyTo,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId: message.messageId,
          headers: message.headers,
          envelope: { from: message.returnPath, to: message.to },
        });
        return { outcome: 'sent', response: String(info.response ?? '') };
      } catch (error) {
        const failure = error as SmtpError;
        const code = typeof failure.responseCode === 'number' ? failure.responseCode : null;
        const response = failure.response ?? failure.message;
        if (code !== null && code >= 500) return { outcome: 'permanent', code, response };
        if (code !== null && code >= 400) return { outcome: 'retry', code, response };
        // No SMTP answer: was the message already handed over? Only a break during DATA leaves that open.
        return { outcome: failure.command === 'DATA' || failure.code === 'EMESSAGE' ? 'unknown' : 'retry', code: null, response };
      }
    },
    close: () => transport.close(),
  };
}

/** No SMTP_URL: each message is written as an .eml file under DATA_DIR/campaign-outbox/<day>/, and nothing is sent. */
function outboxCampaignMailer(options: CampaignMailOptions): CampaignMailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const root = path.join(options.dataDir, 'campaign-outbox');
  const made = new Set<string>();
  return {
    kind: 'outbox',
    concurrency: 8,
    label: 'Written to the local outbox, not sent',
    async send(message) {
      const info = await transport.sendMail({
        from: message.from,
        replyTo: message.replyTo,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.messageId,
        headers: message.headers,
        envelope: { from: message.returnPath, to: message.to },
      });
      const dir = path.join(root, new Date().toISOString().slice(0, 10));
      if (!made.has(dir)) {
        await fs.mkdir(dir, { recursive: true });
        made.add(dir);
      }
      const name = message.messageId.replace(/[<>]/g, '').replace(/[^\w.@-]/g, '_');
      await fs.writeFile(path.join(dir, `${name}.eml`), info.message as Buffer);
      return { outcome: 'sent', response: 'written to the local outbox' };
    },
    close: () => transport.close(),
  };
}
