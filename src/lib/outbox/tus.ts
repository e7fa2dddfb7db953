import { apiErrorFrom } from '../api-error.ts';
import { readBlob, updateOp } from './store.ts';
import type { OutboxOp } from './types.ts';

/**
 * The tus 1.0 client of the outbox (fetch only, so the service worker runs it too; tus-js-client needs XHR):
 * create the upload once and keep its URL on the op, ask the server how many bytes it has (HEAD), and send the
 * rest in chunks. Whatever stops it (a dropped connection, a reload, the app closed), the next attempt resumes
 * from the server's offset, never from zero. The same endpoint as online uploads (MEDIA_UPLOADS_PATH).
 */
const TUS_PATH = '/api/v1/media/uploads';
/** Each PATCH carries at most this much; of a chunk cut short the server keeps what arrived (on disk) or its whole parts (S3). */
const TUS_CHUNK_BYTES = 5 * 1024 * 1024;

export type TusDeps = { fetch: typeof fetch; origin: string; now: () => number; tusChunkBytes?: number };
export type TusOutcome =
  | { ok: true; uploadId: string }
  | { ok: false; retry: true; status: number; message: string }
  | { ok: false; retry: false; status: number | null; message: string };

const TIMEOUT_MS = 60_000;
const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const network = (): TusOutcome => ({ ok: false, retry: true, status: 0, message: 'No connection. Mise will send this when it can.' });

async function refused(response: Response, fallback: string): Promise<TusOutcome> {
  const body: unknown = await response.json().catch(() => undefined);
  const error = apiErrorFrom(response.status, body);
  const message = error.fromServer ? error.message : fallback;
  if (response.status >= 500 || response.status === 429 || response.status === 423) return { ok: false, retry: true, status: response.status, message };
  return { ok: false, retry: false, status: response.status, message };
}

export async function sendTus(deps: TusDeps, op: OutboxOp, token: string): Promise<TusOutcome> {
  let tus = op.request.tus!;
  const idOf = (url: string) => url.split('/').pop() ?? '';
  // Every byte is there already (only the form's answer was lost): the form goes again with the same id.
  if (tus.done && tus.uploadUrl) return { ok: true, uploadId: idOf(tus.uploadUrl) };
  const blob = await readBlob(tus.blobId);
  if (!blob) return { ok: false, retry: false, status: null, message: 'The file for this upload is no longer on this device. Discard it and pick the file again.' };
  const headers = { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
  const call = (url: string, init: RequestInit) => deps.fetch(url, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const remember = async (patch: Partial<NonNullable<OutboxOp['request']['tus']>>) => {
    tus = { ...tus, ...patch };
    await updateOp(op.id, { request: { ...op.request, tus } }, deps.now());
  };

  let offset = 0;
  if (tus.uploadUrl) {
    let head: Response;
    try {
      head = await call(tus.uploadUrl, { method: 'HEAD' });
    } catch {
      return network();
    }
    if (head.ok) offset = Number(head.headers.get('upload-offset') ?? 0);
    else if (head.status === 404 || head.status === 410) await remember({ uploadUrl: undefined }); // expired: start again
    else return refused(head, `The upload could not be resumed (${head.status}).`);
  }
  if (!tus.uploadUrl) {
    let created: Response;
    try {
      created = await call(`${deps.origin}${TUS_PATH}`, {
        method: 'POST',
        headers: { 'Upload-Length': String(tus.size), 'Upload-Metadata': `filename ${b64(tus.fileName)},filetype ${b64(tus.type)}` },
      });
    } catch {
      return network();
    }
    const location = created.headers.get('location');
    if (created.status !== 201 || !location) return refused(created, `The upload was refused (${created.status}).`);
    await remember({ uploadUrl: new URL(location, `${deps.origin}${TUS_PATH}/`).href });
    offset = 0;
  }

  const chunk = deps.tusChunkBytes ?? TUS_CHUNK_BYTES;
  while (offset < tus.size) {
    const end = Math.min(tus.size, offset + chunk);
    let patched: Response;
    try {
      patched = await call(tus.uploadUrl!, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) },
        body: blob.slice(offset, end),
      });
    } catch {
      return network();
    }
    // 409: the server has another offset (a chunk landed after all): ask again on the next attempt.
    if (patched.status === 409) return { ok: false, retry: true, status: 409, message: 'The upload will carry on from where the server is.' };
    if (!patched.ok) return refused(patched, `The upload was refused (${patched.status}).`);
    offset = Number(patched.headers.get('upload-offset') ?? end);
  }
  await remember({ done: true });
  return { ok: true, uploadId: idOf(tus.uploadUrl!) };
}
