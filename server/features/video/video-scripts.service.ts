import { randomBytes } from 'node:crypto';
import { stylesOf, VIDEO_LIMITS, VIDEO_MESSAGES, VIDEO_SUBCATEGORIES, type CreateScriptRequest, type Script, type ScriptScene, type UpdateScriptRequest } from '../../../src/contract/video.ts';
import type { Deps } from '../../deps.ts';

import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { ScriptMedia } from '../../providers/ai/ai-types.ts';
import { getBrand } from '../brand/brand.service.ts';
import type { VideoScriptRow } from './video.table.ts';

type ScriptDeps = Pick<Deps, 'db' | 'ai' | 'now' | 'logger'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
export const sceneId = () => randomBytes(6).toString('base64url');

function toScript(row: VideoScriptRow): Script {
  return {
    id: row.id,
    query: row.query,
    subcategory: row.subcategory,
    video_style: row.video_style,
    title: row.title,
    scenes: row.scenes,
    writer: row.writer,
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Spec §5: script creation needs the brand name, location and logo. */
async function brandForScript(deps: ScriptDeps, userId: string) {
  const brand = await getBrand(deps.db, userId);
  if (!brand.brandName || !brand.location || !brand.brandLogo) {
    throw new AppError(409, VIDEO_MESSAGES.needDetails, 'precondition', { data: { redirect: '/settings/content' } });
  }
  return brand;
}

/** The owner's photos and clips, newest first, as the script writer sees them. */
async function scriptMedia(deps: Pick<Deps, 'db'>, userId: string): Promise<ScriptMedia[]> {
  const rows = await deps.db
    .selectFrom('media')
    .select(['id', 'type', 'name', 'description', 'duration'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('type', 'in', ['image', 'video'])
    .where('file_key', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({ id: row.id, kind: row.type as 'image' | 'video', name: row.name, description: row.description, duration: row.duration }));
}

/** The subcategory must be chosen, and a style when that subcategory offers styles (spec §5). */
function checkKind(input: CreateScriptRequest) {
  const subcategory = VIDEO_SUBCATEGORIES.find((entry) => entry.id === input.subcategory);
  if (!subcategory) throw fieldError('subcategory', 'Choose what kind of video this is');
  const styles = stylesOf(subcategory.id);
  if (styles.length === 0) {
    if (input.video_style) throw fieldError('video_style', 'This kind of video has no styles');
    return { subcategory, style: null };
  }
  const style = styles.find((entry) => entry.id === input.video_style);
  if (!style) throw fieldError('video_style', 'Choose a style');
  return { subcategory, style };
}

export async function createScript(deps: ScriptDeps, userId: string, input: CreateScriptRequest): Promise<{ id: string; message: string }> {
  const brand = await brandForScript(deps, userId);
  const { subcategory, style } = checkKind(input);
  const media = await scriptMedia(deps, userId);
  const written = await deps.ai.writeVideoScript({
      concept: input.user_query,
      subcategory: { id: subcategory.id, label: subcategory.label },
      style,
      brand: { name: brand.brandName, location: brand.location, website: brand.website, description: brand.description, voice: brand.brandVoice },
      media,
      seed: 1,
    });
  const scenes: ScriptScene[] = written.scenes.slice(0, VIDEO_LIMITS.scenes).map((scene) => ({
    id: sceneId(),
    narration: scene.narration.slice(0, VIDEO_LIMITS.narration),
    caption: scene.caption.slice(0, VIDEO_LIMITS.caption),
    media_id: scene.media_id,
    duration: Math.min(VIDEO_LIMITS.sceneSeconds.max, Math.max(VIDEO_LIMITS.sceneSeconds.min, Math.round(scene.duration))),
  }));
  const now = deps.now();
  const row = await deps.db
    .insertInto('video_scripts')
    .values({
      user_id: userId,
      query: input.user_query,
      subcategory: subcategory.id,
      video_style: style?.id ?? null,
      title: written.title.slice(0, VIDEO_LIMITS.title) || input.user_query.slice(0, VIDEO_LIMITS.title),
      scenes: JSON.stringify(scenes),
      writer: deps.ai.kind,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, message: VIDEO_MESSAGES.scriptCreated };
}

export async function findScript(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<VideoScriptRow> {
  if (!UUID.test(id)) throw notFound('Script not found');
  const row = await deps.db.selectFrom('video_scripts').selectAll().where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound('Script not found');
  return row;
}

export const getScript = async (deps: Pick<Deps, 'db'>, userId: string, id: string) => toScript(await findScript(deps, userId, id));

export async function listScripts(deps: Pick<Deps, 'db'>, userId: string, limit: number) {
  const rows = await deps.db
    .selectFrom('video_scripts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toScript);
}

/** Every scene's photo or clip must be one of the owner's live media items. */
async function checkSceneMedia(deps: Pick<Deps, 'db'>, userId: string, scenes: ScriptScene[]) {
  const ids = [...new Set(scenes.map((scene) => scene.media_id).filter((id): id is string => Boolean(id)))];
  if (!ids.length) return;
  const rows = await deps.db
    .selectFrom('media')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('type', 'in', ['image', 'video'])
    .where('id', 'in', ids)
    .execute();
  const found = new Set(rows.map((row) => row.id));
  const index = scenes.findIndex((scene) => scene.media_id && !found.has(scene.media_id));
  if (index >= 0) throw fieldError(`scenes.${index}.media_id`, 'This photo or clip is not in your media library');
}

/** Scene-by-scene edits; `version` guards against an older copy (the outbox, a second phone) overwriting a newer one. */
export async function updateScript(deps: ScriptDeps, userId: string, id: string, input: UpdateScriptRequest) {
  const row = await findScript(deps, userId, id);
  const ids = new Set<string>();
  input.scenes.forEach((scene, index) => {
    if (ids.has(scene.id)) throw fieldError(`scenes.${index}.id`, 'Two scenes have the same id');
    ids.add(scene.id);
  });
  await checkSceneMedia(deps, userId, input.scenes);
  const updated = await deps.db
    .updateTable('video_scripts')
    .set({ title: input.title, scenes: JSON.stringify(input.scenes), version: row.version + 1, updated_at: deps.now() })
    .where('id', '=', row.id)
    .where('version', '=', input.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    const current = await findScript(deps, userId, id);
    throw new AppError(409, 'This script was changed somewhere else. The newest copy is shown.', 'conflict', { data: { script: toScript(current) } });
  }
  return { message: 'Updated successfully', script: toScript(updated) };
}

export async function deleteScript(deps: ScriptDeps, userId: string, id: string) {
  const row = await findScript(deps, userId, id);
  await deps.db.updateTable('video_scripts').set({ deleted_at: deps.now() }).where('id', '=', row.id).execute();
  return { message: 'Item deleted successfully' };
}
