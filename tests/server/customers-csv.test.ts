import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvStream } from '../../server/features/customers/csv-import.ts';
import { registerSegmentJobs } from '../../server/features/segments/segments.jobs.ts';
import { createJobs } from '../../server/jobs/jobs.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

const SQUARE_EXPORT = [
  'First Name,Last Name,Email Address,Phone Number,Birthday,Memo,Square Customer ID,First Visit,Last Visit,Transaction Count,Total Spend,Email Subscription Status',
  'Maya,Okafor,MAYA@example.com,(415) 555-0134,0000-03-14,Oat latte,SQ-1,2024-01-05,2025-02-01,12,"$143.50",subscribed',
  'Tom,Reyes,tom@example,415-555-0199,,,SQ-2,,,,,unsubscribed',
  'Ana,Silva,ana@example.com,12,,,SQ-3,,,,,',
  ',,,,,,SQ-4,,,,,',
  'Jo,Park,jo@example.com,+1 212 555 0100,1990-02-30,,SQ-5,,,,,',
  'Sam,Lee,sam@example.com,,,,SQ-6,,,3,20.00,maybe',
  'Ravi,Nair,ravi@example.com,(646) 555-0142,07/04,,SQ-7,,,,,subscribed',
].join('\r\n');

describe('CSV import (customer-by-csv)', () => {
  let t: TestApp;
  let owner: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpVerified(t);
    // Files here import thousands of rows: the owner is on Premium, past the Free plan's contacts.
    const now = new Date();
    await t.deps.db
      .insertInto('subscriptions')
      .values({ user_id: owner.userId, plan_id: 'premium', status: 'active', provider: 'builtin', provider_subscription_id: null, current_period_start: now, current_period_end: new Date(now.getTime() + 30 * 86_400_000), created_at: now, updated_at: now })
      .execute();
  });
  afterAll(() => t.close());

  const upload = (csv: string, type = 'auto', mapping?: Record<string, string | null>, token = owner.token) => {
    const form = new FormData();
    if (mapping) form.append('mapping', JSON.stringify(mapping));
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'customers.csv');
    return call(t.app, 'POST', `/api/v1/customers/${type}/customer-by-csv`, form, token, { Origin: 'http://localhost' });
  };
  const customerByEmail = (email: string) =>
    t.deps.db.selectFrom('customers').selectAll().where('user_id', '=', owner.userId).where('email', '=', email).executeTakeFirstOrThrow();

  it('imports a Square export: valid rows in, bad rows reported by row, field and reason', async () => {
    const res = await upload(SQUARE_EXPORT);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ format: 'square', total_rows: 7, imported: 2, updated: 0, skipped: 5 });
    expect(res.body.data.errors).toEqual([
      { row: 3, field: 'Email', detail: '"tom@example" is not a valid email address' },
      { row: 4, field: 'Phone', detail: '"12" is not a valid phone number' },
      { row: 5, detail: 'The row has no name, email or phone' },
      { row: 6, field: 'Birthday', detail: '"1990-02-30" is not a date (use YYYY-MM-DD or MM/DD)' },
      { row: 7, field: 'Email consent', detail: '"maybe" is not yes or no' },
    ]);
    expect(res.body.data.mapping).toMatchObject({ 'Email Address': 'email', 'Square Customer ID': 'square_customer_id', Memo: 'notes' });

    const maya = await customerByEmail('maya@example.com');
    expect(maya).toMatchObject({
      given_name: 'Maya',
      phone: '+14155550134',
      birthday_month: 3,
      birthday_day: 14,
      birthday_year: null,
      source: 'csv',
      pos_provider: 'square',
      pos_customer_id: 'SQ-1',
      visit_count: 12,
      notes: 'Oat latte',
      email_consent: true,
      email_consent_source: 'csv import',
      sms_consent: false,
    });
    expect(Number(maya.total_spent_cents)).toBe(14350);
    expect(maya.email_consent_at).toBeInstanceOf(Date);
    expect(maya.last_visit_at?.toISOString()).toBe('2025-02-01T00:00:00.000Z');
    const ravi = await customerByEmail('ravi@example.com');
    expect(ravi).toMatchObject({ birthday_month: 7, birthday_day: 4, phone: '+16465550142' });
  });

  it('reports every bad cell of a row, not only the first (an impossible birthday beside a bad email)', async () => {
    const csv = ['First Name,Email Address,Phone Number,Birthday', 'Lena,lena@nowhere,12,1985-02-30', 'Omar,omar@example.com,,1985-02-28'].join('\n');
    const other = await signUpVerified(t);
    const res = await upload(csv, 'auto', undefined, other.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 2, imported: 1, skipped: 1 });
    expect(res.body.data.errors).toEqual([
      { row: 2, field: 'Email', detail: '"lena@nowhere" is not a valid email address' },
      { row: 2, field: 'Phone', detail: '"12" is not a valid phone number' },
      { row: 2, field: 'Birthday', detail: '"1985-02-30" is not a date (use YYYY-MM-DD or MM/DD)' },
    ]);
  });

  it('re-importing the same file creates no duplicates and rewrites nothing', async () => {
    const before = await customerByEmail('maya@example.com');
    t.advance(60_000);
    const res = await upload(SQUARE_EXPORT);
    expect(res.body.data).toMatchObject({ imported: 0, updated: 2, skipped: 5 });
    const count = await t.deps.db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
    expect((await customerByEmail('maya@example.com')).updated_at).toEqual(before.updated_at);
  });

  it('asks for segment table maintenance after an import that changed rows', async () => {
    const maintenance = () => t.deps.db.selectFrom('jobs').select('status').where('name', '=', 'segments.analyze').execute();
    await t.deps.db.deleteFrom('jobs').where('name', '=', 'segments.analyze').execute();
    await upload('First Name,Email\nZed,zed@example.com\n');
    expect(await maintenance()).toEqual([{ status: 'queued' }]);
    await upload('First Name,Email\nYara,yara@example.com\n');
    expect(await maintenance()).toHaveLength(1); // one queued run covers both imports
    // The queue runs it (VACUUM cannot run inside a transaction: the job must not be given one).
    const jobs = createJobs({ db: t.deps.db, logger: t.deps.logger, now: t.deps.now, pollMs: 10, leaseMs: 5000 });
    const stop = registerSegmentJobs(jobs, t.deps);
    await jobs.runDue();
    stop();
    expect(await t.deps.db.selectFrom('jobs').select(['status', 'last_error']).where('name', '=', 'segments.analyze').execute()).toEqual([{ status: 'completed', last_error: null }]);
  });

  it('merges by email or phone with customers already there, and records a withdrawal of consent', async () => {
    const csv = ['Name,E-mail,Mobile,Email opt-in', 'Maya O.,maya@example.com,,no', 'Unknown Person,,+1 (646) 555-0142,', 'New Guest,new@example.com,,yes'].join('\n');
    const res = await upload(csv, 'generic');
    expect(res.body.data).toMatchObject({ format: 'generic', imported: 1, updated: 2, skipped: 0 });
    const maya = await customerByEmail('maya@example.com');
    expect(maya.email_consent).toBe(false);
    expect(maya.email_consent_withdrawn_at).toBeInstanceOf(Date);
    expect(maya).toMatchObject({ given_name: 'Maya', family_name: 'O.' });
    const ravi = await customerByEmail('ravi@example.com');
    expect(ravi.phone).toBe('+16465550142');
  });

  it('folds duplicate rows inside one file into one customer', async () => {
    const csv = ['email,first name,phone', 'dup@example.com,Dee,', 'DUP@example.com,,2125550111', '  ,Dee,(212) 555-0111'].join('\n');
    const res = await upload(csv);
    expect(res.body.data).toMatchObject({ imported: 1, updated: 2 });
    const dee = await customerByEmail('dup@example.com');
    expect(dee).toMatchObject({ given_name: 'Dee', phone: '+12125550111' });
  });

  it('reads Clover, Toast and Mailchimp exports, with their consent columns', async () => {
    const clover = ['First Name,Last Name,Phone Number,Email Address,Customer Since,Marketing Allowed', 'Cleo,Vance,3125550123,cleo@example.com,2023-05-01T10:00:00Z,true'].join('\n');
    const cloverRes = await upload(clover, 'clover');
    expect(cloverRes.body.data).toMatchObject({ format: 'clover', imported: 1 });
    expect(await customerByEmail('cleo@example.com')).toMatchObject({ email_consent: true, sms_consent: true, sms_consent_source: 'csv import' });
    expect((await customerByEmail('cleo@example.com')).customer_since.toISOString()).toBe('2023-05-01T10:00:00.000Z');

    const toast = ['Guest First Name,Guest Last Name,Guest Email,Guest Phone,Guest Birthday,Marketing Opt In,Total Visits,Total Spend,Last Visit Date', 'Tia,Moss,tia@example.com,,12/24,No,4,"1,020.00",3/2/2025'].join('\n');
    const toastRes = await upload(toast);
    expect(toastRes.body.data).toMatchObject({ format: 'toast', imported: 1, skipped: 0 });
    const tia = await customerByEmail('tia@example.com');
    expect(tia).toMatchObject({ birthday_month: 12, birthday_day: 24, email_consent: false, visit_count: 4 });
    expect(Number(tia.total_spent_cents)).toBe(102000);
    expect(tia.last_visit_at?.toISOString()).toBe('2025-03-02T00:00:00.000Z');

    const mailchimp = ['Email Address,First Name,Last Name,MEMBER_RATING,OPTIN_TIME,CONFIRM_TIME', 'mel@example.com,Mel,Gray,2,2024-06-01 09:30:00,2024-06-01 09:31:00'].join('\n');
    const mcRes = await upload(mailchimp);
    expect(mcRes.body.data.format).toBe('mailchimp');
    const mel = await customerByEmail('mel@example.com');
    expect(mel).toMatchObject({ email_consent: true, email_consent_source: 'csv import' });
    expect(mel.email_consent_at?.toISOString()).toBe('2024-06-01T09:30:00.000Z');
  });

  it('uses the owner’s column mapping from the preview', async () => {
    const csv = ['Col A,Col B,Contact', 'Pat,Quinn,pat@example.com'].join('\n');
    const unmapped = await upload(csv);
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.data.errors[0].detail).toBe('No column looks like a name, email or phone. Columns found: Col A, Col B, Contact');
    expect(unmapped.body.error).toBe(unmapped.body.data.errors[0].detail);

    const mapped = await upload(csv, 'auto', { 'Col A': 'given_name', 'Col B': 'family_name', Contact: 'email' });
    expect(mapped.body.data).toMatchObject({ imported: 1, mapping: { 'Col A': 'given_name', Contact: 'email' } });
    expect(await customerByEmail('pat@example.com')).toMatchObject({ given_name: 'Pat', family_name: 'Quinn' });

    const ignored = await upload(['First Name,Email', 'Ivy,ivy@example.com'].join('\n'), 'auto', { Email: null });
    expect(ignored.body.data.mapping.Email).toBeNull();
    const bad = await upload(csv, 'auto', { 'Col A': 'shoe_size' } as Record<string, string>);
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].field).toMatch(/Col A/);
  });

  it('accepts a raw text/csv body, and refuses empty files, unknown types and missing files', async () => {
    const raw = await call(t.app, 'POST', '/api/v1/customers/auto/customer-by-csv', undefined, owner.token, { 'Content-Type': 'text/csv' });
    expect(raw.status).toBe(400);
    const res = await t.app.request('/api/v1/customers/auto/customer-by-csv', {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'text/csv', Origin: 'http://localhost' },
      body: 'first_name,email\nRaw,raw@example.com\n',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { imported: number } }).data.imported).toBe(1);

    const empty = await upload('');
    expect(empty.status).toBe(400);
    expect(empty.body.data.errors[0].detail).toBe('The file is empty');
    const type = await upload('email\na@b.co', 'excel');
    expect(type.status).toBe(400);
    expect(type.body.data.errors[0].detail).toMatch(/Type is one of/);
    const form = new FormData();
    form.append('mapping', '{}');
    const noFile = await call(t.app, 'POST', '/api/v1/customers/auto/customer-by-csv', form, owner.token, { Origin: 'http://localhost' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.data.errors[0]).toEqual({ field: 'file', detail: 'Choose a CSV file to import' });
  });

  it('imports a file larger than one batch, streamed', async () => {
    const lines = ['First Name,Last Name,Email,Phone'];
    for (let i = 0; i < 12_000; i += 1) lines.push(`Zoë-${i},Batch,guest${i}@batch.test,${i % 2 ? `(718) ${String(200 + Math.floor(i / 1000))}-${String(1000 + (i % 1000)).slice(-4)}` : ''}`);
    const res = await upload(lines.join('\n'));
    expect(res.body.data).toMatchObject({ total_rows: 12_000, imported: 12_000, skipped: 0 });
    const list = await call(t.app, 'GET', '/api/v1/customers/get_customers?search=batch.test', undefined, owner.token);
    expect(list.body.results.total).toBe(12_000);
    // Multi-byte letters survive chunk boundaries of the stream.
    const names = await t.deps.db.selectFrom('customers').select('given_name').where('email', 'like', '%@batch.test').execute();
    expect(names.every((row) => /^Zoë-\d+$/.test(row.given_name ?? ''))).toBe(true);
  });
});

describe('parseCsvStream', () => {
  it('decodes a letter split across two chunks and keeps quoted commas and newlines', async () => {
    const bytes = Buffer.from('name,note\r\nZoë,"a, b"\r\n"Multi\nline",x\r\n');
    const split = bytes.indexOf(Buffer.from('ë')) + 1; // between the two bytes of ë
    const records: string[][] = [];
    await parseCsvStream(Readable.from([bytes.subarray(0, split), bytes.subarray(split)]), async (record) => {
      records.push(record);
    });
    expect(records).toEqual([
      ['name', 'note'],
      ['Zoë', 'a, b'],
      ['Multi\nline', 'x'],
    ]);
  });
});
