// A local stand-in for an OpenAI-compatible speech endpoint (POST /v1/audio/speech), for tests and e2e. It
// answers with a real, playable file in the asked format: a tone as long as the text would take to read
// (about 15 characters a second, divided by `speed`), MP3 made by the bundled ffmpeg, WAV written here.
// Run alone: `node --import tsx tests/fakes/openai-speech.ts 4121`.
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveVideoBinaries } from '../../server/providers/video/video.ts';

export type SpeechReply =
  /** An HTTP error, e.g. 429 with Retry-After, or 500. */
  | { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Anything else, e.g. a 200 whose body is not audio. */
  | { raw: string; contentType?: string; delayMs?: number }
  /** The normal answer after a delay (for timeouts). */
  | { audio: true; delayMs: number };

export type SpeechRequestRecord = {
  authorization: string | undefined;
  body: { model?: string; input?: string; voice?: string; response_format?: string; speed?: number };
};

export type FakeSpeech = {
  /** Base URL to use as TTS_BASE_URL (ends in /v1). */
  url: string;
  requests: SpeechRequestRecord[];
  /** Queue replies for the next requests; after them every request gets audio. */
  script: (...replies: SpeechReply[]) => void;
  close: () => Promise<void>;
};

/** Seconds of audio the fake answers for a text: what a person would take to read it aloud. */
export const fakeSpeechSeconds = (input: string, speed = 1) => Math.min(30, Math.max(0.5, input.length / 15 / speed));

const { ffmpeg } = resolveVideoBinaries({});

function mp3Tone(seconds: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpeg,
      ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=24000:duration=${seconds.toFixed(3)}`, '-c:a', 'libmp3lame', '-b:a', '48k', '-f', 'mp3', '-'],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

function wavTone(seconds: number): Buffer {
  const rate = 24000;
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 330 * i) / rate) * 8000), 44 + i * 2);
  return wav;
}

const VOICES = new Set(['alloy', 'ash', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer']);

export async function startFakeSpeech(options: { port?: number; apiKey?: string; voices?: string[] } = {}): Promise<FakeSpeech> {
  const queue: SpeechReply[] = [];
  const requests: SpeechRequestRecord[] = [];
  const voices = options.voices ? new Set(options.voices) : VOICES;

  const error = (res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
  };

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, text: string) {
    let body: SpeechRequestRecord['body'] = {};
    try {
      body = JSON.parse(text) as SpeechRequestRecord['body'];
    } catch {
      // recorded as empty; answered 400 below like the real API
    }
    requests.push({ authorization: req.headers.authorization, body });
    if (req.method !== 'POST' || req.url !== '/v1/audio/speech') return error(res, 404, 'Unknown path');
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) return error(res, 401, 'Incorrect API key provided');
    const reply = queue.shift();
    if (reply && 'delayMs' in reply && reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply && 'status' in reply) {
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      return res.end(JSON.stringify(reply.body ?? { error: { message: `error ${reply.status}` } }));
    }
    if (reply && 'raw' in reply) {
      res.writeHead(200, { 'Content-Type': reply.contentType ?? 'text/plain' });
      return res.end(reply.raw);
    }
    if (!body.model || typeof body.input !== 'string' || !body.input) return error(res, 400, 'model and input are required');
    if (!body.voice || !voices.has(body.voice)) return error(res, 400, `Unknown voice '${body.voice}'`);
    if (body.speed !== undefined && (body.speed < 0.25 || body.speed > 4)) return error(res, 400, 'speed must be between 0.25 and 4');
    const seconds = fakeSpeechSeconds(body.input, body.speed);
    const format = body.response_format ?? 'mp3';
    if (format === 'mp3') {
      const mp3 = await mp3Tone(seconds);
      res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': String(mp3.length) });
      return res.end(mp3);
    }
    if (format === 'wav') {
      const wav = wavTone(seconds);
      res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': String(wav.length) });
      return res.end(wav);
    }
    return error(res, 400, `response_format '${format}' is not supported by this fake`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      answer(req, res, Buffer.concat(chunks).toString('utf8')).catch((failure: unknown) => error(res, 500, String(failure)));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeSpeech({ port: Number(process.argv[2] ?? 4121) });
  console.log(`fake OpenAI-compatible speech endpoint on ${fake.url}`);
}
