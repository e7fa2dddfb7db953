import type { Deps } from '../../deps.ts';
import { completeDraft, createDraft } from '../email/email-drafts.service.ts';
import { createSequence } from '../sequences/sequences.service.ts';

/**
 * A demo sequence, left as a draft so nothing goes out until the owner launches it (then it really sends, to
 * the local outbox): a "we miss you" email to regulars who have not been in for a month, then two days later a
 * text. Its email and text are demo campaigns of their own; every title starts with "Demo:".
 */
export async function seedDemoSequence(deps: Deps, userId: string, now: Date, baseUrl: string): Promise<string[]> {
  const segments = await deps.db.selectFrom('segments').select(['id', 'title']).where('user_id', '=', userId).orderBy('created_at').execute();
  const lapsed = segments.find((segment) => /haven.t been in/.test(segment.title)) ?? segments[0];
  if (!lapsed) return [];
  const draft = await createDraft(deps, userId, { prompt: 'We miss you: come back this week for a free dessert with any main' });
  await completeDraft(deps, userId, draft.id, { user_title: 'Demo: We miss you', version: draft.version, blocks: draft.blocks });
  const text = await deps.db
    .insertInto('sms_campaigns')
    .values({
      user_id: userId,
      user_title: 'Demo: Free coffee on us',
      sms_category: 'customer_appreciation',
      final_sms_draft: 'Demo Café: we saved you a seat! Show this text for a free coffee with any breakfast this week. Reply STOP to opt out',
      is_completed: true,
      completed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createSequence(
    deps,
    userId,
    {
      title: 'Demo: Win back lapsed regulars',
      description: 'Demo data: an email as soon as a regular has been away a month, then a text two days later. Launch it to try it (it sends to the local outbox).',
      segmentation_id: lapsed.id,
      holdout_percent: 10,
      items: [
        { campaign_type: 'EMAIL', campaign_id: draft.id, cron_schedule: '* * * * *', wait_days: 0 },
        { campaign_type: 'SMS', campaign_id: text.id, cron_schedule: '0 * * * *', wait_days: 2 },
      ],
    },
    baseUrl,
  );
  return ['Demo: Win back lapsed regulars (sequence, draft)'];
}
