import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCustomers, recomputeFigures } from '../../server/features/customers/customers.service.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// A browser sends Origin on a DELETE; Hono's csrf check wants it when there is no JSON body.
const SAME_ORIGIN = { Origin: 'http://localhost' };

describe('customers API', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpVerified(t);
    other = await signUpVerified(t);
  });
  afterAll(() => t.close());

  const add = (body: unknown, token = owner.token) => call(t.app, 'POST', '/api/v1/customers/manual/customer-manual', body, token);

  it('adds a customer by hand with the phone in E.164 and consent recorded with when and how', async () => {
    const res = await add({
      given_name: ' Maya ',
      family_name: 'Okafor',
      email_address: 'Maya@Example.com',
      phone_number: '(415) 555-0134',
      birthday: '03-14',
      email_consent: true,
      consent_source: 'signup sheet',
    });
    expect(res.status).toBe(201);
    expect(res.body.customer).toMatchObject({
      given_name: 'Maya',
      family_name: 'Okafor',
      email_address: 'maya@example.com',
      phone_number: '+14155550134',
      birthday: '0000-03-14',
      source: 'manual',
      email_consent: true,
      sms_consent: false,
      total_spent_cents: 0,
      total_visits: 0,
    });
    expect(res.body.customer.consent.email).toMatchObject({ granted: true, source: 'signup sheet', withdrawn_at: null });
    expect(Date.parse(res.body.customer.consent.email.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses bad input with errors at data.errors[0].detail naming the field', async () => {
    const res = await add({ given_name: 'Bad', email_address: 'not-an-email', phone_number: '12' });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'email_address', detail: 'Enter a valid email address' },
        { field: 'phone_number', detail: 'Enter a valid phone number' },
      ]),
    );
    // The same refusal as data: each field with its message, and a sentence that names no field.
    expect(res.body.fields).toEqual({ email_address: 'Enter a valid email address', phone_number: 'Enter a valid phone number' });
    expect(res.body.error).toBe('Enter a valid email address. Enter a valid phone number');

    const empty = await add({});
    expect(empty.status).toBe(400);
    expect(empty.body.data.errors[0]).toEqual({ field: 'given_name', detail: 'Enter a name, an email or a phone number' });

    const consentWithoutPhone = await add({ given_name: 'Tom', sms_consent: true });
    expect(consentWithoutPhone.body.data.errors[0]).toEqual({ field: 'sms_consent', detail: 'Text consent needs a phone number' });

    const wrongType = await call(t.app, 'POST', '/api/v1/customers/square/customer-manual', { given_name: 'X' }, owner.token);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.data.errors[0].field).toBe('type');
  });

  it('refuses a second customer with the same email (409, same error shape)', async () => {
    const res = await add({ given_name: 'Maya again', email_address: 'maya@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.data.errors[0]).toEqual({ field: 'email_address', detail: 'Another customer already has this email' });
    // Another owner may have the same customer.
    expect((await add({ given_name: 'Maya', email_address: 'maya@example.com' }, other.token)).status).toBe(201);
  });

  it('lists, searches, sorts and pages the owner’s customers only', async () => {
    for (let i = 0; i < 30; i += 1) {
      const res = await add({ given_name: `Guest${String(i).padStart(2, '0')}`, family_name: 'Lane', email_address: `guest${i}@cafe.test` });
      expect(res.status).toBe(201);
    }
    const first = await call(t.app, 'GET', '/api/v1/customers/get_customers?sort=name&page=1', undefined, owner.token);
    expect(first.status).toBe(200);
    expect(first.body.results.total).toBe(31);
    expect(first.body.results.customers).toHaveLength(25);
    expect(first.body.next).toBe(2);
    expect(first.body.results.customers[0].given_name).toBe('Guest00');
    const second = await call(t.app, 'GET', '/api/v1/customers/get_customers?sort=name&page=2', undefined, owner.token);
    expect(second.body.results.customers).toHaveLength(6);
    expect(second.body.results.total).toBe(31);
    expect(second.body.next).toBeNull();
    const past = await call(t.app, 'GET', '/api/v1/customers/get_customers?sort=name&page=3', undefined, owner.token);
    expect(past.body.results).toEqual({ customers: [], total: 31 });
    const none = await call(t.app, 'GET', '/api/v1/customers/get_customers?search=nobody-here', undefined, owner.token);
    expect(none.body.results).toEqual({ customers: [], total: 0 });

    const search = await call(t.app, 'GET', '/api/v1/customers/get_customers?search=okaf', undefined, owner.token);
    expect(search.body.results.customers.map((c: { given_name: string }) => c.given_name)).toEqual(['Maya']);
    const byPhone = await call(t.app, 'GET', '/api/v1/customers/get_customers?search=555-0134', undefined, owner.token);
    expect(byPhone.body.results.total).toBe(1);
    const byEmail = await call(t.app, 'GET', '/api/v1/customers/get_customers?search=guest29@', undefined, owner.token);
    expect(byEmail.body.results.customers[0].email_address).toBe('guest29@cafe.test');

    const others = await call(t.app, 'GET', '/api/v1/customers/get_customers', undefined, other.token);
    expect(others.body.results.total).toBe(1);

    const bad = await call(t.app, 'GET', '/api/v1/customers/get_customers?sort=age&page=0', undefined, owner.token);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('sort');
    expect(await countCustomers(t.deps.db, owner.userId)).toBe(31);
  });

  it('sorts by total spent, visits and last visit from the orders', async () => {
    const list = await call(t.app, 'GET', '/api/v1/customers/get_customers?search=guest0', undefined, owner.token);
    const [a, b] = list.body.results.customers as Array<{ id: string }>;
    const day = (n: number) => new Date(Date.UTC(2025, 0, n));
    await t.deps.db
      .insertInto('orders')
      .values([
        { user_id: owner.userId, customer_id: a!.id, occurred_at: day(1), total_cents: 500, source: 'manual' },
        { user_id: owner.userId, customer_id: a!.id, occurred_at: day(9), total_cents: 700, source: 'manual' },
        { user_id: owner.userId, customer_id: b!.id, occurred_at: day(5), total_cents: 4000, source: 'manual' },
      ])
      .execute();
    expect(await recomputeFigures(t.deps.db, owner.userId)).toBe(2);
    expect(await recomputeFigures(t.deps.db, owner.userId)).toBe(0);
    const bySpent = await call(t.app, 'GET', '/api/v1/customers/get_customers?sort=total_spent', undefined, owner.token);
    expect(bySpent.body.results.customers[0]).toMatchObject({ id: b!.id, total_spent_cents: 4000, total_visits: 1, average_order_cents: 4000 });
    const byVisits = await call(t.app, 'GET', '/api/v1/customers/get_customers?sort=visits', undefined, owner.token);
    expect(byVisits.body.results.customers[0]).toMatchObject({ id: a!.id, total_visits: 2, average_order_cents: 600 });
    const byLast = await call(t.app, 'GET', '/api/v1/customers/get_customers?sort=last_visit', undefined, owner.token);
    expect(byLast.body.results.customers[0]).toMatchObject({ id: a!.id, last_visit_at: day(9).toISOString(), first_visit_at: day(1).toISOString() });

    const detail = await call(t.app, 'GET', `/api/v1/customers/${a!.id}`, undefined, owner.token);
    expect(detail.body.customer.orders.map((o: { total_cents: number }) => o.total_cents)).toEqual([700, 500]);
    expect(detail.body.customer.orders_total).toBe(2);
  });

  it('edits, changes consent with when and how, and soft-deletes', async () => {
    const created = await add({ given_name: 'Lee', phone_number: '+1 212 555 0188' });
    const id = created.body.customer.id as string;

    const edit = await call(t.app, 'PATCH', `/api/v1/customers/${id}`, { family_name: 'Chen', birthday: '1990-07-04', notes: 'Oat milk' }, owner.token);
    expect(edit.status).toBe(200);
    expect(edit.body.customer).toMatchObject({ given_name: 'Lee', family_name: 'Chen', birthday: '1990-07-04', notes: 'Oat milk', phone_number: '+12125550188' });
    const clash = await call(t.app, 'PATCH', `/api/v1/customers/${id}`, { email_address: 'maya@example.com' }, owner.token);
    expect(clash.status).toBe(409);
    const badPatch = await call(t.app, 'PATCH', `/api/v1/customers/${id}`, { birthday: '1990-02-30' }, owner.token);
    expect(badPatch.status).toBe(400);
    expect(Object.keys(badPatch.body.fields)).toContain('birthday');

    const grant = await call(t.app, 'POST', `/api/v1/customers/${id}/consent`, { channel: 'sms', granted: true, source: 'verbal at counter' }, owner.token);
    expect(grant.body.customer.consent.sms).toMatchObject({ granted: true, source: 'verbal at counter', withdrawn_at: null });
    t.advance(60_000);
    const withdraw = await call(t.app, 'POST', `/api/v1/customers/${id}/consent`, { channel: 'sms', granted: false }, owner.token);
    expect(withdraw.body.customer.sms_consent).toBe(false);
    expect(Date.parse(withdraw.body.customer.consent.sms.withdrawn_at)).toBeGreaterThan(Date.parse(withdraw.body.customer.consent.sms.at));
    const noEmail = await call(t.app, 'POST', `/api/v1/customers/${id}/consent`, { channel: 'email', granted: true }, owner.token);
    expect(noEmail.status).toBe(400);

    expect((await call(t.app, 'DELETE', `/api/v1/customers/${id}`, undefined, owner.token, SAME_ORIGIN)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/v1/customers/${id}`, undefined, owner.token)).status).toBe(404);
    // The phone is free again for a new customer.
    expect((await add({ given_name: 'Lee 2', phone_number: '2125550188' })).status).toBe(201);
  });

  it('answers 404 for another owner’s customer on every call', async () => {
    const mine = await add({ given_name: 'Private', email_address: 'private@cafe.test' });
    const id = mine.body.customer.id as string;
    const asOther = (method: string, path: string, body?: unknown) => call(t.app, method, path, body, other.token, SAME_ORIGIN);
    expect((await asOther('GET', `/api/v1/customers/${id}`)).status).toBe(404);
    expect((await asOther('PATCH', `/api/v1/customers/${id}`, { given_name: 'Hacked' })).status).toBe(404);
    expect((await asOther('DELETE', `/api/v1/customers/${id}`)).status).toBe(404);
    expect((await asOther('POST', `/api/v1/customers/${id}/consent`, { channel: 'email', granted: false })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/v1/customers/not-a-uuid', undefined, owner.token)).status).toBe(404);
    const still = await call(t.app, 'GET', `/api/v1/customers/${id}`, undefined, owner.token);
    expect(still.body.customer.given_name).toBe('Private');
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', '/api/v1/customers/get_customers')).status).toBe(401);
  });
});
