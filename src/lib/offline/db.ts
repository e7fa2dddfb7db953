import { openDB, type IDBPDatabase } from 'idb';
import type { OutboxBlob, OutboxOp } from '../outbox/types.ts';

/**
 * The one IndexedDB database of Mise, shared by the page and the service worker (so no DOM or
 * React here). Everything in it belongs to the signed-in owner and is wiped on sign-out.
 * - kv:    the persisted TanStack Query cache (one string, see persister.ts)
 * - auth:  a mirror of the session's bearer token (the service worker cannot read localStorage)
 * - ops:   the outbox: writes waiting to reach the server, key = Idempotency-Key
 * - blobs: the files those writes carry (a profile picture, later media)
 * - meta:  per-entity sequence counters of the outbox
 */
export type AuthRecord = { token: string; userId: string };

type MiseDbSchema = {
  kv: { key: string; value: string };
  auth: { key: 'current'; value: AuthRecord };
  ops: { key: string; value: OutboxOp; indexes: { 'by-user': string } };
  blobs: { key: string; value: OutboxBlob; indexes: { 'by-op': string } };
  meta: { key: string; value: number };
};

export type MiseDb = IDBPDatabase<MiseDbSchema>;

const MISE_DB_NAME = 'mise';
const VERSION = 1;
export const USER_STORES = ['kv', 'auth', 'ops', 'blobs', 'meta'] as const;

let opening: Promise<MiseDb> | undefined;

export function openMiseDb(): Promise<MiseDb> {
  opening ??= openDB<MiseDbSchema>(MISE_DB_NAME, VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('kv');
        db.createObjectStore('auth');
        db.createObjectStore('ops', { keyPath: 'id' }).createIndex('by-user', 'userId');
        db.createObjectStore('blobs', { keyPath: 'id' }).createIndex('by-op', 'opId');
        db.createObjectStore('meta');
      }
    },
    // A newer version of Mise (another tab, the new service worker) wants to upgrade: step aside.
    blocking() {
      void closeMiseDb();
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

export async function closeMiseDb() {
  const pending = opening;
  opening = undefined;
  if (pending) (await pending.catch(() => undefined))?.close();
}

/** True for the errors a full disk or a storage quota raise (names differ per browser). */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name ?? '';
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || /quota/i.test(String((error as Error)?.message ?? ''));
}
