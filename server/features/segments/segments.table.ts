import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SegmentDefinition } from '../../../src/contract/segments.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type SegmentsTable = {
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

/** The segments table (migration 0015). */
export type SegmentsTables = { segments: SegmentsTable };

export type Segment = Selectable<SegmentsTable>;
