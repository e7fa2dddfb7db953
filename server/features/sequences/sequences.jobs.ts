import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { transportsFor } from '../sending/sending.jobs.ts';
import { runTick, SEQUENCE_TICK_JOB } from './sequence-ticks.ts';

/** The ticks of every active step: one queued job per step at a time, each queuing the next when it is done. */
export function registerSequenceJobs(jobs: Jobs, deps: Deps): () => void {
  const transports = transportsFor(deps);
  jobs.work<{ itemId: string; at: string }>(SEQUENCE_TICK_JOB, (job) => runTick(deps, transports, job.payload));
  return () => {};
}
