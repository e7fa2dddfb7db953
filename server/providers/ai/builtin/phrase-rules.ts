import type { Condition, Period, SegmentNode, SourceValues } from '../../../../src/contract/segments.ts';
import { parsePeriod, PERIOD } from './phrase-periods.ts';
import { amountPattern, AT_LEAST, AT_MOST, DURATION_NAMED, durationDays, LESS, MONTHS, MORE, opOf, toCents } from './phrase-text.ts';

/**
 * The phrase rules, most specific first. Each rule's regex runs over the normalised query; the text it
 * matched is blanked so later rules cannot read it twice. What is left must be filler words.
 */

export type RuleContext = { now: Date };
export type Rule = { name: string; re: RegExp; build: (groups: Record<string, string | undefined>, ctx: RuleContext, matched: string) => SegmentNode[] };

const rx = (source: string) => new RegExp(source, 'g');
const amountOf = (g: Record<string, string | undefined>, prefix: string) => toCents(g[`${prefix}a`] ?? g[`${prefix}b`] ?? g[`${prefix}c`] ?? '0');
const amount = amountPattern;
const period = (name = 'period') => `(?:\\s(?<${name}>${PERIOD}))?`;
const periodOf = (g: Record<string, string | undefined>, name = 'period'): Period | undefined => (g[name] ? (parsePeriod(g[name]) ?? undefined) : undefined);
const COMPARE = `(?<cmp>${AT_LEAST}|${AT_MOST}|${MORE}|${LESS})`;
const monthNumber = (name: string) => MONTHS.indexOf(name as (typeof MONTHS)[number]) + 1;
const MONTH = `(?:${MONTHS.join('|')})`;
const days = (g: Record<string, string | undefined>) => durationDays(g.n, g.unit!);
const DUR = DURATION_NAMED;

const SPEND = `(?:spent|spend|spends|spending|spender|spenders|have spent|has spent|total spend(?:ing)?|lifetime spend|lifetime value|ltv)`;
const AOV = `(?:average order(?: value| size)?|avg order(?: value)?|aov|average (?:ticket|check|basket)|average spend per (?:visit|order)|spend per visit)`;
const VISITED = `(?:visited|visits?|came in|come in|been in|ordered|orders?|purchases?|purchased|bought)`;

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

function withPeriod(g: Record<string, string | undefined>): { period?: Period } {
  const p = periodOf(g);
  return p ? { period: p } : {};
}

function visitRules(): Rule[] {
  const NOT = `(?:haven't|have not|hasn't|has not|didn't|did not|not|never)`;
  return [
    {
      name: 'not-visited-for',
      re: rx(String.raw`\b(?:${NOT} (?:been (?:in|back|seen|by)|visited|come (?:in|back|by)|came (?:in|back)|ordered|returned|shown up|been around)|no (?:visits?|orders?)|not seen|inactive|away|absent|missing) (?:for|in|since|during) (?:(?:more than|over|at least) )?(?:the (?:last|past) )?(?:${DUR}|(?<awhile>a while|ages|some time))\b`),
      build: (g) => [{ type: 'last_visit', op: 'more_than', days: g.awhile ? 60 : days(g) }],
    },
    {
      name: 'last-visit-ago',
      re: rx(String.raw`\b(?:last (?:visit(?:ed)?|seen|came in|order(?:ed)?)|last time (?:they|he|she) (?:visited|came in)) (?:was )?(?:more than |over |at least )${DUR} ago\b`),
      build: (g) => [{ type: 'last_visit', op: 'more_than', days: days(g) }],
    },
    {
      name: 'last-visit-within',
      re: rx(String.raw`\blast (?:visit(?:ed)?|seen|came in|order(?:ed)?) (?:was )?(?:within (?:the (?:last|past) )?${DUR}|(?<period>${PERIOD}))`),
      build: (g) => [{ type: 'last_visit', op: 'within', period: periodOf(g) ?? { kind: 'last_days', days: days(g) } }],
    },
    {
      name: 'lapsed',
      re: rx(String.raw`\b(?:lapsed|lost|churned|inactive|dormant|gone quiet|win-?back|former)(?: customers| guests)?\b`),
      build: () => [{ type: 'last_visit', op: 'more_than', days: 90 }],
    },
    {
      name: 'at-risk',
      re: rx(String.raw`\bat[- ]risk\b`),
      build: () => [{ type: 'last_visit', op: 'more_than', days: 45 }],
    },
    {
      name: 'never-visited',
      re: rx(String.raw`\b(?:${NOT} (?:yet )?(?:visited|ordered|come in|came in|been in|bought anything|made an order)(?: yet)?|no (?:visits|orders|purchases)(?: yet)?|zero visits)\b`),
      build: () => [{ type: 'visits', op: 'lte', value: 0 }],
    },
    {
      name: 'visits-between',
      re: rx(String.raw`\b${VISITED} (?:between )?(?<lo>\d+) (?:and|to|-) (?<hi>\d+) times${period()}`),
      build: (g) => [{ type: 'visits', op: 'between', value: Number(g.lo), value2: Number(g.hi), ...withPeriod(g) }],
    },
    {
      name: 'visits-compare',
      re: rx(String.raw`\b(?:${VISITED} )?${COMPARE} (?<n>\d+) (?:times|visits?|orders?|purchases?)${period()}`),
      build: (g) => [{ type: 'visits', op: opOf(g.cmp!), value: Number(g.n), ...withPeriod(g) }],
    },
    {
      name: 'visits-plus',
      re: rx(String.raw`\b(?:${VISITED} )?(?<n>\d+)(?<dir>\+| or more| or less| or fewer| plus)? ?(?<what>times|visits?|orders?|purchases?)(?<dir2> or more| or less| or fewer| plus)?${period()}`),
      build: (g) => {
        const dir = g.dir ?? g.dir2;
        const n = Number(g.n);
        const value = { ...withPeriod(g) };
        if (dir && /less|fewer/.test(dir)) return [{ type: 'visits', op: 'lte', value: n, ...value }];
        // "visited 1 times" (from "once") means exactly once; "3 visits" means at least three.
        if (!dir && g.what === 'times' && n <= 2) return [{ type: 'visits', op: 'between', value: n, value2: n, ...value }];
        return [{ type: 'visits', op: 'gte', value: n, ...value }];
      },
    },
    {
      name: 'one-timers',
      re: rx(String.raw`\b(?:one[- ]time(?:rs)? ?(?:customers|guests|visitors|diners)?|1[- ]time(?:rs)? ?(?:customers|guests|visitors|diners)?|single[- ]visit(?: customers| guests)?|only (?:visited|came in) 1 times)\b`),
      build: () => [{ type: 'visits', op: 'between', value: 1, value2: 1 }],
    },
    {
      name: 'repeat',
      re: rx(String.raw`\b(?:repeat|returning) (?:customers|guests|visitors|diners)|came back|come back|returned\b`),
      build: () => [{ type: 'visits', op: 'gte', value: 2 }],
    },
    {
      name: 'visited-in-period',
      re: rx(String.raw`\b(?:(?:visited|came in|come in|been in|ordered|stopped by|dropped by)(?: (?:with )?us)?|active|recent (?:customers|guests|visitors)|seen)(?:\s(?<period>${PERIOD}))`),
      build: (g) => {
        const p = periodOf(g)!;
        // A closed window (last month) needs an order inside it; an open one is just "last visit since".
        return p.kind === 'last_month' || p.kind === 'last_year'
          ? [{ type: 'visits', op: 'gte', value: 1, period: p }]
          : [{ type: 'last_visit', op: 'within', period: p }];
      },
    },
    {
      name: 'active',
      re: rx(String.raw`\b(?:active|recent) (?:customers|guests|visitors|diners)\b|\bactive\b`),
      build: () => [{ type: 'last_visit', op: 'within', period: { kind: 'last_days', days: 30 } }],
    },
  ];
}
