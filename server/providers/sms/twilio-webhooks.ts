// What Twilio POSTs to us: status callbacks (StatusCallback) and inbound texts, form-encoded and signed with
// X-Twilio-Signature = base64(HMAC-SHA1(auth token, full URL + each sorted param name and value)).
// The check is the `twilio` package's own validateRequest (its webhooks module only: crypto, url and
// querystring, none of the REST client), which also tries the URL with and without the default port.
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import * as v from 'valibot';

export type TwilioParams = Record<string, string | string[]>;

/** A form body as Twilio sends it; a repeated name becomes a list, as validateRequest expects. */
export function twilioParams(body: string | URLSearchParams): TwilioParams {
  const params: TwilioParams = {};
  for (const [name, value] of typeof body === 'string' ? new URLSearchParams(body) : body) {
    const previous = params[name];
    params[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return params;
}

/**
 * `url` must be the exact public URL Twilio called, query string included (PUBLIC_URL + path, not the
 * address behind a proxy). Params are every form field: Twilio adds fields without notice, so none may be
 * dropped before this check.
 */
export function isValidTwilioSignature(authToken: string, signature: string | null | undefined, url: string, params: TwilioParams): boolean {
  if (!authToken || !signature) return false;
  return validateRequest(authToken, signature, url, params);
}

const DELIVERY_STATUSES = ['accepted', 'scheduled', 'canceled', 'queued', 'sending', 'sent', 'failed', 'delivered', 'undelivered', 'receiving', 'received', 'read', 'partially_delivered'] as const;

const single = v.pipe(v.string(), v.nonEmpty());
const optionalCode = v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)));

/** StatusCallback body: MessageSid, MessageStatus, ErrorCode on failed/undelivered; other fields are kept. */
export const TwilioStatusCallbackSchema = v.looseObject({
  MessageSid: single,
  MessageStatus: v.picklist(DELIVERY_STATUSES),
  AccountSid: single,
  From: v.optional(v.string()),
  To: v.optional(v.string()),
  ErrorCode: optionalCode,
});
export type TwilioStatusCallback = v.InferOutput<typeof TwilioStatusCallbackSchema>;

/** Inbound text: From, To, Body, MessageSid; OptOutType with a Messaging Service's Advanced Opt-Out. */
export const TwilioInboundSchema = v.looseObject({
  MessageSid: single,
  AccountSid: single,
  From: single,
  To: single,
  Body: v.optional(v.string(), ''),
  OptOutType: v.optional(v.picklist(['STOP', 'START', 'HELP'])),
});
export type TwilioInbound = v.InferOutput<typeof TwilioInboundSchema>;
