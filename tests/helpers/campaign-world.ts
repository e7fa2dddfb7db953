import { afterAll, beforeAll } from 'vitest';
import { seedCustomer } from '../server/segments-fixtures.ts';
import { givePlan, setBrand } from '../server/email.fixtures.ts';
import { sequenceJobs } from '../server/sequences.fixtures.ts';
import { setClock, tomorrowAt } from '../server/text.fixtures.ts';
import { signUpVerified, type TestAccount } from './accounts.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

const MINUTE = 60_000;

export type CampaignWorld = {
  t: TestApp;
  /** The sending and sequence jobs, run on demand. */
  jobs: ReturnType<typeof sequenceJobs>;
  /** Two owners, each with a brand, a paid plan, New York time and no gap between texts. */
  owner: TestAccount;
  other: TestAccount;
  /** `/api/v1` + path, as `account` (the owner unless said). */
  api: (method: string, path: string, body?: unknown, account?: TestAccount) => ReturnType<typeof call>;
  /** A new number each call, for names and addresses no other guest of the file has. */
  nextGuest: () => number;
  /** A guest who agreed to email and texts, with a New York number. */
  addGuest: (account?: TestAccount) => Promise<string>;
  /** Moves the clock `step` by `step` (a minute unless said), running due jobs after each. */
  run: (ms: number, step?: number) => Promise<void>;
};

/**
 * The world campaign tests start from (sequences, holdouts): one app with its jobs, the clock at 10:00 in New York
 * tomorrow (texts may go out), two owners ready to send. Registers its own beforeAll / afterAll; the fields are set
 * once the beforeAll has run, so a file's own beforeAll (registered after this call) can use them.
 */
export function campaignWorld(): CampaignWorld {
  let guest = 0;
  const world = {
    api: (method, path, body, account = world.owner) => call(world.t.app, method, `/api/v1${path}`, body, account.token, { Origin: 'http://localhost' }),
    nextGuest: () => ++guest,
    addGuest: async (account = world.owner) => {
      const n = world.nextGuest();
      return seedCustomer(world.t.deps.db, account.userId, { given_name: `Guest${n}`, email: `guest${n}@example.com`, phone: `+1212555${String(1000 + n)}`, email_consent: true, sms_consent: true });
    },
    run: async (ms, step = MINUTE) => {
      for (let passed = 0; passed < ms; passed += step) {
        world.t.advance(Math.min(step, ms - passed));
        await world.jobs.drain();
      }
    },
  } as CampaignWorld;

  beforeAll(async () => {
    world.t = await createTestApp({ PUBLIC_URL: 'http://mise.test' });
    world.jobs = sequenceJobs(world.t);
    setClock(world.t, tomorrowAt(15));
    [world.owner, world.other] = await Promise.all([signUpVerified(world.t), signUpVerified(world.t, { name: 'Kai Other' })]);
    for (const account of [world.owner, world.other]) {
      await setBrand(world.t, account);
      await givePlan(world.t, account.userId);
      await world.api('POST', `/users/settings/${account.userId}`, { timeZone: 'America/New_York', textGapHours: 0 }, account);
    }
  });
  afterAll(async () => {
    await world.jobs?.stop();
    await world.t?.close();
  });
  return world;
}
