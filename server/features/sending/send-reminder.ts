import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { CANCEL_SEND_ACTION } from '../../../src/contract/push.ts';
import type { Deps } from '../../deps.ts';
import type { Env } from '../../env.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { loadOrCreateKeyFile } from '../../lib/key-file.ts';
import { notify } from '../push/notify.ts';
import type { SendRow } from './sending.table.ts';

/**
 * Issue 18: "a scheduled send is about to go". A job on the queue, due SEND_REMINDER_LEAD_MS before a scheduled
 * email or text goes, pushes the owner a reminder naming the campaign and the time in the restaurant's zone, with
 * a "Cancel send" action. The action carries a signed token (this send, this owner, until the send's moment) that
 * the service worker posts to /api/v1/push/sends/{id}/cancel (push-cancel.ts); it works once.
 *
 * At most one reminder per send: the reminder is written to send_reminders (keyed by send) before it is pushed, so
 * a retried or doubled job pushes nothing. The job lives in the database (it survives restarts), is cancelled with
 * the send (cancelSend cancels its jobs by key), and pushes nothing when the send is no longer scheduled for the
 * moment it was queued for (cancelled, started, or moved: a moved send is reminded before its new moment instead).
 */
export const SEND_REMIND_JOB = 'sending.remind';
export const SEND_REMINDER_LEAD_MS = 15 * 60_000;
/** A send scheduled closer than this to now gets no reminder: the owner has just scheduled it. */
const MIN_NOTICE_MS = 60_000;
const DEFAULT_TIME_ZONE = 'America/New_York';

type ReminderDeps = Pick<Deps, 'db' | 'now'>;
export type RemindJob = { sendId: string; scheduledAt: string };

/** Queues the reminder of a scheduled send (nothing for a sequence step, or for a send due within ~16 minutes). */
export async function scheduleSendReminder(deps: ReminderDeps, send: Pick<SendRow, 'id' | 'status' | 'scheduled_at' | 'step_key'>): Promise<void> {
  if (send.status !== 'scheduled' || send.step_key) return;
  const runAt = new Date(send.scheduled_at.getTime() - SEND_REMINDER_LEAD_MS);
  if (runAt.getTime() < deps.now().getTime() + MIN_NOTICE_MS) return;
  // The key starts with the send's id, so cancelling the send cancels its reminder (engine.ts cancelSend).
  await enqueueJob(deps.db, deps.now, SEND_REMIND_JOB, { sendId: send.id, scheduledAt: send.scheduled_at.toISOString() } satisfies RemindJob, {
    runAt,
    singletonKey: `${send.id}:remind:${send.scheduled_at.getTime()}`,
    maxAttempts: 3,
  });
}

/** The job: push the reminder if the send is still scheduled for that moment and was not reminded yet. */
export async function remindSend(deps: Pick<Deps, 'db' | 'now' | 'env' | 'logger'>, job: RemindJob): Promise<'reminded' | 'skipped'> {
  const send = await deps.db.selectFrom('sends').selectAll().where('id', '=', job.sendId).executeTakeFirst();
  if (!send || send.status !== 'scheduled' || send.step_key) return 'skipped';
  const now = deps.now();
  if (send.scheduled_at.getTime() !== new Date(job.scheduledAt).getTime()) {
    // Moved to another moment: no reminder for the old one; the new one gets its own (if not reminded already).
    await scheduleSendReminder(deps, send);
    return 'skipped';
  }
  if (send.scheduled_at.getTime() <= now.getTime()) return 'skipped';
  const tokenId = randomUUID();
  const claimed = await deps.db
    .insertInto('send_reminders')
    .values({ send_id: send.id, user_id: send.user_id, scheduled_at: send.scheduled_at, token_id: tokenId, token_expires_at: send.scheduled_at, reminded_at: now })
    .onConflict((oc) => oc.column('send_id').doNothing())
    .returning('send_id')
    .executeTakeFirst();
  if (!claimed) return 'skipped';

  const zone = await deps.db.selectFrom('brand_settings').select('time_zone').where('user_id', '=', send.user_id).executeTakeFirst();
  const { time, day } = wallClock(send.scheduled_at, zone?.time_zone || DEFAULT_TIME_ZONE);
  const email = send.channel === 'email';
  const scheduledList = email ? '/campaigns/email-campaigns/scheduled' : '/campaigns/text-campaigns/scheduled';
  const token = cancelTokens(deps.env).sign({ sendId: send.id, userId: send.user_id, tokenId, expiresAt: send.scheduled_at });
  await notify(
    deps,
    send.user_id,
    'sendReminder',
    {
      title: `“${send.title}” goes out at ${time}`,
      body: `Your scheduled ${email ? 'email' : 'text'} campaign is sent at ${time} (${day}). Tap Cancel send to stop it.`,
      url: scheduledList,
      tag: `send:${send.id}`,
      actions: [{ action: CANCEL_SEND_ACTION, title: 'Cancel send' }],
      cancel: { endpoint: `/api/v1/push/sends/${send.id}/cancel`, token, campaign: send.title, fallbackUrl: scheduledList },
    },
    // After the send's moment the reminder is wrong: a phone that was off does not get it late.
    { ttlSeconds: Math.max(60, Math.floor((send.scheduled_at.getTime() - now.getTime()) / 1000)) },
  );
  return 'reminded';
}

/** "6:00 PM CST" and "Fri, Nov 27" in the restaurant's zone. */
function wallClock(at: Date, timeZone: string): { time: string; day: string } {
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at);
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(at);
  return { time, day };
}

export type CancelTokenClaims = { sendId: string; userId: string; tokenId: string; expiresAt: Date };

/**
 * The one-tap cancel token: base64url(JSON claims) + "." + HMAC-SHA256 (the tracking key, its own purpose), so only
 * this server makes them. `read` checks the signature only; expiry, scope and single use are push-cancel.ts's.
 */
export function cancelTokens(env: Pick<Env, 'TRACKING_KEY' | 'dataDir'>) {
  const key = env.TRACKING_KEY || loadOrCreateKeyFile(env.dataDir, 'tracking.key');
  const mac = (value: string) => createHmac('sha256', key).update(`push-cancel-send:${value}`).digest().toString('base64url');
  return {
    sign(claims: CancelTokenClaims): string {
      const body = Buffer.from(JSON.stringify({ s: claims.sendId, u: claims.userId, n: claims.tokenId, e: Math.floor(claims.expiresAt.getTime() / 1000) })).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    read(token: string): CancelTokenClaims | null {
      const match = /^([A-Za-z0-9_-]{20,300})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const expected = mac(match[1]!);
      if (!timingSafeEqual(Buffer.from(expected), Buffer.from(match[2]!))) return null;
      try {
        const claims = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as { s?: unknown; u?: unknown; n?: unknown; e?: unknown };
        if (typeof claims.s !== 'string' || typeof claims.u !== 'string' || typeof claims.n !== 'string' || typeof claims.e !== 'number') return null;
        return { sendId: claims.s, userId: claims.u, tokenId: claims.n, expiresAt: new Date(claims.e * 1000) };
      } catch {
        return null;
      }
    },
  };
}
