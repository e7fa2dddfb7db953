import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AUDIO_LIMITS, AUDIO_MESSAGES, type Audio, type CreateAudioRequest, type VoiceTemplate } from '../../../src/contract/audio.ts';
import type { Deps } from '../../deps.ts';
import type { Env } from '../../env.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { loadOrCreateKeyFile } from '../../lib/key-file.ts';
import { TtsError } from '../../providers/tts/tts.ts';
import type { AudioRow } from './audio.table.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VOICE_ID = /^[A-Za-z0-9_.-]{1,60}$/;
const WINDOW_SECONDS = 12 * 3600;

type AudioDeps = Pick<Deps, 'db' | 'env' | 'now' | 'tts' | 'storage' | 'logger' | 'video'>;

/**
 * Signed, expiring links for `<audio src>` (which cannot send the bearer header), like media files: an HMAC
 * over what is served and the expiry, rounded up to a 12-hour window so lists hand out stable URLs. The key is
 * the media links' key (MEDIA_URL_KEY or its generated file) with another prefix.
 */
function audioUrlSigner(env: Pick<Env, 'dataDir' | 'MEDIA_URL_KEY'>) {
  const key = env.MEDIA_URL_KEY || loadOrCreateKeyFile(env.dataDir, 'media-url.key');
  const sign = (what: string, exp: number) => createHmac('sha256', key).update(`audio:${what}:${exp}`).digest('base64url');
  const expiry = (now: Date) => (Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
  return {
    fileUrl: (id: string, now: Date) => {
      const exp = expiry(now);
      return `/api/v1/audio/files/${id}?exp=${exp}&sig=${sign(`file:${id}`, exp)}`;
    },
    sampleUrl: (engine: string, voice: string, now: Date) => {
      const exp = expiry(now);
      return `/api/v1/audio/samples/${engine}/${encodeURIComponent(voice)}?exp=${exp}&sig=${sign(`sample:${engine}:${voice}`, exp)}`;
    },
    check(what: string, exp: string | undefined, sig: string | undefined, now: Date): 'ok' | 'expired' | 'forged' {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'forged';
      const expected = Buffer.from(sign(what, Number(exp)));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
      return Number(exp) * 1000 < now.getTime() ? 'expired' : 'ok';
    },
  };
}

export function checkLink(deps: Pick<Deps, 'env' | 'now'>, what: string, exp: string | undefined, sig: string | undefined) {
  const verdict = audioUrlSigner(deps.env).check(what, exp, sig, deps.now());
  if (verdict === 'forged') throw new AppError(403, 'This audio link is not valid', 'forbidden');
  if (verdict === 'expired') throw new AppError(403, 'This audio link has expired; reload the page for a new one', 'forbidden');
}

/** The engine's name in storage keys: the built-in voice, or the speech service and its model. */
const engineTag = (deps: Pick<Deps, 'tts' | 'env'>) => (deps.tts.kind === 'builtin' ? 'builtin' : `openai-${(deps.env.TTS_MODEL || 'gpt-4o-mini-tts').replace(/[^A-Za-z0-9_.-]/g, '_')}`);

export function listVoices(deps: Pick<Deps, 'tts' | 'env' | 'now'>): { engine: 'builtin' | 'openai'; results: VoiceTemplate[] } {
  const signer = audioUrlSigner(deps.env);
  const now = deps.now();
  return {
    engine: deps.tts.kind,
    results: deps.tts.voices().map((voice) => ({ ...voice, sample_url: signer.sampleUrl(deps.tts.kind, voice.id, now), engine: deps.tts.kind })),
  };
}

/** Speech failures in words: a bad text or voice is the owner's (400 on the field), the rest is the service's (503). */
async function speak(deps: Pick<Deps, 'tts'>, text: string, voice: string) {
  try {
    return await deps.tts.speak({ text, voice });
  } catch (error) {
    if (error instanceof TtsError && error.reason === 'invalid_request') {
      throw error.field === 'voice' ? fieldError('voice', 'Choose one of the voices') : fieldError('text', error.message);
    }
    if (error instanceof TtsError) throw new AppError(503, `The voice could not speak right now: ${error.message}`, 'provider_unavailable', { headers: { 'Retry-After': '5' } });
    throw error;
  }
}

/** Seconds of audio, from ffprobe (deps.video); null when it cannot tell. */
async function durationOf(deps: Pick<Deps, 'env' | 'video'>, data: Buffer, extension: string): Promise<number | null> {
  const dir = path.join(deps.env.dataDir, 'tmp');
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `audio-${randomUUID()}.${extension}`);
  await fsp.writeFile(file, data);
  try {
    const seconds = await deps.video.duration(file);
    return seconds === null ? null : Math.round(seconds * 100) / 100;
  } finally {
    await fsp.rm(file, { force: true });
  }
}

/**
 * A voice template's sample: the engine speaks the template's sample sentence once, the audio is kept in
 * storage under the engine and voice, and later plays come from there.
 */
export async function voiceSample(deps: AudioDeps, engine: string, voiceId: string) {
  if (engine !== deps.tts.kind || !VOICE_ID.test(voiceId)) throw notFound('Voice not found');
  const voice = deps.tts.voices().find((candidate) => candidate.id === voiceId);
  if (!voice) throw notFound('Voice not found');
  const base = `audio-samples/${engineTag(deps)}/${voiceId}`;
  for (const extension of ['wav', 'mp3']) {
    const stored = await deps.storage.get(`${base}.${extension}`);
    if (stored) {
      stored.body.destroy();
      return `${base}.${extension}`;
    }
  }
  const audio = await speak(deps, voice.sample, voice.id);
  const key = `${base}.${audio.extension}`;
  await deps.storage.put(key, audio.data, audio.mimeType);
  return key;
}

function toAudio(deps: Pick<Deps, 'env' | 'now' | 'tts'>, row: AudioRow): Audio {
  const voice = deps.tts.voices().find((candidate) => candidate.id === row.voice);
  return {
    id: row.id,
    text: row.text,
    voice: row.voice,
    voice_name: voice?.name ?? row.voice,
    engine: row.engine,
    audio_url: audioUrlSigner(deps.env).fileUrl(row.id, deps.now()),
    mime_type: row.mime_type,
    duration: row.duration,
    created_at: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
    demo: row.demo,
  };
}

export async function createAudio(deps: AudioDeps, userId: string, input: CreateAudioRequest) {
  if (!deps.tts.voices().some((voice) => voice.id === input.voice)) throw fieldError('voice', 'Choose one of the voices');
  const audio = await speak(deps, input.text, input.voice);
  const id = randomUUID();
  const key = `audio/${userId}/${id}.${audio.extension}`;
  const { size } = await deps.storage.put(key, audio.data, audio.mimeType);
  const duration = await durationOf(deps, audio.data, audio.extension);
  const row = await deps.db
    .insertInto('audios')
    .values({ id, user_id: userId, text: input.text, voice: input.voice, engine: deps.tts.kind, file_key: key, mime_type: audio.mimeType, size, duration, created_at: deps.now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { message: AUDIO_MESSAGES.created, audio: toAudio(deps, row) };
}

export async function findAudioRow(deps: Pick<Deps, 'db'>, userId: string, id: string) {
  if (!UUID.test(id)) throw notFound('Audio not found');
  const row = await deps.db.selectFrom('audios').selectAll().where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound('Audio not found');
  return row;
}

export async function listAudios(deps: Pick<Deps, 'db' | 'env' | 'now' | 'tts'>, userId: string) {
  const rows = await deps.db.selectFrom('audios').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('created_at', 'desc').orderBy('id').limit(AUDIO_LIMITS.list).execute();
  return rows.map((row) => toAudio(deps, row));
}

export async function getAudio(deps: Pick<Deps, 'db' | 'env' | 'now' | 'tts'>, userId: string, id: string) {
  return toAudio(deps, await findAudioRow(deps, userId, id));
}

export async function deleteAudio(deps: Pick<Deps, 'db' | 'now'>, userId: string, id: string) {
  const row = await findAudioRow(deps, userId, id);
  await deps.db.updateTable('audios').set({ deleted_at: deps.now() }).where('id', '=', row.id).execute();
  return { message: AUDIO_MESSAGES.deleted };
}

/** The stored key of an audio for its signed link (no owner: the signature is the proof). */
export async function audioFileKey(deps: Pick<Deps, 'db'>, id: string) {
  if (!UUID.test(id)) throw notFound('Audio not found');
  const row = await deps.db.selectFrom('audios').select('file_key').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound('Audio not found');
  return row.file_key;
}
