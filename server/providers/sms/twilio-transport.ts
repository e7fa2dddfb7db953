// Twilio Programmable Messaging over its REST API with fetch (integrations.md §4). The SDK is not used for
// sending: it has no base-URL option for the local fake, and a send is one form POST. Node's fetch keeps
// connections alive and reuses them, so a 50,000-text send does not pay a TLS handshake per text.
import * as v from 'valibot';
import type { Logger } from '../../lib/logger.ts';
import { SmsSendError, type SmsErrorReason, type SmsSendResult, type SmsStatus, type SmsTransport } from './sms-types.ts';

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164; ignored when a Messaging Service is given. */
  from?: string;
  /** MG…: Twilio picks the sender from the service's pool (needed for A2P 10DLC in the US). */
  messagingServiceSid?: string;
  /** https://api.twilio.com unless pointed at a fake or a proxy (TWILIO_BASE_URL). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const CreatedSchema = v.object({ sid: v.string(), status: v.string() });
const ErrorSchema = v.object({ code: v.optional(v.nullable(v.number())), message: v.optional(v.nullable(v.string())) });

const STATUSES = new Set<string>(['accepted', 'scheduled', 'canceled', 'queued', 'sending', 'sent', 'failed', 'delivered', 'undelivered', 'receiving', 'received', 'read', 'partially_delivered']);

/** Twilio error codes that say something about the recipient or about our account (twilio.com/docs/api/errors). */
const REASON_BY_CODE: Record<number, SmsErrorReason> = {
  21610: 'opted_out',
  21211: 'invalid_recipient', // invalid To
  21217: 'invalid_recipient', // To does not look like a phone number
  21408: 'invalid_recipient', // sending to this region is not enabled
  21608: 'invalid_recipient', // trial accounts reach verified numbers only
  21612: 'invalid_recipient', // no route to this number
  21614: 'invalid_recipient', // To is not a mobile number
  21635: 'invalid_recipient',
  20003: 'account', // authentication
  20005: 'account', // account not active
  21212: 'account', // invalid From
  21606: 'account', // From cannot send SMS
  21659: 'account', // From is not a Twilio number
  21703: 'account', // Messaging Service problems
  21704: 'account',
  21705: 'account',
  20429: 'rate_limited',
  21611: 'rate_limited', // the sender's queue is full
};

/** Retry-After is seconds or an HTTP date. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function networkError(error: unknown, host: string): SmsSendError {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new SmsSendError('network', `Twilio (${host}) did not answer in time`, { maybeSent: true, cause: error });
  }
  const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
  if (NOT_SENT_CODES.has(code)) return new SmsSendError('unreachable', `Could not reach Twilio (${host}): ${code}`, { cause: error });
  return new SmsSendError('network', `The connection to Twilio (${host}) failed: ${code || (error as Error).message}`, { maybeSent: true, cause: error });
}

export function twilioTransport(options: TwilioOptions, logger: Logger): SmsTransport {
  const base = (options.baseUrl || 'https://api.twilio.com').replace(/\/+$/, '');
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const host = new URL(base).host;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const sender: Record<string, string> = options.messagingServiceSid ? { MessagingServiceSid: options.messagingServiceSid } : { From: options.from ?? '' };
  if (!sender.MessagingServiceSid && !sender.From) throw new Error('Twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID');

  async function send(message: { to: string; body: string; statusCallbackUrl?: string }): Promise<SmsSendResult> {
    const form = new URLSearchParams({ To: message.to, ...sender, Body: message.body });
    if (message.statusCallbackUrl) form.set('StatusCallback', message.statusCallbackUrl);
    // One timer for the whole exchange (answer and body), cleared as soon as it is over: a 50,000-text
    // send would otherwise leave 50,000 AbortSignal.timeout timers waiting out their 15 seconds.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('Twilio did not answer in time', 'TimeoutError')), timeoutMs);
    let response: Response;
    let payload: unknown;
    try {
      response = await doFetch(endpoint, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form.toString(),
        signal: controller.signal,
      });
      payload = await response.json().catch((error: unknown) => {
        if (controller.signal.aborted) throw error;
        return null;
      });
    } catch (error) {
      throw networkError(error, host);
    } finally {
      clearTimeout(timer);
    }
    if (response.ok) {
      const created = v.safeParse(CreatedSchema, payload);
      // Twilio took the message; an answer we cannot read still means it may go out.
      if (!created.success) throw new SmsSendError('network', 'Twilio accepted the message but its answer could not be read', { status: response.status, maybeSent: true });
      const status = (STATUSES.has(created.output.status) ? created.output.status : 'queued') as SmsStatus;
      logger.debug({ sms: { sid: created.output.sid, status } }, 'text handed to Twilio');
      return { providerId: created.output.sid, status };
    }
    const error = v.safeParse(ErrorSchema, payload);
    const code = error.success ? (error.output.code ?? null) : null;
    const detail = (error.success ? error.output.message : null) ?? `HTTP ${response.status}`;
    const reason: SmsErrorReason =
      response.status === 429 ? 'rate_limited'
      : response.status >= 500 ? 'server_error'
      : (code !== null ? REASON_BY_CODE[code] : undefined) ?? (response.status === 401 || response.status === 403 ? 'account' : 'rejected');
    throw new SmsSendError(reason, `Twilio refused the text${code ? ` (${code})` : ''}: ${detail}`, {
      status: response.status,
      twilioCode: code,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    });
  }

  return {
    kind: 'twilio',
    delivers: true,
    label: `Texts are sent through Twilio (${options.messagingServiceSid ? `Messaging Service ${options.messagingServiceSid}` : options.from}).`,
    send,
    // fetch's connection pool is process-wide and closes idle sockets by itself.
    close: async () => {},
  };
}
