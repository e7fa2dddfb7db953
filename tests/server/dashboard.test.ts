import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addOrder, seedCustomer } from './segments-fixtures.ts';
import { setClock, tomorrowAt } from './text.fixtures.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Row = { status: string; opened?: boolean; clicked?: boolean };

describe('dashboard', () => {
  let t: TestApp;
  let owner: TestAccount;
  let capped: TestAccount;
  let other: TestAccount;
  let n = 0;

  const api = (path: string, account = owner) => call(t.app, 'GET', `/api/v1${path}`, undefined, account.token, { Origin: 'http://localhost' });
  /** A send that started `daysAgo` days ago with one ledger row per entry (a new customer each); returns the customers. */
  const seedSend = async (account: TestAccount, channel: 'email' | 'sms', daysAgo: number, rows: Row[]) => {
    const started = new Date(t.deps.now().getTime() - daysAgo * DAY);
    const send = await t.deps.db
      .insertInto('sends')
      .values({ user_id: account.userId, channel, source_kind: channel === 'email' ? 'email_draft' : 'sms_campaign', source_id: crypto.randomUUID(), segment_id: null, title: 'Seeded', status: 'sent', scheduled_at: started, started_at: started, completed_at: started, base_url: 'http://mise.test', created_at: started, updated_at: started })
      .returning('id')
      .executeTakeFirstOrThrow();
    const customers: string[] = [];
    for (const row of rows) {
      n += 1;
      const customer = await seedCustomer(t.deps.db, account.userId, { given_name: `G${n}`, email: `g${n}@example.com`, phone: `+1212555${String(2000 + n)}` });
      customers.push(customer);
      const handed = row.status !== 'holdout';
      await t.deps.db
        .insertInto('send_recipients')
        .values({
          send_id: send.id,
          customer_id: customer,
          to_address: channel === 'email' ? `g${n}@example.com` : `+1212555${String(2000 + n)}`,
          status: row.status as 'sent',
          sent_at: handed ? new Date(started.getTime() + 60_000) : null,
          first_opened_at: row.opened ? new Date(started.getTime() + HOUR) : null,
          first_clicked_at: row.clicked ? new Date(started.getTime() + HOUR) : null,
        })
        .execute();
    }
    return { customers, started };
  };

  beforeAll(async () => {
    t = await createTestApp();
    setClock(t, tomorrowAt(15));
    [owner, capped, other] = await Promise.all([signUpVerified(t), signUpVerified(t, { name: 'Cap Owner' }), signUpVerified(t, { name: 'Kai Other' })]);
    for (const account of [owner, capped]) await call(t.app, 'POST', `/api/v1/users/settings/${account.userId}`, { timeZone: 'America/New_York' }, account.token, { Origin: 'http://localhost' });

    // This week's email: 9 sent + 1 bounced, 6 opened, 3 clicked; 10 kept back at random.
    const email = await seedSend(owner, 'email', 2, [
      ...Array.from({ length: 6 }, (_, i) => ({ status: 'sent', opened: true, clicked: i < 3 })),
      { status: 'sent' },
      { status: 'sent' },
      { status: 'sent' },
      { status: 'bounced' },
      ...Array.from({ length: 10 }, () => ({ status: 'holdout' })),
    ]);
    const [r1, r2, r3, r4, r5] = email.customers;
    // Four of the reached came back: $25, $25 + $15, $40, $30; one ordered only before the email (not counted).
    await addOrder(t.deps.db, owner.userId, r1!, new Date(email.started.getTime() + DAY), 2500);
    await addOrder(t.deps.db, owner.userId, r2!, new Date(email.started.getTime() + HOUR * 5), 2500);
    await addOrder(t.deps.db, owner.userId, r2!, new Date(email.started.getTime() + DAY), 1500);
    await addOrder(t.deps.db, owner.userId, r3!, new Date(email.started.getTime() + DAY), 4000);
    await addOrder(t.deps.db, owner.userId, r4!, new Date(email.started.getTime() + DAY), 3000);
    await addOrder(t.deps.db, owner.userId, r5!, new Date(email.started.getTime() - DAY), 9900);
    // Two of the ten kept back came anyway ($20 each).
    const holdout = email.customers.slice(10);
    await addOrder(t.deps.db, owner.userId, holdout[0]!, new Date(email.started.getTime() + DAY), 2000);
    await addOrder(t.deps.db, owner.userId, holdout[1]!, new Date(email.started.getTime() + DAY), 2000);
    // This week's text: 3 delivered, 1 failed.
    await seedSend(owner, 'sms', 1, [{ status: 'delivered' }, { status: 'delivered' }, { status: 'delivered' }, { status: 'failed' }]);
    // Ten days ago: outside the week, inside 30 days.
    const old = await seedSend(owner, 'email', 10, [{ status: 'sent', opened: true }, { status: 'sent' }]);
    await addOrder(t.deps.db, owner.userId, old.customers[0]!, new Date(old.started.getTime() + DAY), 5000);

    // Opens counted from mail apps that open bounced mail too: more opens than delivered, capped at 100 %.
    await seedSend(capped, 'email', 1, [{ status: 'sent', opened: true, clicked: true }, { status: 'bounced', opened: true, clicked: true }, { status: 'bounced', opened: true, clicked: true }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds up the week by hand: emails, texts, the guests who came back and the holdout comparison', async () => {
    const res = await api('/dashboard?days=7');
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.window.days).toBe(7);
    expect(d.window.time_zone).toBe('America/New_York');
    expect(d.email).toMatchObject({ campaigns: 1, sent: 10, delivered: 9, unique_opens: 6, unique_clicks: 3, open_rate: 66.7, click_rate: 33.3 });
    expect(d.email.by_day).toHaveLength(7);
    expect(d.email.by_day.reduce((sum: number, day: { sent: number }) => sum + day.sent, 0)).toBe(10);
    expect(d.text).toMatchObject({ campaigns: 1, total_sent: 4, delivered: 3, failed: 1, delivery_rate: 75, bounce_rate: 25 });
    // Reached: 9 emails + 3 texts delivered (the bounced email and the failed text reached nobody). Back: 4, $25 + $40 + $40 + $30.
    expect(d.headline).toMatchObject({ reached: 12, guests: 4, revenue_cents: 13_500, window_days: 14, holdout: { size: 10, guests: 2, revenue_cents: 4000 } });
    // 4 − 12 × 2/10 = 1.6 → 2 guests more than the holdout's rate predicts.
    expect(d.headline.lift_guests).toBe(2);
    expect(d.video).toEqual({ available: true, videos: 0, engagement_rate: 0, tiktok: null });

    // Videos finished in the window count (10 × each, at most 100); one still rendering and one from last month do not.
    const at = (hoursAgo: number) => new Date(t.deps.now().getTime() - hoursAgo * 3_600_000);
    for (const [status, hoursAgo] of [['done', 2], ['done', 30], ['pending', 1], ['done', 24 * 30]] as const) {
      await t.deps.db.insertInto('videos').values({ user_id: owner.userId, script_query: 'Tacos', title: 'Taco night', status, request: JSON.stringify({}), created_at: at(hoursAgo) }).execute();
    }
    const withVideos = (await api('/dashboard?days=7')).body;
    expect(withVideos.video).toEqual({ available: true, videos: 2, engagement_rate: 20, tiktok: null });

    // Published on TikTok in the week: the real figures beside the spec's (the latest snapshot of each, added up).
    const [done] = await t.deps.db.selectFrom('videos').select('id').where('user_id', '=', owner.userId).where('status', '=', 'done').orderBy('created_at', 'desc').execute();
    await t.deps.db.insertInto('video_publishes').values({ video_id: done!.id, user_id: owner.userId, status: 'PUBLISH_COMPLETE', privacy_level: 'PUBLIC_TO_EVERYONE', published_at: at(1) }).execute();
    await t.deps.db.insertInto('video_snapshots').values([
      { video_id: done!.id, taken_at: at(1), views: 100, likes: 5, comments: 1, shares: 0 },
      { video_id: done!.id, taken_at: at(0.5), views: 340, likes: 21, comments: 4, shares: 2 },
    ]).execute();
    expect((await api('/dashboard?days=7')).body.video.tiktok).toEqual({ published: 1, views: 340, likes: 21, comments: 4, shares: 2 });
  });

  it('takes a longer window when asked (30 days by default), and refuses others', async () => {
    const month = (await api('/dashboard')).body;
    expect(month.window.days).toBe(30);
    expect(month.email).toMatchObject({ campaigns: 2, sent: 12, unique_opens: 7 });
    expect(month.headline).toMatchObject({ reached: 14, guests: 5, revenue_cents: 18_500 });
    const bad = await api('/dashboard?days=8');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.days).toBe('days is 7, 30 or 90');
  });

  it('caps open and click rates at 100 %, and shows each owner only their own campaigns', async () => {
    const d = (await api('/dashboard?days=7', capped)).body;
    expect(d.email).toMatchObject({ sent: 3, delivered: 1, unique_opens: 3, open_rate: 100, click_rate: 100 });
    const none = (await api('/dashboard?days=7', other)).body;
    expect(none.email.sent).toBe(0);
    expect(none.headline).toMatchObject({ reached: 0, guests: 0, revenue_cents: 0, holdout: null, lift_guests: null });
    expect((await call(t.app, 'GET', '/api/v1/dashboard')).status).toBe(401);
  });
});
