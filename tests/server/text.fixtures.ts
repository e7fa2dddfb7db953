import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createSegment } from '../../server/features/segments/segments.service.ts';
import type { TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedCustomer } from './segments-fixtures.ts';

/** A point of sale linked with its import at `progress` percent (100: done), as the import job leaves it. */
export async function linkPos(t: TestApp, userId: string, progress = 100, provider: 'square' | 'clover' = 'square') {
  const now = t.deps.now();
  await t.deps.db
    .insertInto('pos_connections')
    .values({ user_id: userId, provider, merchant_id: `M-${userId.slice(0, 8)}`, access_token_sealed: 'sealed', status: progress >= 100 ? 'connected' : 'importing', progress, connected_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'provider']).doUpdateSet({ progress, status: progress >= 100 ? 'connected' : 'importing' }))
    .execute();
}

/** Guests who agreed to texts, with the numbers given, and a segment of every customer. */
export async function seedTextGuests(t: TestApp, account: TestAccount, phones: string[], segmentTitle = 'Everyone') {
  const ids: string[] = [];
  for (const [n, phone] of phones.entries()) ids.push(await seedCustomer(t.deps.db, account.userId, { given_name: `Guest${n}`, phone, sms_consent: true }));
  const segment = await createSegment(t.deps.db, account.userId, { title: segmentTitle, definition: { type: 'group', op: 'and', conditions: [] } });
  return { ids, segmentId: segment.id };
}

/** Chats until the AI writes a draft (answering its question once); returns the conversation and its text. */
export async function writtenText(t: TestApp, account: TestAccount, query = 'Happy hour today 4-6pm: $5 margaritas for everyone') {
  let res = await call(t.app, 'POST', '/api/v1/text/chat', { query, sms_category: 'happy_hour', style: 'friendly' }, account.token);
  if (res.status !== 200) throw new Error(`chat: ${res.status} ${JSON.stringify(res.body)}`);
  if ('clarification_question' in res.body.response_data) {
    res = await call(t.app, 'POST', '/api/v1/text/chat', { query: 'For all our regulars, today from 4 to 6pm', conversation_id: res.body.conversation_id }, account.token);
  }
  if (!res.body.campaign_id) throw new Error(`no draft: ${JSON.stringify(res.body)}`);
  return { conversationId: res.body.conversation_id as string, campaignId: res.body.campaign_id as string, text: res.body.response_data.sms_campaign_draft as string };
}

/**
 * A test app listening on a real port (Twilio's callbacks need an address to post to), with PUBLIC_URL set to
 * it, so the URL signed by the fake is the URL the app checks.
 */
export async function listeningTestApp(env: Record<string, string>) {
  let target: TestApp | null = null;
  const server = serve({ fetch: (request) => target!.app.fetch(request), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  target = await createTestApp({ PUBLIC_URL: origin, ...env });
  const app = target;
  return {
    t: app,
    origin,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}

/** Moves the app's clock to `iso` (forward only, from the real now). */
export function setClock(t: TestApp, iso: string) {
  const delta = Date.parse(iso) - t.deps.now().getTime();
  t.advance(delta);
}

/** Tomorrow (UTC) at hh:mm UTC, as an ISO string: always in the future, so sessions and schedules stay valid. */
export function tomorrowAt(hour: number, minute = 0, days = 1) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour, minute)).toISOString();
}
