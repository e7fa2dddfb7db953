import type { TemplateCategory } from '../../../../../src/contract/email.ts';
import { HOLIDAY_PATTERN, type PromptFacts } from './prompt-facts.ts';

/**
 * Which kind of email the owner asked for. The first rule that matches wins, most specific first: a
 * prompt about a birthday reward with a date is loyalty, "new brunch menu on Saturday" is a new menu.
 */
const RULES: [TemplateCategory, RegExp][] = [
  ['feedback', /\b(?:feedback|reviews?|survey|how (?:did we do|was (?:your|the) (?:visit|meal|dinner|lunch))|tell us what you think|rate us)\b/i],
  ['reopening', /\b(?:re-?open(?:ing|ed|s)?|back open|open(?:ing)? again|we(?:'re| are) back|back in business|renovat\w*|closed for)\b/i],
  ['loyalty', /\b(?:loyalty|regulars?|rewards?|points|stamp card|vip|members?|birthdays?|thank(?:s| you) for (?:coming|being|your)|appreciation)\b/i],
  ['holiday', new RegExp(`${HOLIDAY_PATTERN.source}|\\b(?:holidays?|festive|seasonal hours|holiday hours)\\b`, 'i')],
  // A closure notice is news, not an invitation (even when it is "for a private event").
  ['newsletter', /\b(?:closed|closing early|close early)\b/i],
  ['new_menu', /\b(?:new (?:menu|dish(?:es)?|items?|cocktails?|drinks?|flavou?rs?|on the menu)|menu launch|just added|introducing|now serving|new [a-z]+ menu|(?:spring|summer|fall|autumn|winter) menu|debut)\b/i],
  ['event', /\b(?:event|live (?:music|jazz|band|dj)|band|dj|quiz|trivia|tasting|pop-?up|party|workshop|class(?:es)?|karaoke|open mic|comedy|screening|watch party|supper club|guest chef|fundraiser|join us)\b/i],
  ['newsletter', /\b(?:newsletter|news|update|monthly|round-?up|what'?s new|this month at|catch up)\b/i],
];

export function occasionOf(prompt: string, facts: PromptFacts): TemplateCategory {
  for (const [occasion, pattern] of RULES) if (pattern.test(prompt)) return occasion;
  if (facts.holidays.length > 0) return 'holiday';
  return 'promotion';
}
