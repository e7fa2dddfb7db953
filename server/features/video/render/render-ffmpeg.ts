import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { RenderError } from './render-plan.ts';

export type FfmpegRun = {
  ffmpeg: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Seconds of output expected, to turn ffmpeg's out_time into a fraction. */
  totalSeconds: number;
  onProgress?: (fraction: number) => void;
  /** Called with ffmpeg's process id once it runs (for logs, and for tests that check it was killed). */
  onSpawn?: (pid: number) => void;
  signal?: AbortSignal;
  timeoutMs: number;
  /** 0 (normal) to 19 (lowest); renders run below the API so requests stay quick. */
  niceness: number;
};

// `nice` starts ffmpeg already lowered, so every thread it creates inherits the priority. Without it
// (Windows) the priority is lowered right after spawn instead.
const NICE = ['/usr/bin/nice', '/bin/nice'].find((candidate) => {
  try {
    fs.accessSync(candidate, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
});

/** `out_time=00:00:12.345678` → 12.345678 (the key every ffmpeg version prints in -progress output). */
export function parseOutTime(value: string): number | null {
  const match = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  if (!match || match[1]) return null;
  return Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
}

/**
 * Runs ffmpeg with `-progress pipe:1` added, reports progress as 0..1, and kills it (SIGKILL: nothing is
 * finalised) on abort or when the time limit passes. Resolves only on a clean exit.
 */
export function runFfmpeg(run: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(new RenderError('aborted', 'The render was cancelled'));
    const args = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', '-y', ...run.args];
    const child = NICE
      ? spawn(NICE, ['-n', String(run.niceness), run.ffmpeg, ...args], { cwd: run.cwd, env: run.env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(run.ffmpeg, args, { cwd: run.cwd, env: run.env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) run.onSpawn?.(child.pid);
    if (!NICE && child.pid) {
      try {
        os.setPriority(child.pid, run.niceness);
      } catch {
        // Not allowed here: the render still runs, at normal priority.
      }
    }

    let stopped: RenderError | undefined;
    const stop = (error: RenderError) => {
      if (stopped) return;
      stopped = error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new RenderError('timeout', `The render took longer than ${Math.round(run.timeoutMs / 60_000) || 1} minutes and was stopped`)),
      run.timeoutMs,
    );
    const onAbort = () => stop(new RenderError('aborted', 'The render was cancelled'));
    run.signal?.addEventListener('abort', onAbort, { once: true });

    let lastFraction = -1;
    let pendingLine = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (pendingLine + chunk).split('\n');
      pendingLine = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('out_time=')) continue;
        const at = parseOutTime(line.slice('out_time='.length));
        if (at === null || run.totalSeconds <= 0) continue;
        const fraction = Math.min(1, Math.max(0, at / run.totalSeconds));
        if (fraction > lastFraction) {
          lastFraction = fraction;
          run.onProgress?.(fraction);
        }
      }
    });
    // Only the tail matters for a failure message; the head of a long log is dropped.
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });

    const finish = (error?: RenderError) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    child.on('error', (error) => finish(new RenderError('ffmpeg_failed', 'The video tool could not be started', { cause: error })));
    child.on('close', (code, signal) => {
      if (stopped) return finish(stopped);
      if (code === 0) return finish();
      const detail = stderr.trim().split('\n').slice(-8).join('\n');
      finish(new RenderError('ffmpeg_failed', 'The video could not be put together from these clips and photos', { detail: `exit ${code ?? signal}: ${detail}` }));
    });
  });
}
