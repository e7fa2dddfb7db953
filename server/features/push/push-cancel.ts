import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { cancelScheduledEmail } from '../email/email-campaigns.service.ts';
import { cancelSend } from '../sending/engine.ts';
import { cancelTokens } from '../sending/send-reminder.ts';
import { cancelScheduledText } from '../text/sms-campaigns.service.ts';

const NOT_THIS_ONE = 'This cancel button is not valid for this campaign.';

/**
 * POST /api/v1/push/sends/{id}/cancel `{ token }`: the "Cancel send" action of a reminder (send-reminder.ts), run by
 * the service worker without opening the app, so without a session: the token is the proof. It must be signed by
 * this server, for this send and the send's owner, with the nonce of the reminder that was pushed, before the send's
 * moment, and unused; a request that is signed in must be signed in as that owner. The send is then cancelled as the scheduled lists' cancel buttons do (same service, same
 * engine function), in one transaction with spending the token: a refused cancel leaves the token unused.
 */
export async function cancelFromReminder(deps: Deps, sendId: string, token: string, signedInAs?: string): Promise<{ message: string; campaign: string }> {
  const claims = cancelTokens(deps.env).read(token);
  // A caller signed in as someone else (another owner's bearer token) is refused too.
  if (!claims || claims.sendId !== sendId || (signedInAs !== undefined && signedInAs !== claims.userId)) throw new AppError(403, NOT_THIS_ONE, 'forbidden');
  const send = await deps.db.selectFrom('sends').select(['id', 'title', 'channel']).where('id', '=', claims.sendId).where('user_id', '=', claims.userId).executeTakeFirst();
  const reminder = send
    ? await deps.db.selectFrom('send_reminders').selectAll().where('send_id', '=', send.id).where('user_id', '=', claims.userId).where('token_id', '=', claims.tokenId).executeTakeFirst()
    : undefined;
  if (!send || !reminder) throw new AppError(403, NOT_THIS_ONE, 'forbidden');
  const now = deps.now();
  if (now.getTime() >= Math.min(claims.expiresAt.getTime(), reminder.token_expires_at.getTime())) {
    throw new AppError(410, `Too late to cancel “${send.title}” from the notification: its time has come.`, 'conflict');
  }
  await deps.db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('send_reminders')
      .set({ token_used_at: now })
      .where('send_id', '=', send.id)
      .where('token_id', '=', claims.tokenId)
      .where('token_used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 0) throw new AppError(409, 'This cancel button was already used.', 'conflict');
    const inTransaction = { ...deps, db: trx };
    const cancel = (id: string) => cancelSend(inTransaction, id);
    if (send.channel === 'email') await cancelScheduledEmail(inTransaction, claims.userId, send.id, cancel);
    else await cancelScheduledText(inTransaction, claims.userId, send.id, cancel);
  });
  return { message: `Cancelled: “${send.title}”`, campaign: send.title };
}
