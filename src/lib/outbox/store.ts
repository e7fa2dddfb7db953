import { isQuotaError, openMiseDb, type MiseDb } from '../offline/db.ts';
import type { EnqueueInput, OutboxBlob, OutboxFormField, OutboxOp } from './types.ts';

/** Thrown when a write could not be stored on this device; the caller tells the user (nothing was queued). */
export class OutboxStoreError extends Error {
  readonly quota: boolean;
  constructor(message: string, quota: boolean) {
    super(message);
    this.name = 'OutboxStoreError';
    this.quota = quota;
  }
}

const newId = () => crypto.randomUUID();

/** Oldest first within an entity. */
export const bySeq = (a: OutboxOp, b: OutboxOp) => a.seq - b.seq || a.createdAt - b.createdAt;

/** Stores a write (and its files) in one transaction, then checks the files read back. */
export async function addOp(input: EnqueueInput & { userId: string }, now = Date.now()): Promise<OutboxOp> {
  const db = await openMiseDb();
  const id = newId();
  const blobs: OutboxBlob[] = [];
  let form: OutboxFormField[] | undefined;
  if (input.form) {
    form = [];
    const entries = Array.isArray(input.form) ? input.form : Object.entries(input.form);
    for (const [name, value] of entries) {
      if (typeof value === 'string') {
        form.push({ name, value });
        continue;
      }
      const blobId = newId();
      const fileName = 'name' in value && typeof value.name === 'string' ? value.name : 'blob';
      blobs.push({ id: blobId, opId: id, fileName, type: value.type, size: value.size, blob: value, bytes: null });
      form.push({ name, blobId, fileName, type: value.type });
    }
  }
  let tus: OutboxOp['request']['tus'];
  if (input.tusFile) {
    const blobId = newId();
    const fileName = 'name' in input.tusFile && typeof input.tusFile.name === 'string' ? input.tusFile.name : 'blob';
    blobs.push({ id: blobId, opId: id, fileName, type: input.tusFile.type, size: input.tusFile.size, blob: input.tusFile, bytes: null });
    tus = { blobId, fileName, type: input.tusFile.type, size: input.tusFile.size };
  }
  const op: OutboxOp = {
    id,
    userId: input.userId,
    entity: input.entity,
    seq: 0,
    kind: input.kind,
    label: input.label,
    request: { method: input.method, path: input.path, ...(input.json !== undefined ? { json: input.json } : {}), ...(form ? { form } : {}), ...(tus ? { tus } : {}) },
    invalidate: input.invalidate ?? [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    lastStatus: null,
    createdAt: now,
    updatedAt: now,
  };
  // Files first, each read back before the op that needs them exists: a drainer never sees an op with a broken file.
  try {
    for (const blob of blobs) await db.put('blobs', blob);
    for (const blob of blobs) await verifyBlob(db, blob);
    const tx = db.transaction(['ops', 'meta'], 'readwrite');
    const counter = `seq:${input.userId}:${input.entity}`;
    op.seq = ((await tx.objectStore('meta').get(counter)) ?? 0) + 1;
    await tx.objectStore('meta').put(op.seq, counter);
    await tx.objectStore('ops').put(op);
    await tx.done;
  } catch (error) {
    await removeOps([id]).catch(() => undefined);
    if (error instanceof OutboxStoreError) throw error;
    throw new OutboxStoreError(
      isQuotaError(error) ? 'This phone is out of storage space for Mise, so the change could not be saved for later.' : 'The change could not be saved on this device.',
      isQuotaError(error),
    );
  }
  return op;
}

/**
 * Safari has lost Blobs stored in IndexedDB (they read back empty or throw). Read each one back
 * right away; if it does not come back whole, store its bytes instead. If even that fails, the
 * write is not queued and the caller tells the user: never a queued write with a broken file.
 */
async function verifyBlob(db: MiseDb, original: OutboxBlob) {
  try {
    const stored = await db.get('blobs', original.id);
    const buffer = await stored?.blob?.arrayBuffer();
    if (buffer && buffer.byteLength === original.size) return;
  } catch {
    // fall through to storing the bytes
  }
  try {
    const bytes = await original.blob!.arrayBuffer();
    await db.put('blobs', { ...original, blob: null, bytes });
    const check = await db.get('blobs', original.id);
    if (check?.bytes?.byteLength === original.size) return;
  } catch {
    // fall through
  }
  throw new OutboxStoreError('The file could not be saved on this device. Try again, or pick it again.', false);
}

export async function listOps(userId?: string): Promise<OutboxOp[]> {
  const db = await openMiseDb();
  const ops = userId ? await db.getAllFromIndex('ops', 'by-user', userId) : await db.getAll('ops');
  return ops.sort((a, b) => a.createdAt - b.createdAt || bySeq(a, b));
}

export async function getOp(id: string) {
  return (await openMiseDb()).get('ops', id);
}

/** Changes an op if it still exists (a sign-out may have wiped it mid-send). */
export async function updateOp(id: string, patch: Partial<OutboxOp>, now = Date.now()): Promise<OutboxOp | undefined> {
  const db = await openMiseDb();
  const tx = db.transaction('ops', 'readwrite');
  const op = await tx.store.get(id);
  if (!op) {
    await tx.done;
    return undefined;
  }
  const next = { ...op, ...patch, updatedAt: now };
  await tx.store.put(next);
  await tx.done;
  return next;
}

/** Removes ops and their files. */
export async function removeOps(ids: string[]) {
  const db = await openMiseDb();
  const tx = db.transaction(['ops', 'blobs'], 'readwrite');
  for (const id of ids) {
    await tx.objectStore('ops').delete(id);
    for (const key of await tx.objectStore('blobs').index('by-op').getAllKeys(id)) await tx.objectStore('blobs').delete(key);
  }
  await tx.done;
}

export async function readBlob(id: string): Promise<Blob | undefined> {
  const record = await (await openMiseDb()).get('blobs', id);
  if (!record) return undefined;
  return record.blob ?? (record.bytes ? new Blob([record.bytes], { type: record.type }) : undefined);
}

/**
 * Retry: a failed or conflicting op was answered with a 4xx, which the server stored under its key
 * (a repeat would get the same answer), and which means nothing was applied: so it goes again under
 * a new key, keeping its place in its entity's chain. A pending or auth op just goes now.
 */
export async function retryOp(id: string, now = Date.now()): Promise<OutboxOp | undefined> {
  const db = await openMiseDb();
  const tx = db.transaction(['ops', 'blobs'], 'readwrite');
  const op = await tx.objectStore('ops').get(id);
  if (!op || op.status === 'sending') {
    await tx.done;
    return op;
  }
  const fresh: OutboxOp = { ...op, status: 'pending', nextAttemptAt: 0, attempts: 0, lastError: null, lastStatus: null, lastFields: undefined, updatedAt: now };
  if (op.status === 'failed' || op.status === 'conflict') {
    fresh.id = newId();
    await tx.objectStore('ops').delete(op.id);
    for (const blob of await tx.objectStore('blobs').index('by-op').getAll(op.id)) await tx.objectStore('blobs').put({ ...blob, opId: fresh.id });
  }
  await tx.objectStore('ops').put(fresh);
  await tx.done;
  return fresh;
}

/**
 * An op left in `sending` by a drainer that died (tab closed, worker stopped) goes back to pending.
 * Only called while holding the outbox lock, so no live drainer owns it; it is resent with the same
 * key, which the server answers from its store if the first attempt got through.
 */
export async function recoverInterrupted(now = Date.now()) {
  const db = await openMiseDb();
  const tx = db.transaction('ops', 'readwrite');
  for (const op of await tx.store.getAll()) {
    if (op.status === 'sending') await tx.store.put({ ...op, status: 'pending', updatedAt: now });
  }
  await tx.done;
}

/** A new token arrived: ops that got 401 for this user may go again. */
export async function resumeAuthBlocked(userId: string, now = Date.now()) {
  const db = await openMiseDb();
  const tx = db.transaction('ops', 'readwrite');
  let resumed = 0;
  for (const op of await tx.store.index('by-user').getAll(userId)) {
    if (op.status !== 'auth') continue;
    await tx.store.put({ ...op, status: 'pending', nextAttemptAt: 0, updatedAt: now });
    resumed += 1;
  }
  await tx.done;
  return resumed;
}

/** Writes of this owner that have not reached the server (shown before a sign-out would wipe them). */
export async function countUnsentOps(userId: string): Promise<number> {
  return (await openMiseDb()).countFromIndex('ops', 'by-user', userId);
}
