import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_DRAFT_MESSAGES } from '../../src/contract/email-drafts.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { expectRefusal } from '../helpers/field-errors.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addPhoto, setBrand } from './email.fixtures.ts';

describe('email drafts', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  let tacos: string;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, other] = await Promise.all([signUpVerified(t), signUpVerified(t, { name: 'Kai Other' })]);
    await setBrand(t, owner);
    tacos = await addPhoto(t, owner.userId, 'Fish tacos on the patio', new Date(Date.now() - 86_400_000));
    await addPhoto(t, owner.userId, 'Our dining room at night');
  });
  afterAll(() => t.close());

  // A browser sends Origin with every write (the same-origin check wants it for a write without a JSON body).
  const api = (method: string, path: string, body?: unknown, account = owner, headers: Record<string, string> = {}) =>
    call(t.app, method, `/api/v1/email${path}`, body, account.token, { Origin: 'http://localhost', ...headers });

  it('writes a draft from a prompt with the brand: honest copy, the fitting photo, the theme colour and footer', async () => {
    const res = await api('POST', '/drafts', { prompt: 'Friday fish tacos, 2 for $12, this week only' });
    expect(res.status).toBe(201);
    const draft = res.body;
    expect(draft).toMatchObject({ email_completed: [], version: 1, prompt: 'Friday fish tacos, 2 for $12, this week only' });
    expect(draft.user_title.length).toBeGreaterThan(0);
    expect(draft.subject.length).toBeGreaterThan(0);
    // The offer is in the email as the owner wrote it, and the photo chosen is the one of fish tacos.
    expect(draft.email_draft).toContain('$12');
    expect(draft.media_ids[0]).toBe(tacos);
    expect(draft.email_draft).toMatch(/\/api\/v1\/files\/email-images\/[\w-]{22}\.jpg/);
    expect(draft.email_draft).toContain('#2E7D32');
    expect(draft.email_draft).toContain('La Cocina');
    expect(draft.email_draft).toContain('12 Main St, Austin, TX');
    expect(draft.email_draft).toContain('{{unsubscribe_url}}');
    expect(draft.email_draft.startsWith('<!doctype html>')).toBe(true);
    // The photo's public copy is a real JPEG anyone (a mail client) can load.
    const path = /\/api\/v1\/files\/email-images\/[\w-]{22}\.jpg/.exec(draft.email_draft)![0];
    const image = await t.app.request(path);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    // A mail app or a webmail page is another origin: the server's same-origin default would block the picture there.
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('lists drafts newest change first, filtered by Drafts and Completed; reads one; another owner sees none', async () => {
    const first = (await api('POST', '/drafts', { prompt: 'Sunday brunch is back from 10 to 2' })).body;
    const second = (await api('POST', '/drafts', { prompt: 'Live music on Thursday night' })).body;
    await api('POST', `/drafts/${first.id}/complete`, { is_draft: 0, user_title: 'Brunch', version: first.version, blocks: first.blocks });
    const all = (await api('GET', '/drafts')).body.results;
    expect(all[0].id).toBe(first.id);
    expect(all.map((d: { id: string }) => d.id)).toContain(second.id);
    expect((await api('GET', '/drafts?status=completed')).body.results.map((d: { id: string }) => d.id)).toEqual([first.id]);
    expect((await api('GET', '/drafts?status=drafts')).body.results.map((d: { id: string }) => d.id)).not.toContain(first.id);
    expect((await api('GET', `/drafts/${second.id}`)).body).toMatchObject({ id: second.id, user_title: second.user_title });
    expect((await api('GET', '/drafts', undefined, other)).body.results).toEqual([]);
    expectRefusal((await api('GET', '/drafts?status=sent')).body, 'status: status must be all, drafts or completed');
  });

  it("answers 404 for another owner's draft, on every call, and changes nothing", async () => {
    const mine = (await api('POST', '/drafts', { prompt: 'Taco Tuesday' })).body;
    const calls: Array<[string, string, unknown]> = [
      ['GET', `/drafts/${mine.id}`, undefined],
      ['POST', `/drafts/${mine.id}/regenerate`, {}],
      ['POST', `/drafts/${mine.id}/refresh-images`, {}],
      ['POST', `/drafts/${mine.id}/complete`, { is_draft: 0, user_title: 'Mine now', version: 1, blocks: mine.blocks }],
      ['POST', `/drafts/${mine.id}/title`, { campaign_title: 'Mine now', version: 1 }],
      ['POST', `/drafts/${mine.id}/content`, { version: 1, subject: 'Mine now' }],
      ['DELETE', `/drafts/${mine.id}`, undefined],
    ];
    for (const [method, path, body] of calls) expect((await api(method, path, body, other)).status, `${method} ${path}`).toBe(404);
    expect((await api('GET', '/drafts/not-a-uuid')).status).toBe(404);
    expect((await api('GET', `/drafts/${mine.id}`)).body).toMatchObject({ version: 1, user_title: mine.user_title });
  });

  it('refuses bad input naming the field, and a photo that is not the owner’s', async () => {
    expectRefusal((await api('POST', '/drafts', { prompt: '   ' })).body, 'prompt: Tell us what the email is about');
    expectRefusal((await api('POST', '/drafts', { prompt: 'x'.repeat(1001) })).body, 'prompt: Prompt must be at most 1000 characters');
    const theirs = await addPhoto(t, other.userId, 'Their tacos');
    const foreign = await api('POST', '/drafts', { prompt: 'Tacos', media_ids: [theirs] });
    expect(foreign.status).toBe(404);
    expect(Object.keys(foreign.body.fields)).toContain('media_ids');
    const draft = (await api('POST', '/drafts', { prompt: 'Tacos' })).body;
    expectRefusal((await api('POST', `/drafts/${draft.id}/title`, { campaign_title: '', version: draft.version })).body, 'campaign_title: Campaign title is required');
    expectRefusal((await api('POST', `/drafts/${draft.id}/complete`, { is_draft: 1, user_title: 'x', version: 1, blocks: draft.blocks })).body, 'is_draft: is_draft must be 0');
    const both = await api('POST', `/drafts/${draft.id}/complete`, { is_draft: 0, user_title: 'x', version: 1, blocks: draft.blocks, content: '<p>hi</p>' });
    expect(both.status).toBe(400);
    const nul = await api('POST', `/drafts/${draft.id}/title`, { campaign_title: 'Bad\u0000title', version: 1 });
    expect(nul.status).toBe(400);
    expect(Object.keys(nul.body.fields)).toContain('campaign_title');
    expect((await api('GET', `/drafts/${draft.id}`)).body.user_title).toBe(draft.user_title);
  });

  it('regenerates a different email, and refreshes images (other photos, or says the library is empty)', async () => {
    for (const description of ['Tacos al pastor close up', 'Fresh tortillas', 'Patio with string lights']) await addPhoto(t, owner.userId, description);
    const draft = (await api('POST', '/drafts', { prompt: 'Fish tacos this Friday' })).body;
    const again = await api('POST', `/drafts/${draft.id}/regenerate`, { version: draft.version });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(EMAIL_DRAFT_MESSAGES.regenerated);
    expect(again.body.draft.version).toBe(draft.version + 1);
    expect(JSON.stringify(again.body.draft.blocks)).not.toBe(JSON.stringify(draft.blocks));

    const refreshed = await api('POST', `/drafts/${draft.id}/refresh-images`, {});
    expect(refreshed.body.images_found).toBeGreaterThan(0);
    expect(refreshed.body.draft.media_ids).not.toEqual(again.body.draft.media_ids);

    const empty = await signUpVerified(t);
    const bare = (await api('POST', '/drafts', { prompt: 'Fish tacos this Friday' }, empty)).body;
    const none = await api('POST', `/drafts/${bare.id}/refresh-images`, {}, empty);
    expect(none.body).toMatchObject({ message: EMAIL_DRAFT_MESSAGES.noImages, images_found: 0 });
  });

  it('completes with the edited preview HTML: text mapped back, hostile markup never stored or rendered', async () => {
    const draft = (await api('POST', '/drafts', { prompt: 'New summer menu' })).body;
    const textBlock = draft.blocks.find((block: { type: string }) => block.type === 'text');
    // The owner edits a paragraph in place; someone pastes a script, a handler and a javascript: link.
    const edited = (draft.email_draft as string).replace(
      new RegExp(`(data-block-id="${textBlock.id}"[\\s\\S]*?<div[^>]*data-block-part[^>]*>)`),
      '$1<p>Come taste it <b>first</b>.</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a>',
    );
    const res = await api('POST', `/drafts/${draft.id}/complete`, { is_draft: 0, content: edited, user_title: 'Summer menu', version: draft.version });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(EMAIL_DRAFT_MESSAGES.completed);
    const saved = res.body.draft;
    expect(saved.email_completed).toHaveLength(1);
    expect(saved.user_title).toBe('Summer menu');
    const stored = JSON.stringify(saved.blocks);
    expect(stored).toContain('Come taste it');
    for (const hostile of ['<script', 'onerror', 'javascript:']) {
      expect(stored).not.toContain(hostile);
      expect(saved.email_draft).not.toContain(hostile);
    }
  });

  it('a change against an old version is a 409 carrying the current draft; nothing is overwritten', async () => {
    const draft = (await api('POST', '/drafts', { prompt: 'Wine night' })).body;
    const elsewhere = await api('POST', `/drafts/${draft.id}/title`, { campaign_title: 'Changed on the laptop', version: draft.version });
    expect(elsewhere.body.message).toBe(EMAIL_DRAFT_MESSAGES.titleUpdated);
    const stale = await api('POST', `/drafts/${draft.id}/title`, { campaign_title: 'Changed on the phone', version: draft.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict');
    expect(stale.body.current).toMatchObject({ id: draft.id, user_title: 'Changed on the laptop', version: draft.version + 1 });
    const content = await api('POST', `/drafts/${draft.id}/content`, { version: draft.version, subject: 'Phone subject' });
    expect(content.status).toBe(409);
    expect((await api('GET', `/drafts/${draft.id}`)).body).toMatchObject({ user_title: 'Changed on the laptop', subject: draft.subject });
  });

  it('updates content from blocks or edited HTML, and a replayed write (same Idempotency-Key) applies once', async () => {
    const draft = (await api('POST', '/drafts', { prompt: 'Mother’s Day brunch' })).body;
    const key = 'email-content-key-1';
    const body = { version: draft.version, subject: 'Brunch for mum', preheader: 'Book a table' };
    const first = await api('POST', `/drafts/${draft.id}/content`, body, owner, { 'Idempotency-Key': key });
    expect(first.body).toMatchObject({ message: EMAIL_DRAFT_MESSAGES.updated, draft: { subject: 'Brunch for mum', version: draft.version + 1 } });
    const replay = await api('POST', `/drafts/${draft.id}/content`, body, owner, { 'Idempotency-Key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await api('GET', `/drafts/${draft.id}`)).body.version).toBe(draft.version + 1);
  });

  it('the live preview renders unsaved content with the brand; bad blocks name the field', async () => {
    const res = await api('POST', '/preview', { subject: 'Hi', blocks: [{ id: 'h1', type: 'heading', text: 'Tacos!' }, { id: 'b1', type: 'button', label: 'Book', colour: '#123456' }] });
    expect(res.status).toBe(200);
    expect(res.body.html).toContain('Tacos!');
    expect(res.body.html).toContain('#123456');
    expect(res.body.text).toContain('Tacos!');
    const bad = await api('POST', '/preview', { subject: 'Hi', blocks: [{ id: 'b1', type: 'button', label: 'Book', href: 'javascript:alert(1)' }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('blocks.0.href');
  });

  it('the plan limits AI drafts: over the allowance a 402 names the plan to upgrade to', async () => {
    const free = await signUpVerified(t);
    const limit = 10;
    await t.deps.db
      .insertInto('email_drafts')
      .values(Array.from({ length: limit }, (_, n) => ({ user_id: free.userId, source: 'ai' as const, user_title: `d${n}`, subject: 's', blocks: '[]', html: '', media_ids: '[]', completions: '[]', created_at: new Date(), updated_at: new Date() })))
      .execute();
    const over = await api('POST', '/drafts', { prompt: 'One more' }, free);
    expect(over.status).toBe(402);
    expect(over.body.error).toMatch(/Free plan allows 10 AI email drafts a month\. Upgrade to Basic/);
    const usage = (await call(t.app, 'GET', '/api/v1/subscriptions/current', undefined, free.token)).body.usage;
    expect(usage).toContainEqual(expect.objectContaining({ key: 'aiDraftsPerMonth', used: 10, limit: 10, counted: true }));
    // The bar under "Write my email" reads the same figures; a refused draft counts nothing.
    expect((await api('GET', '/usage', undefined, free)).body).toEqual({ ai_drafts: { used: 10, limit: 10 }, templates: { used: 0, limit: 3 } });
  });

  it('counts each AI draft against the plan for the usage bar, one owner at a time', async () => {
    const fresh = await signUpVerified(t);
    expect((await api('GET', '/usage', undefined, fresh)).body.ai_drafts).toEqual({ used: 0, limit: 10 });
    expect((await api('POST', '/drafts', { prompt: 'Soup of the day' }, fresh)).status).toBe(201);
    expect((await api('GET', '/usage', undefined, fresh)).body.ai_drafts).toEqual({ used: 1, limit: 10 });
    expect((await call(t.app, 'GET', '/api/v1/email/usage')).status).toBe(401);
  });
});
