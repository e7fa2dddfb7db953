/**
 * A number rounded to a whole one and written as en-US writes it ("12,480", "-1,005"), without Intl: the first
 * `toLocaleString` of a page builds the locale's number format, ~17 ms on a phone (70 ms at the 4× slowdown of
 * `npm run bench:web`) inside the home's first render, for four customer figures.
 */
export function groupDigits(n: number): string {
  const whole = Math.round(n);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}
