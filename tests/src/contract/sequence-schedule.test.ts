import { describe, expect, it } from 'vitest';
import { describeSchedule, fromCron, toCron, type SchedulePick } from '../../../src/contract/sequence-schedule.ts';
import { headlineSentence, liftSentence, videoEngagementRate } from '../../../src/contract/dashboard.ts';

describe('the schedule picker and its cron', () => {
  it('writes each plain choice as a cron and reads it back', () => {
    const picks: SchedulePick[] = [
      { kind: 'asap' },
      { kind: 'daily', hour: 9, minute: 30 },
      { kind: 'weekly', weekday: 1, hour: 10, minute: 0 },
      { kind: 'monthly', day: 15, hour: 17, minute: 45 },
      { kind: 'after', days: 3 },
    ];
    for (const pick of picks) {
      const { cron_schedule, wait_days } = toCron(pick);
      expect(fromCron(cron_schedule, wait_days)).toEqual(pick);
    }
    expect(toCron({ kind: 'asap' })).toEqual({ cron_schedule: '* * * * *', wait_days: 0 });
    expect(toCron({ kind: 'weekly', weekday: 5, hour: 17, minute: 30 }).cron_schedule).toBe('30 17 * * 5');
  });

  it('says the schedule in words, and a cron it did not write as it is', () => {
    expect(describeSchedule('* * * * *', 0, true)).toBe('As soon as a customer is in the segment');
    expect(describeSchedule('* * * * *', 0, false)).toBe('Right after the previous step');
    expect(describeSchedule('0 10 * * 1')).toBe('Every Monday at 10 AM');
    expect(describeSchedule('30 17 * * *')).toBe('Every day at 5:30 PM');
    expect(describeSchedule('0 0 1 * *')).toBe('Every month on the 1st at 12 AM');
    expect(describeSchedule('0 12 22 * *')).toBe('Every month on the 22nd at 12 PM');
    expect(describeSchedule('0 * * * *', 1)).toBe('1 day after the previous step');
    expect(describeSchedule('*/5 9-17 * * 1-5')).toBe('On the custom schedule "*/5 9-17 * * 1-5"');
    expect(fromCron('0 10 * 6 *')).toBeNull();
  });
});

describe('the dashboard sentences', () => {
  const headline = { reached: 40, guests: 23, revenue_cents: 114_000, window_days: 14, holdout: null, lift_guests: null, lift_revenue_cents: null };
  it('states the headline plainly, and the lift when there is a holdout', () => {
    expect(headlineSentence(headline, 7)).toBe('Your campaigns this week brought back 23 guests who spent $1,140');
    expect(headlineSentence({ ...headline, guests: 0 }, 30)).toBe('Your campaigns in the last 30 days reached 40 guests; none has come back yet.');
    expect(headlineSentence({ ...headline, reached: 0, guests: 0 }, 7)).toBe('No campaign went out this week yet.');
    expect(liftSentence(headline)).toBeNull();
    const holdout = { campaigns: 1, size: 10, guests: 2, revenue_cents: 4000, reached: 40, reached_guests: 23, reached_revenue_cents: 114_000 };
    expect(liftSentence({ ...headline, holdout, lift_guests: 15, lift_revenue_cents: 82_000 })).toBe(
      'Of the 10 guests kept back at random, 2 came anyway (20%), against 58% of those who got it. So about 15 guests ($820) came back because of the campaigns.',
    );
    expect(liftSentence({ ...headline, holdout, lift_guests: 0, lift_revenue_cents: 0 }, 'this email')).toBe(
      'Of the 10 guests kept back at random, 2 came anyway (20%), against 58% of those who got it. So far no more came back than would have anyway.',
    );
  });
  it('caps the video engagement figure at 100 %', () => {
    expect([0, 3, 10, 12].map(videoEngagementRate)).toEqual([0, 30, 100, 100]);
  });
});
