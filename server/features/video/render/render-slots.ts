/**
 * At most `limit` renders at once in this server process (VIDEO_RENDER_CONCURRENCY, default 1), so a burst
 * of video requests queues instead of starving the API of CPU. Jobs beyond the limit wait their turn in
 * order; a waiting job whose signal aborts leaves the queue without running.
 */
export type RenderSlots = {
  run: <T>(work: () => Promise<T>, signal?: AbortSignal) => Promise<T>;
  /** Renders running and waiting, for logs and health checks. */
  stats: () => { running: number; waiting: number };
};

export function createRenderSlots(limit = 1): RenderSlots {
  const capacity = Math.max(1, Math.floor(limit));
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };

  async function acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    if (running < capacity) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', onAbort);
        running += 1;
        resolve();
      };
      const onAbort = () => {
        const index = waiting.indexOf(turn);
        if (index >= 0) waiting.splice(index, 1);
        reject(signal?.reason ?? new Error('aborted'));
      };
      waiting.push(turn);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  return {
    async run(work, signal) {
      await acquire(signal);
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
