import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { createAiProvider } from './ai/ai.ts';
import type { AiProvider } from './ai/ai-types.ts';
import type { BillingProvider } from './billing/billing.ts';
import { builtinBilling } from './billing/builtin.ts';
import { stripeBilling } from './billing/stripe.ts';
import { createCampaignMailer, type CampaignMailer } from './mail/campaign-mail.ts';
import { createMailer, type Mailer } from './mail/mail.ts';
import { createCloverClient, type CloverClient } from './pos/clover-client.ts';
import { createSquareClient, type SquareClient } from './pos/square-client.ts';
import { createSmsTransport, type SmsTransport } from './sms/sms.ts';
import { createStorage } from './storage/create-storage.ts';
import type { Storage } from './storage/storage.ts';
import { createTiktokClient, tiktokConfigured, type TiktokClient } from './tiktok/tiktok-client.ts';
import { createTiktokResearchProvider, type TrendingProvider } from './trending/tiktok-research.ts';
import { createTtsProvider, type TtsProvider } from './tts/tts.ts';
import { createVideoTools, type VideoTools } from './video/video.ts';

/**
 * Every outside service, each behind its interface. Built once at start-up from the parsed env
 * (`createProviders`) and handed to every feature inside `Deps`; tests build the same object and swap
 * in fakes. A feature never builds a client of its own.
 */
export type Providers = {
  /** nodemailer over SMTP_URL, or .eml files under DATA_DIR/outbox: the account's own mail (codes, notices). */
  mailer: Mailer;
  /** Campaign email: a pooled SMTP transport with DKIM, or .eml files under DATA_DIR/campaign-outbox. */
  campaignMailer: CampaignMailer;
  /** Uploaded files: DATA_DIR/media or any S3-compatible store. */
  storage: Storage;
  /** builtin (deterministic, offline) or any OpenAI-compatible endpoint. */
  ai: AiProvider;
  /** Stripe, or the built-in test billing. */
  billing: BillingProvider;
  /** Point-of-sale clients; `configured` is false while the app credentials are not set. */
  pos: { square: SquareClient; clover: CloverClient };
  /** TikTok Login Kit, Display and Content Posting; null while TIKTOK_CLIENT_KEY is not set. */
  tiktok: TiktokClient | null;
  /** ffmpeg / ffprobe. */
  video: VideoTools;
  /** Voice-overs: the built-in eSpeak NG voice, or an OpenAI-compatible /audio/speech when TTS_BASE_URL is set. */
  tts: TtsProvider;
  /** Texts: Twilio's REST API, or files under DATA_DIR/sms-outbox (nothing sent) while Twilio is not set up. */
  sms: SmsTransport;
  /** Trending sounds: TikTok's Research API when TIKTOK_RESEARCH_CLIENT_KEY is set; null otherwise (no figures shown). */
  trending: TrendingProvider | null;
};

const squareBaseUrl = (env: Env) =>
  env.SQUARE_BASE_URL || (env.SQUARE_ENV === 'production' ? 'https://connect.squareup.com' : 'https://connect.squareupsandbox.com');

export function createProviders(env: Env, logger: Logger): Providers {
  return {
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.dataDir, logger }),
    campaignMailer: createCampaignMailer({
      smtpUrl: env.CAMPAIGN_SMTP_URL || env.SMTP_URL,
      maxConnections: env.SMTP_MAX_CONNECTIONS,
      dkim: env.DKIM_DOMAIN ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') } : null,
      dataDir: env.dataDir,
      logger,
    }),
    storage: createStorage(env),
    ai: createAiProvider(env, logger),
    billing: env.STRIPE_SECRET_KEY ? stripeBilling(env) : builtinBilling(),
    pos: {
      square: createSquareClient({ baseUrl: squareBaseUrl(env), clientId: env.SQUARE_CLIENT_ID, clientSecret: env.SQUARE_CLIENT_SECRET }),
      clover: createCloverClient({
        authBaseUrl: env.CLOVER_AUTH_BASE_URL,
        apiBaseUrl: env.CLOVER_API_BASE_URL,
        clientId: env.CLOVER_CLIENT_ID,
        clientSecret: env.CLOVER_CLIENT_SECRET,
      }),
    },
    tiktok: tiktokConfigured(env) ? createTiktokClient(env) : null,
    video: createVideoTools(env),
    tts: createTtsProvider({ baseUrl: env.TTS_BASE_URL, apiKey: env.TTS_API_KEY, model: env.TTS_MODEL, voices: env.TTS_VOICES }, logger),
    sms: createSmsTransport({
      twilio: env.TWILIO_ACCOUNT_SID
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM || undefined,
            messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID || undefined,
            baseUrl: env.TWILIO_BASE_URL || undefined,
          }
        : null,
      dataDir: env.dataDir,
      logger,
    }),
    trending:
      env.TIKTOK_RESEARCH_CLIENT_KEY && env.TIKTOK_RESEARCH_CLIENT_SECRET
        ? createTiktokResearchProvider({ clientKey: env.TIKTOK_RESEARCH_CLIENT_KEY, clientSecret: env.TIKTOK_RESEARCH_CLIENT_SECRET, baseUrl: env.TIKTOK_RESEARCH_BASE_URL })
        : null,
  };
}

/** What to release when the process stops. */
export function closeProviders(providers: Providers) {
  providers.mailer.close();
  providers.campaignMailer.close();
  void providers.sms.close();
  void providers.tts.close();
}
