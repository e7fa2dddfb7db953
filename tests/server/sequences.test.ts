import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSegment } from '../../server/features/segments/segments.service.ts';
import { fireStep } from '../../server/features/sequences/sequence-ticks.ts';
import { transportsFor } from '../../server/features/sending/sending.jobs.ts';
import type { TestAccount } from '../helpers/accounts.ts';
import { campaignWorld, type CampaignWorld } from '../helpers/campaign-world.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { givePlan } from './email.fixtures.ts';
import { completedDraft } from './email-sending.fixtures.ts';
import { completedText, sequenceJobs } from './sequences.fixtures.ts';
import { setClock } from './text.fixtures.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('sequences', () => {
  const world = campaignWorld();
  const { api, addGuest, run } = world;
  let t: TestApp;
  let jobs: CampaignWorld['jobs'];
  let owner: TestAccount;
  let other: TestAccount;
  let segmentId: string;
  let otherSegmentId: string;
  let emailId: string;
  let email2Id: string;
  let textId: string;

  /** What each customer got from a sequence's steps: step order → sorted list of [customer, status]. */
  const received = async (sequenceId: string) => {
    const { rows } = await sql<{ position: number; customer_id: string; status: string; sent_at: Date | null }>`
      SELECT i.position, r.customer_id, r.status, r.sent_at FROM sequence_items i
      JOIN sends s ON s.step_key = i.id::text JOIN send_recipients r ON r.send_id = s.id
      WHERE i.sequence_id = ${sequenceId}`.execute(t.deps.db);
    return rows;
  };
  const create = (items: unknown[], extra: Record<string, unknown> = {}) =>
    api('POST', '/sequences', { title: 'Win them back', description: 'Email, then a text two days later, then a thank-you', segmentation_id: segmentId, items, ...extra });

  beforeAll(async () => {
    ({ t, jobs, owner, other } = world);
    segmentId = (await createSegment(t.deps.db, owner.userId, { title: 'Everyone', definition: { type: 'group', op: 'and', conditions: [] } })).id;
    otherSegmentId = (await createSegment(t.deps.db, other.userId, { title: 'Theirs', definition: { type: 'group', op: 'and', conditions: [] } })).id;
    emailId = (await completedDraft(t, owner)).id;
    email2Id = (await completedDraft(t, owner, 'Thank you for coming back: a free dessert')).id;
    textId = await completedText(t, owner);
  });
  describe('validation (spec §5, messages verbatim)', () => {
    it('names every missing field with its message', async () => {
      const res = await api('POST', '/sequences', {});
      expect(res.status).toBe(400);
      expect(res.body.fields).toMatchObject({
        title: 'Title is required',
        description: 'Description is required',
        segmentation_id: 'Customer segment is required',
        items: 'At least one campaign is required',
      });
      const blankItem = await create([{}]);
      expect(blankItem.status).toBe(400);
      expect(blankItem.body.fields).toMatchObject({
        'items.0.campaign_type': 'Campaign type is required',
        'items.0.campaign_id': 'Campaign selection is required',
        'items.0.cron_schedule': 'Schedule is required',
      });
      const badType = await create([{ campaign_type: 'FAX', campaign_id: emailId, cron_schedule: '* * * * *' }]);
      expect(badType.body.fields['items.0.campaign_type']).toBe('Campaign type is required');
    });

    it('refuses a schedule that does not parse or never runs, an unfinished draft, and a bad status', async () => {
      const bad = await create([{ campaign_type: 'EMAIL', campaign_id: emailId, cron_schedule: '61 * * * *' }]);
      expect(bad.status).toBe(400);
      expect(bad.body.fields['items.0.cron_schedule']).toMatch(/schedule/i);
      const never = await create([{ campaign_type: 'EMAIL', campaign_id: emailId, cron_schedule: '0 0 31 2 *' }]);
      expect(never.status).toBe(400);
      const draft = (await api('POST', '/email/drafts', { prompt: 'Unfinished idea' })).body;
      const unfinished = await create([{ campaign_type: 'EMAIL', campaign_id: draft.id, cron_schedule: '* * * * *' }]);
      expect(unfinished.status).toBe(400);
      expect(unfinished.body.fields['items.0.campaign_id']).toMatch(/completed/);
      const created = await create([{ campaign_type: 'EMAIL', campaign_id: emailId, cron_schedule: '0 10 * * 1' }]);
      expect(created.status).toBe(201);
      const status = await api('POST', `/sequences/${created.body.id}/status`, { status: 'RUNNING' });
      expect(status.status).toBe(400);
      expect(status.body.fields.status).toBe('Status is DRAFT, ACTIVE, PAUSED or CANCELLED');
      const pauseDraft = await api('POST', `/sequences/${created.body.id}/status`, { status: 'PAUSED' });
      expect(pauseDraft.status).toBe(409);
      const lonely = created.body.sequence.items[0].id;
      const removeLast = await api('DELETE', `/sequences/${created.body.id}/items/${lonely}`);
      expect(removeLast.status).toBe(409);
      const addBlank = await api('POST', `/sequences/${created.body.id}/items`, { item: { campaign_type: 'SMS' } });
      expect(addBlank.status).toBe(400);
      expect(addBlank.body.fields['item.campaign_id']).toBe('Campaign selection is required');
    });

    it("answers another owner's ids with 404, everywhere", async () => {
      const mine = await create([{ campaign_type: 'EMAIL', campaign_id: emailId, cron_schedule: '* * * * *' }]);
      const id = mine.body.id;
      const itemId = mine.body.sequence.items[0].id;
      for (const [method, path, body] of [
        ['GET', `/sequences/${id}`],
        ['GET', `/sequences/${id}/preview`],
        ['POST', `/sequences/${id}`, { title: 'Mine now' }],
        ['POST', `/sequences/${id}/status`, { status: 'ACTIVE' }],
        ['POST', `/sequences/${id}/items`, { item: { campaign_type: 'SMS', campaign_id: textId, cron_schedule: '* * * * *' } }],
        ['POST', `/sequences/${id}/items/${itemId}`, { updates: { cron_schedule: '0 9 * * *' } }],
        ['DELETE', `/sequences/${id}/items/${itemId}`],
        ['GET', '/sequences/not-an-id'],
      ] as Array<[string, string, unknown?]>) {
        const res = await api(method, path, body, other);
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      // Their segment, my campaign; my segment, their campaign.
      const theirSegment = await create([{ campaign_type: 'EMAIL', campaign_id: emailId, cron_schedule: '* * * * *' }], { segmentation_id: otherSegmentId });
      expect(theirSegment.status).toBe(404);
      expect(theirSegment.body.fields.segmentation_id).toBeDefined();
      const theirText = await api('POST', '/sequences', { title: 'x', description: 'y', segmentation_id: otherSegmentId, items: [{ campaign_type: 'SMS', campaign_id: textId, cron_schedule: '* * * * *' }] }, other);
      expect(theirText.status).toBe(404);
      expect(theirText.body.fields['items.0.campaign_id']).toBe('No such text campaign');
      // An item of another sequence of mine is not this sequence's item.
      const second = await create([{ campaign_type: 'EMAIL', campaign_id: emailId, cron_schedule: '* * * * *' }, { campaign_type: 'SMS', campaign_id: textId, cron_schedule: '* * * * *' }]);
      expect((await api('DELETE', `/sequences/${second.body.id}/items/${itemId}`)).status).toBe(404);
      expect((await api('GET', `/sequences/${id}`, undefined, other)).body.error).toBe('No such sequence');
    });

    it('lists with a status filter and a name search, and offers only completed campaigns', async () => {
      const all = await api('GET', '/sequences');
      expect(all.status).toBe(200);
      expect(all.body.results.length).toBeGreaterThanOrEqual(3);
      expect((await api('GET', '/sequences?status=ACTIVE')).body.results).toEqual([]);
      expect((await api('GET', '/sequences?search=win%20THEM')).body.results.length).toBe(all.body.results.length);
      expect((await api('GET', '/sequences?search=nothing-like-this')).body.results).toEqual([]);
      expect((await api('GET', '/sequences?status=DONE')).status).toBe(400);
      expect((await api('GET', '/sequences', undefined, other)).body.results).toEqual([]);
      const emails = (await api('GET', '/sequences/choices?type=EMAIL')).body.results;
      expect(emails.map((c: { id: string }) => c.id).sort()).toEqual([emailId, email2Id].sort());
      expect((await api('GET', '/sequences/choices?type=SMS')).body.results.map((c: { id: string }) => c.id)).toEqual([textId]);
      expect((await api('GET', '/sequences/choices?type=SMS', undefined, other)).body.results).toEqual([]);
      expect((await api('GET', '/sequences/choices')).status).toBe(400);
    });
  });

  describe('running', () => {
    it('sends each step once, in order, only after the previous one; later customers join; pause holds; resume does not re-send', async () => {
      const [a, b] = [await addGuest(), await addGuest()];
      const res = await create([
        { campaign_type: 'EMAIL', campaign_id: emailId, cron_schedule: '* * * * *' },
        { campaign_type: 'SMS', campaign_id: textId, cron_schedule: '0 * * * *', wait_days: 2 },
        { campaign_type: 'EMAIL', campaign_id: email2Id, cron_schedule: '* * * * *' },
      ]);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Sequence created successfully!');
      const id = res.body.id;
      const preview = await api('GET', `/sequences/${id}/preview`);
      expect(preview.status).toBe(200);
      expect(preview.body.steps.map((s: { schedule: string }) => s.schedule)).toEqual(['As soon as a customer is in the segment', '2 days after the previous step', 'Right after the previous step']);
      expect(preview.body.steps[0].reach_now).toBeGreaterThanOrEqual(2);
      expect(preview.body.steps[1].reach_now).toBe(0);
      expect(preview.body.steps[1].fire_count).toBe(14 * 24);

      // Nothing runs before launch.
      await run(3 * MINUTE);
      expect(await received(id)).toEqual([]);
      const launched = await api('POST', `/sequences/${id}/status`, { status: 'ACTIVE' });
      expect(launched.body.message).toBe('Sequence status updated successfully');
      expect(launched.body.sequence.status).toBe('ACTIVE');
      await run(2 * MINUTE);
      let rows = await received(id);
      const everyone = (await t.deps.db.selectFrom('customers').select('id').where('user_id', '=', owner.userId).execute()).map((row) => row.id);
      expect(rows.filter((row) => row.position === 1).map((row) => row.status)).toEqual(everyone.map(() => 'sent'));
      expect(rows.some((row) => row.position > 1)).toBe(false);

      // A guest who joins later gets step 1 at the next tick; nobody gets it twice.
      const c = await addGuest();
      await run(5 * MINUTE);
      rows = await received(id);
      const step1 = rows.filter((row) => row.position === 1);
      expect(step1.length).toBe(everyone.length + 1);
      expect(new Set(step1.map((row) => row.customer_id)).size).toBe(step1.length);
      expect(rows.some((row) => row.position > 1)).toBe(false);

      // Two days later, on the hour: the text, then at once the last email, for those who had step 1 two days ago.
      await run(2 * DAY - 4 * HOUR, HOUR);
      expect((await received(id)).some((row) => row.position > 1)).toBe(false);
      await run(5 * HOUR, 10 * MINUTE);
      rows = await received(id);
      for (const customer of [a, b, c]) {
        const mine = rows.filter((row) => row.customer_id === customer).sort((x, y) => x.position - y.position);
        expect(mine.map((row) => [row.position, row.status])).toEqual([
          [1, 'sent'],
          [2, 'sent'],
          [3, 'sent'],
        ]);
        expect(mine[1]!.sent_at!.getTime() - mine[0]!.sent_at!.getTime()).toBeGreaterThanOrEqual(2 * DAY);
        expect(mine[2]!.sent_at!.getTime()).toBeGreaterThanOrEqual(mine[1]!.sent_at!.getTime());
      }

      // Paused: a new guest waits; resumed: they get step 1, nobody else gets anything again.
      expect((await api('POST', `/sequences/${id}/status`, { status: 'PAUSED' })).body.sequence.status).toBe('PAUSED');
      const d = await addGuest();
      await run(10 * MINUTE);
      expect((await received(id)).some((row) => row.customer_id === d)).toBe(false);
      const before = (await received(id)).length;
      await api('POST', `/sequences/${id}/status`, { status: 'ACTIVE' });
      await run(3 * MINUTE);
      rows = await received(id);
      expect(rows.length).toBe(before + 1);
      expect(rows.filter((row) => row.customer_id === d).map((row) => row.position)).toEqual([1]);

      const detail = (await api('GET', `/sequences/${id}`)).body;
      expect(detail.items.map((item: { sent: number }) => item.sent)).toEqual([rows.filter((r) => r.position === 1).length, rows.filter((r) => r.position === 2).length, rows.filter((r) => r.position === 3).length]);
      expect(detail.items[0].next_tick_at).not.toBeNull();

      // Cancelled: no more ticks, and it cannot start again.
      expect((await api('POST', `/sequences/${id}/status`, { status: 'CANCELLED' })).status).toBe(200);
      expect((await api('POST', `/sequences/${id}/status`, { status: 'ACTIVE' })).status).toBe(409);
      const e = await addGuest();
      await run(3 * MINUTE);
      expect((await received(id)).some((row) => row.customer_id === e)).toBe(false);
      const ticksLeft = await t.deps.db.selectFrom('jobs').select('id').where('name', '=', 'sequences.tick').where('status', '=', 'queued').where('singleton_key', 'like', `${detail.items[0].id}%`).execute();
      expect(ticksLeft).toEqual([]);
    }, 240_000);

    it("holds to the plan's monthly texts: a text step over the allowance sends nothing, and sends once there is room", async () => {
      // On Free (25 texts a month) with more than 25 guests who agreed to texts.
      await t.deps.db.deleteFrom('subscriptions').where('user_id', '=', owner.userId).execute();
      for (let n = 0; n < 26; n++) await addGuest();
      const res = await create([{ campaign_type: 'SMS', campaign_id: textId, cron_schedule: '* * * * *' }], { title: 'Texts over the plan' });
      expect(res.status).toBe(201);
      const id = res.body.id;
      await api('POST', `/sequences/${id}/status`, { status: 'ACTIVE' });
      await run(3 * MINUTE);
      expect(await received(id)).toEqual([]);
      // An upgrade: the next tick sends.
      await givePlan(t, owner.userId);
      await run(2 * MINUTE);
      expect((await received(id)).length).toBeGreaterThan(25);
      await api('POST', `/sequences/${id}/status`, { status: 'CANCELLED' });
    });

    it('a tick run twice (a restart in the middle) and two processes ticking at once never send twice', async () => {
      await addGuest();
      const res = await create([{ campaign_type: 'EMAIL', campaign_id: emailId, cron_schedule: '* * * * *' }]);
      const id = res.body.id;
      await api('POST', `/sequences/${id}/status`, { status: 'ACTIVE' });
      const sequence = await t.deps.db.selectFrom('sequences').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const item = await t.deps.db.selectFrom('sequence_items').selectAll().where('sequence_id', '=', id).executeTakeFirstOrThrow();
      const transports = transportsFor(t.deps);
      const at = item.next_tick_at!;
      // The same tick, as a restarted process would run it again, and at the same time as another process.
      const results = await Promise.all([fireStep(t.deps, transports, sequence, item, at), fireStep(t.deps, transports, sequence, item, at)]);
      const again = await fireStep(t.deps, transports, sequence, item, at);
      expect(new Set([...results, again].map((r) => r.sendId)).size).toBe(1);
      const second = sequenceJobs(t);
      await run(0);
      t.advance(2 * MINUTE);
      await Promise.all([jobs.drain(), second.drain()]);
      await second.stop();
      const rows = await received(id);
      const customers = (await t.deps.db.selectFrom('customers').select('id').where('user_id', '=', owner.userId).execute()).length;
      expect(rows.length).toBe(customers);
      expect(new Set(rows.map((row) => row.customer_id)).size).toBe(customers);
      await api('POST', `/sequences/${id}/status`, { status: 'CANCELLED' });
    });

    it('quiet hours hold the text step, and the step after it waits for the text to go out', async () => {
      // 22:30 in New York: too late for texts.
      const now = t.deps.now();
      const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 3, 30));
      setClock(t, target.toISOString());
      const f = await addGuest();
      const res = await create([
        { campaign_type: 'SMS', campaign_id: textId, cron_schedule: '* * * * *' },
        { campaign_type: 'EMAIL', campaign_id: email2Id, cron_schedule: '* * * * *' },
      ]);
      const id = res.body.id;
      await api('POST', `/sequences/${id}/status`, { status: 'ACTIVE' });
      await run(3 * MINUTE);
      let rows = (await received(id)).filter((row) => row.customer_id === f);
      expect(rows.map((row) => [row.position, row.status])).toEqual([[1, 'queued']]);
      // 08:00 New York and after: the text goes, then the email.
      await run(10 * HOUR, 15 * MINUTE);
      rows = (await received(id)).filter((row) => row.customer_id === f).sort((x, y) => x.position - y.position);
      expect(rows.map((row) => [row.position, row.status])).toEqual([
        [1, 'sent'],
        [2, 'sent'],
      ]);
      const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hour12: false }).format(rows[0]!.sent_at!);
      expect(Number(local)).toBeGreaterThanOrEqual(8);
      await api('POST', `/sequences/${id}/status`, { status: 'CANCELLED' });
    }, 120_000);

    it('edits: title with a version check, an item schedule, adding and removing steps', async () => {
      const res = await create([{ campaign_type: 'EMAIL', campaign_id: emailId, cron_schedule: '* * * * *' }]);
      const id = res.body.id;
      const version = res.body.sequence.version;
      const renamed = await api('POST', `/sequences/${id}`, { title: 'Birthday treat', version });
      expect(renamed.body.sequence.title).toBe('Birthday treat');
      expect((await api('POST', `/sequences/${id}`, { title: 'Stale', version })).status).toBe(409);
      expect((await api('POST', `/sequences/${id}`, { title: '' })).body.fields.title).toBe('Title is required');
      const added = await api('POST', `/sequences/${id}/items`, { item: { campaign_type: 'SMS', campaign_id: textId, cron_schedule: '* * * * *' } });
      expect(added.status).toBe(201);
      expect(added.body.message).toBe('Campaign added successfully!');
      expect(added.body.sequence.items.map((item: { order: number; campaign_type: string }) => [item.order, item.campaign_type])).toEqual([
        [1, 'EMAIL'],
        [2, 'SMS'],
      ]);
      const updated = await api('POST', `/sequences/${id}/items/${added.body.id}`, { updates: { cron_schedule: '30 17 * * 5' } });
      expect(updated.body.message).toBe('Item updated successfully!');
      expect(updated.body.sequence.items[1].cron_schedule).toBe('30 17 * * 5');
      expect((await api('POST', `/sequences/${id}/items/${added.body.id}`, { updates: { cron_schedule: 'every day' } })).status).toBe(400);
      const removed = await api('DELETE', `/sequences/${id}/items/${res.body.sequence.items[0].id}`);
      expect(removed.body.message).toBe('Item deleted successfully');
      expect(removed.body.sequence.items.map((item: { order: number; campaign_type: string }) => [item.order, item.campaign_type])).toEqual([[1, 'SMS']]);
    });
  });
});
