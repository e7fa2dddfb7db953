/**
 * The outbox: writes made in the app (online or not) wait here until the server has answered.
 * Shared by the page and the service worker, so nothing here touches the DOM or React.
 *
 * An op's life:
 *   pending ──send──▶ sending ──2xx──▶ done (removed; its queries are invalidated)
 *                        │──409/412──▶ conflict  (the rest of that entity's chain waits)
 *                        │──other 4xx──▶ failed  (with the server's message; not retried)
 *                        │──401──▶ auth          (waits for a sign-in, then pending again)
 *                        └──5xx/429/network──▶ pending with nextAttemptAt (backoff + jitter, Retry-After)
 * Retry puts a failed/conflict/auth op back to pending; Discard removes it. Nothing else drops one.
 */
export type OpStatus = 'pending' | 'sending' | 'failed' | 'conflict' | 'auth';

/** Query keys are plain JSON arrays so they survive IndexedDB and BroadcastChannel. */
type QueryKeyLike = ReadonlyArray<string | number | boolean | null>;

export type OutboxFormField = { name: string; value: string } | { name: string; blobId: string; fileName: string; type: string };

type OutboxRequest = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /api/v1, e.g. `/users/notifications/123`. */
  path: string;
  json?: unknown;
  /** Multipart fields in order; files are in the blobs store and the FormData is built at send time. */
  form?: OutboxFormField[];
  /**
   * A file sent first by tus (resumable, src/lib/outbox/tus.ts), then named in the form as `uploadId`: a dropped
   * connection, a reload or a closed app resumes from the last byte the server has. `uploadUrl` is kept once the
   * server made the upload; `done` once every byte is there.
   */
  tus?: { blobId: string; fileName: string; type: string; size: number; uploadUrl?: string; done?: boolean };
};

export type OutboxOp = {
  /** Also the Idempotency-Key sent with every attempt. */
  id: string;
  userId: string;
  /** What the write changes, e.g. `profile:<id>`; ops on one entity are sent one after the other. */
  entity: string;
  /** Order within the entity. */
  seq: number;
  /** What kind of write, e.g. `profile.update`; features filter their own pending items by it. */
  kind: string;
  /** For people: "Turn off Weekly summary". */
  label: string;
  request: OutboxRequest;
  /** Query keys to invalidate once the server has accepted it (or it is discarded). */
  invalidate: QueryKeyLike[];
  status: OpStatus;
  attempts: number;
  /** Epoch ms; a pending op is not sent before. */
  nextAttemptAt: number;
  /** The server's message (or ours) from the last attempt. */
  lastError: string | null;
  /** The server's field errors from the last refusal (field → message), shown with the op and under the form's fields. */
  lastFields?: Record<string, string>;
  /** The refusal's words are the server's own (its JSON message), not this app's description of a status. */
  lastFromServer?: boolean;
  /** HTTP status of the last attempt; 0 = no answer (network). */
  lastStatus: number | null;
  createdAt: number;
  updatedAt: number;
};

export type OutboxBlob = {
  id: string;
  opId: string;
  fileName: string;
  type: string;
  size: number;
  /** The original File/Blob, or, where the browser could not read it back (Safari), its bytes. */
  blob: Blob | null;
  bytes: ArrayBuffer | null;
  /** Files shared to Mise (src/lib/offline/shared-files.ts): the text shared with them, offered as the description. */
  sharedText?: string;
};

export type EnqueueInput = {
  kind: string;
  entity: string;
  label: string;
  method: OutboxRequest['method'];
  path: string;
  json?: unknown;
  /** Text fields and files; files are stored as they are and sent as multipart. */
  form?: Record<string, string | Blob> | Array<[string, string | Blob]>;
  /** A file to send resumably (tus) before the form, which then carries its `uploadId`. */
  tusFile?: Blob;
  invalidate?: QueryKeyLike[];
};

/** What the outbox tells every page and the service worker (BroadcastChannel `mise-outbox`). */
export type OutboxEvent =
  | { type: 'changed' }
  | { type: 'done'; opId: string; kind: string; entity: string; invalidate: QueryKeyLike[]; body: unknown }
  | { type: 'discarded'; opId: string; kind: string; entity: string; invalidate: QueryKeyLike[] };

export type DrainSummary = {
  sent: number;
  done: number;
  /** Earliest time a pending op may be tried again, if any is waiting for its backoff. */
  nextAttemptAt: number | null;
};
