import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { purgeDeletedMedia } from './media.retention.ts';
import { configuredMediaUploads } from './media.tus.ts';

const MEDIA_PURGE_JOB = 'media.purge';
const EVERY_MS = 3600 * 1000;

/**
 * The retention job: files of media deleted more than MEDIA_RETENTION_DAYS ago are removed.
 * Each process asks for a run every hour; the singleton key makes it one queued run across all
 * processes, and the queue's row locks make one process do it.
 */
export function registerMediaJobs(jobs: Jobs, deps: Pick<Deps, 'db' | 'storage' | 'now' | 'logger' | 'env'>): () => void {
  const uploads = configuredMediaUploads(deps);
  jobs.work(MEDIA_PURGE_JOB, async () => {
    await purgeDeletedMedia({ ...deps, uploads }, deps.env.MEDIA_RETENTION_DAYS);
  });
  const ask = () =>
    void jobs.enqueue(MEDIA_PURGE_JOB, {}, { singletonKey: 'media-purge' }).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not queue media purge'));
  ask();
  const timer = setInterval(ask, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
