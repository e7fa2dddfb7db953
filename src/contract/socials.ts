import * as v from 'valibot';

// TikTok linking (spec §3 TikTok status, §7 POS and social).
export const TIKTOK_CONNECTED = 'Connected';

const TiktokProfileSchema = v.object({
  open_id: v.string(),
  display_name: v.nullable(v.string()),
  avatar_url: v.nullable(v.string()),
});
export type TiktokProfile = v.InferOutput<typeof TiktokProfileSchema>;

/**
 * `status` is 'Connected', 'Not connected' or 'Expired' (the link must be made again).
 * `expires_in`: seconds until the link itself lapses (the refresh token); access tokens are renewed on their own.
 */
export const TiktokStatusSchema = v.object({
  configured: v.boolean(),
  status: v.picklist(['Connected', 'Not connected', 'Expired']),
  expires_in: v.nullable(v.number()),
  user_profile: v.nullable(TiktokProfileSchema),
});
export type TiktokStatus = v.InferOutput<typeof TiktokStatusSchema>;

export const TiktokLoginUrlResponseSchema = v.object({ login_url: v.string() });

/** The query string TikTok sends back to /tiktok_callback (checked by that route: the app's entry runs the check). */
export type TiktokCallbackSearch = { code?: string; scopes?: string; state?: string; error?: string; error_description?: string };

export const TiktokConnectRequestSchema = v.object({
  code: v.pipe(v.string('code is required'), v.trim(), v.nonEmpty('code is required'), v.maxLength(2000)),
  scopes: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
  state: v.pipe(v.string('state is required'), v.trim(), v.nonEmpty('state is required'), v.maxLength(200)),
});
export type TiktokConnectRequest = v.InferOutput<typeof TiktokConnectRequestSchema>;

export const SocialMessageResponseSchema = v.object({ message: v.string() });
