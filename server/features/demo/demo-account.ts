import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { BRAND_FILE_PREFIX } from '../brand/brand-images.ts';
import { saveBrand, setHeaderImage } from '../brand/brand.service.ts';
import { seedDemoAccount, type DemoResult } from '../customers/demo/demo-seed.ts';
import { mediaLimits, ingestFile } from '../media/media.ingest.ts';
import { createFileItem } from '../media/media.service.ts';
import { mediaUrlSigner } from '../media/media.urls.ts';
import { sealContext } from '../pos/pos-config.ts';
import { seedDemoCampaigns, seedDemoTexts } from './demo-campaigns.ts';
import { seedDemoVideo } from './demo-video.ts';
import { refreshOwnerSuggestions } from '../video/video-suggestions.ts';
import { createAudio } from '../audio/audio.service.ts';
import { seedDemoSequence } from './demo-sequences.ts';
import { requestCampaignRefill } from '../analytics/campaign-refill-request.ts';
import { DEMO_DISHES, demoHeader, demoLogo, dishPicture } from './demo-images.ts';

const THEME = '#2F6B3F';

export type DemoAccountResult = DemoResult & { photos: number; campaigns: string[]; staffEmail: string };

/** Issue 19: a team member of the demo café (same password), who uploaded two of its photos. */
export const DEMO_STAFF_EMAIL = 'demo-staff@mise.local';
const DEMO_STAFF_NAME = 'Sam Demo (demo staff)';

/**
 * The demo account, complete enough to try every feature: the customer list and segments (customers/demo), a
 * brand with a logo and an email header, photos to build with, a finished point-of-sale import, and past
 * campaigns with results. Everything is marked as demo data where the owner sees it.
 */
export async function seedDemo(deps: Deps, options: { password?: string; customers?: number; baseUrl: string }): Promise<DemoAccountResult> {
  const now = deps.now();
  const result = await seedDemoAccount({ db: deps.db, env: deps.env, logger: deps.logger, now, password: options.password, customers: options.customers });
  const user = await deps.db.selectFrom('users').select(['id', 'name']).where('email', '=', result.email).executeTakeFirstOrThrow();
  const ownerName = user.name;

  const logo = `${randomUUID().replace(/-/g, '').slice(0, 22)}.png`;
  await deps.storage.put(`brand/${logo}`, await demoLogo(THEME), 'image/png');
  const header = `${randomUUID().replace(/-/g, '').slice(0, 22)}.png`;
  await deps.storage.put(`brand/${header}`, await demoHeader(THEME), 'image/png');
  await saveBrand(
    deps.db,
    user.id,
    {
      brandName: 'Demo Café',
      brandLogo: `${BRAND_FILE_PREFIX}${logo}`,
      location: '12 Example Street, Springfield',
      website: 'demo-cafe.example.com',
      description: 'Demo data: a neighbourhood café with breakfast all day, soups and sandwiches at lunch, and coffee roasted down the street.',
      brandVoice: ['warm', 'neighbourly', 'seasonal', 'fresh'],
      theme: THEME,
      timeZone: 'America/New_York',
    },
    now,
  );
  await setHeaderImage(deps.db, user.id, `${BRAND_FILE_PREFIX}${header}`, now);

  // Photos to build emails and videos with, through the same ingest as an upload (thumbnails included).
  const tmpDir = path.join(deps.env.dataDir, 'tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  const ctx = { db: deps.db, signer: mediaUrlSigner(deps.env), now: deps.now };
  // The owner's reset removed their staff with them; an old staff account of the same address goes too.
  await deps.db.deleteFrom('users').where((eb) => eb(eb.fn('lower', ['email']), '=', DEMO_STAFF_EMAIL)).execute();
  const staff = await deps.db
    .insertInto('users')
    .values({ name: DEMO_STAFF_NAME, email: DEMO_STAFF_EMAIL, password_hash: await hashPassword(result.password), verified_at: now, team_owner_id: user.id, created_at: now, updated_at: now })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  for (const [index, dish] of DEMO_DISHES.entries()) {
    const file = path.join(tmpDir, `demo-${randomUUID()}.jpg`);
    await fs.writeFile(file, await dishPicture(dish, index));
    const id = randomUUID();
    try {
      const ingested = await ingestFile({ storage: deps.storage, video: deps.video, limits: mediaLimits(deps.env), tmpDir }, file, { type: 'image', mimeType: 'image/jpeg' }, { userId: user.id, id });
      // The last two were "shot by the staff" (the owner's Team screen and the viewer say so).
      const uploader = index >= DEMO_DISHES.length - 2 ? staff : { id: user.id, name: ownerName };
      await createFileItem(ctx, user.id, id, { name: dish.name, description: dish.description, parentId: null }, ingested, uploader);
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  // A Square connection whose import has finished: its customers and visits are the demo café's.
  const box = secretBox(deps.env);
  await deps.db
    .insertInto('pos_connections')
    .values({
      user_id: user.id,
      provider: 'square',
      merchant_id: 'DEMO-MERCHANT',
      access_token_sealed: box.seal('demo-not-a-real-token', sealContext(user.id, 'square', 'access')),
      status: 'connected',
      progress: 100,
      message: `Demo data: ${result.customers.toLocaleString('en-US')} customers and ${result.orders.toLocaleString('en-US')} visits imported`,
      last_import_started_at: now,
      last_import_finished_at: now,
      orders_synced_until: now,
      connected_at: now,
      updated_at: now,
    })
    .execute();

  const campaigns = [...(await seedDemoCampaigns(deps, user.id, now, options.baseUrl)), ...(await seedDemoTexts(deps, user.id, now, options.baseUrl)), ...(await seedDemoSequence(deps, user.id, now, options.baseUrl))];
  // What the demo campaigns brought back, computed by the job queue before the first question about them.
  await requestCampaignRefill(deps.db, deps.now, user.id);
  const video = await seedDemoVideo(deps, user.id, now);
  if (video) campaigns.push('Demo: Pumpkin soup is back (video, shown as published on TikTok with made-up figures)');
  // This week's video suggestions, written by the weekly job's own code from the demo photos added now.
  if ((await refreshOwnerSuggestions(deps, user.id).catch(() => null)) === 'made') {
    await deps.db.updateTable('video_suggestions').set({ demo: true }).where('user_id', '=', user.id).execute();
    campaigns.push('Video home: this week’s suggestions from the demo photos (the weekly job, labelled demo data)');
  }
  // A generated audio (real speech from the voice in use), labelled demo data, to play or use as a voice-over.
  const audio = await createAudio(deps, user.id, { text: 'Our pumpkin soup is back for autumn. Come in and warm up!', voice: deps.tts.voices()[0]?.id ?? '' }).catch(() => null);
  if (audio) {
    await deps.db.updateTable('audios').set({ demo: true }).where('id', '=', audio.audio.id).execute();
    campaigns.push('Audio: “Our pumpkin soup is back for autumn…” (a generated voice-over, labelled demo data)');
  }
  return { ...result, photos: DEMO_DISHES.length, campaigns, staffEmail: DEMO_STAFF_EMAIL };
}
