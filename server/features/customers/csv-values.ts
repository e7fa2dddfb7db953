/** Readers for the cell values of customer exports. Each returns undefined for an empty cell and throws a reason for a bad one. */

const YES = new Set(['yes', 'y', 'true', 't', '1', 'subscribed', 'optedin', 'optin', 'opted in', 'accepted', 'allowed', 'granted', 'x']);
const NO = new Set(['no', 'n', 'false', 'f', '0', 'unsubscribed', 'optedout', 'optout', 'opted out', 'declined', 'cleaned', 'denied', 'notsubscribed', 'not subscribed']);

export class CellError extends Error {}

export function readConsent(raw: string): boolean | undefined {
  const text = raw.trim().toLowerCase();
  if (!text) return undefined;
  if (YES.has(text) || YES.has(text.replace(/[\s_-]/g, ''))) return true;
  if (NO.has(text) || NO.has(text.replace(/[\s_-]/g, ''))) return false;
  throw new CellError(`"${raw.trim()}" is not yes or no`);
}

/** "$1,234.50" or "1234.5" (dollars) → 123450 cents. */
export function readMoneyCents(raw: string): number | undefined {
  const text = raw.trim().replace(/[$,\s]/g, '');
  if (!text) return undefined;
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) throw new CellError(`"${raw.trim()}" is not an amount`);
  const cents = Math.round(Number(text) * 100);
  if (cents < 0) throw new CellError('An amount cannot be negative');
  return cents;
}

export function readCount(raw: string): number | undefined {
  const text = raw.trim().replace(/,/g, '');
  if (!text) return undefined;
  if (!/^\d{1,9}$/.test(text)) throw new CellError(`"${raw.trim()}" is not a whole number`);
  return Number(text);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?)?$/i;

/** ISO dates and times, or US M/D/YYYY with an optional time. Times without a zone are read as UTC. */
export function readDate(raw: string): Date | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  let date: Date | undefined;
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const zone = iso[7] ? (iso[7].toUpperCase() === 'Z' ? 'Z' : iso[7].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z';
    date = new Date(`${iso[1]}-${iso[2]}-${iso[3]}T${iso[4] ?? '00'}:${iso[5] ?? '00'}:${iso[6] ?? '00'}${zone}`);
  } else {
    const us = US_DATE.exec(text);
    if (us) {
      const year = us[3]!.length === 2 ? 2000 + Number(us[3]) : Number(us[3]);
      let hour = Number(us[4] ?? 0);
      if (us[7]?.toLowerCase() === 'pm' && hour < 12) hour += 12;
      if (us[7]?.toLowerCase() === 'am' && hour === 12) hour = 0;
      date = new Date(Date.UTC(year, Number(us[1]) - 1, Number(us[2]), hour, Number(us[5] ?? 0), Number(us[6] ?? 0)));
      if (date.getUTCDate() !== Number(us[2])) date = undefined;
    }
  }
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1970 || date.getUTCFullYear() > 2100) {
    throw new CellError(`"${text}" is not a date`);
  }
  return date;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function readEmail(raw: string): string | undefined {
  const text = raw.trim().toLowerCase();
  if (!text) return undefined;
  if (text.length > 254 || !EMAIL.test(text)) throw new CellError(`"${raw.trim()}" is not a valid email address`);
  return text;
}

export function readText(raw: string, max: number): string | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  return text.length > max ? text.slice(0, max) : text;
}

/** "Ana María López" → given "Ana", family "María López". */
export function splitFullName(raw: string): { given?: string; family?: string } {
  const parts = raw.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return {};
  return { given: parts[0], family: parts.length > 1 ? parts.slice(1).join(' ') : undefined };
}
