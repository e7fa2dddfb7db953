import { Worker } from 'node:worker_threads';
import { espeakVoices, espeakWordsPerMinute } from './espeak-voices.ts';
import { checkSpeakRequest, TtsError, type SpeechAudio, type TtsProvider } from './tts-types.ts';

export type EspeakOptions = {
  /** A synthesis that takes longer is abandoned and its thread restarted (default 30 s). */
  timeoutMs?: number;
  /** The thread is stopped after this long without work, to give its memory back (default 60 s). */
  idleMs?: number;
};

type Pending = { resolve: (wav: Buffer) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };
type Reply = { id: number; wav?: Uint8Array; error?: string };

/**
 * The built-in voice: eSpeak NG compiled to WebAssembly (the `espeak-ng` npm package ships the engine and its
 * voice data), run in a worker thread. It works offline and sounds robotic; the README says how to plug in a
 * better voice through the OpenAI-compatible provider.
 */
export function createEspeakProvider(options: EspeakOptions = {}): TtsProvider {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const idleMs = options.idleMs ?? 60_000;
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;

  function failAll(error: Error) {
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      job.reject(error);
      pending.delete(id);
    }
  }

  function stopWorker() {
    const current = worker;
    worker = undefined;
    return current ? current.terminate().then(() => undefined) : Promise.resolve();
  }

  function startWorker(): Worker {
    const started = new Worker(new URL('./espeak-worker.mjs', import.meta.url));
    // Never keeps the server alive on its own; pending jobs hold their own timers.
    started.unref();
    started.on('message', (reply: Reply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      clearTimeout(job.timer);
      if (reply.wav) job.resolve(Buffer.from(reply.wav.buffer, reply.wav.byteOffset, reply.wav.byteLength));
      else job.reject(new TtsError('bad_response', `The built-in voice could not speak this text: ${reply.error ?? 'unknown error'}`));
      scheduleIdleStop();
    });
    started.on('error', (error) => {
      if (worker === started) worker = undefined;
      failAll(new TtsError('unavailable', 'The built-in voice stopped unexpectedly', { cause: error }));
    });
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      failAll(new TtsError('unavailable', 'The built-in voice stopped unexpectedly'));
    });
    return started;
  }

  function scheduleIdleStop() {
    clearTimeout(idleTimer);
    if (pending.size > 0) return;
    idleTimer = setTimeout(() => void stopWorker(), idleMs);
    idleTimer.unref();
  }

  function synthesize(text: string, voice: string, wordsPerMinute: number, signal?: AbortSignal): Promise<Buffer> {
    clearTimeout(idleTimer);
    worker ??= startWorker();
    const id = nextId++;
    const target = worker;
    return new Promise<Buffer>((resolve, reject) => {
      const onAbort = () => {
        const job = pending.get(id);
        if (!job) return;
        pending.delete(id);
        clearTimeout(job.timer);
        reject(new TtsError('aborted', 'Speech was cancelled'));
        scheduleIdleStop();
      };
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new TtsError('timeout', 'The built-in voice took too long'));
        // A stuck engine is not reused: the next request gets a fresh thread.
        if (worker === target) void stopWorker();
      }, timeoutMs);
      pending.set(id, {
        resolve: (wav) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(wav);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
        timer,
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      target.postMessage({ id, text, voice, wordsPerMinute });
    });
  }

  return {
    kind: 'builtin',
    voices: () => espeakVoices.map(({ id, name, language, sample }) => ({ id, name, language, sample })),
    async speak(request, callOptions = {}): Promise<SpeechAudio> {
      const { text, speed, voice } = checkSpeakRequest(request, espeakVoices);
      if (callOptions.signal?.aborted) throw new TtsError('aborted', 'Speech was cancelled');
      const espeak = espeakVoices.find((candidate) => candidate.id === voice.id)!.espeak;
      const data = await synthesize(text, espeak, espeakWordsPerMinute(speed), callOptions.signal);
      return { data, mimeType: 'audio/wav', extension: 'wav' };
    },
    async close() {
      clearTimeout(idleTimer);
      failAll(new TtsError('aborted', 'The speech engine was closed'));
      await stopWorker();
    },
  };
}
