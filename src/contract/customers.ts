import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { CUSTOMER_SORTS } from './customer-sorts.ts';

/** Spec §9: the default country code is +1, so numbers without one are read as US/Canadian. */
const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';
export const CUSTOMERS_PAGE_SIZE = 25;

/** E.164 (+14155550123) or null when the text is not a valid number. */
export function toE164(raw: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}

/** 'YYYY-MM-DD', with year 0000 when it is unknown (Square's convention), or 'MM-DD'. */
export function parseBirthday(raw: string): { month: number; day: number; year: number | null } | null {
  const text = raw.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text) ?? /^()(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?$/.exec(text);
  let year: number | null;
  let month: number;
  let day: number;
  if (iso) {
    year = iso[1] ? Number(iso[1]) : null;
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else if (us) {
    month = Number(us[1]);
    day = Number(us[2]);
    year = us[3] ? Number(us[3].length === 2 ? (Number(us[3]) > 30 ? `19${us[3]}` : `20${us[3]}`) : us[3]) : null;
  } else return null;
  if (year === 0) year = null;
  if (month < 1 || month > 12 || day < 1) return null;
  // 2000 is a leap year, so 02-29 is accepted when the year is unknown.
  const daysInMonth = new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  if (year !== null && (year < 1900 || year > 2100)) return null;
  return { month, day, year };
}

export const formatBirthday = (month: number | null, day: number | null, year: number | null): string | null =>
  month && day ? `${String(year ?? 0).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` : null;

const optionalText = (field: string, max: number) =>
  v.optional(v.nullable(v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`))));

const EmailAddressSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string('Email must be text'),
      v.trim(),
      v.toLowerCase(),
      v.check((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Enter a valid email address'),
      v.maxLength(254, 'Email address is too long'),
    ),
  ),
);
const PhoneSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string('Phone number must be text'),
      v.trim(),
      v.check((value) => value === '' || toE164(value) !== null, 'Enter a valid phone number'),
    ),
  ),
);
const BirthdaySchema = v.optional(
  v.nullable(
    v.pipe(
      v.string('Birthday must be text'),
      v.trim(),
      v.check((value) => value === '' || parseBirthday(value) !== null, 'Enter the birthday as YYYY-MM-DD or MM-DD'),
    ),
  ),
);

/** The fields an owner types in (spec §3 "as received" names). Empty text clears a field on edit. */
const customerFields = {
  given_name: optionalText('First name', 100),
  family_name: optionalText('Last name', 100),
  email_address: EmailAddressSchema,
  phone_number: PhoneSchema,
  birthday: BirthdaySchema,
  notes: optionalText('Notes', 2000),
};

const hasText = (value: string | null | undefined) => Boolean(value && value.trim());

/** POST /customers/manual/customer-manual */
export const CreateCustomerRequestSchema = v.pipe(
  v.object({
    ...customerFields,
    email_consent: v.optional(v.boolean('Email consent is true or false'), false),
    sms_consent: v.optional(v.boolean('Text consent is true or false'), false),
    /** How consent was given, e.g. 'in person', 'signup sheet'. */
    consent_source: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'Consent source must be at most 60 characters')), 'added by owner'),
  }),
  v.forward(
    v.check(
      (input) => [input.given_name, input.family_name, input.email_address, input.phone_number].some(hasText),
      'Enter a name, an email or a phone number',
    ),
    ['given_name'],
  ),
  v.forward(v.check((input) => !input.email_consent || hasText(input.email_address), 'Email consent needs an email address'), ['email_consent']),
  v.forward(v.check((input) => !input.sms_consent || hasText(input.phone_number), 'Text consent needs a phone number'), ['sms_consent']),
);
export type CreateCustomerRequest = v.InferInput<typeof CreateCustomerRequestSchema>;

/** PATCH /customers/{id}: only the fields sent change. */
export const UpdateCustomerRequestSchema = v.object(customerFields);
export type UpdateCustomerRequest = v.InferInput<typeof UpdateCustomerRequestSchema>;

const ConsentChannelSchema = v.picklist(['email', 'sms'], 'Channel is email or sms');
export type ConsentChannel = v.InferOutput<typeof ConsentChannelSchema>;

/** POST /customers/{id}/consent: records when (now) and how consent was given or withdrawn. */
export const ConsentChangeRequestSchema = v.object({
  channel: ConsentChannelSchema,
  granted: v.boolean('Granted is true or false'),
  source: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('Say how consent was given'), v.maxLength(60, 'Source must be at most 60 characters')), 'changed by owner'),
});
export type ConsentChangeRequest = v.InferInput<typeof ConsentChangeRequestSchema>;

export { type CustomerSort } from './customer-sorts.ts';

/** GET /customers/get_customers query (page numbers start at 1, spec §9). */
export const CustomerListQuerySchema = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search must be at most 100 characters')), ''),
  sort: v.optional(v.picklist(CUSTOMER_SORTS, `Sort is one of ${CUSTOMER_SORTS.join(', ')}`), 'name'),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'Page is a number from 1'), v.transform(Number)), '1'),
});
export type CustomerListQuery = v.InferOutput<typeof CustomerListQuerySchema>;

export {

  type ConsentState,
  type Customer,
  type CustomerDetail,
  type CustomerListResponse,

} from './customer-responses.ts';

