// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost/"}
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeMiseDb, openMiseDb } from '../../../../src/lib/offline/db.ts';
import { persistQueryCache } from '../../../../src/lib/offline/persister.ts';
import { sessionStore } from '../../../../src/lib/session.ts';

// The read cache is saved a moment after it changes, gathered once per save (not on every cache event), with the
// latest answers, only the allow-listed ones, and not after sign-out.
const stored = async () => {
  const raw = (await (await openMiseDb()).get('kv', 'query-cache')) as string | undefined;
  return raw ? (JSON.parse(raw) as { clientState: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> } }) : null;
};

let queryClient: QueryClient;
let stop: () => void;

beforeEach(() => {
  sessionStore.set({ token: 't', userId: 'user-1', name: 'Rosa', email: 'rosa@example.com', image: null, phoneNumber: null, activeSubscription: null, activeSubscriptionStart: null, activeSubscriptionEnd: null });
  queryClient = new QueryClient();
  stop = persistQueryCache(queryClient);
});
afterEach(async () => {
  stop();
  queryClient.clear();
  sessionStore.set(null);
  const db = await openMiseDb();
  await db.delete('kv', 'query-cache');
  await closeMiseDb();
});

describe('persistQueryCache', () => {
  it('saves once, a moment after a burst of changes, with the latest answers of the kept queries only', async () => {
    const gathered = vi.spyOn(queryClient.getQueryCache(), 'getAll');
    for (let n = 1; n <= 40; n++) queryClient.setQueryData(['customers', 'page', 1], { rows: n });
    queryClient.setQueryData(['not-kept'], { secret: true });
    // Forty changes, no gathering of the whole cache yet.
    expect(gathered).not.toHaveBeenCalled();
    expect(await stored()).toBeNull();
    await vi.waitFor(async () => expect(await stored()).not.toBeNull(), { timeout: 5000, interval: 100 });
    const queries = (await stored())!.clientState.queries;
    expect(queries.map((q) => q.queryKey)).toEqual([['customers', 'page', 1]]);
    expect(queries[0]!.state.data).toEqual({ rows: 40 });
    expect(gathered.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('writes nothing once the owner has signed out', async () => {
    queryClient.setQueryData(['customers', 'page', 1], { rows: 1 });
    sessionStore.set(null);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await stored()).toBeNull();
  });
});
