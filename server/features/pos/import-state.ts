/** The import job's checkpoint, saved after every page so a restart resumes at the next page. */
export type ImportState = {
  phase: 'customers' | 'locations' | 'orders' | 'figures' | 'done';
  /** Square: customers or orders cursor; Clover: unused */
  cursor: string | null;
  /** Clover: offset inside the current list */
  offset: number;
  customersSeen: number;
  customersTotal: number | null;
  customerPages: number;
  /** Square location ids (SearchOrders runs per location) */
  locations: string[];
  locationIndex: number;
  windowIndex: number;
  /** order history of this run: [from, until) */
  from: string;
  until: string;
  ordersSeen: number;
};

const WINDOW_MS = 90 * 86_400_000;

/** [from, until) in slices of at most 90 days (Clover's limit; Square uses the same slices for steady progress). */
export function orderWindows(state: Pick<ImportState, 'from' | 'until'>): Array<{ start: Date; end: Date }> {
  const windows: Array<{ start: Date; end: Date }> = [];
  const until = Date.parse(state.until);
  for (let start = Date.parse(state.from); start < until; start += WINDOW_MS) {
    windows.push({ start: new Date(start), end: new Date(Math.min(start + WINDOW_MS, until)) });
  }
  return windows;
}

/** 0-100 for the progress bar: customers up to 40, orders up to 95, the figures to 99, done at 100. */
export function importProgress(state: ImportState): number {
  switch (state.phase) {
    case 'customers': {
      const share = state.customersTotal ? state.customersSeen / state.customersTotal : 1 - 0.85 ** state.customerPages;
      return Math.min(40, Math.floor(2 + 38 * share));
    }
    case 'locations':
      return 40;
    case 'orders': {
      const slots = orderWindows(state).length * Math.max(1, state.locations.length);
      const done = state.locationIndex * orderWindows(state).length + state.windowIndex;
      return Math.min(95, Math.floor(40 + 55 * (slots ? done / slots : 1)));
    }
    case 'figures':
      return 97;
    default:
      return 100;
  }
}

export function initialImportState(now: Date, historyDays: number, syncedUntil: Date | null): ImportState {
  // A re-run fetches orders since the last run, with a day of overlap for late-closed orders.
  const from = syncedUntil ? new Date(syncedUntil.getTime() - 86_400_000) : new Date(now.getTime() - historyDays * 86_400_000);
  return {
    phase: 'customers',
    cursor: null,
    offset: 0,
    customersSeen: 0,
    customersTotal: null,
    customerPages: 0,
    locations: [],
    locationIndex: 0,
    windowIndex: 0,
    from: from.toISOString(),
    until: now.toISOString(),
    ordersSeen: 0,
  };
}
