import * as tus from 'tus-js-client';
import * as v from 'valibot';
import { MEDIA_UPLOADS_PATH, MediaItemSchema, RESUMABLE_THRESHOLD_BYTES, type MediaItem } from '../../contract/media.ts';
import { api } from '../../lib/api.ts';
import { ApiError, apiErrorFrom, OFFLINE_MESSAGE, parseJsonBody } from '../../lib/api-error.ts';
import { enqueue } from '../../lib/outbox/client.ts';
import { sessionStore } from '../../lib/session.ts';
import { mediaKeys } from './media-queries.ts';

export type UploadFields = { name: string; description: string; parentId: string | null; duration: number | null };

export const OUTBOX_KIND = 'media.add';

const mediaTypeOf = (file: Blob) => (file.type.startsWith('video/') ? 'video' : 'image');

/** Reads a video's length in the browser; the server checks it again with ffprobe. */
export function readVideoDuration(file: File): Promise<number | null> {
  if (!file.type.startsWith('video/')) return Promise.resolve(null);
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

function formFields(file: Blob, fields: UploadFields): Array<[string, string]> {
  return [
    ['userId', sessionStore.get()?.userId ?? ''],
    ['name', fields.name],
    ['description', fields.description],
    ['type', mediaTypeOf(file)],
    ['duration', fields.duration === null ? '' : String(Math.round(fields.duration * 1000) / 1000)],
    ['isFolder', 'false'],
    ['parentId', fields.parentId ?? 'null'],
  ];
}

const authHeader = (): Record<string, string> => {
  const token = sessionStore.get()?.token;
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** Plain multipart POST /media/add through XHR, which (unlike fetch) reports upload progress. */
function sendMultipart(file: File, fields: UploadFields, key: string, onProgress: (fraction: number) => void): Promise<MediaItem> {
  const form = new FormData();
  for (const [name, value] of formFields(file, fields)) form.append(name, value);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/media/add');
    for (const [name, value] of Object.entries({ ...authHeader(), 'Idempotency-Key': key, Accept: 'application/json' })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () => reject(new ApiError(0, OFFLINE_MESSAGE, 'network'));
    xhr.onload = () => {
      const payload = parseJsonBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = v.safeParse(MediaItemSchema, payload);
        return parsed.success ? resolve(parsed.output) : reject(new ApiError(xhr.status, 'The server sent an answer this app does not understand', 'contract'));
      }
      reject(apiErrorFrom(xhr.status, payload));
    };
    xhr.send(form);
  });
}

/** tus upload that resumes from the server's offset (also after a reload: the fingerprint is kept). */
function sendResumable(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: MEDIA_UPLOADS_PATH,
      headers: authHeader(),
      metadata: { filename: file.name, filetype: file.type },
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total ? sent / total : 0),
      onSuccess: () => resolve(upload.url?.split('/').pop() ?? ''),
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        const status = response?.getStatus() ?? 0;
        if (!status) return reject(new ApiError(0, OFFLINE_MESSAGE, 'network'));
        reject(apiErrorFrom(status, parseJsonBody(response?.getBody()), 'The upload was refused'));
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

/** Uploads one file now: multipart for small files, tus + media/add for large ones. */
export async function uploadNow(file: File, fields: UploadFields, onProgress: (fraction: number) => void): Promise<MediaItem> {
  const key = crypto.randomUUID();
  if (file.size <= RESUMABLE_THRESHOLD_BYTES) return sendMultipart(file, fields, key, onProgress);
  const uploadId = await sendResumable(file, (fraction) => onProgress(fraction * 0.97));
  const form = new FormData();
  for (const [name, value] of formFields(file, fields)) form.append(name, value);
  form.append('uploadId', uploadId);
  const item = await api('/media/add', MediaItemSchema, { form, headers: { 'Idempotency-Key': key } });
  onProgress(1);
  return item;
}

/**
 * Keeps the upload on the device (IndexedDB) until the server has it: the outbox sends it when the
 * connection is back, even after a reload, exactly once (its id is the Idempotency-Key).
 */
export function uploadLater(file: File, fields: UploadFields) {
  // Large files go resumably (tus) like online ones: a dropped connection or a reload resumes from the last byte.
  if (file.size > RESUMABLE_THRESHOLD_BYTES) {
    return enqueue({
      kind: OUTBOX_KIND,
      entity: `media-upload:${crypto.randomUUID()}`,
      label: `Upload ${fields.name}`,
      method: 'POST',
      path: '/media/add',
      form: formFields(file, fields),
      tusFile: file,
      invalidate: [[...mediaKeys.all]],
    });
  }
  return enqueue({
    kind: OUTBOX_KIND,
    entity: `media-upload:${crypto.randomUUID()}`,
    label: `Upload ${fields.name}`,
    method: 'POST',
    path: '/media/add',
    form: [...formFields(file, fields), ['file', file]],
    invalidate: [[...mediaKeys.all]],
  });
}

export const isNetworkError = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.code === 'network');
