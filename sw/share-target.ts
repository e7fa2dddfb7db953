/// <reference lib="webworker" />
import { storeSharedFiles } from '../src/lib/offline/shared-files.ts';
import { SHARE_SEARCH_PARAM, SHARE_TARGET_FILES_FIELD, SHARE_TARGET_PATH } from '../src/lib/offline/share-target-path.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Web Share Target: the system share sheet POSTs the photos and videos (multipart) to /share-target.
 * The worker answers it itself, so it works with Mise closed and offline: the files go to IndexedDB
 * and the app opens on the upload sheet with them chosen (/media?share=<id>).
 */
export function registerShareTarget() {
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== SHARE_TARGET_PATH) return;
    event.respondWith(receiveShare(event.request));
  });
}

async function receiveShare(request: Request): Promise<Response> {
  const to = (search: string) => Response.redirect(new URL(`/media?${search}`, self.location.origin).href, 303);
  try {
    const form = await request.formData();
    const files = form.getAll(SHARE_TARGET_FILES_FIELD).filter((value): value is File => value instanceof File && value.size > 0);
    // Apps put a caption in `text` (sometimes `title`); it becomes the suggested description. A shared link is left out.
    const description = [form.get('title'), form.get('text')]
      .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
      .join(' ')
      .trim()
      .slice(0, 500);
    if (files.length === 0) return to('upload=1');
    const shareId = await storeSharedFiles(files, description);
    return to(`${SHARE_SEARCH_PARAM}=${encodeURIComponent(shareId)}`);
  } catch {
    // Storage full or a broken body: open the upload sheet empty rather than an error page.
    return to('upload=1&shareFailed=1');
  }
}
