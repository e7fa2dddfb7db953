import * as v from 'valibot';
import { ASK_TITLE_MAX, GRAPH_UNITS } from './ask-graph.ts';

/**
 * Ask's calls (spec §7 Assistant; paths from issue 16): a message into a text-mode conversation, a graph from a
 * prompt, their lists for the history, rename and delete. The session names the owner (no email or access key).
 */

export type { AskMode } from './ask-modes.ts';

/** Spec §8 and §2, verbatim. */
export const ASK_MESSAGES = {
  failed: 'Error: something went wrong',
  noConversation: 'Start chatting to start the conversation',
  noGraphs: 'No graphs generated yet',
  refine: "I couldn't draw a chart for that. Try refining the question, for example with a period or what to count.",
} as const;

export const ASK_LIMITS = { query: 500, title: 100 } as const;

/** A history title cut at 35 characters (spec §9), on a word where one is near. */
export function historyTitle(title: string): string {
  const words = title.replace(/\s+/g, ' ').trim();
  if (words.length <= ASK_TITLE_MAX) return words;
  const cut = words.slice(0, ASK_TITLE_MAX - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length >= ASK_TITLE_MAX - 12 ? atWord : cut}…`;
}

const words = (what: string, max: number) =>
  v.pipe(v.optional(v.string(`${what} must be text`), ''), v.trim(), v.nonEmpty(`${what} is required`), v.maxLength(max, `${what} is at most ${max} characters`));
const Id = (what: string) => v.pipe(v.string(`${what} must be an id`), v.uuid(`${what} must be an id`));

/** POST /api/v1/ask/messages. */
export const AskMessageRequestSchema = v.object({
  query: words('Question', ASK_LIMITS.query),
  conversation_id: v.optional(Id('Conversation')),
  /** A new conversation started on the phone (perhaps offline) names itself, so its page has an id at once. */
  new_conversation_id: v.optional(Id('New conversation')),
});
export type AskMessageRequest = v.InferOutput<typeof AskMessageRequestSchema>;

/** POST /api/v1/ask/graphs. */
export const AskGraphRequestSchema = v.object({
  prompt: words('Prompt', ASK_LIMITS.query),
  /** The graph this prompt follows up ("as a pie chart", "and last month?"). */
  follows_id: v.optional(Id('Follow-up graph')),
  /** As new_conversation_id: a graph asked offline has its id (and its page) before the server answers. */
  new_graph_id: v.optional(Id('New graph')),
});
export type AskGraphRequest = v.InferOutput<typeof AskGraphRequestSchema>;

export const RenameAskConversationRequestSchema = v.object({ title: words('Title', ASK_LIMITS.title) });

/**
 * graph_json as the screen reads it: any graph_type string, so a type this build does not know shows the
 * "refine the query" message instead of failing the whole answer (spec §2).
 */
const AskGraphJsonSchema = v.object({
  graph_type: v.string(),
  title: v.string(),
  unit: v.optional(v.picklist(GRAPH_UNITS)),
  data: v.object({ labels: v.array(v.string()), values: v.array(v.number()) }),
});
export type AskGraphJson = v.InferOutput<typeof AskGraphJsonSchema>;

/** "Make a segment of these 38 lapsed regulars": the words the segment chat opens with. */
const AskOfferSchema = v.object({ kind: v.literal('segment'), label: v.string(), query: v.string(), count: v.number() });
export type AskOffer = v.InferOutput<typeof AskOfferSchema>;

/** What an answer holds beyond its words: the chart, its takeaway, a note, an offer, or suggestions instead. */
const AnswerParts = {
  graph_json: v.nullable(AskGraphJsonSchema),
  takeaway: v.nullable(v.string()),
  note: v.nullable(v.string()),
  offer: v.nullable(AskOfferSchema),
  /** Questions Ask can answer, when it could not answer this one. */
  suggestions: v.array(v.string()),
};

const AskMessageSchema = v.object({ id: v.string(), text: v.string(), response: v.string(), timestamp: v.string(), ...AnswerParts });
export type AskMessage = v.InferOutput<typeof AskMessageSchema>;

export const AskConversationSchema = v.object({ id: v.string(), title: v.string(), timestamp: v.string(), messages: v.array(AskMessageSchema) });
export type AskConversation = v.InferOutput<typeof AskConversationSchema>;

export const AskMessageResponseSchema = v.object({ conversation: AskConversationSchema });
export const AskConversationsResponseSchema = v.object({ conversations: v.array(AskConversationSchema) });

export const AskGraphSchema = v.object({
  id: v.string(),
  prompt: v.string(),
  timestamp: v.string(),
  follows_id: v.nullable(v.string()),
  ...AnswerParts,
  graph_json: AskGraphJsonSchema,
});
export type AskGraph = v.InferOutput<typeof AskGraphSchema>;
export const AskGraphsResponseSchema = v.object({ graphs: v.array(AskGraphSchema) });

/** GET /api/v1/ask/starters: cards only for questions this owner's data can answer. */
export const AskStartersResponseSchema = v.object({ prompts: v.array(v.object({ prompt: v.string() })) });
