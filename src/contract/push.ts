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

/** What a push carries (encrypted; the service worker shows it). `url` opens on tap. */
export type PushPayload = { title: string; body: string; url: string; tag?: string; kind: string };
