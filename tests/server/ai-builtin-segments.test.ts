import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { describeDefinition } from '../../src/contract/segment-words.ts';
import { SegmentDefinitionSchema, type SegmentNode } from '../../src/contract/segments.ts';
import { parseSegmentQuery } from '../../server/providers/ai/builtin/segment-phrases.ts';

// Sunday 15 June 2025: "this month" is June, "next month" July.
const NOW = new Date('2025-06-15T12:00:00Z');

const and = (...conditions: SegmentNode[]): SegmentNode => ({ type: 'group', op: 'and', conditions });
const or = (...conditions: SegmentNode[]): SegmentNode => ({ type: 'group', op: 'or', conditions });
const vip = or({ type: 'total_spent', op: 'gte', value: 50_000 }, { type: 'visits', op: 'gte', value: 20 });

/** [what an owner types, the definition the builtin must propose]. */
const PHRASES: Array<[string, unknown]> = [
  ["regulars who haven't been in for a month", and({ type: 'visits', op: 'gte', value: 5 }, { type: 'last_visit', op: 'more_than', days: 30 })],
  ['spent over $200 this year', and({ type: 'total_spent', op: 'gt', value: 20_000, period: { kind: 'this_year' } })],
  ['birthdays next week', and({ type: 'birthday', op: 'next_days', days: 7 })],
  ['new customers this month', and({ type: 'created', op: 'within', period: { kind: 'this_month' } })],
  ['vip', vip],
  ['VIPs', vip],
  ['our best customers', vip],
  ['lapsed', and({ type: 'last_visit', op: 'more_than', days: 90 })],
  ['people with email consent who visited 3+ times', and({ type: 'email_consent', value: true }, { type: 'visits', op: 'gte', value: 3 })],
  ['birthday in March', and({ type: 'birthday', op: 'month', month: 3 })],
  ['born in sept', and({ type: 'birthday', op: 'month', month: 9 })],
  ['March birthdays', and({ type: 'birthday', op: 'month', month: 3 })],
  ['birthday in march or april', or({ type: 'birthday', op: 'month', month: 3 }, { type: 'birthday', op: 'month', month: 4 })],
  ['birthdays this month', and({ type: 'birthday', op: 'month', month: 6 })],
  ['birthdays next month', and({ type: 'birthday', op: 'month', month: 7 })],
  ['birthdays today', and({ type: 'birthday', op: 'next_days', days: 1 })],
  ['birthdays in the next 14 days', and({ type: 'birthday', op: 'next_days', days: 14 })],
  ['upcoming birthdays', and({ type: 'birthday', op: 'next_days', days: 30 })],
  ['Customers who spent more than 500 dollars', and({ type: 'total_spent', op: 'gt', value: 50_000 })],
  ['spent at least $1,000 in the last 90 days', and({ type: 'total_spent', op: 'gte', value: 100_000, period: { kind: 'last_days', days: 90 } })],
  ['spent between $50 and $100', and({ type: 'total_spent', op: 'between', value: 5_000, value2: 10_000 })],
  ['spent under $20', and({ type: 'total_spent', op: 'lt', value: 2_000 })],
  ['customers who spent over $50 in the last month', and({ type: 'total_spent', op: 'gt', value: 5_000, period: { kind: 'last_days', days: 30 } })],
  ['spent $1.5k or more last year', and({ type: 'total_spent', op: 'gte', value: 150_000, period: { kind: 'last_year' } })],
  ['$500+ spenders', and({ type: 'total_spent', op: 'gte', value: 50_000 })],
  ['big spenders', and({ type: 'total_spent', op: 'gte', value: 50_000 })],
  ['average order over $30', and({ type: 'average_order_value', op: 'gt', value: 3_000 })],
  ['aov under 15', and({ type: 'average_order_value', op: 'lt', value: 1_500 })],
  ['visited once', and({ type: 'visits', op: 'between', value: 1, value2: 1 })],
  ['one-time customers', and({ type: 'visits', op: 'between', value: 1, value2: 1 })],
  ['repeat customers', and({ type: 'visits', op: 'gte', value: 2 })],
  ['never visited', and({ type: 'visits', op: 'lte', value: 0 })],
  ['more than 5 orders', and({ type: 'visits', op: 'gt', value: 5 })],
  ['at least 10 visits this year', and({ type: 'visits', op: 'gte', value: 10, period: { kind: 'this_year' } })],
  ['3 or more visits in the last 30 days', and({ type: 'visits', op: 'gte', value: 3, period: { kind: 'last_days', days: 30 } })],
  ['visited this month', and({ type: 'last_visit', op: 'within', period: { kind: 'this_month' } })],
  ['visited last month', and({ type: 'visits', op: 'gte', value: 1, period: { kind: 'last_month' } })],
  ["haven't visited in 2 weeks", and({ type: 'last_visit', op: 'more_than', days: 14 })],
  ['not been back for six months', and({ type: 'last_visit', op: 'more_than', days: 180 })],
  ["haven't been in for a while", and({ type: 'last_visit', op: 'more_than', days: 60 })],
  ['inactive for 60 days', and({ type: 'last_visit', op: 'more_than', days: 60 })],
  ['last visit more than 3 months ago', and({ type: 'last_visit', op: 'more_than', days: 90 })],
  ['active customers', and({ type: 'last_visit', op: 'within', period: { kind: 'last_days', days: 30 } })],
  ['recent visitors', and({ type: 'last_visit', op: 'within', period: { kind: 'last_days', days: 30 } })],
  ['first-time visitors this week', and({ type: 'first_visit', op: 'within', period: { kind: 'this_week' } })],
  ['joined in the last 60 days', and({ type: 'created', op: 'within', period: { kind: 'last_days', days: 60 } })],
  ['customers for more than a year', and({ type: 'created', op: 'more_than', days: 365 })],
  ['customers from Square', and({ type: 'source', values: ['square'] })],
  ['imported from a CSV', and({ type: 'source', values: ['csv'] })],
  ['people I can text', and({ type: 'sms_consent', value: true })],
  ['sms subscribers', and({ type: 'sms_consent', value: true })],
  ['on the mailing list', and({ type: 'email_consent', value: true })],
  ['unsubscribed from emails', and({ type: 'email_consent', value: false })],
  ['without an email', and({ type: 'has_email', value: false })],
  ['with a phone number', and({ type: 'has_phone', value: true })],
  ['email subscribers who spent $100+', and({ type: 'email_consent', value: true }, { type: 'total_spent', op: 'gte', value: 10_000 })],
  ['lapsed regulars', and({ type: 'last_visit', op: 'more_than', days: 90 }, { type: 'visits', op: 'gte', value: 5 })],
  ['VIPs or regulars', or(vip, { type: 'visits', op: 'gte', value: 5 })],
  ['new customers this month or birthdays next week', or({ type: 'created', op: 'within', period: { kind: 'this_month' } }, { type: 'birthday', op: 'next_days', days: 7 })],
  [
    'regulars with a phone who can be texted, or vips',
    or(and({ type: 'visits', op: 'gte', value: 5 }, { type: 'has_phone', value: true }, { type: 'sms_consent', value: true }), vip),
  ],
  ['all customers', and()],
];

/** Queries the builtin must refuse rather than half-understand. */
const REFUSED = ['customers who like pizza', 'asdf', 'people who ordered the lasagna', 'spent over', 'customers in Ohio', 'tall people'];

describe('builtin segment phrase parser', () => {
  it('has a table of at least 40 phrasings', () => {
    expect(PHRASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PHRASES)('understands %j', (query, expected) => {
    const proposal = parseSegmentQuery(query, NOW);
    expect(proposal, describeDefinition(proposal?.definition ?? { type: 'group', op: 'and', conditions: [] }).join('; ')).not.toBeNull();
    expect(proposal!.definition).toEqual(expected);
    // Whatever it proposes must pass the same schema the API enforces.
    expect(v.safeParse(SegmentDefinitionSchema, proposal!.definition).success).toBe(true);
  });

  it.each(REFUSED)('refuses %j instead of ignoring words it does not know', (query) => {
    expect(parseSegmentQuery(query, NOW)).toBeNull();
  });

  it("titles the segment with the owner's words", () => {
    expect(parseSegmentQuery('  birthdays next week? ', NOW)!.title).toBe('Birthdays next week');
  });

  it('is deterministic', () => {
    expect(parseSegmentQuery('lapsed regulars', NOW)).toEqual(parseSegmentQuery('lapsed regulars', NOW));
  });
});
