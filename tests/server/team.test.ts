import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_FORBIDDEN_MESSAGE } from '../../src/contract/team.ts';
import { staffScope } from '../../server/middleware/team-access.ts';
import { signUpVerified, testEmail, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { givePlan } from './email.fixtures.ts';
import { mediaForm, png } from './media.fixtures.ts';

// Issue 19: the owner's team. Staff upload media to the restaurant's library and reach nothing else.
const DAY = 24 * 3600 * 1000;

describe('team: invitations, staff access, plan limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://mise.example' });
  });
  afterAll(() => t.close());

  /** The token of the last invitation mailed to `to`, read from the link as the invitee would. */
  const linkTokenFor = (to: string) => {
    const message = t.mailer.sent.findLast((m) => m.to === to);
    const link = message && /https:\/\/mise\.example\/join\?invite=([A-Za-z0-9_-]+)/.exec(message.text);
    if (!link?.[1]) throw new Error(`no invitation mailed to ${to}`);
    return decodeURIComponent(link[1]);
  };
  const invite = (owner: TestAccount, email: string) => call(t.app, 'POST', '/api/v1/team/invitations', { email }, owner.token, { 'Idempotency-Key': randomUUID() });
  const accept = (token: string, name = 'Sam Lee', password = 'staff-pass-42') => call(t.app, 'POST', '/api/v1/team/invitations/accept', { token, name, password });
  const upload = (token: string, description: string, extra: Record<string, string> = {}) =>
    png(64, 48).then((bytes) =>
      call(t.app, 'POST', '/api/v1/media/add', mediaForm({ description, ...extra }, { bytes, name: 'dish.png', type: 'image/png' }), token, { 'Idempotency-Key': randomUUID() }),
    );

  /** An owner on `plan` with one staff member who joined. */
  async function ownerWithStaff(plan: 'basic' | 'professional' | 'premium' = 'professional') {
    const owner = await signUpVerified(t, { name: 'Rosa Martinez' });
    await givePlan(t, owner.userId, plan);
    const email = testEmail('staff');
    expect((await invite(owner, email)).status).toBe(201);
    const joined = await accept(linkTokenFor(email));
    expect(joined.status).toBe(201);
    return { owner, staff: { userId: joined.body.userId as string, token: joined.body.token as string, email } };
  }

  it('invites by email: 201, one mail through the mailer with a single-use ?invite= link, listed as pending', async () => {
    const owner = await signUpVerified(t);
    await givePlan(t, owner.userId, 'basic');
    const email = testEmail('sam');
    const res = await invite(owner, email);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, expired: false });
    expect(new Date(res.body.expiresAt).getTime() - new Date(res.body.sentAt).getTime()).toBe(7 * DAY);
    const mail = t.mailer.sent.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe("Rosa Martinez invited you to upload photos for Rosa's restaurant on Mise");
    expect(mail.html).toContain('https://mise.example/join?invite=');
    const team = await call(t.app, 'GET', '/api/v1/team', undefined, owner.token);
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({ limit: 2, used: 1, planName: 'Basic' });
    expect(team.body.members).toEqual([expect.objectContaining({ id: owner.userId, role: 'owner', uploads: 0 })]);
    expect(team.body.invitations).toEqual([expect.objectContaining({ id: res.body.id, email })]);
    // The link says who invited whom before anything is set.
    const preview = await call(t.app, 'POST', '/api/v1/team/invitations/check', { token: linkTokenFor(email) });
    expect(preview.body).toEqual({ email, restaurantName: "Rosa's restaurant", ownerName: 'Rosa Martinez' });
    // Bad bodies name the field.
    const bad = await invite(owner, 'not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('email');
    expect((await invite(owner, owner.email)).status).toBe(400);
  });

  it('accepts: a verified staff account with the sign-in shape, signed in at once; the link works once', async () => {
    const owner = await signUpVerified(t);
    await givePlan(t, owner.userId, 'basic');
    await t.deps.db.insertInto('brand_settings').values({ user_id: owner.userId, brand_name: 'Casa Rosa' }).onConflict((oc) => oc.column('user_id').doUpdateSet({ brand_name: 'Casa Rosa' })).execute();
    const email = testEmail('sam');
    await invite(owner, email);
    const token = linkTokenFor(email);
    const weak = await accept(token, 'Sam Lee', 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.fields.password).toBe('Password must be at least 8 characters');
    const res = await accept(token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Sam Lee', email, image: null, phoneNumber: null, activeSubscription: null, role: 'staff', restaurantName: 'Casa Rosa' });
    expect(typeof res.body.userId).toBe('string');
    expect(typeof res.body.token).toBe('string');
    const me = await call(t.app, 'GET', '/api/v1/users/me', undefined, res.body.token);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: res.body.userId, name: 'Sam Lee', verified: true, role: 'staff' });
    // The owner's own answers are unchanged (no role field).
    const ownerMe = await call(t.app, 'GET', '/api/v1/users/me', undefined, owner.token);
    expect(ownerMe.body.user).not.toHaveProperty('role');
    // Single use.
    const again = await accept(token, 'Someone Else');
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('This invitation has already been used. Sign in with your email and password.');
    // Signs in like anyone, and is told apart as staff.
    const signin = await call(t.app, 'POST', '/api/v1/auth/signin', { email, password: 'staff-pass-42', userType: 'regular' });
    expect(signin.status).toBe(200);
    expect(signin.body).toMatchObject({ role: 'staff', userId: res.body.userId });
    const team = await call(t.app, 'GET', '/api/v1/team', undefined, owner.token);
    expect(team.body.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'staff']);
    expect(team.body.invitations).toEqual([]);
    expect(team.body.used).toBe(2);
  });

  it('expires: a link older than 7 days is refused with 410; resending sends a fresh link and voids the old one', async () => {
    const owner = await signUpVerified(t);
    await givePlan(t, owner.userId, 'basic');
    const email = testEmail('late');
    const sent = await invite(owner, email);
    const old = linkTokenFor(email);
    t.advance(7 * DAY + 1000);
    try {
      const res = await accept(old);
      expect(res.status).toBe(410);
      expect(res.body.error).toBe('This invitation has expired. Ask the owner to send a new one.');
      const team = await call(t.app, 'GET', '/api/v1/team', undefined, owner.token);
      expect(team.body.invitations).toEqual([expect.objectContaining({ id: sent.body.id, expired: true })]);
      const resent = await call(t.app, 'POST', `/api/v1/team/invitations/${sent.body.id}/resend`, undefined, owner.token, { 'Idempotency-Key': randomUUID() });
      expect(resent.status).toBe(200);
      expect(resent.body).toMatchObject({ id: sent.body.id, expired: false });
      const fresh = linkTokenFor(email);
      expect(fresh).not.toBe(old);
      expect((await accept(old)).status).toBe(404);
      expect((await accept(fresh)).status).toBe(201);
    } finally {
      t.advance(-(7 * DAY + 1000));
    }
  });

  it('revokes: the link stops working (404), the invitation leaves the list, another owner cannot revoke it', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    await givePlan(t, owner.userId, 'basic');
    const email = testEmail('gone');
    const sent = await invite(owner, email);
    const token = linkTokenFor(email);
    expect((await call(t.app, 'DELETE', `/api/v1/team/invitations/${sent.body.id}`, undefined, other.token, { 'Idempotency-Key': randomUUID() })).status).toBe(404);
    const res = await call(t.app, 'DELETE', `/api/v1/team/invitations/${sent.body.id}`, undefined, owner.token, { 'Idempotency-Key': randomUUID() });
    expect(res.status).toBe(200);
    const refused = await accept(token);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('This invitation link is not valid any more. Ask the owner to invite you again.');
    expect((await call(t.app, 'GET', '/api/v1/team', undefined, owner.token)).body.invitations).toEqual([]);
  });

  it('staff upload to the restaurant: the item is the owner’s (campaigns can use it), names the uploader, and can be filtered by it', async () => {
    const { owner, staff } = await ownerWithStaff();
    const mine = await upload(owner.token, 'The owner’s soup');
    expect(mine.status).toBe(201);
    const theirs = await upload(staff.token, 'Tacos al pastor, shot during service');
    expect(theirs.status).toBe(201);
    expect(theirs.body).toMatchObject({ userId: owner.userId, uploadedBy: { id: staff.userId, name: 'Sam Lee' } });
    const row = await t.deps.db.selectFrom('media').select(['user_id', 'uploaded_by']).where('id', '=', theirs.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: owner.userId, uploaded_by: staff.userId });

    const all = await call(t.app, 'GET', '/api/v1/media/recent', undefined, owner.token);
    expect(all.body.items.map((i: { id: string }) => i.id).sort()).toEqual([mine.body.id, theirs.body.id].sort());
    const bySam = await call(t.app, 'GET', `/api/v1/media?uploadedBy=${staff.userId}`, undefined, owner.token);
    expect(bySam.body).toMatchObject({ total: 1, items: [{ id: theirs.body.id, uploadedBy: { name: 'Sam Lee' } }] });
    const byOwner = await call(t.app, 'GET', `/api/v1/media/recent?uploadedBy=${owner.userId}`, undefined, owner.token);
    expect(byOwner.body.items.map((i: { id: string }) => i.id)).toEqual([mine.body.id]);
    expect((await call(t.app, 'GET', '/api/v1/media?uploadedBy=nope', undefined, owner.token)).status).toBe(400);
    // Staff see the whole library too.
    const staffView = await call(t.app, 'GET', '/api/v1/media/recent', undefined, staff.token);
    expect(staffView.body.total).toBe(2);
    const team = await call(t.app, 'GET', '/api/v1/team', undefined, owner.token);
    expect(team.body.members.find((m: { id: string }) => m.id === staff.userId).uploads).toBe(1);

    // Their own descriptions only; no renaming, moving, folders or deleting.
    const edit = (id: string, body: unknown) => call(t.app, 'POST', `/api/v1/media/update/${id}`, body, staff.token, { 'Idempotency-Key': randomUUID() });
    expect((await edit(theirs.body.id, { description: 'Tacos al pastor, pineapple on top' })).body.description).toBe('Tacos al pastor, pineapple on top');
    const notTheirs = await edit(mine.body.id, { description: 'mine now' });
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.error).toBe('You can change the description of what you uploaded only.');
    expect((await edit(theirs.body.id, { name: 'renamed' })).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/v1/media/${theirs.body.id}`, undefined, staff.token, { 'Idempotency-Key': randomUUID() })).status).toBe(403);
    const folder = await call(t.app, 'POST', '/api/v1/media/add', mediaForm({ isFolder: 'true', name: 'Mine', description: 'x' }), staff.token, { 'Idempotency-Key': randomUUID() });
    expect(folder.status).toBe(403);
    // The owner still edits everything.
    const ownerEdit = await call(t.app, 'POST', `/api/v1/media/update/${theirs.body.id}`, { name: 'Tacos' }, owner.token, { 'Idempotency-Key': randomUUID() });
    expect(ownerEdit.status).toBe(200);
  });

  it('resumable (tus) uploads by staff land in the restaurant’s library', async () => {
    const { owner, staff } = await ownerWithStaff();
    const bytes = await png(80, 60);
    const created = await t.app.request('/api/v1/media/uploads', {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff.token}`, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${Buffer.from('dish.png').toString('base64')},filetype ${Buffer.from('image/png').toString('base64')}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const uploadId = location.split('/').pop()!;
    const patched = await t.app.request(new URL(location, 'http://localhost').pathname, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${staff.token}`, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(patched.status).toBe(204);
    const added = await call(t.app, 'POST', '/api/v1/media/add', mediaForm({ uploadId, name: 'dish.png', description: 'Resumed' }), staff.token, { 'Idempotency-Key': randomUUID() });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ userId: owner.userId, uploadedBy: { id: staff.userId } });
  });

  it('a staff token gets 403 with a plain message on every route that is not the media library or their own profile', async () => {
    const { staff } = await ownerWithStaff();
    type Entry = { method: string; path: string };
    const routes = [...new Map((t.app.routes as Entry[]).filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/')).map((r) => [`${r.method} ${r.path}`, r])).values()];
    expect(routes.length).toBeGreaterThan(100);
    const concrete = (path: string) => path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, randomUUID()).replace(/\*$/, 'x');
    const allowed: string[] = [];
    const refused: string[] = [];
    // Even a path no route knows.
    expect((await call(t.app, 'GET', '/api/v1/nothing-here', undefined, staff.token)).status).toBe(403);
    // Signing out would end the very session the walk uses: it goes last.
    routes.sort((x, y) => Number(x.path.endsWith('/signout')) - Number(y.path.endsWith('/signout')));
    for (const route of routes) {
      const path = concrete(route.path);
      const res = await t.app.request(path, { method: route.method, headers: { Authorization: `Bearer ${staff.token}`, 'Idempotency-Key': randomUUID(), 'Content-Type': 'application/json' }, body: ['GET', 'HEAD'].includes(route.method) ? undefined : '{}' });
      if (staffScope(route.method, path)) {
        allowed.push(`${route.method} ${route.path}`);
        expect(res.status, `${route.method} ${route.path}`).not.toBe(403);
      } else {
        refused.push(`${route.method} ${route.path}`);
        expect(res.status, `${route.method} ${route.path}`).toBe(403);
        expect(await res.json()).toEqual({ error: STAFF_FORBIDDEN_MESSAGE, code: 'forbidden' });
      }
    }
    // What staff reach, spelled out: anything new under /api/v1 is refused until listed in STAFF_ROUTES.
    expect(allowed.filter((r) => !r.includes('/auth/')).sort()).toEqual(
      [
        'DELETE /api/v1/media/uploads/:id',
        'GET /api/v1/files/avatars/:name',
        'GET /api/v1/media',
        'GET /api/v1/media/:id',
        'GET /api/v1/media/files/:id/:variant',
        'GET /api/v1/media/folders',
        'GET /api/v1/media/recent',
        'GET /api/v1/media/uploads',
        'GET /api/v1/media/uploads/:id',
        'GET /api/v1/users/me',
        'OPTIONS /api/v1/media/uploads',
        'OPTIONS /api/v1/media/uploads/:id',
        'PATCH /api/v1/media/uploads',
        'PATCH /api/v1/media/uploads/:id',
        'POST /api/v1/media/add',
        'POST /api/v1/media/update/:id',
        'POST /api/v1/media/uploads',
        'POST /api/v1/media/uploads/:id',
        'POST /api/v1/users/change-password',
        'POST /api/v1/users/update-profile/:id',
        'DELETE /api/v1/media/uploads',
      ].sort(),
    );
    for (const path of ['/api/v1/customers', '/api/v1/team', '/api/v1/segments', '/api/v1/subscriptions/current', '/api/v1/brand']) {
      expect(refused.some((r) => r.endsWith(` ${path}`) || r.includes(`${path}/`)), path).toBe(true);
    }
  });

  it("restaurant A's staff cannot see or touch restaurant B's media", async () => {
    const a = await ownerWithStaff();
    const b = await ownerWithStaff();
    const bItem = await upload(b.owner.token, 'B’s dish');
    const bStaffItem = await upload(b.staff.token, 'B staff’s dish');
    for (const id of [bItem.body.id, bStaffItem.body.id]) {
      expect((await call(t.app, 'GET', `/api/v1/media/${id}`, undefined, a.staff.token)).status).toBe(404);
      expect((await call(t.app, 'POST', `/api/v1/media/update/${id}`, { description: 'x' }, a.staff.token, { 'Idempotency-Key': randomUUID() })).status).toBe(404);
    }
    const list = await call(t.app, 'GET', '/api/v1/media/recent', undefined, a.staff.token);
    expect(list.body.total).toBe(0);
    // Uploading into B's folder from A: not found.
    const folder = await call(t.app, 'POST', '/api/v1/media/add', mediaForm({ isFolder: 'true', name: 'B', description: 'B' }), b.owner.token, { 'Idempotency-Key': randomUUID() });
    expect((await upload(a.staff.token, 'into B', { parentId: folder.body.id })).status).toBe(404);
    // A's owner cannot remove B's member, nor read their team.
    expect((await call(t.app, 'DELETE', `/api/v1/team/members/${b.staff.userId}`, undefined, a.owner.token, { 'Idempotency-Key': randomUUID() })).status).toBe(404);
  });

  it('removing a member ends their sessions at once; their uploads stay the restaurant’s with their name', async () => {
    const { owner, staff } = await ownerWithStaff();
    const item = await upload(staff.token, 'Before leaving');
    const second = await call(t.app, 'POST', '/api/v1/auth/signin', { email: staff.email, password: 'staff-pass-42', userType: 'regular' });
    expect(second.status).toBe(200);
    const res = await call(t.app, 'DELETE', `/api/v1/team/members/${staff.userId}`, undefined, owner.token, { 'Idempotency-Key': randomUUID() });
    expect(res.status).toBe(200);
    for (const token of [staff.token, second.body.token]) {
      const me = await call(t.app, 'GET', '/api/v1/media/recent', undefined, token);
      expect(me.status).toBe(401);
    }
    expect((await call(t.app, 'POST', '/api/v1/auth/signin', { email: staff.email, password: 'staff-pass-42', userType: 'regular' })).status).toBe(401);
    const kept = await call(t.app, 'GET', `/api/v1/media/${item.body.id}`, undefined, owner.token);
    expect(kept.body).toMatchObject({ userId: owner.userId, uploadedBy: { id: null, name: 'Sam Lee' } });
    const team = await call(t.app, 'GET', '/api/v1/team', undefined, owner.token);
    expect(team.body.members).toHaveLength(1);
    expect(team.body.used).toBe(1);
    // The owner can not be removed through it, nor can a staff member remove anyone.
    expect((await call(t.app, 'DELETE', `/api/v1/team/members/${owner.userId}`, undefined, owner.token, { 'Idempotency-Key': randomUUID() })).status).toBe(404);
  });

  it("the owner's filter by uploader lists the owner, every member and removed members who still have files", async () => {
    const { owner, staff } = await ownerWithStaff();
    const mine = await upload(owner.token, 'The owner’s soup');
    const theirs = await upload(staff.token, 'Shot before leaving');
    const lia = testEmail('lia');
    await invite(owner, lia);
    const joined = await accept(linkTokenFor(lia), 'Lia Park');
    expect((await call(t.app, 'DELETE', `/api/v1/team/members/${staff.userId}`, undefined, owner.token, { 'Idempotency-Key': randomUUID() })).status).toBe(200);

    const res = await call(t.app, 'GET', '/api/v1/media/uploaders', undefined, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.uploaders).toEqual([
      { id: owner.userId, name: 'Rosa Martinez', role: 'owner', uploads: 1 },
      { id: joined.body.userId, name: 'Lia Park', role: 'staff', uploads: 0 },
      { id: null, name: 'Sam Lee', role: 'removed', uploads: 1 },
    ]);
    // The removed member's files, by the name they had; they are not the owner's.
    const byName = await call(t.app, 'GET', `/api/v1/media?uploadedByName=${encodeURIComponent('Sam Lee')}`, undefined, owner.token);
    expect(byName.body).toMatchObject({ total: 1, items: [{ id: theirs.body.id, uploadedBy: { id: null, name: 'Sam Lee' } }] });
    const recentByName = await call(t.app, 'GET', `/api/v1/media/recent?uploadedByName=${encodeURIComponent('Sam Lee')}`, undefined, owner.token);
    expect(recentByName.body.items.map((i: { id: string }) => i.id)).toEqual([theirs.body.id]);
    const byOwner = await call(t.app, 'GET', `/api/v1/media?uploadedBy=${owner.userId}`, undefined, owner.token);
    expect(byOwner.body.items.map((i: { id: string }) => i.id)).toEqual([mine.body.id]);
    expect((await call(t.app, 'GET', `/api/v1/media?uploadedBy=${joined.body.userId}`, undefined, owner.token)).body.total).toBe(0);
    const empty = await call(t.app, 'GET', '/api/v1/media?uploadedByName=', undefined, owner.token);
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty('uploadedByName');
    // Staff upload and browse, but the filter's list is the owner's.
    const staffAsk = await call(t.app, 'GET', '/api/v1/media/uploaders', undefined, joined.body.token);
    expect(staffAsk.status).toBe(403);
    expect(staffAsk.body.error).toBe(STAFF_FORBIDDEN_MESSAGE);
    // Another owner sees only their own.
    const other = await signUpVerified(t);
    expect((await call(t.app, 'GET', '/api/v1/media/uploaders', undefined, other.token)).body.uploaders).toEqual([
      { id: other.userId, name: other.name, role: 'owner', uploads: 0 },
    ]);
  });

  it('team size per plan: 402 naming the plan to upgrade to; open invitations hold a seat; usage counts real members', async () => {
    const free = await signUpVerified(t);
    const refused = await invite(free, testEmail('x'));
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ error: 'Your Free plan allows 1 team members. Upgrade to Basic to invite more.', code: 'plan_limit' });

    const basic = await signUpVerified(t);
    await givePlan(t, basic.userId, 'basic');
    const first = testEmail('one');
    expect((await invite(basic, first)).status).toBe(201);
    // The open invitation holds the second seat.
    const second = await invite(basic, testEmail('two'));
    expect(second.status).toBe(402);
    expect(second.body.error).toBe('Your Basic plan allows 2 team members. Upgrade to Professional to invite more.');
    // Inviting the same address again resends rather than taking another seat (once a minute).
    const tooSoon = await invite(basic, first);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toMatch(/^The invitation to .* was sent a moment ago\. You can send it again in \d+ seconds\.$/);
    t.advance(61_000);
    expect((await invite(basic, first)).status).toBe(201);
    expect((await call(t.app, 'GET', '/api/v1/team', undefined, basic.token)).body.invitations).toHaveLength(1);
    expect((await accept(linkTokenFor(first))).status).toBe(201);
    const usage = (await call(t.app, 'GET', '/api/v1/subscriptions/current', undefined, basic.token)).body.usage;
    expect(usage).toContainEqual({ key: 'teamMembers', label: 'Team members', used: 2, limit: 2, counted: true });
    expect((await invite(basic, testEmail('three'))).status).toBe(402);
  });

  it('a plan downgraded below the team size removes nobody, but refuses new invitations and open ones', async () => {
    const { owner, staff } = await ownerWithStaff('professional');
    const second = testEmail('second');
    await invite(owner, second);
    const joined = await accept(linkTokenFor(second), 'Lia Park');
    expect(joined.status).toBe(201);
    const pending = testEmail('pending');
    expect((await invite(owner, pending)).status).toBe(201);
    // Professional (5) → Basic (2) with three people on the team and one invitation out.
    await t.deps.db.updateTable('subscriptions').set({ plan_id: 'basic' }).where('user_id', '=', owner.userId).execute();

    const team = await call(t.app, 'GET', '/api/v1/team', undefined, owner.token);
    expect(team.body).toMatchObject({ used: 3, limit: 2, planName: 'Basic' });
    expect(team.body.members).toHaveLength(3);
    // Everyone keeps working.
    for (const token of [staff.token, joined.body.token]) expect((await call(t.app, 'GET', '/api/v1/media/recent', undefined, token)).status).toBe(200);
    expect((await upload(staff.token, 'Still here')).status).toBe(201);
    // New invitations are refused, naming the plan to upgrade to.
    const refused = await invite(owner, testEmail('fourth'));
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('Your Basic plan allows 2 team members. Upgrade to Professional to invite more.');
    // The invitation sent before the downgrade cannot be used either.
    const late = await accept(linkTokenFor(pending));
    expect(late.status).toBe(403);
    expect(late.body).toEqual({ error: "The team of Rosa's restaurant is full on its current plan, so this invitation cannot be used. Ask Rosa Martinez to upgrade.", code: 'plan_limit' });
    expect((await call(t.app, 'GET', '/api/v1/team', undefined, owner.token)).body.used).toBe(3);
  });

  it('an address that already has a Mise account cannot join with it (409), and owners see who is on their team only', async () => {
    const owner = await signUpVerified(t);
    await givePlan(t, owner.userId, 'basic');
    const existing = await signUpVerified(t);
    await invite(owner, existing.email);
    const res = await accept(linkTokenFor(existing.email));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This email already has a Mise account. Ask the owner to invite another address.');
  });
});
