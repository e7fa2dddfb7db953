import type { Migration } from 'kysely';
import * as m0001 from './0001_accounts.ts';
import * as m0002 from './0002_auth_otp_cooldowns.ts';
import * as m0010 from './0010_customers.ts';
import * as m0011 from './0011_jobs.ts';
import * as m0012 from './0012_pos.ts';
import * as m0015 from './0015_segments.ts';
import * as m0016 from './0016_order_rollups.ts';
import * as m0017 from './0017_order_rollups_stats.ts';
import * as m0018 from './0018_customers_partial_indexes.ts';
import * as m0020 from './0020_brand.ts';
import * as m0021 from './0021_socials.ts';
import * as m0022 from './0022_subscriptions.ts';
import * as m0030 from './0030_idempotency.ts';
import * as m0040 from './0040_media.ts';
import * as m0041 from './0041_media_sort_indexes.ts';
import * as m0060 from './0060_email.ts';
import * as m0070 from './0070_sending.ts';
import * as m0080 from './0080_text.ts';
import * as m0110 from './0110_video.ts';
import * as m0120 from './0120_ask.ts';
import * as m0130 from './0130_sequences.ts';
import * as m0140 from './0140_security.ts';
import * as m0170 from './0170_push.ts';
import * as m0180 from './0180_team.ts';
import * as m0190 from './0190_audio.ts';
import * as m0200 from './0200_campaign_holdout.ts';
import * as m0220 from './0220_send_reminders.ts';
import * as m0230 from './0230_video_suggestions.ts';
import * as m0280 from './0280_ledger_partial_indexes.ts';
import * as m0290 from './0290_campaign_came_back.ts';
import * as m0300 from './0300_order_sales_slots.ts';
import * as m0310 from './0310_jobs_rerun.ts';
import * as m0311 from './0311_customers_age_indexes.ts';
import * as m0312 from './0312_customers_birthday_names.ts';
import * as m0313 from './0313_order_rollups_spent_index.ts';
import * as m0314 from './0314_campaign_came_back_stale.ts';
import * as m0330 from './0330_customer_list_order_indexes.ts';

/** Every migration, in order. Add a new versioned file and list it here; never edit an applied one. */
export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_auth_otp_cooldowns': m0002,
  '0010_customers': m0010,
  '0011_jobs': m0011,
  '0012_pos': m0012,
  '0015_segments': m0015,
  '0016_order_rollups': m0016,
  '0017_order_rollups_stats': m0017,
  '0018_customers_partial_indexes': m0018,
  '0020_brand': m0020,
  '0021_socials': m0021,
  '0022_subscriptions': m0022,
  '0030_idempotency': m0030,
  '0040_media': m0040,
  '0041_media_sort_indexes': m0041,
  '0060_email': m0060,
  '0070_sending': m0070,
  '0080_text': m0080,
  '0110_video': m0110,
  '0120_ask': m0120,
  '0130_sequences': m0130,
  '0140_security': m0140,
  '0170_push': m0170,
  '0180_team': m0180,
  '0190_audio': m0190,
  '0200_campaign_holdout': m0200,
  '0220_send_reminders': m0220,
  '0230_video_suggestions': m0230,
  '0280_ledger_partial_indexes': m0280,
  '0290_campaign_came_back': m0290,
  '0300_order_sales_slots': m0300,
  '0310_jobs_rerun': m0310,
  '0311_customers_age_indexes': m0311,
  '0312_customers_birthday_names': m0312,
  '0313_order_rollups_spent_index': m0313,
  '0314_campaign_came_back_stale': m0314,
  '0330_customer_list_order_indexes': m0330,
};
