import type { Condition, SegmentNode, SourceValues } from '../../../../src/contract/segments.ts';
import { amount, amountOf, COMPARE, days, DUR, period, periodOf, rx, withPeriod, type Rule } from './phrase-rule-kit.ts';
import { MONTHS, opOf, durationDays } from './phrase-text.ts';
import { visitRules } from './phrase-visit-rules.ts';

const monthNumber = (name: string) => MONTHS.indexOf(name as (typeof MONTHS)[number]) + 1;
const MONTH = `(?:${MONTHS.join('|')})`;

/**
 * The phrase rules, most specific first. Each rule's regex runs over the normalised query; the text it
 * matched is blanked so later rules cannot read it twice. What is left must be filler words.
 */

const SPEND = `(?:spent|spend|spends|spending|spender|spenders|have spent|has spent|total spend(?:ing)?|lifetime spend|lifetime value|ltv)`;
const AOV = `(?:average order(?: value| size)?|avg order(?: value)?|aov|average (?:ticket|check|basket)|average spend per (?:visit|order)|spend per visit)`;

function sources(text: string): (typeof SourceValues)[number][] {
  const found = new Set<(typeof SourceValues)[number]>();
  if (/square/.test(text)) found.add('square');
  if (/clover/.test(text)) found.add('clover');
  if (/csv|file|spreadsheet|upload/.test(text)) found.add('csv');
  if (/manual|by hand|hand/.test(text)) found.add('manual');
  if (/demo/.test(text)) found.add('demo');
  return [...found];
}

const vip: SegmentNode = {
  type: 'group',
  op: 'or',
  conditions: [
    { type: 'total_spent', op: 'gte', value: 50_000 },
    { type: 'visits', op: 'gte', value: 20 },
  ],
};

export const RULES: Rule[] = [
  // --- consent (before contact details, so "email consent" is not read as "has an email")
  {
    name: 'no-email-consent',
    re: rx(String.raw`\b(?:(?:without|no|not|haven't|have not|never) (?:given )?(?:email|e-mail) (?:consent|opt-in)|(?:unsubscribed|opted out)(?: (?:of|from) (?:emails?|the newsletter|marketing emails?))?|not (?:opted|signed up) (?:in )?(?:to|for) emails?)\b`),
    build: () => [{ type: 'email_consent', value: false }],
  },
  {
    name: 'email-consent',
    re: rx(String.raw`\b(?:(?:email|e-mail|marketing|newsletter) (?:consent|opt-?ins?|permission|subscribers?)|(?:consented|opted in|opted-in|subscribed|signed up|agreed) (?:to |for )?(?:receive )?(?:marketing )?(?:emails?|e-mails?|the newsletter|newsletters?)|(?:can|may|ok to) (?:be )?(?:email|e-mail)(?:ed)?|emailable|on the (?:mailing|email) list|mailing list|newsletter)\b`),
    build: () => [{ type: 'email_consent', value: true }],
  },
  {
    name: 'sms-consent',
    re: rx(String.raw`\b(?:(?:sms|text|texting|text message) (?:consent|opt-?ins?|permission|subscribers?)|(?:consented|opted in|opted-in|subscribed|signed up|agreed) (?:to |for )?(?:receive )?(?:sms|texts?|text messages)|(?:can|may|ok to) (?:be )?(?:text|sms)(?:ed)?|textable)\b`),
    build: () => [{ type: 'sms_consent', value: true }],
  },
  // --- birthdays
  {
    name: 'birthday-months',
    re: rx(String.raw`\b(?:(?:birthdays?|born)(?: (?:is|are|falls?|fall))? (?:in|during) (?<months>${MONTH}(?:(?:,| or| and|, or|, and) ${MONTH})*)|(?<single>${MONTH}) birthdays?)\b`),
    build: (g) => {
      const names = (g.months ?? g.single ?? '').match(new RegExp(MONTH, 'g')) ?? [];
      const months = [...new Set(names.map(monthNumber))];
      const nodes: Condition[] = months.map((month) => ({ type: 'birthday', op: 'month', month }));
      return nodes.length === 1 ? nodes : [{ type: 'group', op: 'or', conditions: nodes }];
    },
  },
  {
    name: 'birthday-this-or-next-month',
    re: rx(String.raw`\bbirthdays? (?:(?:is|are|falls?|fall) )?(?:in |during )?(?<which>this|next) month\b`),
    build: (g, { now }) => [{ type: 'birthday', op: 'month', month: ((now.getUTCMonth() + (g.which === 'next' ? 1 : 0)) % 12) + 1 }],
  },
  {
    name: 'birthday-window',
    re: rx(String.raw`\bbirthdays? (?:(?:is|are|coming up|falls?|fall|comes?) )?(?:(?<today>today)|(?:in |within )?(?:the )?(?:next|coming) (?:${DUR}|(?<bare>day|week|month))|(?<week>this week|next week|this weekend))\b`),
    build: (g) => {
      const window = g.today ? 1 : g.week ? 7 : g.bare ? durationDays(undefined, g.bare) : days(g);
      return [{ type: 'birthday', op: 'next_days', days: Math.min(window, 366) }];
    },
  },
  {
    name: 'birthday-upcoming',
    re: rx(String.raw`\b(?:upcoming birthdays?|birthdays? (?:coming up|soon|upcoming)|birthdays?)\b`),
    build: () => [{ type: 'birthday', op: 'next_days', days: 30 }],
  },
  // --- spend
  {
    name: 'spend-between',
    re: rx(String.raw`\b${SPEND} (?:between|from) (?:${amount('x')}) (?:and|to|-) (?:${amount('y')})${period()}`),
    build: (g) => [{ type: 'total_spent', op: 'between', value: amountOf(g, 'x')!, value2: amountOf(g, 'y')!, ...withPeriod(g) }],
  },
  {
    name: 'spend-compare',
    re: rx(String.raw`\b${SPEND} (?:a total of )?${COMPARE} (?:a total of )?(?:${amount('x')})(?: in total| total)?${period()}`),
    build: (g) => [{ type: 'total_spent', op: opOf(g.cmp!), value: amountOf(g, 'x')!, ...withPeriod(g) }],
  },
  {
    name: 'spend-or-more',
    re: rx(String.raw`\b${SPEND} (?:${amount('x')})(?<dir>\+| or more| or over| or above| or less| or under| and up)(?: in total| total)?${period()}`),
    build: (g) => [{ type: 'total_spent', op: /less|under/.test(g.dir!) ? 'lte' : 'gte', value: amountOf(g, 'x')!, ...withPeriod(g) }],
  },
  {
    name: 'amount-spenders',
    re: rx(String.raw`(?:^|\s)(?:${amount('x')})(?<dir>\+| or more| and up| plus) (?:spenders|spent|in spend(?:ing)?)${period()}`),
    build: (g) => [{ type: 'total_spent', op: 'gte', value: amountOf(g, 'x')!, ...withPeriod(g) }],
  },
  {
    name: 'big-spenders',
    re: rx(String.raw`\b(?:big|high|top|heavy|biggest) spenders?${period()}`),
    build: (g) => [{ type: 'total_spent', op: 'gte', value: 50_000, ...withPeriod(g) }],
  },
  {
    name: 'aov',
    re: rx(String.raw`\b${AOV} (?:is |of )?${COMPARE} (?:${amount('x')})`),
    build: (g) => [{ type: 'average_order_value', op: opOf(g.cmp!), value: amountOf(g, 'x')! }],
  },
  {
    name: 'aov-between',
    re: rx(String.raw`\b${AOV} (?:is )?between (?:${amount('x')}) (?:and|to|-) (?:${amount('y')})`),
    build: (g) => [{ type: 'average_order_value', op: 'between', value: amountOf(g, 'x')!, value2: amountOf(g, 'y')! }],
  },
  // --- where they came from
  {
    name: 'source',
    re: rx(String.raw`\b(?:(?:from|imported from|synced from|via|through|in|on) (?:square|clover|(?:a |the )?(?:csv|file|spreadsheet)|demo data)|(?:added|entered) (?:manually|by hand)|manual(?:ly added)? (?:entries|customers)|(?:csv|square|clover) (?:customers|imports?)|uploaded|demo)\b`),
    build: (_g, _ctx, matched) => [{ type: 'source', values: sources(matched) }],
  },
  // --- new, first visits and tenure
  {
    name: 'new-customers',
    re: rx(String.raw`\b(?:new (?:customers|guests|clients|signups|sign-ups|people)|(?:joined|signed up|became (?:a )?customers?|were added|got added|added))${period()}`),
    build: (g) => [{ type: 'created', op: 'within', period: periodOf(g) ?? { kind: 'last_days', days: 30 } }],
  },
  {
    name: 'long-time',
    re: rx(String.raw`\b(?:(?:long-time|longtime|long time) customers|(?:customers|been (?:a )?customers?|with us) for (?:more than |over |at least )?${DUR})\b`),
    build: (g) => [{ type: 'created', op: 'more_than', days: g.unit ? days(g) : 365 }],
  },
  {
    name: 'first-visit-ago',
    re: rx(String.raw`\bfirst (?:visit(?:ed)?|came in|order(?:ed)?) (?:more than |over )${DUR} ago\b`),
    build: (g) => [{ type: 'first_visit', op: 'more_than', days: days(g) }],
  },
  {
    name: 'first-visit',
    re: rx(String.raw`\b(?:first[- ]time (?:visitors|guests|customers|diners)|(?:had their |made their )?first (?:visit(?:ed)?|came in|order(?:ed)?))${period()}`),
    build: (g) => [{ type: 'first_visit', op: 'within', period: periodOf(g) ?? { kind: 'last_days', days: 30 } }],
  },
  ...visitRules(),
  // --- tiers
  {
    name: 'vip',
    re: rx(String.raw`\b(?:vips?|v\.i\.p\.?s?|best customers|top customers|most valuable(?: customers)?|biggest fans|superfans)\b`),
    build: () => [structuredClone(vip)],
  },
  {
    name: 'regulars',
    re: rx(String.raw`\b(?:regulars|regular customers|regular guests|loyal(?: customers| guests|s)?|frequent (?:customers|guests|visitors|diners)|frequents)\b`),
    build: () => [{ type: 'visits', op: 'gte', value: 5 }],
  },
  // --- contact details
  {
    name: 'no-email',
    re: rx(String.raw`\b(?:without (?:an? )?|no |missing (?:an? )?)(?:email|e-mail)(?: address(?:es)?)?s?\b`),
    build: () => [{ type: 'has_email', value: false }],
  },
  {
    name: 'has-email',
    re: rx(String.raw`\b(?:with |have |has |having )?(?:an? |their )?(?:email|e-mail)(?: address(?:es)?)?s?(?: on file)?\b`),
    build: () => [{ type: 'has_email', value: true }],
  },
  {
    name: 'no-phone',
    re: rx(String.raw`\b(?:without (?:a )?|no |missing (?:a )?)(?:phone|mobile|cell)(?: numbers?)?s?\b`),
    build: () => [{ type: 'has_phone', value: false }],
  },
  {
    name: 'has-phone',
    re: rx(String.raw`\b(?:with |have |has |having )?(?:a |their )?(?:phone|mobile|cell)(?: numbers?)?s?(?: on file)?\b`),
    build: () => [{ type: 'has_phone', value: true }],
  },
  {
    name: 'everyone',
    re: rx(String.raw`\b(?:everyone|everybody|all (?:of )?(?:my |our |the )?(?:customers|guests|people|clients)|all)\b`),
    build: () => [],
  },
];
