import path from 'node:path';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import { DEMO_EMAIL } from './features/customers/demo/demo-seed.ts';
import { providerSetupNeeds } from './features/pos/pos-config.ts';

/** A folder as the person who started the server typed it: relative under the current folder, else absolute. */
const shown = (folder: string) => {
  const relative = path.relative(process.cwd(), folder);
  return !relative || relative.startsWith('..') ? folder : relative;
};

export type StartupFacts = {
  url: string;
  database: 'pglite' | 'postgres';
  mail: 'outbox' | 'smtp';
  demoExists: boolean;
  tiktok: boolean;
  /** TikTok's Research API (trending audios). */
  trending: boolean;
  billing: 'builtin' | 'stripe';
  ai: string;
};

/** What the summary needs to know about this start, read once (the demo account may exist from an earlier run). */
export async function startupFacts(db: Db, facts: Omit<StartupFacts, 'demoExists'>): Promise<StartupFacts> {
  const demo = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', DEMO_EMAIL))
    .executeTakeFirst()
    .catch(() => undefined);
  return { ...facts, demoExists: Boolean(demo) };
}

/**
 * The few lines a newcomer needs after `npm start`: where the app is, where its data and mail go, how to get
 * the demo (only until it exists), and which outside services are off with the variables that turn them on.
 */
export function startupSummary(env: Env, facts: StartupFacts): string[] {
  const lines = [`Mise is running: ${facts.url}`];
  lines.push(`  Database  ${facts.database === 'pglite' ? `PGlite (embedded) in ${shown(env.dataDir)}` : 'PostgreSQL (DATABASE_URL)'}`);
  lines.push(
    facts.mail === 'outbox'
      ? `  Mail      not sent: each email (and sign-up code) is a file in ${shown(path.join(env.dataDir, 'outbox'))} (set SMTP_URL to send)`
      : '  Mail      sent through SMTP_URL',
  );
  if (facts.demoExists) lines.push(`  Demo      sign in as ${DEMO_EMAIL} (npm run demo again resets it)`);
  else lines.push(`  Demo      npm run demo creates ${DEMO_EMAIL} with a generated café${env.DATABASE_URL ? '' : ' (stop this server first)'}`);
  const off: string[] = [];
  const square = providerSetupNeeds(env, 'square');
  if (square) off.push(`Square (${square})`);
  const clover = providerSetupNeeds(env, 'clover');
  if (clover) off.push(`Clover (${clover})`);
  if (!facts.tiktok) off.push('TikTok (TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET)');
  if (!facts.trending) off.push('Trending audios (TIKTOK_RESEARCH_CLIENT_KEY, TIKTOK_RESEARCH_CLIENT_SECRET)');
  if (off.length) lines.push(`  Off       ${off.join('; ')}`);
  lines.push(`  Billing   ${facts.billing === 'stripe' ? 'Stripe' : 'built-in test billing (card 4242 4242 4242 4242); STRIPE_SECRET_KEY for real'}`);
  lines.push(`  AI        ${facts.ai}`);
  return lines;
}
