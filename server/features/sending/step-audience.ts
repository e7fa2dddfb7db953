import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.ts';
import { segmentAudienceSelect } from '../segments/segment-audience.ts';
import type { SendChannel } from './sending.table.ts';

const DAY_MS = 86_400_000;

/**
 * A step of a chain (a sequence item): who may get it. `key` names the step; `afterKey` the step before it.
 * A customer gets a step at most once: any ledger row of the step counts (queued, held by quiet hours, sent,
 * bounced, kept back as holdout...) except a cancelled one, and except one skipped by the frequency limit more
 * than a day ago, which may be tried again. After the first step, only customers whose previous step was
 * handed over (sent or delivered), at least `waitDays` days ago.
 */
export type StepRule = { key: string; afterKey: string | null; waitDays: number };

export function stepFilter(userId: string, rule: StepRule, now: Date, customerRef = 'c.id'): Expression<SqlBool> {
  const customer = sql.ref(customerRef);
  const retryBefore = new Date(now.getTime() - DAY_MS);
  const had = sql<SqlBool>`NOT EXISTS (
    SELECT 1 FROM sends hs JOIN send_recipients hr ON hr.send_id = hs.id
    WHERE hs.user_id = ${userId} AND hs.step_key = ${rule.key} AND hr.customer_id = ${customer}
      AND hr.status <> 'canceled' AND NOT (hr.status = 'skipped' AND hs.created_at < ${retryBefore}))`;
  if (!rule.afterKey) return had;
  const receivedBy = new Date(now.getTime() - rule.waitDays * DAY_MS);
  return sql<SqlBool>`${had} AND EXISTS (
    SELECT 1 FROM sends ps JOIN send_recipients pr ON pr.send_id = ps.id
    WHERE ps.user_id = ${userId} AND ps.step_key = ${rule.afterKey} AND pr.customer_id = ${customer}
      AND pr.status IN ('sent', 'delivered') AND pr.sent_at <= ${receivedBy})`;
}

/**
 * How many customers of the segment are due for the step now: the segment's audience (consent applied), less
 * the do-not-contact list, narrowed by the step's rule. The same conditions the engine's snapshot applies.
 */
export async function dueForStep(db: Db, input: { userId: string; segmentId: string; channel: SendChannel; rule: StepRule; now: Date }): Promise<number> {
  const contact = input.channel === 'email' ? 'c.email' : 'c.phone';
  const row = await (await segmentAudienceSelect(db, input.userId, input.segmentId, input.channel, input.now))
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('n'))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('suppressions as s').select('s.address').where('s.user_id', '=', input.userId).where('s.channel', '=', input.channel).whereRef('s.address', '=', sql.ref(contact)))),
    )
    .where(stepFilter(input.userId, input.rule, input.now))
    .executeTakeFirstOrThrow();
  return row.n;
}
