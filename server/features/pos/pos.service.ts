import { POS_PROVIDERS, POS_SYSTEM_NAMES, type PosConnectionResponse, type PosProviderId, type PosProviderStatus, type PosProgressResponse } from '../../../src/contract/pos.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { POS_IMPORT_JOB, enqueueImport } from './pos-import.ts';
import { providerSetup, type PosDeps } from './pos-config.ts';
import { openAccessToken } from './pos-tokens.ts';
import type { PosConnection } from './pos.table.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const stateOf = (row: PosConnection | undefined) =>
  !row ? 'not_connected' : row.status === 'error' ? 'error' : row.progress >= 100 && row.status === 'connected' ? 'connected' : 'connecting';

function providerStatus(deps: PosDeps, provider: PosProviderId, row: PosConnection | undefined): PosProviderStatus {
  const setup = providerSetup(deps.env, provider);
  return {
    provider,
    pos_system: POS_SYSTEM_NAMES[provider],
    configured: setup.configured,
    setup_hint: setup.hint,
    state: stateOf(row),
    id: row?.id ?? null,
    merchant_id: row?.merchant_id ?? null,
    progress: row?.progress ?? 0,
    message: row?.message ?? null,
    connected_at: row?.connected_at.toISOString() ?? null,
    last_synced_at: row?.last_import_finished_at?.toISOString() ?? null,
  };
}

/** Which point of sale is linked and how far its import is (spec §3 "POS connection status"). */
export async function posConnection(deps: PosDeps, userId: string): Promise<PosConnectionResponse> {
  const rows = await deps.db.selectFrom('pos_connections').selectAll().where('user_id', '=', userId).execute();
  const byProvider = new Map(rows.map((row) => [row.provider, row]));
  const square = providerStatus(deps, 'square', byProvider.get('square'));
  const clover = providerStatus(deps, 'clover', byProvider.get('clover'));
  const linked = [square, clover].find((status) => status.state !== 'not_connected');
  return {
    pos_system: linked?.pos_system ?? null,
    connect_url: null,
    message: linked?.message ?? null,
    progress: linked?.progress ?? 0,
    id: linked?.id ?? null,
    providers: { square, clover },
  };
}

export async function posAccount(deps: PosDeps, userId: string, provider: PosProviderId) {
  const row = await deps.db.selectFrom('pos_connections').select('id').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
  if (!row) throw notFound(`${POS_SYSTEM_NAMES[provider]} is not connected`);
  return { id: row.id, pos_system: POS_SYSTEM_NAMES[provider] };
}

export async function posProgress(deps: PosDeps, userId: string, id: string): Promise<PosProgressResponse> {
  if (!UUID.test(id)) throw notFound('No such POS account');
  const row = await deps.db.selectFrom('pos_connections').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('No such POS account');
  return { id: row.id, pos_system: POS_SYSTEM_NAMES[row.provider], state: stateOf(row), progress: row.progress, message: row.message };
}

/** Imports again (new customers and orders since the last run); nothing is duplicated. */
export async function syncPos(deps: PosDeps, userId: string) {
  const row = await deps.db.selectFrom('pos_connections').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError(404, 'No point of sale is connected', 'not_found');
  await deps.db
    .updateTable('pos_connections')
    .set({ status: 'importing', progress: row.status === 'error' ? row.progress : 0, message: 'Starting the import', updated_at: deps.now() })
    .where('id', '=', row.id)
    .execute();
  await enqueueImport(deps, row.id);
  return { message: `Importing new data from ${POS_SYSTEM_NAMES[row.provider]}` };
}

/**
 * Forgets the connection. Square's token is revoked first; Clover has no revoke call (the merchant uninstalls
 * the app), so its tokens are just deleted. Imported customers stay: they are the owner's list now.
 */
export async function disconnectPos(deps: PosDeps, userId: string, provider: PosProviderId) {
  const row = await deps.db.selectFrom('pos_connections').selectAll().where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
  if (!row) throw new AppError(404, `${POS_SYSTEM_NAMES[provider]} is not connected`, 'not_found');
  if (provider === 'square' && providerSetup(deps.env, 'square').configured) {
    try {
      await deps.pos.square.revoke(openAccessToken(deps, row));
    } catch (error) {
      // The token is deleted below either way; a failed revoke only means Square still lists the app.
      deps.logger.warn({ err: error, userId }, 'square revoke failed on disconnect');
    }
  }
  await deps.db.deleteFrom('pos_connections').where('id', '=', row.id).execute();
  await deps.db.deleteFrom('pos_oauth_states').where('user_id', '=', userId).where('provider', '=', provider).execute();
  await deps.db
    .updateTable('jobs')
    .set({ status: 'cancelled', completed_at: deps.now(), updated_at: deps.now() })
    .where('name', '=', POS_IMPORT_JOB)
    .where('singleton_key', '=', row.id)
    .where('status', '=', 'queued')
    .execute();
  return { message: `Disconnected from ${POS_SYSTEM_NAMES[provider]}` };
}

export const isPosProvider = (value: string): value is PosProviderId => (POS_PROVIDERS as readonly string[]).includes(value);
