import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_MESSAGES } from '../../src/contract/email-templates.ts';
import { TEMPLATE_CATEGORIES } from '../../src/contract/email.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { expectRefusal } from '../helpers/field-errors.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { givePlan, setBrand } from './email.fixtures.ts';

describe('email templates', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, other] = await Promise.all([signUpVerified(t), signUpVerified(t, { name: 'Kai Other' })]);
    await setBrand(t, owner);
    await givePlan(t, owner.userId);
  });
  afterAll(() => t.close());

  const api = (method: string, path: string, body?: unknown, account = owner) =>
    call(t.app, method, `/api/v1/email${path}`, body, account.token, { Origin: 'http://localhost' });
  const BLOCKS = [
    { id: 'head', type: 'header_image' },
    { id: 'h1', type: 'heading', text: 'Our anniversary dinner' },
    { id: 't1', type: 'text', html: '<p>Join us for [Date].</p>' },
    { id: 'cta', type: 'button', label: 'Book a table' },
    { id: 'foot', type: 'footer' },
  ];

  it('lists the starter templates in every category, rendered with the owner’s brand, and the categories', async () => {
    const categories = (await api('GET', '/template-categories')).body.results;
    expect(categories).toEqual(TEMPLATE_CATEGORIES.map(({ value, display_name }) => ({ value, display_name })));
    const all = (await api('GET', '/templates')).body.results;
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((template: { category: string }) => template.category))).toEqual(new Set(TEMPLATE_CATEGORIES.map((c) => c.value)));
    expect(all[0]).toMatchObject({ starter: true });
    expect(all[0].html_content).toContain('#2E7D32');
    expect(all[0].html_content).toContain('La Cocina');
    const events = (await api('GET', '/templates?category=event')).body.results;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((template: { category: string }) => template.category === 'event')).toBe(true);
    expectRefusal((await api('GET', '/templates?category=party')).body, 'category: Category must be one of: promotion, event, new_menu, holiday, loyalty, newsletter, reopening, feedback');
  });

  it('creates a template (name and category required, content required), finds it under its category, updates it', async () => {
    expectRefusal((await api('POST', '/templates', { name: '', category: 'event', blocks: BLOCKS })).body, `name: ${EMAIL_TEMPLATE_MESSAGES.needsTitleAndCategory}`);
    expectRefusal((await api('POST', '/templates', { name: 'Anniversary', blocks: BLOCKS })).body, `category: ${EMAIL_TEMPLATE_MESSAGES.needsTitleAndCategory}`);
    expect((await api('POST', '/templates', { name: 'Anniversary', category: 'event' })).status).toBe(400);

    const created = await api('POST', '/templates', { name: 'Anniversary', category: 'event', blocks: BLOCKS });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(EMAIL_TEMPLATE_MESSAGES.created);
    const id = created.body.template.id;
    expect(created.body.template).toMatchObject({ name: 'Anniversary', display_name: 'Anniversary', category: 'event', starter: false, subject: 'Our anniversary dinner' });
    const events = (await api('GET', '/templates?category=event')).body.results;
    expect(events[0].id).toBe(id);

    const updated = await api('PUT', `/templates/${id}`, { name: 'Our anniversary', blocks: [...BLOCKS.slice(0, 2), { id: 't1', type: 'text', html: '<p>Ten years!</p><script>x()</script>' }] });
    expect(updated.body.message).toBe(EMAIL_TEMPLATE_MESSAGES.updated);
    expect(updated.body.template.name).toBe('Our anniversary');
    expect(JSON.stringify(updated.body.template.blocks)).toContain('Ten years!');
    expect(JSON.stringify(updated.body.template.blocks)).not.toContain('script');
  });

  it('a template made from pasted HTML is sanitized and mapped onto blocks', async () => {
    const res = await api('POST', '/templates', {
      name: 'Pasted',
      category: 'newsletter',
      html_content: '<h1>News from the kitchen</h1><p onclick="steal()">We have <a href="javascript:evil()">news</a>.</p><script>evil()</script>',
    });
    expect(res.status).toBe(201);
    const stored = JSON.stringify(res.body.template.blocks);
    expect(stored).toContain('News from the kitchen');
    for (const hostile of ['onclick', 'javascript:', '<script']) expect(stored).not.toContain(hostile);
    expect(res.body.notes?.length).toBeGreaterThan(0);
  });

  it('updating a starter template keeps the starter as it is and saves the owner’s copy', async () => {
    const starter = (await api('GET', '/templates')).body.results.find((template: { starter: boolean }) => template.starter);
    const res = await api('PUT', `/templates/${starter.id}`, { name: 'My special', subject: 'This week only at La Cocina' });
    expect(res.status).toBe(200);
    expect(res.body.template).toMatchObject({ name: 'My special', starter: false, subject: 'This week only at La Cocina', category: starter.category });
    expect(res.body.template.id).not.toBe(starter.id);
    expect((await api('GET', `/templates/${starter.id}`)).body.subject).toBe(starter.subject);
    expect((await api('DELETE', `/templates/${starter.id}`)).status).toBe(400);
  });

  it('starts a draft from a template without using an AI draft', async () => {
    const starter = (await api('GET', '/templates?category=feedback')).body.results[0];
    const res = await api('POST', `/templates/${starter.id}/use`);
    expect(res.status).toBe(201);
    expect(res.body.draft).toMatchObject({ user_title: starter.display_name, subject: starter.subject, email_completed: [] });
    expect((await api('GET', `/drafts/${res.body.draft.id}`)).status).toBe(200);
    const usage = (await call(t.app, 'GET', '/api/v1/subscriptions/current', undefined, owner.token)).body.usage;
    expect(usage).toContainEqual(expect.objectContaining({ key: 'aiDraftsPerMonth', used: 0 }));
  });

  it("answers 404 for another owner's template on every call", async () => {
    const mine = (await api('POST', '/templates', { name: 'Secret', category: 'loyalty', blocks: BLOCKS })).body.template;
    for (const [method, path, body] of [
      ['GET', `/templates/${mine.id}`, undefined],
      ['PUT', `/templates/${mine.id}`, { name: 'Stolen' }],
      ['DELETE', `/templates/${mine.id}`, undefined],
      ['POST', `/templates/${mine.id}/use`, undefined],
    ] as const) {
      expect((await api(method, path, body, other)).status, `${method} ${path}`).toBe(404);
    }
    expect((await api('GET', '/templates', undefined, other)).body.results.some((template: { id: string }) => template.id === mine.id)).toBe(false);
    expect((await api('GET', `/templates/${mine.id}`)).body.name).toBe('Secret');
  });

  it('the plan limits new templates per month', async () => {
    const free = await signUpVerified(t);
    for (let n = 0; n < 3; n++) expect((await api('POST', '/templates', { name: `T${n}`, category: 'event', blocks: BLOCKS }, free)).status).toBe(201);
    const over = await api('POST', '/templates', { name: 'T4', category: 'event', blocks: BLOCKS }, free);
    expect(over.status).toBe(402);
    expect(over.body.error).toMatch(/Free plan allows 3 new email templates a month\. Upgrade to Basic/);
  });
});
