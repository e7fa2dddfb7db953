import * as v from 'valibot';

/** GET /push/key: the server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
export const PushKeyResponseSchema = v.object({ publicKey: v.string() });

const Base64Url = (field: string) => v.pipe(v.string(`${field} is required`), v.nonEmpty(`${field} is required`), v.maxLength(200), v.regex(/^[A-Za-z0-9_-]+=*$/, `${field} must be base64url`));

/** POST /push/subscriptions: PushSubscription.toJSON() of this device. */
export const PushSubscriptionRequestSchema = v.object({
  endpoint: v.pipe(v.string('endpoint is required'), v.url('endpoint must be a URL'), v.maxLength(1000), v.check((value) => /^https?:\/\//.test(value), 'endpoint must be an http(s) URL')),
  keys: v.object({ p256dh: Base64Url('keys.p256dh'), auth: Base64Url('keys.auth') }),
});
export type PushSubscriptionRequest = v.InferOutput<typeof PushSubscriptionRequestSchema>;

/** DELETE /push/subscriptions: this device turns notifications off. */
export const PushUnsubscribeRequestSchema = v.object({ endpoint: v.pipe(v.string('endpoint is required'), v.nonEmpty('endpoint is required'), v.maxLength(1000)) });

export const PushSubscriptionResponseSchema = v.object({ message: v.string() });

/** The notification action that cancels a scheduled send from the notification itself (sw/push-actions.ts). */
export const CANCEL_SEND_ACTION = 'cancel-send';

/**
 * A one-tap action the service worker runs without opening the app: POST `{ token }` to `endpoint` (same origin).
 * The token is signed, single-use, short-lived and scoped to one send and its owner.
 */
export type PushCancelAction = { endpoint: string; token: string; campaign: string; fallbackUrl: string };

/** What a push carries (encrypted; the service worker shows it). `url` opens on tap. */
export type PushPayload = {
  title: string;
  body: string;
  url: string;
  tag?: string;
  kind: string;
  /** Buttons under the notification (Notification `actions`). */
  actions?: Array<{ action: string; title: string }>;
  /** What the "Cancel send" action does. */
  cancel?: PushCancelAction;
};

/** POST /push/sends/{id}/cancel: the token the reminder carried. */
export const PushCancelRequestSchema = v.object({ token: v.pipe(v.string('token is required'), v.nonEmpty('token is required'), v.maxLength(400)) });
