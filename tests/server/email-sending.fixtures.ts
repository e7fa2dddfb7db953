import { createJobs, type Jobs } from '../../server/jobs/jobs.ts';
import { registerSendingJobs } from '../../server/features/sending/sending.jobs.ts';
import { createSegment } from '../../server/features/segments/segments.service.ts';
import type { TestAccount } from '../helpers/accounts.ts';
import { call, type TestApp } from '../helpers/test-app.ts';
import { seedCustomer } from './segments-fixtures.ts';

/** The sending jobs of one test app, run on demand (`drain`) instead of on a timer. */
export function sendingJobs(t: TestApp): Jobs & { drain: () => Promise<number> } {
  const jobs = createJobs({ db: t.deps.db, logger: t.deps.logger, now: t.deps.now, pollMs: 10, leaseMs: 30_000 });
  registerSendingJobs(jobs, t.deps);
  return Object.assign(jobs, {
    drain: async () => {
      let total = 0;
      for (let ran = await jobs.runDue(); ran > 0; ran = await jobs.runDue()) total += ran;
      return total;
    },
  });
}

/** Guests with the consent mix a real list has; returns the segment of all of them. */
export async function seedGuests(t: TestApp, account: TestAccount, count: number, options: { prefix?: string } = {}) {
  const prefix = options.prefix ?? 'guest';
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    ids.push(await seedCustomer(t.deps.db, account.userId, { given_name: `Guest${n}`, email: `${prefix}${n}@example.com`, email_consent: true }));
  }
  const segment = await createSegment(t.deps.db, account.userId, { title: 'Everyone', definition: { type: 'group', op: 'and', conditions: [] } });
  return { ids, segmentId: segment.id };
}

/** A completed email draft, as the owner leaves it before launching. */
export async function completedDraft(t: TestApp, account: TestAccount, prompt = 'Friday fish tacos, 2 for $12') {
  const draft = (await call(t.app, 'POST', '/api/v1/email/drafts', { prompt }, account.token)).body;
  const done = await call(t.app, 'POST', `/api/v1/email/drafts/${draft.id}/complete`, { is_draft: 0, user_title: 'Taco Friday', version: draft.version, blocks: draft.blocks }, account.token);
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body.draft as { id: string; blocks: unknown[] };
}
