import type { Customer } from '../../contract/customers.ts';

export const customerName = (customer: Pick<Customer, 'given_name' | 'family_name' | 'email_address' | 'phone_number'>) =>
  [customer.given_name, customer.family_name].filter(Boolean).join(' ') || customer.email_address || customer.phone_number || 'No name';

export const money = (cents: number | null) =>
  cents === null ? '—' : (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 });

export const shortDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '—';

export const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }) : '—';

/** '0000-03-14' → 'March 14'; '1990-07-04' → 'July 4, 1990'. */
export function birthdayText(birthday: string | null) {
  if (!birthday) return null;
  const [year, month, day] = birthday.split('-').map(Number) as [number, number, number];
  const name = new Date(Date.UTC(2000, month - 1, day)).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  return year ? `${name}, ${year}` : name;
}

/** 'Today', '3 days ago', '5 weeks ago'… for the last visit on a phone-sized row. */
export function ago(iso: string | null, now = Date.now()) {
  if (!iso) return 'No visits yet';
  const days = Math.floor((now - Date.parse(iso)) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  return `${Math.floor(days / 30)} months ago`;
}

export const SOURCE_LABELS: Record<Customer['source'], string> = { manual: 'Added by hand', csv: 'CSV import', square: 'Square', clover: 'Clover', demo: 'Demo data' };
