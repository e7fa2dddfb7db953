import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { emailTransport } from '../email/email-transport.ts';
import { smsTransport } from '../text/sms-transport.ts';
import { remindSend, SEND_REMIND_JOB, type RemindJob } from './send-reminder.ts';
import { deliverSend, SEND_DELIVER_JOB, SEND_START_JOB, startSend, type TransportRegistry } from './engine.ts';

/** Every channel's transport, built once per process from the providers in `deps`. */
export function transportsFor(deps: Deps): TransportRegistry {
  return { email: emailTransport(deps), sms: smsTransport(deps) };
}

/** The start job (snapshot the audience at the send's moment), the delivery jobs (claim and send) and the reminder. */
export function registerSendingJobs(jobs: Jobs, deps: Deps): () => void {
  const transports = transportsFor(deps);
  jobs.work<{ sendId: string }>(SEND_START_JOB, async (job) => {
    try {
      await startSend(deps, transports, job.payload.sendId);
    } catch (error) {
      // What it was to send is gone (the draft was deleted): the send fails with the reason, no retries.
      if (error instanceof AppError && error.status === 404) {
        await deps.db
          .updateTable('sends')
          .set({ status: 'failed', error: `Nothing to send: ${error.message.toLowerCase()}.`, completed_at: deps.now(), updated_at: deps.now() })
          .where('id', '=', job.payload.sendId)
          .where('status', 'in', ['scheduled', 'pending'])
          .execute();
        return;
      }
      throw error;
    }
  });
  // ~15 minutes before a scheduled send: the owner's reminder with its "Cancel send" action.
  jobs.work<RemindJob>(SEND_REMIND_JOB, async (job) => {
    await remindSend(deps, job.payload);
  });
  jobs.work<{ sendId: string; shard: number }>(SEND_DELIVER_JOB, (job) => deliverSend(deps, transports, job.payload.sendId, jobs.workerId, job.signal, job.payload.shard ?? 0));
  return () => {};
}
