import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEspeakProvider } from '../../server/providers/tts/espeak-provider.ts';
import { createOpenAiSpeechProvider } from '../../server/providers/tts/openai-speech.ts';
import { createTtsProvider, TtsError, type SpeechAudio } from '../../server/providers/tts/tts.ts';
import { resolveVideoBinaries } from '../../server/providers/video/video.ts';
import { fakeSpeechSeconds, startFakeSpeech, type FakeSpeech } from '../fakes/openai-speech.ts';

const { ffprobe } = resolveVideoBinaries({});
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-tts-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** What ffprobe says about the audio: codec, duration, sample rate. */
function probeAudio(audio: SpeechAudio): Promise<{ codec: string; duration: number; sampleRate: number }> {
  const file = path.join(tmp, `speech-${Math.random().toString(36).slice(2)}.${audio.extension}`);
  fs.writeFileSync(file, audio.data);
  return new Promise((resolve, reject) =>
    execFile(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], (error, stdout) => {
      if (error) return reject(error);
      const parsed = JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; sample_rate: string }[]; format: { duration: string } };
      const stream = parsed.streams.find((s) => s.codec_type === 'audio')!;
      resolve({ codec: stream.codec_name, duration: Number(parsed.format.duration), sampleRate: Number(stream.sample_rate) });
    }),
  );
}

describe('built-in voice (eSpeak NG in WebAssembly)', () => {
  const tts = createEspeakProvider();
  afterAll(() => tts.close());

  it('lists voice templates, each with a sample to play', () => {
    const voices = tts.voices();
    expect(voices.length).toBeGreaterThanOrEqual(6);
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
    for (const voice of voices) {
      expect(voice.name).toBeTruthy();
      expect(voice.language).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
      expect(voice.sample.length).toBeGreaterThan(10);
    }
  });

  it('speaks a sentence into a WAV file of about the right length, without blocking the event loop', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const audio = await tts.speak({ text: 'Fresh croissants every morning at Café Lumière. Come early!', voice: 'en-us-female' });
    clearInterval(ticker);
    expect(audio.mimeType).toBe('audio/wav');
    expect(audio.data.subarray(0, 4).toString()).toBe('RIFF');
    const info = await probeAudio(audio);
    expect(info.codec).toBe('pcm_s16le');
    expect(info.duration).toBeGreaterThan(2);
    expect(info.duration).toBeLessThan(8);
    // The synthesis ran on another thread: timers kept firing meanwhile.
    expect(ticks).toBeGreaterThan(3);
  });

  it('speaks faster when asked, in other languages too, and reads a leading dash as text', async () => {
    const text = 'Una mesa te espera hoy en nuestra terraza, con pan recién horneado.';
    const [normal, fast, dashed] = await Promise.all([
      tts.speak({ text, voice: 'es-female' }),
      tts.speak({ text, voice: 'es-female', speed: 2 }),
      tts.speak({ text: '-v is not an option here', voice: 'en-gb-male' }),
    ]);
    const [normalInfo, fastInfo, dashedInfo] = await Promise.all([probeAudio(normal), probeAudio(fast), probeAudio(dashed)]);
    expect(fastInfo.duration).toBeLessThan(normalInfo.duration * 0.75);
    expect(dashedInfo.duration).toBeGreaterThan(1);
  });

  it('refuses empty text and unknown voices in words a person can read', async () => {
    await expect(tts.speak({ text: '   ', voice: 'en-us-male' })).rejects.toMatchObject({ reason: 'invalid_request', field: 'text', message: 'There is nothing to speak' });
    await expect(tts.speak({ text: 'Hello', voice: 'robot-9000' })).rejects.toMatchObject({ reason: 'invalid_request', field: 'voice', message: "Unknown voice 'robot-9000'" });
    await expect(tts.speak({ text: 'x'.repeat(5000), voice: 'en-us-male' })).rejects.toMatchObject({ field: 'text', message: 'At most 4096 characters can be spoken at once' });
  });

  it('stops waiting when the caller aborts', async () => {
    const controller = new AbortController();
    const speaking = tts.speak({ text: 'A long welcome for everyone who comes to dinner tonight.', voice: 'en-us-male' }, { signal: controller.signal });
    controller.abort();
    await expect(speaking).rejects.toMatchObject({ reason: 'aborted' });
    // The engine is still usable afterwards.
    const audio = await tts.speak({ text: 'Still here.', voice: 'en-us-male' });
    expect(audio.data.length).toBeGreaterThan(1000);
  });
});

describe('OpenAI-compatible speech endpoint', () => {
  let fake: FakeSpeech;
  beforeAll(async () => {
    fake = await startFakeSpeech({ apiKey: 'sk-test' });
  });
  afterAll(() => fake.close());

  const provider = (overrides: { apiKey?: string; voices?: string[]; timeoutMs?: number } = {}) =>
    createOpenAiSpeechProvider({ baseUrl: fake.url, apiKey: 'sk-test', model: 'tts-1', retryBaseMs: 10, ...overrides });

  it('is chosen when TTS_BASE_URL is set, and the built-in voice otherwise', async () => {
    expect(createTtsProvider({ baseUrl: fake.url, model: 'tts-1' }).kind).toBe('openai');
    const builtin = createTtsProvider({});
    expect(builtin.kind).toBe('builtin');
    await builtin.close();
  });

  it('posts model, input, voice and speed and returns the MP3 the service sent', async () => {
    fake.requests.length = 0;
    const text = 'Two-for-one tacos this Tuesday, only at our Main Street kitchen.';
    const audio = await provider().speak({ text, voice: 'nova', speed: 1.25 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toEqual({
      authorization: 'Bearer sk-test',
      body: { model: 'tts-1', input: text, voice: 'nova', response_format: 'mp3', speed: 1.25 },
    });
    expect(audio.mimeType).toBe('audio/mpeg');
    const info = await probeAudio(audio);
    expect(info.codec).toBe('mp3');
    expect(info.duration).toBeCloseTo(fakeSpeechSeconds(text, 1.25), 0);
  });

  it('offers the voices named in TTS_VOICES', () => {
    const voices = createTtsProvider({ baseUrl: fake.url, voices: 'af_bella, am_adam' }).voices();
    expect(voices.map((v) => v.id)).toEqual(['af_bella', 'am_adam']);
    expect(voices[0]).toMatchObject({ name: 'Af_bella', sample: expect.any(String) });
  });

  it('retries a 429 and a 500, then succeeds', async () => {
    fake.requests.length = 0;
    fake.script({ status: 429, headers: { 'Retry-After': '0' } }, { status: 500 });
    const audio = await provider().speak({ text: 'Happy hour starts at five.', voice: 'alloy' });
    expect(fake.requests).toHaveLength(3);
    expect(audio.data.length).toBeGreaterThan(100);
  });

  it('gives up after the retries with the status in the message', async () => {
    fake.script({ status: 503 }, { status: 503 }, { status: 503 });
    const speaking = provider().speak({ text: 'Hello', voice: 'alloy' });
    await expect(speaking).rejects.toThrow('The speech service answered 503');
  });

  it('does not retry a refused key, and says why', async () => {
    fake.requests.length = 0;
    const speaking = provider({ apiKey: 'sk-wrong' }).speak({ text: 'Hello', voice: 'alloy' });
    await expect(speaking).rejects.toThrow('The speech service refused the request (401: Incorrect API key provided)');
    expect(fake.requests).toHaveLength(1);
  });

  it('rejects an answer that is not audio', async () => {
    fake.script({ raw: '<html>gateway login</html>', contentType: 'text/html' });
    const speaking = provider().speak({ text: 'Hello', voice: 'alloy' });
    await expect(speaking).rejects.toBeInstanceOf(TtsError);
    fake.script({ raw: '<html>gateway login</html>', contentType: 'text/html' });
    await expect(provider().speak({ text: 'Hello', voice: 'alloy' })).rejects.toThrow('instead of MP3');
  });

  it('times out a service that does not answer', async () => {
    // The first answer would come long after the time limit; the retry's comes at once. The limit is far above what a
    // prompt answer takes even on a loaded machine, and far below the hung one.
    fake.script({ audio: true, delayMs: 15_000 });
    const slow = provider({ timeoutMs: 3000 });
    // One attempt times out; the retry gets a prompt answer.
    const audio = await slow.speak({ text: 'Hello again', voice: 'alloy' });
    expect(audio.mimeType).toBe('audio/mpeg');
  });
});
