import { PERIOD } from './phrase-periods.ts';
import { opOf } from './phrase-text.ts';
import { COMPARE, days, DUR, period, periodOf, rx, withPeriod, type Rule } from './phrase-rule-kit.ts';

/** Visits, lapsed and recent customers: the phrases about when and how often people come in. */

const VISITED = `(?:visited|visits?|came in|come in|been in|ordered|orders?|purchases?|purchased|bought)`;

export function visitRules(): Rule[] {
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
