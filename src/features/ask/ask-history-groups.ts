/** The history's date groups (spec §2), in order. */
const HISTORY_GROUPS = ['Today', 'Yesterday', 'Previous 7 days', 'Older'] as const;
export type HistoryGroup = (typeof HISTORY_GROUPS)[number];

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** Which group a time falls in, by calendar days on this device (what "today" means to the owner holding it). */
export function historyGroupOf(timestamp: string, now: Date): HistoryGroup {
  const today = startOfDay(now);
  const day = startOfDay(new Date(timestamp));
  const daysAgo = Math.round((today - day) / 86_400_000);
  if (daysAgo <= 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  if (daysAgo <= 7) return 'Previous 7 days';
  return 'Older';
}

/** Items grouped by date, newest first within each group; empty groups left out. */
export function groupHistory<T extends { timestamp: string }>(items: readonly T[], now: Date): Array<{ group: HistoryGroup; items: T[] }> {
  const sorted = [...items].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  return HISTORY_GROUPS.map((group) => ({ group, items: sorted.filter((item) => historyGroupOf(item.timestamp, now) === group) })).filter((g) => g.items.length > 0);
}
