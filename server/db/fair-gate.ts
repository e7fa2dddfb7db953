import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * First come, first served for the database's connections (issue 17's load goal): connections go to the request that
 * arrived first, not to the statement that asked first. Without it, a request of five statements queues five times
 * behind everyone who arrived meanwhile, and under load the requests with the most statements (a write: idempotency
 * key, transaction, answer) wait many times longer than the rest.
 *
 * Every HTTP request gets a place in line when it arrives (`inArrivalOrder`, run by the app for each request); each of
 * its statements (or transactions) then waits only for requests that arrived before it. A request that has held a
 * connection for more than `budgetMs` in all (a large import, many statements) goes to the back of the line for the
 * rest of its statements, as if it had just arrived: a slow request cannot hold everyone else up for longer than its
 * budget at a time. Work outside a request (jobs, start-up) takes its place when it asks.
 */
type Place = { key: number; heldMs: number };

const places = new AsyncLocalStorage<Place>();
let arrivals = 0;

/** Runs `work` (a request's handling) with a place in line taken now. */
export function inArrivalOrder<T>(work: () => T): T {
  return places.run({ key: ++arrivals, heldMs: 0 }, work);
}

/** How long a request may hold connections in all before its next statements queue behind later arrivals. */
const FAIR_BUDGET_MS = 100;

type Waiter = { key: number; order: number; grant: () => void };

export type FairGate = {
  /** Waits for a free connection slot in arrival order; the returned function gives the slot back (once). */
  acquire(): Promise<() => void>;
  /** Slots in use and requests waiting, for tests and diagnostics. */
  readonly inUse: number;
  readonly waiting: number;
};

export function createFairGate(size: number, budgetMs = FAIR_BUDGET_MS): FairGate {
  let inUse = 0;
  let orders = 0;
  // Sorted by (key, order): the oldest request first; a request's own statements in the order they asked.
  const waiters: Waiter[] = [];

  const pump = () => {
    while (inUse < size && waiters.length > 0) {
      inUse += 1;
      waiters.shift()!.grant();
    }
  };

  const enqueue = (waiter: Waiter) => {
    let low = 0;
    let high = waiters.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = waiters[mid]!;
      if (other.key < waiter.key || (other.key === waiter.key && other.order < waiter.order)) low = mid + 1;
      else high = mid;
    }
    waiters.splice(low, 0, waiter);
  };

  return {
    acquire() {
      const place = places.getStore() ?? { key: ++arrivals, heldMs: 0 };
      return new Promise((resolve) => {
        enqueue({
          key: place.key,
          order: ++orders,
          grant: () => {
            const since = performance.now();
            let released = false;
            resolve(() => {
              if (released) return;
              released = true;
              inUse -= 1;
              place.heldMs += performance.now() - since;
              if (place.heldMs > budgetMs) {
                place.key = ++arrivals;
                place.heldMs = 0;
              }
              pump();
            });
          },
        });
        pump();
      });
    },
    get inUse() {
      return inUse;
    },
    get waiting() {
      return waiters.length;
    },
  };
}
