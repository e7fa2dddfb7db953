import { createJobs, type Jobs } from '../../server/jobs/jobs.ts';
import { registerSendingJobs } from '../../server/features/sending/sending.jobs.ts';
import { registerSequenceJobs } from '../../server/features/sequences/sequences.jobs.ts';
import type { TestAccount } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** The sending and sequence jobs of one test app (one "server process"), run on demand. */
export function sequenceJobs(t: TestApp): Jobs & { drain: () => Promise<number> } {
  const jobs = createJobs({ db: t.deps.db, logger: t.deps.logger, now: t.deps.now, pollMs: 10, leaseMs: 30_000 });
  registerSendingJobs(jobs, t.deps);
  registerSequenceJobs(jobs, t.deps);
  return Object.assign(jobs, {
    drain: async () => {
      let total = 0;
      for (let ran = await jobs.runDue(); ran > 0; ran = await jobs.runDue()) total += ran;
      return total;
    },
  });
}

/** A completed text, as the text chat leaves it (written straight to the table: the chat has its own tests). */
export async function completedText(t: TestApp, account: TestAccount, body = 'We miss you! 2-for-1 tacos this week. Reply STOP to opt out', title = 'We miss you') {
  const now = t.deps.now();
  const row = await t.deps.db
    .insertInto('sms_campaigns')
    .values({ user_id: account.userId, user_title: title, final_sms_draft: body, is_completed: true, completed_at: now, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
