import type { Db } from '../../db/client.ts';
import type { CustomerSource, PosProvider } from './customers.table.ts';

/** One incoming customer (an import row or a form). undefined/null = "not given": an update keeps what is stored. */
export type CustomerInput = {
  given_name?: string | null;
  family_name?: string | null;
  email?: string | null;
  phone?: string | null;
  birthday?: { month: number; day: number; year: number | null } | null;
  pos_provider?: PosProvider | null;
  pos_customer_id?: string | null;
  customer_since?: Date | null;
  /** true = given, false = refused or withdrawn, undefined = not stated */
  email_consent?: boolean;
  email_consent_at?: Date | null;
  sms_consent?: boolean;
  sms_consent_at?: Date | null;
  notes?: string | null;
  total_spent_cents?: number | null;
  visit_count?: number | null;
  first_visit_at?: Date | null;
  last_visit_at?: Date | null;
};

export type UpsertOptions = {
  userId: string;
  source: CustomerSource;
  /** How consent stated in these rows was given, e.g. 'csv import', 'square'. */
  consentSource: string;
  now: Date;
  /**
   * Called inside the batch's transaction (under the owner's lock) with the number of new customers,
   * before they are written; throwing rolls the whole batch back. The plan's contact limit uses it.
   */
  beforeCreate?: (trx: Db, created: number) => Promise<void>;
};
