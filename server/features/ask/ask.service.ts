import type { AskConversation, AskGraph, AskGraphRequest, AskMessage, AskMessageRequest } from '../../../src/contract/ask.ts';
import { ASK_LIMITS } from '../../../src/contract/ask.ts';
import type { Deps } from '../../deps.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { answerWords, type AskDeps } from './ask-answer.ts';
import type { AskConversationRow, AskGraphRow, AskMessageRow, StoredAnswer } from './ask.table.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The most conversations and graphs the history lists (and the phone keeps for offline). */
const HISTORY_LIMIT = 50;

/** A title from the first question: the whole of it up to 100 characters (the history shows 35). */
const titleOf = (words: string) => words.replace(/\s+/g, ' ').trim().slice(0, ASK_LIMITS.title);

// ─── Text mode: conversations ──────────────────────────────────────────────────────────────────────

async function findConversation(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<AskConversationRow> {
  const row = UUID.test(id) ? await deps.db.selectFrom('ask_conversations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst() : undefined;
  if (!row) throw notFound('No such conversation');
  return row;
}

const messagesOf = (deps: Pick<Deps, 'db'>, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : deps.db.selectFrom('ask_messages').selectAll().where('conversation_id', 'in', ids).orderBy('created_at').orderBy('id').execute();

const toMessage = (row: AskMessageRow): AskMessage => {
  const { graph_json, takeaway, note, offer, suggestions } = row.answer;
  return { id: row.id, text: row.text, response: row.response, timestamp: row.created_at.toISOString(), graph_json, takeaway, note, offer, suggestions };
};

async function toConversations(deps: Pick<Deps, 'db'>, rows: AskConversationRow[]): Promise<AskConversation[]> {
  const messages = await messagesOf(deps, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    timestamp: row.updated_at.toISOString(),
    messages: messages.filter((message) => message.conversation_id === row.id).map(toMessage),
  }));
}

/**
 * POST /api/v1/ask/messages: the owner's question into a conversation (a new one when no conversation_id),
 * answered from their own data; a follow-up starts from the question answered last in that conversation.
 */
export async function askInConversation(deps: AskDeps, userId: string, input: AskMessageRequest): Promise<{ conversation: AskConversation }> {
  let conversation: AskConversationRow | undefined;
  if (input.conversation_id) {
    conversation = await findConversation(deps, userId, input.conversation_id);
  } else if (input.new_conversation_id) {
    // A phone that sent its first question twice (a retry without the same key) continues the same chat.
    const existing = await deps.db.selectFrom('ask_conversations').selectAll().where('id', '=', input.new_conversation_id).executeTakeFirst();
    if (existing && existing.user_id !== userId) throw fieldError('new_conversation_id', 'This conversation id is taken; start a new chat', 409, 'conflict');
    conversation = existing;
  }
  const previous = conversation
    ? await deps.db.selectFrom('ask_messages').select('answer').where('conversation_id', '=', conversation.id).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()
    : undefined;
  const query = input.query.trim();
  const answered = await answerWords(deps, userId, query, previous?.answer);
  const now = deps.now();
  const id = conversation?.id ?? input.new_conversation_id ?? crypto.randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    if (!conversation) await trx.insertInto('ask_conversations').values({ id, user_id: userId, title: titleOf(query), created_at: now, updated_at: now }).execute();
    else await trx.updateTable('ask_conversations').set({ updated_at: now }).where('id', '=', id).execute();
    await trx.insertInto('ask_messages').values({ conversation_id: id, text: query, response: answered.response, answer: JSON.stringify(answered.answer), created_at: now }).execute();
  });
  return { conversation: await getConversation(deps, userId, id) };
}

/** The history: newest first, with their messages (they open offline from the phone's cache). */
export async function listConversations(deps: Pick<Deps, 'db'>, userId: string): Promise<{ conversations: AskConversation[] }> {
  const rows = await deps.db.selectFrom('ask_conversations').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id').limit(HISTORY_LIMIT).execute();
  return { conversations: await toConversations(deps, rows) };
}

export async function getConversation(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<AskConversation> {
  const [conversation] = await toConversations(deps, [await findConversation(deps, userId, id)]);
  return conversation!;
}

export async function renameConversation(deps: Pick<Deps, 'db'>, userId: string, id: string, title: string): Promise<AskConversation> {
  const conversation = await findConversation(deps, userId, id);
  // The history is ordered by last use: a new name does not move it to the top.
  await deps.db.updateTable('ask_conversations').set({ title }).where('id', '=', conversation.id).execute();
  return getConversation(deps, userId, id);
}

export async function deleteConversation(deps: Pick<Deps, 'db'>, userId: string, id: string) {
  const conversation = await findConversation(deps, userId, id);
  await deps.db.deleteFrom('ask_conversations').where('id', '=', conversation.id).execute();
  return { message: 'Conversation deleted' };
}

// ─── Graph mode: graph records ─────────────────────────────────────────────────────────────────────

async function findGraph(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<AskGraphRow> {
  const row = UUID.test(id) ? await deps.db.selectFrom('ask_graphs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst() : undefined;
  if (!row) throw notFound('No such graph');
  return row;
}

const toGraph = (row: AskGraphRow): AskGraph => {
  const { takeaway, note, offer, suggestions } = row.answer;
  return { id: row.id, prompt: row.prompt, timestamp: row.created_at.toISOString(), follows_id: row.follows_id, graph_json: row.graph_json, takeaway, note, offer, suggestions };
};

/** A refused or unanswerable prompt is still a graph record (type `none`): the screen asks the owner to refine it. */
const NO_GRAPH = (title: string) => ({ graph_type: 'none' as const, title, data: { labels: [], values: [] } });

/** POST /api/v1/ask/graphs: a chart from the owner's words; a follow-up starts from the graph it follows. */
export async function createGraph(deps: AskDeps, userId: string, input: AskGraphRequest): Promise<AskGraph> {
  if (input.new_graph_id) {
    const existing = await deps.db.selectFrom('ask_graphs').selectAll().where('id', '=', input.new_graph_id).executeTakeFirst();
    if (existing && existing.user_id !== userId) throw fieldError('new_graph_id', 'This graph id is taken', 409, 'conflict');
    // The same question sent twice (a retry without the same key): one graph, answered once.
    if (existing) return toGraph(existing);
  }
  const follows = input.follows_id ? await findGraph(deps, userId, input.follows_id) : undefined;
  const prompt = input.prompt.trim();
  const { response, answer } = await answerWords(deps, userId, prompt, follows?.answer);
  const graph = answer.graph_json ?? NO_GRAPH(response);
  const stored: StoredAnswer = { ...answer, takeaway: answer.takeaway ?? response };
  const row = await deps.db
    .insertInto('ask_graphs')
    .values({
      ...(input.new_graph_id ? { id: input.new_graph_id } : {}),
      user_id: userId,
      prompt,
      follows_id: follows?.id ?? null,
      graph_json: JSON.stringify(graph),
      answer: JSON.stringify(stored),
      created_at: deps.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toGraph(row);
}

export async function listGraphs(deps: Pick<Deps, 'db'>, userId: string): Promise<{ graphs: AskGraph[] }> {
  const rows = await deps.db.selectFrom('ask_graphs').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(HISTORY_LIMIT).execute();
  return { graphs: rows.map(toGraph) };
}

export async function getGraph(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<AskGraph> {
  return toGraph(await findGraph(deps, userId, id));
}

export async function deleteGraph(deps: Pick<Deps, 'db'>, userId: string, id: string) {
  const graph = await findGraph(deps, userId, id);
  await deps.db.deleteFrom('ask_graphs').where('id', '=', graph.id).execute();
  return { message: 'Graph deleted' };
}
