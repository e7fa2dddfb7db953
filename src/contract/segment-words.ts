import { upperOf, type ComparisonOp, type Condition, type Period, type SegmentDefinition, type SegmentNode } from './segments.ts';

/**
 * A segment in plain words, so the owner can check what the assistant understood before saving.
 * Shared by the server (preview, notes) and the screen that edits one condition at a time.
 */

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
] as const;

export const dollars = (cents: number) => {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function describePeriod(period: Period): string {
  switch (period.kind) {
    case 'last_days':
      return period.days === 1 ? 'in the last day' : `in the last ${plural(period.days, 'day')}`;
    case 'this_week':
      return 'this week';
    case 'this_month':
      return 'this month';
    case 'this_year':
      return 'this year';
    case 'last_month':
      return 'last month';
    case 'last_year':
      return 'last year';
  }
}

function compare(op: ComparisonOp, value: number, value2: number | undefined, format: (n: number) => string): string {
  switch (op) {
    case 'gt':
      return `more than ${format(value)}`;
    case 'gte':
      return `at least ${format(value)}`;
    case 'lt':
      return `less than ${format(value)}`;
    case 'lte':
      return value === 0 ? `no ${format(2).replace(/^2 /, '')}` : `at most ${format(value)}`;
    case 'between': {
      const low = Math.min(value, value2 ?? value);
      const high = Math.max(value, value2 ?? value);
      return low === high ? `exactly ${format(low)}` : `between ${format(low)} and ${format(high)}`;
    }
  }
}

const visits = (n: number) => plural(n, 'visit');
const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const SOURCE_WORDS: Record<string, string> = { manual: 'added by hand', csv: 'a CSV import', square: 'Square', clover: 'Clover', demo: 'demo data' };

export function describeCondition(condition: Condition): string {
  switch (condition.type) {
    case 'total_spent': {
      const when = condition.period ? ` ${describePeriod(condition.period)}` : ' in total';
      if (condition.op === 'lte' && condition.value === 0) return `Spent nothing${when}`;
      return `Spent ${compare(condition.op, condition.value, upperOf(condition), dollars)}${when}`;
    }
    case 'visits':
      return `${capitalise(compare(condition.op, condition.value, upperOf(condition), visits))}${condition.period ? ` ${describePeriod(condition.period)}` : ' in total'}`;
    case 'average_order_value':
      return `Average order ${compare(condition.op, condition.value, upperOf(condition), dollars)}`;
    case 'last_visit':
      return condition.op === 'within'
        ? `Last visit ${describePeriod(condition.period)}`
        : `Last visit more than ${plural(condition.days, 'day')} ago`;
    case 'first_visit':
      return condition.op === 'within'
        ? `First visit ${describePeriod(condition.period)}`
        : `First visit more than ${plural(condition.days, 'day')} ago`;
    case 'created':
      return condition.op === 'within'
        ? `Became a customer ${describePeriod(condition.period)}`
        : `Customer for more than ${plural(condition.days, 'day')}`;
    case 'birthday':
      return condition.op === 'month'
        ? `Birthday in ${MONTH_NAMES[condition.month - 1]}`
        : condition.days === 1
          ? 'Birthday today'
          : `Birthday in the next ${plural(condition.days, 'day')}`;
    case 'has_email':
      return condition.value ? 'Has an email address' : 'Has no email address';
    case 'has_phone':
      return condition.value ? 'Has a phone number' : 'Has no phone number';
    case 'email_consent':
      return condition.value ? 'Agreed to receive emails' : 'Has not agreed to receive emails';
    case 'sms_consent':
      return condition.value ? 'Agreed to receive texts' : 'Has not agreed to receive texts';
    case 'source':
      return `Came from ${condition.values.map((s) => SOURCE_WORDS[s] ?? s).join(' or ')}`;
  }
}

function describeNode(node: SegmentNode): string {
  if (node.type !== 'group') return describeCondition(node);
  if (node.conditions.length === 0) return 'Everyone';
  const parts = node.conditions.map((child) => (child.type === 'group' ? `(${describeNode(child)})` : describeNode(child)));
  return parts.join(node.op === 'and' ? ' and ' : ' or ');
}

/** One line per top-level condition; an OR root becomes one "Any of" line per branch. */
export function describeDefinition(definition: SegmentDefinition): string[] {
  if (definition.conditions.length === 0) return ['All customers'];
  const lines = definition.conditions.map(describeNode);
  if (definition.op === 'or' && lines.length > 1) return lines.map((line, i) => (i === 0 ? `Either: ${line}` : `Or: ${line}`));
  return lines;
}
