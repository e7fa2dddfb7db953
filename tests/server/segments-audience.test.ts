import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { segmentAudience, segmentAudienceCount, segmentAudienceSelect } from '../../server/features/segments/segment-audience.ts';
import { createSegment } from '../../server/features/segments/segments.service.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DAY, ordersBack, seedCustomer } from './segments-fixtures.ts';

describe('segmentAudience: consent is always honoured', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  let everyoneId: string;
  let noEmailConsentId: string;
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  beforeAll(async () => {
    t = await createTestApp();
    [owner, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const seed = (given_name: string, rest: Parameters<typeof seedCustomer>[2]) => seedCustomer(t.deps.db, owner.userId, { given_name, orders: ordersBack(now, 3, 2000, 1), ...rest });
    await seed('Both', { email: 'both@x.test', phone: '+14155550111', email_consent: true, sms_consent: true });
    await seed('EmailOnly', { email: 'emailonly@x.test', phone: '+14155550112', email_consent: true });
    await seed('SmsOnly', { email: 'smsonly@x.test', phone: '+14155550113', sms_consent: true });
    await seed('NoConsent', { email: 'none@x.test', phone: '+14155550114' });
    await seed('ConsentNoEmail', { phone: '+14155550115', email_consent: true });
    await seed('Withdrawn', { email: 'withdrawn@x.test', email_consent: true, email_consent_at: ago(100), email_consent_withdrawn_at: ago(5) });
    await seed('CameBack', { email: 'cameback@x.test', email_consent: true, email_consent_at: ago(2), email_consent_withdrawn_at: ago(50) });
    await seed('Deleted', { email: 'deleted@x.test', email_consent: true, deleted: true });
    await seedCustomer(t.deps.db, other.userId, { given_name: 'Theirs', email: 'theirs@x.test', email_consent: true });
    everyoneId = (await createSegment(t.deps.db, owner.userId, { title: 'Everyone', definition: { type: 'group', op: 'and', conditions: [] } })).id;
    // A segment that explicitly asks for people WITHOUT email consent still never yields them for email.
    noEmailConsentId = (await createSegment(t.deps.db, owner.userId, { title: 'No consent', definition: { type: 'group', op: 'and', conditions: [{ type: 'email_consent', value: false }] } })).id;
  });
  afterAll(() => t.close());

  const names = async (segmentId: string, channel: 'email' | 'sms', userId = owner.userId) =>
    (await segmentAudience(t.deps.db, userId, segmentId, channel, now)).map((m) => m.name).sort();

  it('email reaches only customers with an email and live email consent', async () => {
    expect(await names(everyoneId, 'email')).toEqual(['Both', 'CameBack', 'EmailOnly']);
    const members = await segmentAudience(t.deps.db, owner.userId, everyoneId, 'email', now);
    expect(members.find((m) => m.name === 'Both')).toEqual({ customerId: expect.any(String), name: 'Both', to: 'both@x.test' });
    expect(await segmentAudienceCount(t.deps.db, owner.userId, everyoneId, 'email', now)).toBe(3);
  });

  it('sms reaches only customers with a phone and SMS consent', async () => {
    expect(await names(everyoneId, 'sms')).toEqual(['Both', 'SmsOnly']);
    expect((await segmentAudience(t.deps.db, owner.userId, everyoneId, 'sms', now)).map((m) => m.to).sort()).toEqual(['+14155550111', '+14155550113']);
  });

  it("a segment's own conditions cannot override consent", async () => {
    expect(await names(noEmailConsentId, 'email')).toEqual([]);
    expect(await names(noEmailConsentId, 'sms')).toEqual(['SmsOnly']);
  });

  it("another owner's segment is a 404", async () => {
    await expect(segmentAudience(t.deps.db, other.userId, everyoneId, 'email', now)).rejects.toMatchObject({ status: 404 });
  });

  it('snapshots the audience with INSERT … SELECT: the database copies the rows, consent applied', async () => {
    await sql`CREATE TABLE audience_copy (send_id text NOT NULL, customer_id uuid NOT NULL, name text, to_address text NOT NULL, PRIMARY KEY (send_id, customer_id))`.execute(t.deps.db);
    const select = await segmentAudienceSelect(t.deps.db, owner.userId, everyoneId, 'email', now);
    const copy = (sendId: string) =>
      (t.deps.db as unknown as Kysely<{ audience_copy: { send_id: string; customer_id: string; name: string | null; to_address: string } }>)
        .insertInto('audience_copy')
        .columns(['send_id', 'customer_id', 'name', 'to_address'])
        .expression(select.clearSelect().select([sql.lit(sendId).as('send_id'), 'c.id', sql<string>`trim(concat_ws(' ', c.given_name, c.family_name))`.as('name'), 'c.email']))
        .onConflict((oc) => oc.doNothing())
        .execute();
    const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM audience_copy`.execute(t.deps.db)).rows[0]!.n;
    await copy('send-1');
    expect(await count()).toBe(3);
    // Taken again (a job retried): nothing doubles.
    await copy('send-1');
    expect(await count()).toBe(3);
    const rows = await sql<{ name: string; to_address: string }>`SELECT name, to_address FROM audience_copy ORDER BY name`.execute(t.deps.db);
    expect(rows.rows).toEqual([
      { name: 'Both', to_address: 'both@x.test' },
      { name: 'CameBack', to_address: 'cameback@x.test' },
      { name: 'EmailOnly', to_address: 'emailonly@x.test' },
    ]);
  });
});
