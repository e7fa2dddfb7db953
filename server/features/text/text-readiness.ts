import { importInProgressMessage, TEXT_MESSAGES } from '../../../src/contract/text.ts';
import { IMPORT_COMPLETE, POS_SYSTEM_NAMES } from '../../../src/contract/pos.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { brandReadiness } from '../brand/brand.service.ts';

export type TextReadinessState = { ready: true; message: null; redirect: null } | { ready: false; message: string; redirect: string };

/**
 * Spec §5, in its order: a connected point of sale, its import at 100, then the restaurant's details (the
 * AI writes from them). The same three rules answer every text-campaign write, so no client can skip them.
 */
export async function textReadiness(db: Db, userId: string): Promise<TextReadinessState> {
  const connections = await db.selectFrom('pos_connections').select(['provider', 'progress']).where('user_id', '=', userId).execute();
  if (connections.length === 0) return { ready: false, message: TEXT_MESSAGES.connectPos, redirect: '/settings/pos' };
  const best = connections.reduce((a, b) => (b.progress > a.progress ? b : a));
  if (best.progress < IMPORT_COMPLETE) return { ready: false, message: importInProgressMessage(POS_SYSTEM_NAMES[best.provider], best.progress), redirect: '/settings/pos' };
  const brand = await brandReadiness(db, userId);
  if (!brand.text) return { ready: false, message: TEXT_MESSAGES.completeDetails, redirect: '/settings/content' };
  return { ready: true, message: null, redirect: null };
}

/** 409 with the spec's message and where to fix it, before any text-campaign write. */
export async function requireTextReady(db: Db, userId: string): Promise<void> {
  const state = await textReadiness(db, userId);
  if (!state.ready) throw new AppError(409, state.message, 'precondition', { data: { redirect: state.redirect } });
}
