import type { Db } from '../../db/client.ts';

type ConsentChannel = 'email' | 'sms';

type ConsentChange = { userId: string; customerId: string; channel: ConsentChannel; source: string; proof?: string | null; at: Date };

/**
 * Consent withdrawn (an unsubscribe link, a STOP reply, a carrier's opt-out, the owner's switch), with how and
 * when in the customer's consent history. No-op when it is already withdrawn. Returns whether it changed.
 */
export async function withdrawConsent(db: Db, change: ConsentChange): Promise<boolean> {
  const column = change.channel === 'email' ? 'email_consent' : 'sms_consent';
  const result = await db
    .updateTable('customers')
    .set({ [column]: false, [`${change.channel}_consent_withdrawn_at`]: change.at, updated_at: change.at })
    .where('id', '=', change.customerId)
    .where('user_id', '=', change.userId)
    .where(column, '=', true)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await recordConsentEvent(db, { ...change, granted: false });
  return true;
}

/** Consent given again (a START reply, the owner's switch with how it was given). */
export async function grantConsent(db: Db, change: ConsentChange): Promise<boolean> {
  const column = change.channel === 'email' ? 'email_consent' : 'sms_consent';
  const result = await db
    .updateTable('customers')
    .set({ [column]: true, [`${change.channel}_consent_at`]: change.at, [`${change.channel}_consent_source`]: change.source, [`${change.channel}_consent_withdrawn_at`]: null, updated_at: change.at })
    .where('id', '=', change.customerId)
    .where('user_id', '=', change.userId)
    .where(column, '=', false)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await recordConsentEvent(db, { ...change, granted: true });
  return true;
}

async function recordConsentEvent(db: Db, event: ConsentChange & { granted: boolean }) {
  await db
    .insertInto('consent_events')
    .values({ user_id: event.userId, customer_id: event.customerId, channel: event.channel, granted: event.granted, source: event.source, proof: event.proof ?? null, at: event.at })
    .execute();
}

