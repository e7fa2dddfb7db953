import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { ASK_UNANSWERABLE, CHART_TYPES, type ChartType } from '../../../../src/contract/ask-graph.ts';
import { ASK_QUESTIONS, isQuestionName, QUESTION_NAMES } from '../../../../src/contract/ask-questions.ts';
import type { AskPrevious, QuestionPick } from '../ai-types.ts';
import { ASK_SUGGESTIONS } from '../ask/ask-suggestions.ts';
import type { ToolCall, ToolChatMessage, ToolReading, ToolSpec } from './chat-client.ts';

/**
 * Ask over tool calling: each named question is a tool whose parameters are generated from the contract's
 * valibot schema (plus an optional `chart` the owner asked for), and `cannot_answer` is the way out. The
 * model only ever chooses; its arguments are validated here with the same schemas before anything runs.
 */

const CANNOT_ANSWER = 'cannot_answer';

const chartProperty = { type: 'string', enum: [...CHART_TYPES], description: 'Only when the owner asks for a chart type ("as a pie chart").' };

function toolFor(name: string, description: string, schema: v.GenericSchema): ToolSpec {
  const json = toJsonSchema(schema, { errorMode: 'ignore' }) as { properties?: Record<string, unknown>; required?: string[] };
  const { $schema: _ignored, ...rest } = json as Record<string, unknown>;
  return {
    name,
    description,
    parameters: { ...rest, type: 'object', properties: { ...(json.properties ?? {}), chart: chartProperty }, additionalProperties: false },
  };
}

export const ASK_TOOLS: ToolSpec[] = [
  ...QUESTION_NAMES.map((name) => toolFor(name, ASK_QUESTIONS[name].description, ASK_QUESTIONS[name].params)),
  {
    name: CANNOT_ANSWER,
    description: "Use when none of the other tools answers the question from the owner's sales, visits, customers, birthdays or segments (menu items, staff, reviews, campaigns, weather...).",
    parameters: { type: 'object', properties: { reason: { type: 'string' } }, additionalProperties: false },
  },
];

export function askMessages(text: string, previous: AskPrevious | undefined, now: Date): ToolChatMessage[] {
  const messages: ToolChatMessage[] = [
    {
      role: 'system',
      content: `You help a restaurant owner question their own data. Today is ${now.toISOString().slice(0, 10)}.
Answer every message by calling exactly one tool. Never invent a tool or a parameter. Periods are in the restaurant's calendar: "this month" is {"kind":"this_month"}; "the last 30 days" is {"kind":"last_days","days":30}; "the last 12 months" is {"kind":"last_months","months":12}; "in March" is {"kind":"month","month":3}.
A short follow-up ("and last month?", "as a pie chart", "what about Tuesdays?") changes the previous call: repeat it with only that change.
If no tool fits, call ${CANNOT_ANSWER}.`,
    },
  ];
  if (previous) {
    const args = JSON.stringify({ ...previous.params, ...(previous.chart && previous.chart !== 'none' ? { chart: previous.chart } : {}) });
    messages.push(
      { role: 'assistant', content: null, tool_calls: [{ id: 'previous', type: 'function', function: { name: previous.question, arguments: args } }] },
      { role: 'tool', tool_call_id: 'previous', content: 'Answered and shown to the owner.' },
    );
  }
  messages.push({ role: 'user', content: text });
  return messages;
}

const unanswerable = (): QuestionPick => ({ unanswerable: true, message: ASK_UNANSWERABLE, suggestions: [...ASK_SUGGESTIONS] });

/** Holds the model's call to our schemas; a plain reply with no call is taken as "cannot answer". */
export function readAskCall(call: ToolCall | null): ToolReading<QuestionPick> {
  if (!call || call.name === CANNOT_ANSWER) return { value: unanswerable() };
  if (!isQuestionName(call.name)) return { problem: `there is no tool named ${call.name}` };
  let args: unknown;
  try {
    args = JSON.parse(call.arguments || '{}');
  } catch {
    return { problem: 'the arguments were not valid JSON' };
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return { problem: 'the arguments must be a JSON object' };
  const { chart, ...params } = args as Record<string, unknown>;
  if (chart !== undefined && chart !== null && !CHART_TYPES.includes(chart as ChartType)) return { problem: `chart must be one of ${CHART_TYPES.join(', ')}` };
  const parsed = v.safeParse(ASK_QUESTIONS[call.name].params, params);
  if (!parsed.success) return { problem: parsed.issues.slice(0, 3).map((issue) => `${v.getDotPath(issue) ?? '(arguments)'}: ${issue.message}`).join('; ') };
  // The arguments as the model sent them (validated): the registry fills the defaults when it runs them.
  return { value: { question: call.name, params, ...(chart ? { chart: chart as ChartType } : {}) } };
}
