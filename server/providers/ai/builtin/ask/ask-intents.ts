import type { QuestionName } from '../../../../../src/contract/ask-questions.ts';
import type { Scanner } from './ask-slots.ts';

/**
 * What a question is about, from its words: each intent's pattern is blanked when it matches, so the
 * leftover check sees only what no rule explained. The first intent found wins.
 */

export type Intent = { question: QuestionName; byVisits?: boolean } | { compare: true } | { overview: true };

const RULES: Array<{ re: RegExp; intent: (match: string) => Intent }> = [
  {
    re: /\b(?:upcoming |coming |next )?birthdays?(?: (?:is |are )?(?:coming up|soon|upcoming|coming))?\b|\bborn\b/,
    intent: () => ({ question: 'upcoming_birthdays' }),
  },
  {
    re: /\b(?:how old|what ages?|which ages?|age (?:groups?|bands?|brackets?|ranges?|breakdown|mix|spread)|ages|age|demographics?|generations?|how young)\b/,
    intent: () => ({ question: 'customers_by_age' }),
  },
  {
    re: /\b(?:how (?:big|large) (?:are|is) )?(?:my |our |the |each )?segments?(?: sizes?)?\b|\bsize of (?:my |our |each )?segments?\b/,
    intent: () => ({ question: 'segment_sizes' }),
  },
  {
    re: /\b(?:lapsed|lost|churned|dormant|drifted(?: away)?|gone quiet|stopped (?:coming(?: in)?|visiting)|(?:haven't|have not|hasn't|has not|didn't|did not) (?:been (?:in|back|seen)|come (?:in|back)|visited|returned|seen)|not (?:been )?(?:back|seen|coming)|(?:who )?(?:we (?:have|'ve) )?(?:lost|missed)|missing|win[- ]?back|disappeared|(?:who |that )?used to come(?: in)?)\b/,
    intent: () => ({ question: 'lapsed_regulars' }),
  },
  {
    re: /\b(?:new (?:vs\.?|versus|and|or|compared to|against) (?:returning|repeat|regular|old)(?: guests| customers| visitors)?|new (?:guests|customers|people|faces|visitors|diners)|first[- ]time(?:rs)?(?: (?:guests|customers|visitors|diners))?|(?:returning|repeat) (?:guests|customers|visitors|diners)|(?:were|are|was) new|new or returning|coming back|came back|come back)\b/,
    intent: () => ({ question: 'new_vs_returning' }),
  },
  {
    re: /\b(?:top|best|biggest|most (?:loyal|frequent|valuable)|favou?rite|loyal(?:est)?|vip|highest[- ]spending|big|best[- ]paying|regular) (?:customers|guests|spenders|regulars|clients|people|visitors|diners|patrons)\b|\bvips?\b|\bwho (?:spends?|spent) (?:the )?most\b|\bwho (?:comes?|came|visits?|visited|orders?|ordered) (?:in )?(?:the )?most(?: often)?\b|\b(?:biggest|top) spenders?\b|\bmost (?:frequent|loyal) (?:ones?|guests?|customers?)?\b|\bregulars\b|\bbest customers?\b/,
    intent: (m) => ({ question: 'top_customers', byVisits: /loyal|frequent|comes?|came|visit|order|regular/.test(m) }),
  },
  {
    re: /\b(?:vs\.?|versus|compared? (?:to|with|against)|compare|comparison|against|than|up or down|better or worse|(?:up|down) (?:on|from|against|compared to)|(?:better|worse) than|(?:grow|grew|growing|drop|dropped|change|changed)(?: on| from| since)?)\b/,
    intent: () => ({ compare: true }),
  },
  {
    re: /\b(?:how(?:'s| is| are| was| were| did| do)? (?:business|we doing|we do|things|it going|we go|trade|trading)|how'?s business|how are we|how did we|how was|how is|how were|how did|how do|how are|how much|how many|overview|summary|numbers|doing|going|do)\b/,
    intent: () => ({ overview: true }),
  },
];

export function takeIntent(s: Scanner): Intent | null {
  for (const rule of RULES) {
    let intent: Intent | null = null;
    s.take(rule.re, (m) => {
      intent ??= rule.intent(m[0]);
    });
    if (intent) {
      // A compare or overview intent may sit beside a subject found by a later rule ("how many new guests");
      // the subject wins, the comparison words stay consumed.
      if ('compare' in intent || 'overview' in intent) {
        const subject = takeIntent(s);
        if (subject && 'question' in subject) return subject;
        if (subject && 'compare' in subject) return subject;
      }
      return intent;
    }
  }
  return null;
}

/** Words that carry nothing once the rules have read a question; anything else means we did not understand it. */
export const ASK_FILLER = new Set(
  (
    'how what which who whom whose when where why was were is are am be been being did do does done doing my our we us i me you your ' +
    'the a an of in on at for to from by with and or but so than then that this these those it its it\'s there their them they ' +
    'show tell give list see let let\'s get got have has had please can could would will should much many any some all each every per ' +
    'chart graph plot view numbers number figures stats statistics data look looking like looked going go went overall total totals ' +
    'far now just only also again instead same about over period time times compared versus vs against up down one 1 did we ' +
    'customers customer guests guest people clients client diners patrons folks ones s okay ok thanks thank hey hi hello mise ' +
    'more most less fewer best worst top biggest busiest quietest slowest strongest weakest highest lowest good bad well ' +
    'happened happening doing performing perform performed perfom compare comparison breakdown split trend trends broken down out ' +
    'were was been come came in our my and what\'s whats who\'s where\'s when\'s how\'s many whose regulars regular lately recently'
  ).split(/\s+/),
);
