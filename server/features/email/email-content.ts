import type { EmailBlock, EmailContent } from '../../../src/contract/email.ts';
import type { Deps } from '../../deps.ts';
import type { AiBrandFacts, EmailImageCandidate } from '../../providers/ai/ai-types.ts';
import { getBrand } from '../brand/brand.service.ts';
import { emailImageUrls } from './email-image-files.ts';
import { emailBrandFrom } from './render/email-brand.ts';
import { renderEmail, type RenderedEmail } from './render/render-email.ts';
import { sanitizeRichText } from './render/sanitize.ts';

type ContentDeps = Pick<Deps, 'db' | 'storage' | 'logger'>;

/** Rich text from an editor or a model goes through the allow-list before it is stored or rendered. */
export const cleanBlocks = (blocks: readonly EmailBlock[]): EmailBlock[] =>
  blocks.map((block) => (block.type === 'text' ? { ...block, html: sanitizeRichText(block.html) } : block));

const mediaIdsOf = (blocks: readonly EmailBlock[]) => blocks.flatMap((block) => (block.type === 'image' && block.media_id ? [block.media_id] : []));

export type RenderTarget = {
  /** 'preview' shows empty photo slots and link-less buttons; 'send' leaves them out. */
  mode: 'preview' | 'send';
  /** Our own `/api/v1/files/…` paths as a mail client must load them (absolute), for sending; the app uses them as they are. */
  absoluteUrl?: (path: string) => string;
};

/** The owner's email rendered with their brand (theme, header, logo, name, location) and their photos. */
export async function renderOwnerEmail(deps: ContentDeps, userId: string, content: EmailContent, target: RenderTarget): Promise<RenderedEmail> {
  const absolute = target.absoluteUrl ?? ((path: string) => path);
  const brand = emailBrandFrom(await getBrand(deps.db, userId), absolute);
  const images = Object.fromEntries(Object.entries(await emailImageUrls(deps, userId, mediaIdsOf(content.blocks))).map(([id, path]) => [id, absolute(path)]));
  return renderEmail(content, brand, { images, mode: target.mode });
}

/** What the AI may say about the restaurant: the brand settings as they are. */
export async function brandFacts(deps: Pick<Deps, 'db'>, userId: string): Promise<AiBrandFacts> {
  const brand = await getBrand(deps.db, userId);
  return { name: brand.brandName, website: brand.website, location: brand.location, description: brand.description, voice: brand.brandVoice };
}

/** The owner's photos the AI may place: the newest 100 live images (descriptions are what it matches on). */
export async function photoCandidates(deps: Pick<Deps, 'db'>, userId: string, onlyIds?: readonly string[]): Promise<EmailImageCandidate[]> {
  let query = deps.db
    .selectFrom('media')
    .select(['id', 'description', 'created_at'])
    .where('user_id', '=', userId)
    .where('type', '=', 'image')
    .where('deleted_at', 'is', null);
  if (onlyIds) {
    if (onlyIds.length === 0) return [];
    query = query.where('id', 'in', [...onlyIds]);
  }
  const rows = await query.orderBy('created_at', 'desc').limit(100).execute();
  return rows.map((row) => ({ id: row.id, description: row.description, created_at: row.created_at.toISOString(), kind: 'image' as const }));
}
