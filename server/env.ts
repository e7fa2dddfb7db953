import path from 'node:path';
import * as v from 'valibot';
import { missingTwilioSettings } from './providers/sms/sms-types.ts';

// The only module that reads process.env. Everything else imports `env`.
const optionalString = v.optional(v.pipe(v.string(), v.trim()), '');
const port = v.pipe(v.optional(v.string(), '3000'), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535));

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: port,
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.string(), './data'),
  STATIC_DIR: v.optional(v.string(), './dist'),
  DATABASE_URL: optionalString,
  /** PGlite in a worker thread of its own (default); `0` keeps it on the main thread (server/db/pglite-thread.ts). */
  PGLITE_THREAD: v.optional(v.picklist(['0', '1', 'true', 'false', '']), ''),
  /** Data statements in PGlite's thread as named prepared statements (default); `0` parses each one (server/db/pglite-worker.mjs). */
  PGLITE_PREPARED: v.optional(v.picklist(['0', '1', 'true', 'false', '']), ''),
  PUBLIC_URL: optionalString,
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** json: one JSON object a line (for log collectors); pretty: short readable lines; auto: pretty in a terminal, else json. */
  LOG_FORMAT: v.optional(v.picklist(['auto', 'json', 'pretty']), 'auto'),
  SMTP_URL: optionalString,
  MAIL_FROM: v.optional(v.string(), 'Mise <no-reply@mise.local>'),
  // Campaign email (server/features/sending): the SMTP pool's size, DKIM signing, tracking links and bounces.
  /** A relay for campaign email only (bulk), e.g. a provider's SMTP endpoint; default SMTP_URL. */
  CAMPAIGN_SMTP_URL: optionalString,
  SMTP_MAX_CONNECTIONS: v.pipe(v.optional(v.string(), '5'), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100)),
  /** The sender address of campaigns; its domain is the one DKIM signs for. Default: MAIL_FROM's address. */
  CAMPAIGN_FROM_ADDRESS: optionalString,
  DKIM_DOMAIN: optionalString,
  DKIM_SELECTOR: optionalString,
  /** PEM; `\n` escapes are read as line breaks so it fits in one variable. */
  DKIM_PRIVATE_KEY: optionalString,
  /** HMAC key of unsubscribe, open and click links; generated into DATA_DIR when unset (set one on every server). */
  TRACKING_KEY: optionalString,
  /** How long a job's worker may be silent before another takes the job over (its process is presumed dead). */
  JOB_LEASE_SECONDS: v.pipe(v.optional(v.string(), '60'), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(3600)),
  /** Secret the relay puts in ?secret= when it posts bounce mail to /api/v1/email/bounces; unset: that endpoint is off. */
  BOUNCE_WEBHOOK_SECRET: optionalString,
  // Text campaigns (server/features/text): Twilio's REST API; unset, texts are written to DATA_DIR/sms-outbox and not sent.
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /** A Twilio number in E.164 (+15005550006), or TWILIO_MESSAGING_SERVICE_SID (MG…, needed for US A2P 10DLC). */
  TWILIO_FROM: optionalString,
  TWILIO_MESSAGING_SERVICE_SID: optionalString,
  /** Only to point the client at a local fake or a proxy; default https://api.twilio.com. */
  TWILIO_BASE_URL: optionalString,
  /** What one SMS segment costs, in dollars (e.g. 0.0083), for the estimate shown while writing; unset: no estimate. */
  SMS_PRICE_PER_SEGMENT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((value) => value === '' || (/^\d+(?:\.\d+)?$/.test(value) && Number(value) < 10), 'SMS_PRICE_PER_SEGMENT must be a price in dollars, like 0.0083'),
    ),
    '',
  ),
  SESSION_TTL_DAYS: v.pipe(v.optional(v.string(), '30'), v.transform(Number), v.integer(), v.minValue(1)),
  RATE_LIMIT_DISABLED: v.optional(v.picklist(['0', '1', 'true', 'false', '']), ''),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: v.optional(v.string(), 'https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: v.optional(v.string(), 'https://accounts.google.com'),
  APPLE_CLIENT_ID: optionalString,
  APPLE_JWKS_URL: v.optional(v.string(), 'https://appleid.apple.com/auth/keys'),
  APPLE_ISSUER: v.optional(v.string(), 'https://appleid.apple.com'),
  /** Where Apple's JS sends the user back; defaults to PUBLIC_URL (or the request's origin) + /signin. */
  APPLE_REDIRECT_URI: optionalString,
  /** Set behind one reverse proxy: the client IP is then the last X-Forwarded-For entry (rate limits). */
  TRUST_PROXY: v.optional(v.picklist(['0', '1', 'true', 'false', '']), ''),
  /**
   * Seals every stored OAuth token: Square, Clover, TikTok (AES-GCM). Unset: a random key file in DATA_DIR (outside
   * production for POS). Set it when several servers share a database.
   */
  DATA_ENCRYPTION_KEY: v.optional(
    v.pipe(v.string(), v.trim(), v.check((value) => value === '' || value.length >= 32, 'DATA_ENCRYPTION_KEY must be at least 32 characters (e.g. openssl rand -base64 32)')),
    '',
  ),
  /** TikTok Login Kit; the row on /settings/socials says TikTok is not set up while the key is empty. */
  TIKTOK_CLIENT_KEY: optionalString,
  TIKTOK_CLIENT_SECRET: optionalString,
  TIKTOK_AUTH_BASE_URL: v.optional(v.string(), 'https://www.tiktok.com'),
  TIKTOK_API_BASE_URL: v.optional(v.string(), 'https://open.tiktokapis.com'),
  /** Upload chunking (TikTok: files under 5 MB whole, chunks 5–64 MB); lowered only against the local fake in tests. */
  TIKTOK_MIN_CHUNK_BYTES: v.pipe(v.optional(v.string(), String(5 * 1024 * 1024)), v.transform(Number), v.number(), v.integer(), v.minValue(1)),
  TIKTOK_CHUNK_BYTES: v.pipe(v.optional(v.string(), String(10 * 1024 * 1024)), v.transform(Number), v.number(), v.integer(), v.minValue(1)),
  /** Video campaigns: renders at once per server (each runs ffmpeg at a lower priority), and a time limit per render. */
  VIDEO_RENDER_CONCURRENCY: v.pipe(v.optional(v.string(), '1'), v.transform(Number), v.number(), v.integer(), v.minValue(1)),
  VIDEO_RENDER_TIMEOUT_MS: v.pipe(v.optional(v.string(), String(10 * 60_000)), v.transform(Number), v.number(), v.integer(), v.minValue(1000)),
  /** Text to speech for voice-overs: empty → the built-in eSpeak NG voice (robotic, offline); set → an OpenAI-compatible /audio/speech. */
  TTS_BASE_URL: optionalString,
  TTS_API_KEY: optionalString,
  TTS_MODEL: optionalString,
  TTS_VOICES: optionalString,
  /**
   * Trending audios (issue 14): TikTok has no trending-sounds API, so Mise aggregates the sounds and hashtags of the
   * most-viewed recent videos of a region through TikTok's Research API (client credentials of an approved app).
   * Empty → the Trending Audios page says what it needs and shows no figures.
   */
  TIKTOK_RESEARCH_CLIENT_KEY: optionalString,
  TIKTOK_RESEARCH_CLIENT_SECRET: optionalString,
  /** Overrides TikTok's API host for the Research API (tests point it at tests/fakes/tiktok-research.ts). */
  TIKTOK_RESEARCH_BASE_URL: v.optional(v.string(), 'https://open.tiktokapis.com'),
  /** Two-letter region the trends are gathered in. */
  TRENDING_REGION: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'TRENDING_REGION is a two-letter region code like US')), 'US'),
  // Point of sale (issue 5). A provider without client id and secret shows "not set up" and points to CSV import.
  SQUARE_CLIENT_ID: optionalString,
  SQUARE_CLIENT_SECRET: optionalString,
  SQUARE_ENV: v.optional(v.picklist(['sandbox', 'production']), 'sandbox'),
  /** Overrides the host chosen by SQUARE_ENV (tests point it at tests/fakes/square.ts). */
  SQUARE_BASE_URL: optionalString,
  CLOVER_CLIENT_ID: optionalString,
  CLOVER_CLIENT_SECRET: optionalString,
  CLOVER_AUTH_BASE_URL: v.optional(v.string(), 'https://sandbox.dev.clover.com'),
  CLOVER_API_BASE_URL: v.optional(v.string(), 'https://apisandbox.dev.clover.com'),
  /** Before DATA_ENCRYPTION_KEY sealed everything, POS tokens had this key: still read, so tokens sealed with it open. */
  POS_TOKEN_KEY: v.optional(
    v.pipe(v.string(), v.trim(), v.check((value) => value === '' || Buffer.from(value, 'base64').length === 32, 'POS_TOKEN_KEY must be 32 bytes in base64')),
    '',
  ),
  POS_IMPORT_HISTORY_DAYS: v.pipe(v.optional(v.string(), '730'), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(3650)),
  /** Stripe billing; unset means the built-in test billing provider (test card numbers only). */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_BASIC: optionalString,
  STRIPE_PRICE_PROFESSIONAL: optionalString,
  STRIPE_PRICE_PREMIUM: optionalString,
  /** Only to point the SDK at a local fake or proxy, e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: optionalString,
  /** AI provider: 'builtin' (offline, deterministic) or 'openai' (any OpenAI-compatible endpoint). Unset: openai when AI_BASE_URL is set. */
  AI_PROVIDER: v.optional(v.picklist(['builtin', 'openai', ''], 'AI_PROVIDER is builtin or openai'), ''),
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM). */
  AI_BASE_URL: optionalString,
  AI_API_KEY: optionalString,
  AI_MODEL: v.optional(v.string(), 'gpt-4o-mini'),
  AI_TIMEOUT_MS: v.pipe(v.optional(v.string(), '30000'), v.transform(Number), v.integer(), v.minValue(100)),
  AI_MAX_RETRIES: v.pipe(v.optional(v.string(), '3'), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(10)),
  MAX_BODY_BYTES: v.pipe(v.optional(v.string(), String(12 * 1024 * 1024)), v.transform(Number), v.integer(), v.minValue(1024)),
  // Media library (server/features/media): size limits, retention of deleted files, URL signing key, ffmpeg, S3.
  MEDIA_MAX_IMAGE_MB: v.pipe(v.optional(v.string(), '25'), v.transform(Number), v.number(), v.minValue(0.001)),
  MEDIA_MAX_VIDEO_MB: v.pipe(v.optional(v.string(), '500'), v.transform(Number), v.number(), v.minValue(0.001)),
  // Uploads that have not become media yet (tus uploads in progress, multipart bodies being received), per user.
  MEDIA_MAX_PENDING_UPLOADS: v.pipe(v.optional(v.string(), '10'), v.transform(Number), v.integer(), v.minValue(1)),
  MEDIA_MAX_PENDING_MB: v.pipe(v.optional(v.string(), '2048'), v.transform(Number), v.number(), v.minValue(0.001)),
  MEDIA_RETENTION_DAYS: v.pipe(v.optional(v.string(), '30'), v.transform(Number), v.number(), v.minValue(0)),
  // Web Push (server/features/push): VAPID keys, both or neither (unset: a pair generated into DATA_DIR/vapid.json).
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Contact the push services may use: `mailto:` or `https:`; default mailto: MAIL_FROM's address. */
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.check((value) => value === '' || /^(mailto:|https:\/\/)/.test(value), 'VAPID_SUBJECT must start with mailto: or https://')), ''),
  /** HMAC key for signed media URLs; generated once and kept under DATA_DIR when unset (set it when running several instances). */
  MEDIA_URL_KEY: optionalString,
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['0', '1', 'true', 'false', '']), ''),
});

export type Env = v.InferOutput<typeof EnvSchema> & { dataDir: string; staticDir: string; rateLimitEnabled: boolean; pgliteThread: boolean; pglitePrepared: boolean };

const DKIM_PARTS = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = v.safeParse(EnvSchema, source);
  if (!result.success) {
    const lines = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const parsed = result.output;
  const dkimSet = DKIM_PARTS.filter((name) => parsed[name]);
  if (dkimSet.length > 0 && dkimSet.length < DKIM_PARTS.length) {
    throw new Error(`Invalid environment:\n  DKIM signing needs all of ${DKIM_PARTS.join(', ')} (missing: ${DKIM_PARTS.filter((name) => !parsed[name]).join(', ')})`);
  }
  const twilioMissing = missingTwilioSettings({
    accountSid: parsed.TWILIO_ACCOUNT_SID,
    authToken: parsed.TWILIO_AUTH_TOKEN,
    from: parsed.TWILIO_FROM,
    messagingServiceSid: parsed.TWILIO_MESSAGING_SERVICE_SID,
  });
  if (Boolean(parsed.VAPID_PUBLIC_KEY) !== Boolean(parsed.VAPID_PRIVATE_KEY)) throw new Error('Invalid environment:\n  Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or neither: a pair is generated into DATA_DIR)');
  if (twilioMissing.length > 0) throw new Error(`Invalid environment:\n  Twilio needs ${twilioMissing.join(', ')} as well`);
  return {
    ...parsed,
    dataDir: path.resolve(parsed.DATA_DIR),
    staticDir: path.resolve(parsed.STATIC_DIR),
    rateLimitEnabled: !['1', 'true'].includes(parsed.RATE_LIMIT_DISABLED),
    pgliteThread: !['0', 'false'].includes(parsed.PGLITE_THREAD),
    pglitePrepared: !['0', 'false'].includes(parsed.PGLITE_PREPARED),
  };
}

export const env: Env = parseEnv();
