import type { Logger } from '../../lib/logger.ts';
import { createEspeakProvider } from './espeak-provider.ts';
import { createOpenAiSpeechProvider } from './openai-speech.ts';
import type { TtsProvider } from './tts-types.ts';

export type { SpeechAudio, TtsProvider } from './tts-types.ts';
export { TtsError } from './tts-types.ts';

/** The settings the provider is chosen from; env.ts parses them (TTS_*), this module never reads the environment itself. */
export type TtsSettings = {
  /** TTS_BASE_URL: set → the OpenAI-compatible provider; empty → the built-in eSpeak NG voice. */
  baseUrl?: string;
  /** TTS_API_KEY */
  apiKey?: string;
  /** TTS_MODEL (default gpt-4o-mini-tts) */
  model?: string;
  /** TTS_VOICES, comma-separated voice names the server knows (default: OpenAI's voices). */
  voices?: string;
  /** TTS_TIMEOUT_MS (default 60 s for the service, 30 s for the built-in engine). */
  timeoutMs?: number;
};

export function createTtsProvider(settings: TtsSettings, logger?: Logger): TtsProvider {
  if (!settings.baseUrl) return createEspeakProvider({ timeoutMs: settings.timeoutMs });
  return createOpenAiSpeechProvider({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey ?? '',
    model: settings.model || 'gpt-4o-mini-tts',
    voices: settings.voices?.split(',').map((name) => name.trim()).filter(Boolean),
    timeoutMs: settings.timeoutMs,
    logger,
  });
}
