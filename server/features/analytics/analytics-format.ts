/** How figures read in answers: money is stored in integer cents and shown in dollars. */

/** "$1,240" (rounded to the dollar from $100 up), "$23.50", "$8". */
export function money(cents: number): string {
  const rounded = Math.abs(cents) >= 10_000 ? Math.round(cents / 100) * 100 : Math.round(cents);
  const whole = rounded % 100 === 0;
  const text = (Math.abs(rounded) / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
  return `${rounded < 0 ? '-' : ''}$${text}`;
}

/** A chart value in dollars (two decimals at most). */
export const dollarsValue = (cents: number) => Math.round(cents) / 100;

/** "18 %" (as the issue writes it); under 1 % shows one decimal so a tiny change is not "0 %". */
export function percent(ratio: number): string {
  const value = Math.abs(ratio * 100);
  const shown = value > 0 && value < 1 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
  return `${shown} %`;
}

/** "this new guest", "these 38 new guests". */
export const these = (n: number, one: string, many = `${one}s`) => (n === 1 ? `this ${one}` : `these ${n.toLocaleString('en-US')} ${many}`);

export const count = (n: number) => n.toLocaleString('en-US');

/** "1 visit", "1,204 visits". */
export const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Average with a guard for nothing to average. */
export const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** A customer's name as the lists show it, or a stand-in when none was recorded. */
export const customerName = (given: string | null, family: string | null) => [given, family].filter(Boolean).join(' ') || 'A guest with no name';
