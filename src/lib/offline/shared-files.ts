import { openMiseDb } from './db.ts';

/**
 * Files shared to Mise from another app (Web Share Target). The service worker stores them with the
 * outbox's files (IndexedDB `blobs`, so a sign-out wipes them too) under `share:<id>`, then opens
 * /media?share=<id>; the upload sheet reads them back, already chosen, and removes them once they
 * are uploaded, queued or dismissed. No DOM or React here: the service worker imports it.
 */
const owner = (shareId: string) => `share:${shareId}`;

export type SharedFile = { file: File; description: string };

export async function storeSharedFiles(files: File[], description: string, now = Date.now()): Promise<string> {
  const db = await openMiseDb();
  const shareId = crypto.randomUUID();
  const tx = db.transaction('blobs', 'readwrite');
  for (const [index, file] of files.entries()) {
    await tx.store.put({
      // Keys sort in the order shared (the index lists one owner's records by key).
      id: `${owner(shareId)}:${String(index).padStart(4, '0')}`,
      opId: owner(shareId),
      fileName: file.name || `shared-${now}`,
      type: file.type,
      size: file.size,
      blob: file,
      bytes: null,
      sharedText: description,
    });
  }
  await tx.done;
  return shareId;
}

/** The files of one share, in the order they were shared (an unknown or finished share has none). */
export async function readSharedFiles(shareId: string): Promise<SharedFile[]> {
  const db = await openMiseDb();
  const records = await db.getAllFromIndex('blobs', 'by-op', owner(shareId));
  return records.flatMap((record) => {
    const data = record.blob ?? (record.bytes ? new Blob([record.bytes], { type: record.type }) : null);
    if (!data) return [];
    return [{ file: new File([data], record.fileName, { type: record.type }), description: record.sharedText ?? '' }];
  });
}

export async function removeSharedFiles(shareId: string) {
  const db = await openMiseDb();
  const tx = db.transaction('blobs', 'readwrite');
  for (const key of await tx.store.index('by-op').getAllKeys(owner(shareId))) await tx.store.delete(key);
  await tx.done;
}
