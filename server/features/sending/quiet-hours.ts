// Quiet hours: no marketing text reaches a guest before 8:00 or from 21:00 on, in the guest's own time
// (TCPA and most state rules; several states are stricter, hence configurable hours). The engine asks
// `nextAllowedMoment` per recipient and holds the ones outside their window; before launch,
// `planQuietHours` + `describeHeldGroups` tell the owner "212 guests will get it at 8:00 tomorrow".
import { recipientTimeZones } from './recipient-time-zone.ts';
import { assertTimeZone, instantOf, nextDay, wallTime, type WallTime } from '../../../src/contract/zoned-time.ts';

/** Texts may be delivered from startHour:00 up to (not including) endHour:00 local time. */
export type QuietHours = { startHour: number; endHour: number };

const DEFAULT_QUIET_HOURS: QuietHours = { startHour: 8, endHour: 21 };

function checkHours({ startHour, endHour }: QuietHours): void {
  if (!Number.isInteger(startHour) || !Number.isInteger(endHour) || startHour < 0 || endHour > 24 || startHour >= endHour) {
    throw new RangeError(`Quiet hours need 0 <= startHour < endHour <= 24, got ${startHour}-${endHour}`);
  }
}

const inWindow = (wall: WallTime, { startHour, endHour }: QuietHours) => wall.hour >= startHour && wall.hour < endHour;

function nextAllowedInZone(instant: Date, timeZone: string, hours: QuietHours): Date {
  const wall = wallTime(instant, timeZone);
  if (inWindow(wall, hours)) return instant;
  const day = wall.hour < hours.startHour ? wall : nextDay(wall);
  let opening = instantOf({ ...day, hour: hours.startHour, minute: 0 }, timeZone);
  // Should a DST gap ever swallow the opening hour, the window opens when the clocks reach it.
  for (let step = 0; step < 12 && !inWindow(wallTime(opening, timeZone), hours); step++) opening = new Date(opening.getTime() + 15 * 60_000);
  return opening;
}

/**
 * `now` when a text may be delivered now in `timeZone` (or in every one of several zones), else the first
 * moment it may. Throws a RangeError when zones have no common window (they never do when chosen by
 * recipientTimeZones, which keeps a country's zones only within 3 hours of each other).
 */
export function nextAllowedMoment(now: Date, timeZone: string | readonly string[], hours: QuietHours = DEFAULT_QUIET_HOURS): Date {
  const zones = typeof timeZone === 'string' ? [timeZone] : timeZone;
  // Windows open and close on whole local hours, which fall on whole UTC minutes, so the answer is the same
  // for every instant of a UTC minute: remembered per zone set, a 50,000-text send asks Intl a few dozen times.
  const key = `${hours.startHour}-${hours.endHour} ${zones.join(' ')}`;
  const minute = Math.floor(now.getTime() / 60_000);
  const known = answers.get(key);
  if (known?.minute === minute) return known.opening ?? now;
  checkHours(hours);
  const next = computeNextAllowed(now, zones, hours);
  if (answers.size > 1000) answers.clear();
  answers.set(key, { minute, opening: next === now ? null : next });
  return next;
}

const answers = new Map<string, { minute: number; opening: Date | null }>();

function computeNextAllowed(now: Date, zones: readonly string[], hours: QuietHours): Date {
  let candidate = now;
  for (let round = 0; round < 8; round++) {
    let latest = candidate;
    for (const zone of zones) {
      const next = nextAllowedInZone(candidate, zone, hours);
      if (next.getTime() > latest.getTime()) latest = next;
    }
    if (latest === candidate) return candidate;
    candidate = latest;
  }
  throw new RangeError(`No hour between ${hours.startHour}:00 and ${hours.endHour}:00 is shared by ${zones.join(', ')}`);
}

type HeldGroup<T> = {
  /** When their window opens. */
  until: Date;
  recipients: T[];
  /** The zones of those recipients (for "8:00 their time"). */
  timeZones: string[];
};

export type QuietHoursPlan<T> = { sendNow: T[]; held: HeldGroup<T>[] };

export type QuietHoursOptions = { now: Date; restaurantTimeZone: string; hours?: QuietHours };

/** Splits recipients into those who may get the text now and those held, grouped by when their window opens. */
export function planQuietHours<T extends { phone: string | null }>(recipients: readonly T[], options: QuietHoursOptions): QuietHoursPlan<T> {
  const hours = options.hours ?? DEFAULT_QUIET_HOURS;
  checkHours(hours);
  assertTimeZone(options.restaurantTimeZone);
  const untilByZones = new Map<readonly string[], Date>();
  const sendNow: T[] = [];
  const held = new Map<number, HeldGroup<T>>();
  for (const recipient of recipients) {
    const { timeZones } = recipientTimeZones(recipient.phone, options.restaurantTimeZone, options.now);
    let until = untilByZones.get(timeZones);
    if (!until) {
      until = nextAllowedMoment(options.now, timeZones, hours);
      untilByZones.set(timeZones, until);
    }
    if (until.getTime() <= options.now.getTime()) {
      sendNow.push(recipient);
      continue;
    }
    const group = held.get(until.getTime()) ?? { until, recipients: [], timeZones: [] };
    group.recipients.push(recipient);
    for (const zone of timeZones) if (!group.timeZones.includes(zone)) group.timeZones.push(zone);
    held.set(until.getTime(), group);
  }
  return { sendNow, held: [...held.values()].sort((a, b) => a.until.getTime() - b.until.getTime()) };
}

const clock = (wall: WallTime) => `${wall.hour}:${String(wall.minute).padStart(2, '0')}`;
const dayNumber = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day) / 86_400_000;

/** "today", "tomorrow" or "on Monday", seen from the restaurant's calendar. */
function dayWord(until: Date, now: Date, timeZone: string): string {
  const days = dayNumber(wallTime(until, timeZone)) - dayNumber(wallTime(now, timeZone));
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `on ${until.toLocaleDateString('en-US', { weekday: 'long', timeZone, ...(days > 6 ? { month: 'long', day: 'numeric' } : {}) })}`;
}

/**
 * One sentence per held group, in the restaurant's time, with the guests' own time when it differs:
 * "212 guests will get it at 8:00 tomorrow", "40 guests will get it at 11:00 tomorrow (8:00 their time)".
 */
export function describeHeldGroups<T>(plan: QuietHoursPlan<T>, options: Omit<QuietHoursOptions, 'hours'>): string[] {
  return describeHeld(plan.held.map((group) => ({ until: group.until, count: group.recipients.length, timeZones: group.timeZones })), options);
}

/** The same sentences from counts (a send's audience counted by area code, not listed one by one). */
export function describeHeld(groups: ReadonlyArray<{ until: Date; count: number; timeZones: readonly string[] }>, options: Omit<QuietHoursOptions, 'hours'>): string[] {
  return groups.map((group) => {
    const count = group.count;
    const who = count === 1 ? '1 guest' : `${count.toLocaleString('en-US')} guests`;
    const restaurantClock = clock(wallTime(group.until, options.restaurantTimeZone));
    const theirClocks = new Set(group.timeZones.map((zone) => clock(wallTime(group.until, zone))));
    const theirs = theirClocks.size === 1 ? [...theirClocks][0]! : null;
    const suffix = theirs && theirs !== restaurantClock ? ` (${theirs} their time)` : '';
    return `${who} will get it at ${restaurantClock} ${dayWord(group.until, options.now, options.restaurantTimeZone)}${suffix}`;
  });
}
