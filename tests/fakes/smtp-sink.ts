// A local SMTP server that takes everything (or refuses chosen recipients with a 5xx or 4xx), keeping what it
// received: the campaign tests and benches send to it. Run alone: `node --import tsx tests/fakes/smtp-sink.ts 2525`
// (prints a count per second; /dev/null for mail).
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';

export type SinkMessage = { from: string; to: string; messageId: string | null; raw: string };

export type SmtpSink = {
  port: number;
  url: string;
  messages: SinkMessage[];
  /** How many messages each recipient received. */
  countFor: (address: string) => number;
  /** RCPT TO for these addresses answers 550 (hard) or 451 (try again later, `times` times). */
  refuse: (address: string, code: 550 | 451, times?: number) => void;
  close: () => Promise<void>;
};

export type SinkOptions = { keepRaw?: boolean; port?: number };

export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const counts = new Map<string, number>();
  const refusals = new Map<string, { code: 550 | 451; times: number }>();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS offered, so nodemailer does not try to upgrade.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    maxClients: 200,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (refusal && refusal.times > 0) {
        refusal.times -= 1;
        const error = new Error(refusal.code === 550 ? '5.1.1 No such user here' : '4.2.2 Mailbox full, try again later') as Error & { responseCode: number };
        error.responseCode = refusal.code;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => options.keepRaw !== false && chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const rcpt of session.envelope.rcptTo) {
          const to = rcpt.address.toLowerCase();
          counts.set(to, (counts.get(to) ?? 0) + 1);
          messages.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to, messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null, raw });
        }
        callback();
      });
    },
  });
  // A client that dies mid-message (the fault test kills its server) is not the sink's problem.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    countFor: (address) => counts.get(address.toLowerCase()) ?? 0,
    refuse: (address, code, times = Infinity) => refusals.set(address.toLowerCase(), { code, times }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sink = await startSmtpSink({ keepRaw: false, port: Number(process.argv[2] ?? 2525) });
  console.log(`SMTP sink on ${sink.url}`);
  let last = 0;
  setInterval(() => {
    if (sink.messages.length !== last) console.log(`${sink.messages.length} messages`);
    last = sink.messages.length;
  }, 1000);
}
