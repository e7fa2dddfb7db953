import { ASK_UNANSWERABLE } from '../../../../../src/contract/ask-graph.ts';
import { isQuestionName, type AskPeriod, type Grouping, type Measure } from '../../../../../src/contract/ask-questions.ts';
import type { AskPrevious, QuestionPick, QuestionPickRequest } from '../../ai-types.ts';
import { ASK_SUGGESTIONS } from '../../ask/ask-suggestions.ts';
import { normalise } from '../phrase-text.ts';
import { takeCampaign, type CampaignSlot } from './ask-campaign.ts';
import { ASK_FILLER, takeIntent, type Intent } from './ask-intents.ts';
import { Scanner, takeChart, takeDays, takeGrouping, takeLimit, takeMeasure, takeMinVisits, takePeriods, takeWeekday, type Slots } from './ask-slots.ts';

/**
 * The builtin Ask "model": a deterministic phrase parser that picks one named question and its parameters
 * from the owner's words, or a follow-up's changes to the question before ("and last month?", "as a pie
 * chart", "what about Tuesdays?"). Like the segment parser, it refuses rather than guesses: a subject it
 * has no data for, or any word it could not place, gets "I can't answer that from your data yet" and
 * questions it can answer instead of a wrong chart.
 */

export { ASK_SUGGESTIONS };

/**
 * Subjects the owner's data does not hold (yet): answering them with sales figures would be a wrong chart.
 * Campaigns, emails and texts are not among them (campaign results); a campaign's name may hold any word
 * ("the pizza email"), so this is checked on what the rules left over.
 */
const NO_DATA_FOR =
  /\b(?:dish(?:es)?|menu|items?|products?|drinks?|coffees?|lattes?|pizzas?|burgers?|food|wine|beer|cocktails?|desserts?|staff|employees?|servers?|waiters?|waitress(?:es)?|shifts?|tips?|reviews?|ratings?|stars|yelp|google|weather|rain|inventory|stock|costs?|profits?|margins?|wages?|labou?r|payroll|rent|tax(?:es)?|tables?|reservations?|bookings?|deliver(?:y|ies)|doordash|uber ?eats|refunds?|discounts?|coupons?|instagram|tiktok|facebook|socials?|ads?|advert(?:s|ising)?|competitors?|locations?|branch(?:es)?|stores?|ingredients?|suppliers?|waste)\b/;

const unanswerable = (): QuestionPick => ({ unanswerable: true, message: ASK_UNANSWERABLE, suggestions: [...ASK_SUGGESTIONS] });

function readSlots(s: Scanner, now: Date): { slots: Slots; intent: Intent | null; campaign?: CampaignSlot } {
  const chart = takeChart(s);
  const limit = takeLimit(s);
  const birthdayWindow = takeBirthdayWindow(s, now);
  const periods = takePeriods(s);
  const campaign = takeCampaign(s);
  const weekday = takeWeekday(s);
  const other = takeIntent(s);
  const intent: Intent | null = campaign ? { question: 'campaign_results' } : other;
  const minVisits = intent && 'question' in intent && intent.question === 'lapsed_regulars' ? takeMinVisits(s) : undefined;
  const days = takeDays(s) ?? birthdayWindow;
  const measure = takeMeasure(s);
  const by = takeGrouping(s);
  return { slots: { periods, chart, weekday, measure, by, limit, days, minVisits, campaign }, intent };
}

/** "next week", "tomorrow", "this month" mean a number of days ahead only for birthdays. */
function takeBirthdayWindow(s: Scanner, now: Date): number | undefined {
  if (!/birthday|born/.test(s.text)) return undefined;
  let days: number | undefined;
  s.take(/\b(?:in |during |for )?(?:the )?(?:next|coming|this) (week|month)\b|\b(today|tomorrow)\b/, (m) => {
    if (m[2] === 'today') days ??= 1;
    else if (m[2] === 'tomorrow') days ??= 2;
    else if (m[1] === 'week') days ??= 7;
    else if (/this/.test(m[0])) days ??= new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate() - now.getUTCDate() + 1;
    else days ??= 30;
  });
  return days;
}

/** The grouping that suits a period when the owner names none: hours for a day, days for a month, months for a year. */
function groupingFor(period: AskPeriod | undefined, weekday: boolean): Grouping {
  if (weekday) return 'weekday';
  if (!period) return 'day';
  switch (period.kind) {
    case 'today':
    case 'yesterday':
      return 'hour';
    case 'this_year':
    case 'last_year':
    case 'last_months':
      return 'month';
    case 'last_days':
      return period.days > 62 ? 'week' : 'day';
    default:
      return 'day';
  }
}

const periodDays = (period: AskPeriod | undefined): number | undefined =>
  period?.kind === 'last_days' ? period.days : period?.kind === 'last_months' ? period.months * 30 : undefined;

/** "are sales up on last month?" compares this month with last month, not last month with the one before. */
function currentOf(period: AskPeriod): AskPeriod {
  if (period.kind === 'last_month') return { kind: 'this_month' };
  if (period.kind === 'last_week') return { kind: 'this_week' };
  if (period.kind === 'last_year') return { kind: 'this_year' };
  if (period.kind === 'yesterday') return { kind: 'today' };
  return period;
}

const clean = (params: Record<string, unknown>) => Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));

function fresh(intent: Intent | null, slots: Slots, previous: AskPrevious | undefined): QuestionPick | null {
  const [first, second] = slots.periods;
  const chart = slots.chart ? { chart: slots.chart } : {};
  const prevPeriod = previous?.params.period as AskPeriod | undefined;
  const prevMeasure = previous?.params.measure as Measure | undefined;
  if (intent && 'question' in intent) {
    switch (intent.question) {
      case 'upcoming_birthdays':
        return { question: 'upcoming_birthdays', params: clean({ days: slots.days ?? periodDays(first) }), ...chart };
      case 'customers_by_age':
      case 'segment_sizes':
        return { question: intent.question, params: {}, ...chart };
      case 'lapsed_regulars':
        return { question: 'lapsed_regulars', params: clean({ days: slots.days ?? periodDays(first), min_visits: slots.minVisits }), ...chart };
      case 'new_vs_returning':
        return { question: 'new_vs_returning', params: clean({ period: first }), ...chart };
      case 'top_customers':
        return { question: 'top_customers', params: clean({ by: intent.byVisits || slots.measure === 'visits' ? 'visits' : 'spend', limit: slots.limit, period: first }), ...chart };
      case 'campaign_results':
        return { question: 'campaign_results', params: clean({ ...slots.campaign, period: first }), ...chart };
      default:
        return null;
    }
  }
  const measure = slots.measure;
  if (second || (intent && 'compare' in intent)) {
    if (second) return { question: 'compare_periods', params: clean({ measure, period: first, against: second }), ...chart };
    if (first && prevPeriod) return { question: 'compare_periods', params: clean({ measure: measure ?? prevMeasure, period: prevPeriod, against: first }), ...chart };
    return { question: 'compare_periods', params: clean({ measure, period: first ? currentOf(first) : undefined }), ...chart };
  }
  if (slots.weekday || slots.by || slots.measure) {
    const by = slots.by ?? groupingFor(first, Boolean(slots.weekday));
    return { question: 'sales_breakdown', params: clean({ measure, by, period: first, weekday: slots.weekday }), ...chart };
  }
  // "How was last month?", "how's business?": the period against the one before, in sales and visits.
  if (intent && 'overview' in intent && !previous) return { question: 'compare_periods', params: clean({ period: first }), ...chart };
  return null;
}

/**
 * Whether the previous question can take what the words name: "sales by day this month" after new vs returning
 * guests is a new question (a grouping or a measure that question has no place for), not its period changed.
 */
function canTake(previous: AskPrevious, slots: Slots): boolean {
  switch (previous.question) {
    case 'sales_breakdown':
    case 'compare_periods':
      return true;
    case 'top_customers':
      return !slots.by && (slots.measure === undefined || slots.measure !== 'average_order');
    default:
      return !slots.by && slots.measure === undefined;
  }
}

/** A follow-up: the previous question with what the new words change. */
function followUp(previous: AskPrevious, slots: Slots): QuestionPick | null {
  const question = previous.question;
  if (!isQuestionName(question)) return null;
  const params = { ...previous.params };
  const [first] = slots.periods;
  let changed = false;
  const set = (key: string, value: unknown) => {
    if (value === undefined) return;
    params[key] = value;
    changed = true;
  };
  switch (question) {
    case 'sales_breakdown':
      set('period', first);
      set('measure', slots.measure);
      set('by', slots.by);
      set('weekday', slots.weekday);
      // A timeline regroups to suit the new period (days for a month, months for a year); weekdays and hours stay.
      if (first && !slots.by && ['day', 'week', 'month'].includes(String(params.by))) params.by = groupingFor(first, false);
      break;
    case 'compare_periods':
      if (first) {
        params.period = first;
        delete params.against;
        changed = true;
      }
      set('measure', slots.measure);
      if (slots.weekday || slots.by) {
        const period = params.period as AskPeriod | undefined;
        return { question: 'sales_breakdown', params: clean({ measure: params.measure, by: slots.by ?? groupingFor(period, Boolean(slots.weekday)), period, weekday: slots.weekday }), ...(slots.chart ? { chart: slots.chart } : {}) };
      }
      break;
    case 'top_customers':
      set('period', first);
      set('limit', slots.limit);
      if (slots.measure === 'visits') set('by', 'visits');
      if (slots.measure === 'sales') set('by', 'spend');
      break;
    case 'new_vs_returning':
      set('period', first);
      break;
    case 'lapsed_regulars':
      set('days', slots.days ?? periodDays(first));
      break;
    case 'upcoming_birthdays':
      set('days', slots.days ?? periodDays(first));
      break;
    case 'campaign_results':
      set('period', first);
      break;
  }
  if (!changed && slots.weekday && question !== 'sales_breakdown') {
    return { question: 'sales_breakdown', params: clean({ by: 'weekday', weekday: slots.weekday, period: params.period }), ...(slots.chart ? { chart: slots.chart } : {}) };
  }
  if (!changed && !slots.chart) return null;
  return { question, params, ...(slots.chart ? { chart: slots.chart } : {}) };
}

export function pickQuestionFromWords(request: QuestionPickRequest): QuestionPick {
  const s = new Scanner(normalise(request.text));
  const { slots, intent } = readSlots(s, request.now);
  if (NO_DATA_FOR.test(s.text)) return unanswerable();
  // Any word no rule explained: refuse rather than answer part of the question.
  for (const word of s.text.matchAll(/[^\s,."'()/&!-]+/g)) if (!ASK_FILLER.has(word[0])) return unanswerable();
  const previous = request.previous;
  // "How did sales go this month?" is a whole question even after another one: an overview with its own measure
  // starts afresh instead of changing the period of the question before.
  const isFresh = intent && ('question' in intent || 'compare' in intent || slots.periods.length > 1 || ('overview' in intent && slots.measure !== undefined));
  const pick = isFresh || !previous || !canTake(previous, slots) ? fresh(intent, slots, previous) : (followUp(previous, slots) ?? fresh(intent, slots, previous));
  return pick ?? unanswerable();
}
