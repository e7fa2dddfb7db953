import { fileTypeFromBuffer } from 'file-type';
import type { Logger } from '../../lib/logger.ts';
import { checkSpeakRequest, TtsError, type SpeechAudio, type TtsProvider, type Voice } from './tts-types.ts';

export type OpenAiSpeechOptions = {
  /** TTS_BASE_URL, e.g. https://api.openai.com/v1 or a local Kokoro/Piper server's /v1. */
  baseUrl: string;
  /** TTS_API_KEY; empty for servers that need none. */
  apiKey: string;
  /** TTS_MODEL, e.g. gpt-4o-mini-tts, tts-1 or kokoro. */
  model: string;
  /** TTS_VOICES: the server's voice names; OpenAI's are the default. */
  voices?: string[];
  timeoutMs?: number;
  maxRetries?: number;
  retryBaseMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
};

const OPENAI_VOICES = ['alloy', 'ash', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer'];

const SAMPLE = "Hi there! Today's special is ready for you.";
const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Any OpenAI-compatible speech endpoint: POST {baseUrl}/audio/speech {model, input, voice, response_format,
 * speed} answers with the audio bytes. Retries 429 and 5xx with backoff (honouring Retry-After), bounds
 * each attempt with a timeout, and checks that what came back really is MP3 or WAV.
 */
export function createOpenAiSpeechProvider(options: OpenAiSpeechOptions): TtsProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 2;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const voices: Voice[] = (options.voices?.length ? options.voices : OPENAI_VOICES).map((id) => ({
    id,
    name: capitalise(id),
    // An OpenAI-compatible server speaks the language of the text it is given.
    language: 'auto',
    sample: SAMPLE,
  }));

  function backoff(attempt: number, retryAfter: string | null): number {
    const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 30_000);
    const base = retryBaseMs * 2 ** attempt;
    return base + Math.random() * base * 0.25;
  }

  async function speak(request: Parameters<TtsProvider['speak']>[0], callOptions: { signal?: AbortSignal } = {}): Promise<SpeechAudio> {
    const { text, speed, voice } = checkSpeakRequest(request, voices);
    const body = JSON.stringify({ model: options.model, input: text, voice: voice.id, response_format: 'mp3', speed });
    let lastError = new TtsError('unavailable', 'The speech service did not answer');
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      if (attempt > 0) await sleep(backoff(attempt - 1, retryAfter), callOptions.signal);
      if (callOptions.signal?.aborted) throw new TtsError('aborted', 'Speech was cancelled');
      retryAfter = null;
      let response: Response;
      try {
        const signals = [AbortSignal.timeout(timeoutMs), ...(callOptions.signal ? [callOptions.signal] : [])];
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
          body,
          signal: AbortSignal.any(signals),
        });
      } catch (error) {
        if (callOptions.signal?.aborted) throw new TtsError('aborted', 'Speech was cancelled');
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        lastError = new TtsError(timedOut ? 'timeout' : 'unavailable', timedOut ? 'The speech service took too long' : 'The speech service could not be reached', { cause: error });
        options.logger?.warn({ attempt, reason: lastError.reason }, 'tts request failed');
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        retryAfter = response.headers.get('retry-after');
        await response.body?.cancel();
        lastError = new TtsError(response.status === 429 ? 'rate_limited' : 'unavailable', `The speech service answered ${response.status}`);
        options.logger?.warn({ attempt, status: response.status }, 'tts request will be retried');
        continue;
      }
      if (!response.ok) {
        const detail = await response.json().then((payload: { error?: { message?: string } }) => payload.error?.message, () => undefined);
        // 4xx other than 429 will not fix itself (bad key, unknown model or voice).
        throw new TtsError('unavailable', `The speech service refused the request (${response.status}${detail ? `: ${detail}` : ''})`);
      }
      const data = Buffer.from(await response.arrayBuffer());
      const sniffed = await fileTypeFromBuffer(data);
      if (sniffed?.ext === 'mp3') return { data, mimeType: 'audio/mpeg', extension: 'mp3' };
      if (sniffed?.ext === 'wav') return { data, mimeType: 'audio/wav', extension: 'wav' };
      throw new TtsError('bad_response', `The speech service sent ${sniffed ? sniffed.mime : 'something that is not audio'} instead of MP3`);
    }
    throw lastError;
  }

  return { kind: 'openai', voices: () => voices.map((voice) => ({ ...voice })), speak, close: async () => undefined };
}
