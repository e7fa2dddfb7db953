import type { Jobs } from '../../jobs/jobs.ts';
import { enqueueJob, JobPaused, type JobContext } from '../../jobs/queue.ts';
import { PosApiError } from '../../providers/pos/pos-http.ts';
import { upsertCustomers } from '../customers/customer-upsert.ts';
import { recomputeFigures } from '../customers/customers.service.ts';
import { checkEntitlement } from '../subscriptions/entitlements.ts';
import { upsertOrders } from '../customers/order-upsert.ts';
import { requestCampaignRefill } from '../analytics/campaign-refill-request.ts';
import { requestSegmentMaintenance } from '../segments/segments.jobs.ts';
import { cloverStep } from './clover-import.ts';
import { importProgress, initialImportState, type ImportState } from './import-state.ts';
import type { PosDeps } from './pos-config.ts';
import { registerPosRefresh } from './pos-refresh.ts';
import { accessTokenFor } from './pos-tokens.ts';
import type { PosConnection } from './pos.table.ts';
import { squareStep } from './square-import.ts';
import type { ImportIo } from './import-step.ts';

export const POS_IMPORT_JOB = 'pos.import';
const POS_IMPORT_ATTEMPTS = 6;

import { notify } from '../push/notify.ts';

const providerName = (provider: string) => (provider === 'square' ? 'Square' : provider === 'clover' ? 'Clover' : 'Point of sale');

/** Queues the import of a connection; while one is waiting or running, nothing is added. */
export async function enqueueImport(deps: PosDeps, connectionId: string) {
  await enqueueJob(deps.db, deps.now, POS_IMPORT_JOB, { connectionId }, { singletonKey: connectionId, maxAttempts: POS_IMPORT_ATTEMPTS, backoffSeconds: 15 });
}

const loadConnection = (deps: PosDeps, id: string) => deps.db.selectFrom('pos_connections').selectAll().where('id', '=', id).executeTakeFirst();

function statusMessage(state: ImportState): string {
  if (state.phase === 'customers') return state.customersTotal ? `Importing customers (${state.customersSeen} of ${state.customersTotal})` : `Importing customers (${state.customersSeen})`;
  if (state.phase === 'locations' || state.phase === 'orders') return `Importing orders (${state.ordersSeen})`;
  return 'Working out visits and spend';
}

/**
 * The import job: pages through the provider's customers and orders, saving a checkpoint after every page,
 * then recomputes each customer's figures in SQL. Re-runnable: customers and orders are upserted by POS id.
 */
export async function runPosImport(deps: PosDeps, job: JobContext<{ connectionId: string }>): Promise<void> {
  let connection: PosConnection | undefined = await loadConnection(deps, job.payload.connectionId);
  if (!connection) return; // disconnected meanwhile
  const userId = connection.user_id;
  const provider = connection.provider;
  let state = (connection.import_state as ImportState | null) ?? initialImportState(deps.now(), deps.env.POS_IMPORT_HISTORY_DAYS, connection.orders_synced_until);
  if (!connection.import_state) {
    await deps.db.updateTable('pos_connections').set({ last_import_started_at: deps.now(), status: 'importing', import_state: JSON.stringify(state) }).where('id', '=', connection.id).execute();
  }
  let forceRefresh = false;
  const io: ImportIo = {
    merchantId: connection.merchant_id,
    signal: job.signal,
    token: async () => {
      const fresh = await accessTokenFor(deps, connection!, { force: forceRefresh });
      forceRefresh = false;
      connection = fresh.connection;
      return fresh.token;
    },
    square: () => deps.pos.square,
    clover: () => deps.pos.clover,
    saveCustomers: async (customers) => {
      // The plan's contact limit holds for imports too: past it the import pauses with the plan's message
      // on the POS card and retries (an upgrade in the meantime lets it finish).
      await upsertCustomers(deps.db, customers, {
        userId,
        source: provider,
        consentSource: provider,
        now: deps.now(),
        beforeCreate: (trx, created) => checkEntitlement(trx, userId, 'contacts', created, deps.now()),
      });
    },
    saveOrders: async (orders) => {
      await upsertOrders(deps.db, userId, provider, orders);
    },
  };
  const step = provider === 'square' ? squareStep : cloverStep;

  try {
    let unauthorizedOnce = false;
    while (state.phase !== 'done') {
      if (job.signal.aborted) throw new JobPaused();
      if (state.phase === 'figures') {
        await recomputeFigures(deps.db, userId);
        state = { ...state, phase: 'done' };
        break;
      }
      try {
        state = await step(state, io);
        unauthorizedOnce = false;
      } catch (error) {
        // A 401 mid-import: the token may have been revoked or lapsed early; refresh once and retry the page.
        if (error instanceof PosApiError && error.status === 401 && !unauthorizedOnce) {
          unauthorizedOnce = true;
          forceRefresh = true;
          continue;
        }
        throw error;
      }
      const saved = await deps.db
        .updateTable('pos_connections')
        .set({ import_state: JSON.stringify(state), progress: importProgress(state), message: statusMessage(state), updated_at: deps.now() })
        .where('id', '=', connection.id)
        .executeTakeFirst();
      if (Number(saved.numUpdatedRows) === 0) return; // disconnected meanwhile
    }
    await deps.db
      .updateTable('pos_connections')
      .set({
        status: 'connected',
        progress: 100,
        import_state: null,
        orders_synced_until: state.until,
        last_import_finished_at: deps.now(),
        message: `Imported ${state.customersSeen} customers and ${state.ordersSeen} orders`,
        updated_at: deps.now(),
      })
      .where('id', '=', connection.id)
      .execute();
    await requestSegmentMaintenance(deps.db, deps.now);
    // The orders landed in campaigns' spans: their kept figures were removed; computed again ahead of the owner's questions.
    await requestCampaignRefill(deps.db, deps.now, userId);
    await notify(deps, userId, 'importFinished', {
      title: `${providerName(provider)} import finished`,
      body: `Imported ${state.customersSeen} customers and ${state.ordersSeen} orders.`,
      url: '/settings/pos',
      tag: `pos-import:${connection.id}`,
    });
  } catch (error) {
    if (error instanceof JobPaused || job.signal.aborted) throw error;
    const last = job.attempt >= POS_IMPORT_ATTEMPTS;
    const reason = error instanceof Error ? error.message : String(error);
    if (last) await notify(deps, userId, 'importFinished', { title: `${providerName(provider)} import stopped`, body: reason, url: '/settings/pos', tag: `pos-import:${connection.id}` });
    await deps.db
      .updateTable('pos_connections')
      .set({ status: last ? 'error' : 'importing', message: last ? `The import stopped: ${reason}` : `Retrying soon: ${reason}`, updated_at: deps.now() })
      .where('id', '=', connection.id)
      .execute();
    throw error;
  }
}

/** The import job and the hourly token refresh; returns the stop function for shutdown. */
export function registerPosJobs(jobs: Jobs, deps: PosDeps): () => void {
  jobs.work<{ connectionId: string }>(POS_IMPORT_JOB, (job) => runPosImport(deps, job));
  return registerPosRefresh(jobs, deps);
}
