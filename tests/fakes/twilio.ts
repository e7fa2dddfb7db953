// A local stand-in for Twilio Programmable Messaging (integrations.md §4), for tests, e2e and benchmarks:
// Messages create (Basic auth, validation, Twilio's JSON and error shapes), fetch and list, error 21610 for
// recipients who replied STOP, 21614 for landlines, 429 and 5xx on demand, and signed StatusCallbacks
// (sent, then delivered / undelivered / failed with ErrorCode). It keeps every message it accepted.
// Run alone: `node --import tsx tests/fakes/twilio.ts 4140` (account ACfake…, token "fake-token").
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { fakeControls, listenFake, sendJson, type FakeControls } from './fake-http.ts';
import { readForm, twilioError, twilioMessageJson, type FakeTwilioMessage } from './twilio-shapes.ts';
import { postSignedForm } from './twilio-signing.ts';

export type { FakeTwilioMessage } from './twilio-shapes.ts';

export type FakeTwilioOutcome = 'delivered' | { status: 'undelivered' | 'failed'; errorCode: number };

export type FakeTwilioOptions = {
  port?: number;
  accountSid?: string;
  authToken?: string;
  /** Senders the account owns; another From gets 21606. Default: any. */
  fromNumbers?: string[];
  /** Recipients who replied STOP (21610). */
  optedOut?: Iterable<string>;
  /** Numbers that cannot take texts (21614). */
  landlines?: Iterable<string>;
  /** How each message ends; default delivered. */
  outcome?: (to: string) => FakeTwilioOutcome;
  /** Send StatusCallbacks (default true); a benchmark of the bare API may turn them off. */
  callbacks?: boolean;
  /** How long a create takes to answer, drawn uniformly from [min, max] ms (Twilio: ~100–300 ms). Default: at once. */
  answerMs?: [number, number];
};

type Call = { method: string; path: string };

export type FakeTwilio = FakeControls<Call> & {
  /** Use as TWILIO_BASE_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeTwilioMessage[];
  optedOut: Set<string>;
  landlines: Set<string>;
  /** The next `count` creates answer `status` (500, 503...) */
  failNext: (count: number, status?: number) => void;
  /** Every StatusCallback POST made, with the app's answer. */
  callbacks: Array<{ url: string; sid: string; status: string; errorCode?: number; answer: number }>;
  /** Resolves once every StatusCallback started so far has been answered. */
  settled: () => Promise<void>;
  /** Twilio POSTing an inbound text to the app's webhook, signed like the real one. */
  sendInbound: (url: string, text: { from: string; to: string; body: string; optOutType?: 'STOP' | 'START' | 'HELP' }) => Promise<number>;
  close: () => Promise<void>;
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const E164 = /^\+[1-9]\d{7,14}$/;

export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `ACfake${'0'.repeat(26)}`;
  const authToken = options.authToken ?? 'fake-token';
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const optedOut = new Set(options.optedOut ?? []);
  const landlines = new Set(options.landlines ?? []);
  const messages: FakeTwilioMessage[] = [];
  const bySid = new Map<string, FakeTwilioMessage>();
  const callbacks: FakeTwilio['callbacks'] = [];
  const inFlight = new Set<Promise<void>>();
  const { controls, record, takeRateLimit } = fakeControls<Call>();
  let failures = 0;
  let failureStatus = 500;
  const base = `/2010-04-01/Accounts/${accountSid}`;

  const toJson = (message: FakeTwilioMessage) => twilioMessageJson(message, accountSid);

  function notify(message: FakeTwilioMessage, status: string, errorCode?: number) {
    if (!message.statusCallback || options.callbacks === false) return;
    const url = message.statusCallback;
    const params: Record<string, string> = {
      MessageSid: message.sid,
      MessageStatus: status,
      AccountSid: accountSid,
      To: message.to,
      ApiVersion: '2010-04-01',
      ...(message.from ? { From: message.from } : {}),
      ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
      ...(errorCode ? { ErrorCode: String(errorCode) } : {}),
    };
    return postSignedForm(url, authToken, params)
      .catch(() => 0)
      .then((answer) => {
        callbacks.push({ url, sid: message.sid, status, ...(errorCode ? { errorCode } : {}), answer });
      });
  }

  function track(work: Promise<void>) {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  const finalStatus = (to: string) => {
    const outcome = options.outcome?.(to) ?? 'delivered';
    return outcome === 'delivered' ? 'delivered' : outcome.status;
  };

  /** Later statuses, each callback after the previous one was answered (Twilio's order). */
  async function progress(message: FakeTwilioMessage) {
    const outcome = options.outcome?.(message.to) ?? 'delivered';
    if (message.messagingServiceSid) await notify(message, 'queued');
    if (outcome === 'delivered') {
      message.status = 'sent';
      await notify(message, 'sent');
      message.status = 'delivered';
      await notify(message, 'delivered');
    } else if (outcome.status === 'undelivered') {
      message.status = 'sent';
      await notify(message, 'sent');
      message.status = 'undelivered';
      await notify(message, 'undelivered', outcome.errorCode);
    } else {
      message.status = 'failed';
      await notify(message, 'failed', outcome.errorCode);
    }
  }

  async function create(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = await readForm(req);
    const to = form.get('To') ?? '';
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body') ?? '';
    if (!to) return sendJson(res, 400, twilioError(400, 21604, "A 'To' phone number is required."));
    if (!from && !service) return sendJson(res, 400, twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message."));
    if (!body && !form.get('MediaUrl') && !form.get('ContentSid')) return sendJson(res, 400, twilioError(400, 21602, 'Message body is required.'));
    if (body.length > 1600) return sendJson(res, 400, twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.'));
    if (!E164.test(to)) return sendJson(res, 400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (from && !service && options.fromNumbers && !options.fromNumbers.includes(from)) {
      return sendJson(res, 400, twilioError(400, 21606, `The 'From' phone number provided (${from}) is not a valid message-capable Twilio phone number for this destination/account.`));
    }
    if (optedOut.has(to)) return sendJson(res, 400, twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'));
    if (landlines.has(to)) return sendJson(res, 400, twilioError(400, 21614, `'To' number ${to} is not a valid mobile number`));
    const message: FakeTwilioMessage = {
      sid: `SM${hex(16)}`,
      to,
      from: service ? null : from,
      messagingServiceSid: service,
      body,
      statusCallback: form.get('StatusCallback'),
      status: service ? 'accepted' : 'queued',
      createdAt: new Date(),
    };
    if (options.answerMs) {
      const [min, max] = options.answerMs;
      await new Promise((resolve) => setTimeout(resolve, min + Math.random() * (max - min)));
    }
    messages.push(message);
    bySid.set(message.sid, message);
    sendJson(res, 201, toJson(message));
    // After the answer, as Twilio does: no callback for the initial status.
    if (message.statusCallback && options.callbacks !== false) track(new Promise<void>((resolve) => setImmediate(resolve)).then(() => progress(message)));
    else message.status = finalStatus(message.to);
  }

  function list(url: URL, res: http.ServerResponse) {
    const to = url.searchParams.get('To');
    const from = url.searchParams.get('From');
    const pageSize = Math.min(1000, Math.max(1, Number(url.searchParams.get('PageSize') ?? 50)));
    const page = Math.max(0, Number(url.searchParams.get('Page') ?? 0));
    const matching = messages.filter((m) => (!to || m.to === to) && (!from || m.from === from)).reverse();
    const slice = matching.slice(page * pageSize, (page + 1) * pageSize);
    const next = (page + 1) * pageSize < matching.length ? `${base}/Messages.json?${new URLSearchParams({ ...(to ? { To: to } : {}), PageSize: String(pageSize), Page: String(page + 1) })}` : null;
    sendJson(res, 200, { messages: slice.map(toJson), page, page_size: pageSize, next_page_uri: next, uri: url.pathname + url.search });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    record({ method: req.method ?? 'GET', path: url.pathname }, url.pathname);
    if (req.headers.authorization !== expectedAuth) {
      req.resume();
      return sendJson(res, 401, twilioError(401, 20003, 'Authenticate'), { 'WWW-Authenticate': 'Basic realm="Twilio API"' });
    }
    if (url.pathname === `${base}/Messages.json` && req.method === 'POST') {
      const retryAfter = takeRateLimit();
      if (retryAfter !== null) {
        req.resume();
        return sendJson(res, 429, twilioError(429, 20429, 'Too Many Requests'), { 'Retry-After': String(retryAfter) });
      }
      if (failures > 0) {
        failures -= 1;
        req.resume();
        return sendJson(res, failureStatus, twilioError(failureStatus, 20500, 'An internal server error has occurred'));
      }
      return create(req, res);
    }
    if (url.pathname === `${base}/Messages.json` && req.method === 'GET') return list(url, res);
    const one = new RegExp(`^${base}/Messages/(SM[0-9a-f]{32})\\.json$`).exec(url.pathname);
    if (one && req.method === 'GET') {
      const message = bySid.get(one[1]!);
      return message ? sendJson(res, 200, toJson(message)) : sendJson(res, 404, twilioError(404, 20404, `The requested resource ${url.pathname} was not found`));
    }
    req.resume();
    return sendJson(res, 404, twilioError(404, 20404, `The requested resource ${url.pathname} was not found`));
  }

  const server = await listenFake(handle, (res, error) => sendJson(res, 500, twilioError(500, 20500, String(error))), options.port);
  return {
    ...controls,
    url: server.url,
    accountSid,
    authToken,
    messages,
    optedOut,
    landlines,
    callbacks,
    failNext: (count, status = 500) => {
      failures = count;
      failureStatus = status;
    },
    settled: async () => {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    sendInbound: (url, text) =>
      postSignedForm(url, authToken, {
        MessageSid: `SM${hex(16)}`,
        AccountSid: accountSid,
        From: text.from,
        To: text.to,
        Body: text.body,
        NumMedia: '0',
        NumSegments: '1',
        ApiVersion: '2010-04-01',
        ...(text.optOutType ? { OptOutType: text.optOutType } : {}),
      }),
    close: server.close,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `--answer-ms=100-300`: each create answers after a time drawn from that range.
  const answer = /^--answer-ms=(\d+)-(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--answer-ms=')) ?? '');
  const fake = await startFakeTwilio({
    port: Number(process.argv[2] ?? 4140),
    callbacks: !process.argv.includes('--no-callbacks'),
    answerMs: answer ? [Number(answer[1]), Number(answer[2])] : undefined,
  });
  console.log(`fake Twilio on ${fake.url}: TWILIO_ACCOUNT_SID=${fake.accountSid} TWILIO_AUTH_TOKEN=${fake.authToken} TWILIO_BASE_URL=${fake.url}`);
}
