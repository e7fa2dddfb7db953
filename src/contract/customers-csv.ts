import * as v from 'valibot';

/** What a CSV column can fill. The client shows these in the mapping preview; the server imports by them. */
export const CSV_FIELDS = {
  given_name: 'First name',
  family_name: 'Last name',
  full_name: 'Full name',
  email: 'Email',
  phone: 'Phone',
  birthday: 'Birthday',
  email_consent: 'Email consent',
  sms_consent: 'Text (SMS) consent',
  marketing_consent: 'Marketing consent (email and text)',
  email_consent_at: 'Email opt-in time',
  customer_since: 'Customer since',
  notes: 'Notes',
  square_customer_id: 'Square customer ID',
  clover_customer_id: 'Clover customer ID',
  total_spent: 'Total spent',
  visits: 'Visits',
  first_visit: 'First visit',
  last_visit: 'Last visit',
} as const;
export type CsvField = keyof typeof CSV_FIELDS;
const CsvFieldSchema = v.picklist(Object.keys(CSV_FIELDS) as CsvField[]);

/**
 * Column names used by common exports, compared after lower-casing and dropping everything but letters and digits.
 * Square (Customers > Export), Clover (Customers export), Toast (Guest export), Mailchimp (audience export).
 */
const ALIASES: Record<CsvField, string[]> = {
  given_name: ['firstname', 'givenname', 'first', 'fname', 'guestfirstname', 'customerfirstname'],
  family_name: ['lastname', 'familyname', 'surname', 'last', 'lname', 'guestlastname', 'customerlastname'],
  full_name: ['name', 'fullname', 'customername', 'guestname', 'customer', 'contactname'],
  email: ['email', 'emailaddress', 'emailaddresses', 'primaryemail', 'guestemail', 'customeremail', 'mail'],
  phone: ['phone', 'phonenumber', 'phonenumbers', 'mobile', 'mobilephone', 'mobilenumber', 'cellphone', 'cell', 'telephone', 'primaryphone', 'guestphone', 'customerphone', 'phonenumber1'],
  birthday: ['birthday', 'birthdate', 'dateofbirth', 'dob', 'guestbirthday'],
  email_consent: ['emailsubscriptionstatus', 'emailoptin', 'emailmarketing', 'acceptsemailmarketing', 'emailmarketingoptin', 'emailconsent', 'emailsubscribed', 'marketingemailoptin', 'emailmarketingconsent'],
  sms_consent: ['smsoptin', 'smsconsent', 'textoptin', 'acceptssmsmarketing', 'smsmarketing', 'smssubscriptionstatus', 'smsmarketingoptin', 'textmarketingoptin', 'smsmarketingconsent'],
  marketing_consent: ['marketingallowed', 'marketingoptin', 'optin', 'acceptsmarketing', 'marketingconsent', 'loyaltymarketingoptin'],
  email_consent_at: ['optintime', 'confirmtime', 'emailoptintime', 'subscribedat'],
  customer_since: ['creationdate', 'createdat', 'customersince', 'datecreated', 'created', 'signupdate', 'dateadded', 'firstseen'],
  notes: ['memo', 'note', 'notes', 'comments'],
  square_customer_id: ['squarecustomerid'],
  clover_customer_id: ['clovercustomerid', 'cloverid'],
  total_spent: ['totalspend', 'totalspent', 'lifetimespend', 'totalamountspent', 'lifetimevalue', 'totalsales'],
  visits: ['transactioncount', 'visits', 'totalvisits', 'visitcount', 'numberofvisits', 'ordercount', 'totalorders', 'numberoforders'],
  first_visit: ['firstvisit', 'firstvisitdate', 'firstorderdate', 'firstorder'],
  last_visit: ['lastvisit', 'lastvisitdate', 'lastorderdate', 'lastorder', 'lastseen'],
};

const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const FIELD_BY_ALIAS = new Map<string, CsvField>(
  (Object.entries(ALIASES) as Array<[CsvField, string[]]>).flatMap(([field, aliases]) => aliases.map((alias) => [alias, field] as const)),
);

/** Column index → field, for the headers of a file. Each field is taken by its first matching column. */
export function detectMapping(headers: readonly string[]): Array<CsvField | null> {
  const taken = new Set<CsvField>();
  return headers.map((header) => {
    const field = FIELD_BY_ALIAS.get(normalizeHeader(header));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

const CSV_FORMATS = ['auto', 'square', 'clover', 'toast', 'mailchimp', 'generic'] as const;
export const CsvFormatSchema = v.picklist(CSV_FORMATS, `Type is one of ${CSV_FORMATS.join(', ')}`);
export type CsvFormat = (typeof CSV_FORMATS)[number];

/** Which product exported the file, guessed from tell-tale columns (shown to the owner; ids are read by field). */
export function detectFormat(headers: readonly string[]): Exclude<CsvFormat, 'auto'> {
  const names = new Set(headers.map(normalizeHeader));
  if (names.has('squarecustomerid') || names.has('emailsubscriptionstatus') || names.has('transactioncount')) return 'square';
  if (names.has('marketingallowed') || names.has('clovercustomerid') || names.has('customersince')) return 'clover';
  if (names.has('optintime') || names.has('memberrating') || names.has('confirmtime')) return 'mailchimp';
  if (names.has('guestid') || [...names].some((name) => name.startsWith('guest'))) return 'toast';
  return 'generic';
}

/**
 * The optional `mapping` form field (sent before the file): header text → field, or null to ignore a column.
 * Columns not named keep the detected mapping.
 */
export const CsvMappingSchema = v.record(v.pipe(v.string(), v.maxLength(200)), v.nullable(CsvFieldSchema));
export type CsvMapping = v.InferOutput<typeof CsvMappingSchema>;

const CsvRowErrorSchema = v.object({
  /** Line in the file as a spreadsheet counts it: the header is row 1. */
  row: v.optional(v.number()),
  field: v.optional(v.string()),
  detail: v.string(),
});
export type CsvRowError = v.InferOutput<typeof CsvRowErrorSchema>;

const CsvImportResultSchema = v.object({
  format: v.string(),
  total_rows: v.number(),
  imported: v.number(),
  updated: v.number(),
  skipped: v.number(),
  /** The first 100 row errors. */
  errors: v.array(CsvRowErrorSchema),
  /**
   * The import stopped before the end of the file: from which row on nothing was read, and why.
   * total_rows = imported + updated + skipped counts only the rows that were read.
   */
  not_read: v.optional(v.nullable(v.object({ from_row: v.number(), reason: v.string() }))),
  mapping: v.record(v.string(), v.nullable(v.string())),
});
export type CsvImportResult = v.InferOutput<typeof CsvImportResultSchema>;

export const CsvImportResponseSchema = v.object({ message: v.string(), data: CsvImportResultSchema });

export const MAX_ROW_ERRORS = 100;
