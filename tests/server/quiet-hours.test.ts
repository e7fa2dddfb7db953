import { describe, expect, it } from 'vitest';
import { describeHeldGroups, nextAllowedMoment, planQuietHours } from '../../server/features/sending/quiet-hours.ts';
import { areaCodeTimeZones, recipientTimeZones } from '../../server/features/sending/recipient-time-zone.ts';
import { instantOf, offsetMinutes, wallTime } from '../../src/contract/zoned-time.ts';

const at = (iso: string) => new Date(iso);
const NY = 'America/New_York';
const LA = 'America/Los_Angeles';

describe('recipientTimeZones', () => {
  it.each([
    ['+12125550123', [NY], 'area-code'],
    ['+13105550123', [LA], 'area-code'],
    ['+13125550123', ['America/Chicago'], 'area-code'],
    ['+16025550123', ['America/Phoenix'], 'area-code'],
    ['+18085550123', ['Pacific/Honolulu'], 'area-code'],
    ['+14165550123', ['America/Toronto'], 'area-code'],
    ['+16045550123', ['America/Vancouver'], 'area-code'],
    ['+17875550123', ['America/Puerto_Rico'], 'area-code'],
    // Indiana's 219 and Kentucky's 270 straddle Eastern and Central: both are kept.
    ['+12195550123', ['America/Chicago', NY], 'area-code'],
    ['+12705550123', ['America/Chicago', NY], 'area-code'],
    ['+33612345678', ['Europe/Paris'], 'country'],
    ['+447911123456', ['Europe/London'], 'country'],
    ['+5215512345678', expect.arrayContaining(['America/Mexico_City', 'America/Cancun', 'America/Tijuana']), 'country'],
    // Russia spans 10 hours: its number says nothing useful, the restaurant's zone is used.
    ['+79161234567', ['America/Denver'], 'restaurant'],
    // Toll-free has no place.
    ['+18005550123', ['America/Denver'], 'restaurant'],
    ['not a number', ['America/Denver'], 'restaurant'],
    [null, ['America/Denver'], 'restaurant'],
  ])('%s', (phone, timeZones, source) => {
    const zones = recipientTimeZones(phone, 'America/Denver', at('2025-06-16T12:00:00Z'));
    expect(zones.source).toBe(source);
    expect([...zones.timeZones].sort()).toEqual(Array.isArray(timeZones) ? [...timeZones].sort() : timeZones);
  });

  it('knows every US state capital’s area code and every zone name is real', () => {
    for (const code of ['205', '907', '602', '501', '916', '303', '860', '302', '850', '404', '808', '208', '217', '317', '515', '785', '502', '225', '207', '410', '617', '517', '651', '601', '573', '406', '402', '775', '603', '609', '505', '518', '919', '701', '614', '405', '503', '717', '401', '803', '605', '615', '512', '801', '802', '804', '360', '304', '608', '307', '202']) {
      const zones = areaCodeTimeZones(code);
      expect(zones, code).not.toBeNull();
      for (const zone of zones!) expect(() => wallTime(new Date(), zone)).not.toThrow();
    }
  });
});

describe('nextAllowedMoment (8:00 to 21:00)', () => {
  it('sends at once inside the window and holds outside it', () => {
    expect(nextAllowedMoment(at('2025-06-16T12:30:00Z'), NY)).toEqual(at('2025-06-16T12:30:00Z')); // 8:30 EDT
    expect(nextAllowedMoment(at('2025-06-16T11:59:00Z'), NY)).toEqual(at('2025-06-16T12:00:00Z')); // 7:59 → 8:00
    expect(nextAllowedMoment(at('2025-06-17T00:59:59Z'), NY)).toEqual(at('2025-06-17T00:59:59Z')); // 20:59:59
    expect(nextAllowedMoment(at('2025-06-17T01:00:00Z'), NY)).toEqual(at('2025-06-17T12:00:00Z')); // 21:00 → next 8:00
  });

  it('holds Los Angeles until 8:00 Pacific while New York is sent at the same moment', () => {
    const now = at('2025-06-16T12:30:00Z'); // 8:30 in New York, 5:30 in Los Angeles
    expect(nextAllowedMoment(now, NY)).toEqual(now);
    expect(nextAllowedMoment(now, LA)).toEqual(at('2025-06-16T15:00:00Z'));
  });

  it('spring forward: 1:00 EST on the switch day waits until 8:00 EDT (12:00Z), not 13:00Z', () => {
    expect(nextAllowedMoment(at('2025-03-09T06:00:00Z'), NY)).toEqual(at('2025-03-09T12:00:00Z'));
    // The evening before, 21:30 EST, also waits for 8:00 EDT.
    expect(nextAllowedMoment(at('2025-03-09T02:30:00Z'), NY)).toEqual(at('2025-03-09T12:00:00Z'));
  });

  it('fall back: 1:30 EDT on the switch day waits until 8:00 EST (13:00Z)', () => {
    expect(nextAllowedMoment(at('2025-11-02T05:30:00Z'), NY)).toEqual(at('2025-11-02T13:00:00Z'));
    // 1:30 comes twice that night; the second one (EST) waits the same.
    expect(nextAllowedMoment(at('2025-11-02T06:30:00Z'), NY)).toEqual(at('2025-11-02T13:00:00Z'));
  });

  it('Europe switches on another day: London on 30 March 2025', () => {
    expect(nextAllowedMoment(at('2025-03-30T06:30:00Z'), 'Europe/London')).toEqual(at('2025-03-30T07:00:00Z')); // 7:30 BST
    expect(nextAllowedMoment(at('2025-03-29T06:30:00Z'), 'Europe/London')).toEqual(at('2025-03-29T08:00:00Z')); // 6:30 GMT
  });

  it('Arizona keeps standard time all year', () => {
    expect(nextAllowedMoment(at('2025-07-01T14:30:00Z'), 'America/Phoenix')).toEqual(at('2025-07-01T15:00:00Z'));
    expect(nextAllowedMoment(at('2025-01-15T14:30:00Z'), 'America/Phoenix')).toEqual(at('2025-01-15T15:00:00Z'));
  });

  it('with several zones, waits for the window in all of them', () => {
    // 219 (Central and Eastern): 8:00 Central = 9:00 Eastern; closes at 21:00 Eastern = 20:00 Central.
    const both = ['America/Chicago', NY];
    expect(nextAllowedMoment(at('2025-06-16T12:30:00Z'), both)).toEqual(at('2025-06-16T13:00:00Z'));
    expect(nextAllowedMoment(at('2025-06-17T00:30:00Z'), both)).toEqual(at('2025-06-17T00:30:00Z'));
    expect(nextAllowedMoment(at('2025-06-17T01:00:00Z'), both)).toEqual(at('2025-06-17T13:00:00Z'));
  });

  it('takes other hours and refuses impossible ones', () => {
    expect(nextAllowedMoment(at('2025-06-16T12:30:00Z'), NY, { startHour: 9, endHour: 20 })).toEqual(at('2025-06-16T13:00:00Z'));
    expect(() => nextAllowedMoment(new Date(), NY, { startHour: 21, endHour: 8 })).toThrow(RangeError);
    // Two 13-hour windows always overlap somewhere; two 8-hour ones 13 hours apart never do.
    expect(nextAllowedMoment(at('2025-06-16T12:00:00Z'), ['Asia/Tokyo', NY])).toEqual(at('2025-06-16T23:00:00Z'));
    expect(() => nextAllowedMoment(new Date(), ['Asia/Tokyo', NY], { startHour: 9, endHour: 17 })).toThrow(/No hour/);
    expect(() => nextAllowedMoment(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('rolls over month and year ends', () => {
    expect(nextAllowedMoment(at('2025-12-31T23:00:00Z'), 'Europe/Paris')).toEqual(at('2026-01-01T07:00:00Z'));
    expect(nextAllowedMoment(at('2025-01-31T23:00:00Z'), 'Europe/Paris')).toEqual(at('2025-02-01T07:00:00Z'));
  });
});

describe('zoned time helpers', () => {
  it('finds the instant of a wall time across DST', () => {
    expect(instantOf({ year: 2025, month: 3, day: 9, hour: 8, minute: 0 }, NY)).toEqual(at('2025-03-09T12:00:00Z'));
    expect(instantOf({ year: 2025, month: 3, day: 8, hour: 8, minute: 0 }, NY)).toEqual(at('2025-03-08T13:00:00Z'));
    // 1:30 on fall-back night happens twice: the first (EDT) is taken.
    expect(instantOf({ year: 2025, month: 11, day: 2, hour: 1, minute: 30 }, NY)).toEqual(at('2025-11-02T05:30:00Z'));
    expect(offsetMinutes(at('2025-01-15T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });
});

describe('planQuietHours and the owner’s sentence', () => {
  const guests = [
    ...Array.from({ length: 3 }, (_, i) => ({ id: `ny${i}`, phone: `+1212555010${i}` })),
    ...Array.from({ length: 2 }, (_, i) => ({ id: `la${i}`, phone: `+1310555010${i}` })),
    { id: 'chi', phone: '+13125550100' },
    { id: 'none', phone: null },
  ];

  it('sends New York now and holds Los Angeles until 8:00 Pacific', () => {
    const now = at('2025-06-16T12:30:00Z'); // 8:30 New York, 7:30 Chicago, 5:30 Los Angeles
    const plan = planQuietHours(guests, { now, restaurantTimeZone: NY });
    expect(plan.sendNow.map((g) => g.id)).toEqual(['ny0', 'ny1', 'ny2', 'none']);
    expect(plan.held.map((g) => [g.until.toISOString(), g.recipients.map((r) => r.id)])).toEqual([
      ['2025-06-16T13:00:00.000Z', ['chi']],
      ['2025-06-16T15:00:00.000Z', ['la0', 'la1']],
    ]);
    expect(describeHeldGroups(plan, { now, restaurantTimeZone: NY })).toEqual([
      '1 guest will get it at 9:00 today (8:00 their time)',
      '2 guests will get it at 11:00 today (8:00 their time)',
    ]);
  });

  it('late in the evening: "212 guests will get it at 8:00 tomorrow"', () => {
    const many = Array.from({ length: 212 }, (_, i) => ({ phone: `+1212555${String(1000 + i)}` }));
    const now = at('2025-06-17T02:15:00Z'); // 22:15 in New York
    const plan = planQuietHours(many, { now, restaurantTimeZone: NY });
    expect(plan.sendNow).toEqual([]);
    expect(describeHeldGroups(plan, { now, restaurantTimeZone: NY })).toEqual(['212 guests will get it at 8:00 tomorrow']);
  });

  it('Saturday night names the day when it is further off', () => {
    const plan = planQuietHours([{ phone: '+12125550100' }], { now: at('2025-06-17T02:15:00Z'), restaurantTimeZone: NY, hours: { startHour: 8, endHour: 21 } });
    const twoDaysBefore = at('2025-06-15T03:00:00Z');
    expect(describeHeldGroups(plan, { now: twoDaysBefore, restaurantTimeZone: NY })).toEqual(['1 guest will get it at 8:00 on Tuesday']);
  });
});
