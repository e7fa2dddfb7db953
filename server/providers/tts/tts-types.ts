/** A voice the owner can pick on the Audio page; `sample` is what the Play button speaks. */
export type Voice = { id: string; name: string; language: string; sample: string };

export type SpeakRequest = {
  text: string;
  /** A `Voice.id` from `voices()`. */
  voice: string;
  /** 1 is normal; 0.5 to 2 (clamped). */
  speed?: number;
};

export type SpeechAudio = { data: Buffer; mimeType: 'audio/wav' | 'audio/mpeg'; extension: 'wav' | 'mp3' };

/**
 * Text to speech. `builtin` is eSpeak NG compiled to WebAssembly (offline, robotic); `openai` is any
 * OpenAI-compatible `/audio/speech` endpoint (OpenAI, or a self-hosted server such as Kokoro or Piper behind
 * that API).
 */
export type TtsProvider = {
  kind: 'builtin' | 'openai';
  voices: () => Voice[];
  speak: (request: SpeakRequest, options?: { signal?: AbortSignal }) => Promise<SpeechAudio>;
  /** Frees what the provider holds (the builtin's worker thread). Safe to call more than once. */
  close: () => Promise<void>;
};

export type TtsErrorReason = 'invalid_request' | 'timeout' | 'rate_limited' | 'unavailable' | 'bad_response' | 'aborted';

/**
 * A speech failure, in words an owner can read; `reason` lets the caller choose a status, and `field` names the
 * request field an `invalid_request` is about (as data, never inside the message).
 */
export class TtsError extends Error {
  readonly reason: TtsErrorReason;
  readonly field: 'text' | 'voice' | undefined;
  constructor(reason: TtsErrorReason, message: string, options?: { cause?: unknown; field?: 'text' | 'voice' }) {
    super(message, options);
    this.name = 'TtsError';
    this.reason = reason;
    this.field = options?.field;
  }
}

const MAX_SPEECH_CHARACTERS = 4096;

/** The checks both providers share, so an empty or huge text fails the same way everywhere. */
export function checkSpeakRequest(request: SpeakRequest, voices: Voice[]): { text: string; speed: number; voice: Voice } {
  const text = request.text.replace(/\s+/g, ' ').trim();
  if (!text) throw new TtsError('invalid_request', 'There is nothing to speak', { field: 'text' });
  if (text.length > MAX_SPEECH_CHARACTERS) {
    throw new TtsError('invalid_request', `At most ${MAX_SPEECH_CHARACTERS} characters can be spoken at once`, { field: 'text' });
  }
  const voice = voices.find((candidate) => candidate.id === request.voice);
  if (!voice) throw new TtsError('invalid_request', `Unknown voice '${request.voice}'`, { field: 'voice' });
  const speed = Math.min(2, Math.max(0.5, Number.isFinite(request.speed) ? request.speed! : 1));
  return { text, speed, voice };
}
