import type { AccountsTables } from '../features/auth/auth.table.ts';
import type { BrandTables } from '../features/brand/brand.table.ts';
import type { SocialsTables } from '../features/socials/socials.table.ts';
import type { SubscriptionsTables } from '../features/subscriptions/subscriptions.table.ts';
import type { CustomersTables } from '../features/customers/customers.table.ts';
import type { JobsTables } from '../jobs/jobs.table.ts';
import type { PosTables } from '../features/pos/pos.table.ts';
import type { SegmentsTables } from '../features/segments/segments.table.ts';
import type { MediaTables } from '../features/media/media.table.ts';
import type { IdempotencyTables } from '../features/idempotency/idempotency.table.ts';
import type { EmailTables } from '../features/email/email.table.ts';
import type { SendingTables } from '../features/sending/sending.table.ts';
import type { TextTables } from '../features/text/text.table.ts';
import type { AskTables } from '../features/ask/ask.table.ts';
import type { VideoTables } from '../features/video/video.table.ts';
import type { SequencesTables } from '../features/sequences/sequences.table.ts';
import type { TeamTables } from '../features/team/team.table.ts';
import type { PushTables } from '../features/push/push.table.ts';
import type { AudioTables } from '../features/audio/audio.table.ts';

/**
 * The whole database as Kysely sees it: each feature declares its tables in
 * `server/features/<f>/<f>.table.ts` and adds them here with one `&`.
 */
export type Database = AccountsTables & CustomersTables & JobsTables & PosTables & SegmentsTables & IdempotencyTables & BrandTables & SocialsTables & SubscriptionsTables & MediaTables & EmailTables & SendingTables & TextTables & AskTables & VideoTables & SequencesTables & TeamTables & PushTables & AudioTables;

export type { User } from '../features/auth/auth.table.ts';
