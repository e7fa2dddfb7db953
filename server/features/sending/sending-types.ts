import type { Deps } from '../../deps.ts';
import type { DueRow } from './ledger.ts';
import type { RecipientRow, SendChannel, SendRow } from './sending.table.ts';

export type SendingDeps = Deps;

/** How one delivery attempt ended, as the transport reports it to the ledger. */
export type Delivery =
  | { status: 'sent'; providerId?: string }
  /**
   * Nothing went out; try again later (4xx, 429, network before hand-over). `stopSend`: every other message
   * would fail the same way (the provider refused our account): the send pauses with this reason.
   */
  | { status: 'retry'; error: string; code?: string; retryAfterMs?: number; stopSend?: string }
  /** Refused for good. `suppress`: never send to this address again (hard bounce, opted out at the carrier). */
  | { status: 'bounced' | 'failed'; error: string; code?: string; suppress?: 'hard_bounce' | 'opted_out' | 'invalid'; withdrawConsent?: string }
  /** It may or may not have gone out (the connection broke while handing it over): not sent again blindly. */
  | { status: 'uncertain'; error: string };

/** A recipient's earliest allowed moment (quiet hours), or null for now. */
export type Hold = (recipient: Pick<RecipientRow, 'to_address'>, now: Date) => Date | null;

/**
 * A channel's part in sending: what the message is at the moment of sending (rendered once per send), how
 * one message goes out, and when a recipient may receive it. The engine does everything else: audience,
 * ledger, claims, suppression, retries, pause and cancel.
 */
export type ChannelTransport<Prepared = unknown> = {
  channel: SendChannel;
  /** Messages in flight at once; also the most that can be left "uncertain" by a crash. */
  concurrency: number;
  /** For screens: where the messages go ("Written to the local outbox, not sent"). */
  label: string;
  /** The send's content as stored at its start (JSON), built from its source (a draft, a text campaign). */
  snapshot: (send: SendRow) => Promise<unknown>;
  /** Turns the stored content into what `deliver` needs (parsed templates); once per claim loop. */
  prepare: (send: SendRow) => Promise<Prepared>;
  deliver: (prepared: Prepared, send: SendRow, recipient: DueRow) => Promise<Delivery>;
  /** Quiet hours (texts); absent: any time. */
  hold?: (send: SendRow) => Promise<Hold>;
  /** Customers of this owner who may not get another message now (texts: one a day), among `customerIds`. */
  tooSoon?: (send: SendRow, customerIds: string[], now: Date) => Promise<Set<string>>;
};

