import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SegmentDefinition } from '../../../src/contract/segments.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

type SegmentsTable = {
  id: Generated<string>;
  user_id: string;
  /** segmentation_title (campaign side) and customer_segment_name (POS side) */
  title: string;
  notes: string | null;
  /** Validated with SegmentDefinitionSchema before every write; stored as jsonb. */
  definition: ColumnType<SegmentDefinition, string, string>;
  /** The owner's words, when the segment came from a query. */
  query: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/**
 * Spend and visits per customer per UTC calendar month and year (migration 0016), kept exact by triggers
 * on `orders`; read by segment conditions over calendar periods. Never written by application code.
 */
type OrderRollupsTable = {
  user_id: string;
  customer_id: string;
  period_kind: 'month' | 'year';
  /** 'YYYY-MM-DD', the first day of the month or year */
  period_start: ColumnType<string, string, string>;
  spent_cents: ColumnType<string | number, number, number>;
  visits: number;
};

/** The segments tables (migrations 0015, 0016). */
export type SegmentsTables = { segments: SegmentsTable; order_rollups: OrderRollupsTable };

export type Segment = Selectable<SegmentsTable>;
