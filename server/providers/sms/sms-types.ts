// The SMS transport contract shared by Twilio and the local outbox, and its typed failures.
export type SmsMessage = {
  /** E.164 */
  to: string;
  body: string;
  /** Twilio POSTs each later status here (signed with X-Twilio-Signature). */
  statusCallbackUrl?: string;
};

/** Twilio's message statuses (integrations.md §4), plus `written`: put in the local outbox, not sent. */
export type SmsStatus =
  | 'accepted'
  | 'scheduled'
  | 'canceled'
  | 'queued'
  | 'sending'
  | 'sent'
  | 'failed'
  | 'delivered'
  | 'undelivered'
  | 'receiving'
  | 'received'
  | 'read'
  | 'partially_delivered'
  | 'written';

export type SmsSendResult = { providerId: string; status: SmsStatus };

/**
 * Where texts go: `twilio` when its settings are given; otherwise `outbox`, which writes each text to
 * DATA_DIR/sms-outbox and sends nothing (`delivers: false`, and the UI must say so).
 */
export type SmsTransport = {
  kind: 'twilio' | 'outbox';
  delivers: boolean;
  /** One line for the owner about where texts go. */
  label: string;
  /** One attempt; failures throw SmsSendError and the sending engine decides about retries. */
  send: (message: SmsMessage) => Promise<SmsSendResult>;
  close: () => Promise<void>;
};

export type SmsErrorReason =
  /** 429 / Twilio 20429: wait `retryAfterMs` (when given) and retry. */
  | 'rate_limited'
  /** 5xx: retry with backoff. */
  | 'server_error'
  /** The request never left (connection refused, DNS): safe to retry. */
  | 'unreachable'
  /** Timeout or connection lost after the request went out: it may have been sent (see `maybeSent`). */
  | 'network'
  /** 21610: the recipient replied STOP to this sender. Withdraw their SMS consent; never retry. */
  | 'opted_out'
  /** 21211, 21614, 21612, 21408, 21608...: this number cannot get texts from us. */
  | 'invalid_recipient'
  /** 20003 and other settings problems: every text will fail the same way, stop the whole send. */
  | 'account'
  /** Any other refusal of this one message. */
  | 'rejected';

const RETRYABLE: ReadonlySet<SmsErrorReason> = new Set(['rate_limited', 'server_error', 'unreachable', 'network']);

export class SmsSendError extends Error {
  readonly reason: SmsErrorReason;
  /** True when sending the same text again may succeed. */
  readonly retryable: boolean;
  /** HTTP status, 0 when there was no answer. */
  readonly status: number;
  /** Twilio's error code (21610, 21211, 20429...) when it gave one. */
  readonly twilioCode: number | null;
  readonly retryAfterMs: number | null;
  /** The request may have reached Twilio: retrying could text the guest twice. */
  readonly maybeSent: boolean;

  constructor(reason: SmsErrorReason, message: string, details: { status?: number; twilioCode?: number | null; retryAfterMs?: number | null; maybeSent?: boolean; cause?: unknown } = {}) {
    super(message, { cause: details.cause });
    this.name = 'SmsSendError';
    this.reason = reason;
    this.retryable = RETRYABLE.has(reason);
    this.status = details.status ?? 0;
    this.twilioCode = details.twilioCode ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.maybeSent = details.maybeSent ?? false;
  }
}

/** What env parsing can check up front: names of the Twilio settings still missing once one is set. */
export function missingTwilioSettings(settings: { accountSid?: string; authToken?: string; from?: string; messagingServiceSid?: string }): string[] {
  const any = Object.values(settings).some(Boolean);
  if (!any) return [];
  const missing: string[] = [];
  if (!settings.accountSid) missing.push('TWILIO_ACCOUNT_SID');
  if (!settings.authToken) missing.push('TWILIO_AUTH_TOKEN');
  if (!settings.from && !settings.messagingServiceSid) missing.push('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID');
  return missing;
}
