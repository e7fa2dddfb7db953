import { sql } from 'kysely';
import * as v from 'valibot';
import { describeDefinition } from '../../../src/contract/segment-words.ts';
import {
  SEGMENT_GENERATION_ERROR,
  SEGMENT_PAGE_SIZE,
  SEGMENT_SAMPLE_SIZE,
  SegmentDefinitionSchema,
  type SegmentDefinition,
  type SegmentDetail,
  type SegmentPreview,
} from '../../../src/contract/segments.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { AiError, type AiProvider, type SegmentProposal } from '../../providers/ai/ai.ts';
import { segmentCustomersQuery, segmentCustomersWithTotal } from './segment-sql.ts';
import type { Segment } from './segments.table.ts';
import { customerFigureColumns, toCustomerFigures, type CustomerFigureRow } from '../customers/customer-figures.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const segmentNotFound = () => notFound('Segment not found');

/** The owner's segment, or 404 for anyone else's (and for ids that are not ids). */
export async function getOwnSegment(db: Db, userId: string, id: string): Promise<Segment> {
  if (!UUID.test(id)) throw segmentNotFound();
  const row = await db.selectFrom('segments').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw segmentNotFound();
  return row;
}

/** Stored definitions are re-checked on read: a row written by an older version must not reach the SQL unchecked. */
export function storedDefinition(segment: Segment): SegmentDefinition {
  const result = v.safeParse(SegmentDefinitionSchema, segment.definition);
  if (!result.success) throw new AppError(500, 'This segment can no longer be read', 'internal');
  return result.output;
}

export const listSegments = (db: Db, userId: string) =>
  db.selectFrom('segments').select(['id', 'title', 'notes']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();

export function toDetail(segment: Segment): SegmentDetail {
  const definition = storedDefinition(segment);
  return {
    id: segment.id,
    segmentation_title: segment.title,
    notes: segment.notes,
    user_query: segment.query,
    definition,
    conditions: describeDefinition(definition),
    created_at: segment.created_at.toISOString(),
    updated_at: segment.updated_at.toISOString(),
  };
}

export async function createSegment(db: Db, userId: string, input: { title: string; notes?: string; definition: SegmentDefinition; query?: string }) {
  return db
    .insertInto('segments')
    .values({
      user_id: userId,
      title: input.title,
      notes: input.notes || describeDefinition(input.definition).join('; '),
      definition: JSON.stringify(input.definition),
      query: input.query ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSegmentTitle(db: Db, userId: string, id: string, input: { title: string; notes?: string }, now: Date) {
  await getOwnSegment(db, userId, id);
  return db
    .updateTable('segments')
    .set({ title: input.title, ...(input.notes !== undefined ? { notes: input.notes } : {}), updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteSegment(db: Db, userId: string, id: string) {
  await getOwnSegment(db, userId, id);
  await db.deleteFrom('segments').where('id', '=', id).where('user_id', '=', userId).execute();
}

/** Asks the AI provider, then holds its answer to our schema. Anything unusable is the spec's "refine" 400. */
export async function proposeSegment(ai: AiProvider, query: string, now: Date): Promise<SegmentProposal> {
  let proposal: SegmentProposal | null;
  try {
    proposal = await ai.proposeSegment(query, now);
  } catch (error) {
    if (error instanceof AiError && error.reason !== 'bad_response' && error.reason !== 'refused') {
      throw new AppError(503, 'The assistant is not answering right now. Try again in a moment.', 'internal');
    }
    throw new AppError(400, SEGMENT_GENERATION_ERROR, 'validation');
  }
  if (!proposal) throw new AppError(400, SEGMENT_GENERATION_ERROR, 'validation');
  const checked = v.safeParse(SegmentDefinitionSchema, proposal.definition);
  // A model's malformed proposal is the same failure to the owner as words we could not read.
  if (!checked.success) throw new AppError(400, SEGMENT_GENERATION_ERROR, 'validation');
  return { title: proposal.title, definition: checked.output };
}

// ---- who is in a segment ----------------------------------------------------------------------

export async function countSegment(db: Db, userId: string, definition: SegmentDefinition, now: Date): Promise<number> {
  const row = await segmentCustomersQuery(db, userId, definition, now).select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  return row.count;
}

/**
 * How many customers each of the owner's segments holds right now (segments are evaluated at use time, so
 * this is live): id → count. A segment whose stored definition no longer reads is left out.
 */
export async function segmentCounts(db: Db, userId: string, now: Date): Promise<Record<string, number>> {
  const rows = await db.selectFrom('segments').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const definition = v.safeParse(SegmentDefinitionSchema, row.definition);
    if (definition.success) counts[row.id] = await countSegment(db, userId, definition.output, now);
  }
  return counts;
}

/**
 * One page (from 1) of the segment's customers, biggest spenders first, and how many there are in all; `next` is
 * null on the last page. One statement answers both (a second asks for the count only past the last page).
 */
export async function segmentCustomersPage(db: Db, userId: string, definition: SegmentDefinition, now: Date, page: number, pageSize = SEGMENT_PAGE_SIZE) {
  const rows = await segmentCustomersWithTotal(db, userId, definition, now)
    .select(customerFigureColumns)
    .orderBy('c.total_spent_cents', 'desc')
    .orderBy('c.id')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  const count = rows[0] ? Number(rows[0].segment_total) : await countSegment(db, userId, definition, now);
  return { customers: rows.slice(0, pageSize).map((row: CustomerFigureRow) => toCustomerFigures(row)), count, next: rows.length > pageSize ? page + 1 : null };
}

export async function previewSegment(db: Db, userId: string, proposal: SegmentProposal, now: Date): Promise<SegmentPreview> {
  const { customers, count } = await segmentCustomersPage(db, userId, proposal.definition, now, 1, SEGMENT_SAMPLE_SIZE);
  return {
    segmentation_title: proposal.title,
    definition: proposal.definition,
    conditions: describeDefinition(proposal.definition),
    count,
    sample: customers,
  };
}
