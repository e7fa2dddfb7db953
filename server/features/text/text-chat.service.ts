import type { TextCategory, TextChatRequest, TextChatResponse, TextConversation, TextStyle } from '../../../src/contract/text.ts';
import { TEXT_MESSAGES } from '../../../src/contract/text.ts';
import type { Deps } from '../../deps.ts';
import { withAi } from '../../lib/ai-call.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { TextBrand, TextTurn } from '../../providers/ai/ai-types.ts';
import { getBrand } from '../brand/brand.service.ts';
import { campaignsByConversation } from './sms-campaigns.queries.ts';
import type { TextConversationRow } from './text.table.ts';
import { requireTextReady } from './text-readiness.ts';

type ChatDeps = Pick<Deps, 'db' | 'ai' | 'now'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_STYLE: TextStyle = 'friendly';
const DEFAULT_CATEGORY: TextCategory = 'customer_appreciation';
/** The most conversations the history lists (and the phone keeps for offline). */
const HISTORY_LIMIT = 100;

async function findConversation(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<TextConversationRow> {
  if (!UUID.test(id)) throw notFound('No such conversation');
  const row = await deps.db.selectFrom('text_conversations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('No such conversation');
  return row;
}

export async function textBrand(deps: Pick<Deps, 'db'>, userId: string): Promise<TextBrand> {
  const brand = await getBrand(deps.db, userId);
  return { name: brand.brandName, voice: brand.brandVoice, description: brand.description, location: brand.location, website: brand.website };
}

const turnsOf = (deps: Pick<Deps, 'db'>, conversationIds: string[]) =>
  conversationIds.length === 0
    ? Promise.resolve([])
    : deps.db.selectFrom('text_turns').selectAll().where('conversation_id', 'in', conversationIds).orderBy('created_at').orderBy('id').execute();

/** The AI's view of a conversation: each stored turn is the owner's words and the answer to them. */
export function aiTurns(turns: Array<{ text: string; response: string; kind: 'question' | 'draft' }>): TextTurn[] {
  return turns.flatMap((turn): TextTurn[] => [
    { role: 'owner', text: turn.text },
    { role: 'assistant', kind: turn.kind, text: turn.response },
  ]);
}

/** A title from the first message: its first words, on a word boundary. */
function titleOf(query: string): string {
  const words = query.replace(/\s+/g, ' ').trim();
  if (words.length <= 60) return words;
  return `${words.slice(0, 60).replace(/\s+\S*$/, '')}…`;
}

/** A stable seed per conversation and turn: the builtin writes the same answer to the same words. */
function seedOf(conversationId: string, turn: number): number {
  let hash = 2166136261;
  for (const char of conversationId) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) + turn * 7919) % 2_147_483_647;
}

/**
 * POST /api/v1/text/chat: the owner's message into a conversation (a new one takes the idea and the style),
 * answered by a clarifying question or a draft. A draft completes the conversation and becomes its SMS
 * campaign. Readiness (spec §5) is checked first.
 */
export async function chat(deps: ChatDeps, userId: string, input: TextChatRequest): Promise<TextChatResponse> {
  await requireTextReady(deps.db, userId);
  const now = deps.now();
  let conversation: TextConversationRow | undefined;
  if (input.conversation_id) {
    conversation = await findConversation(deps, userId, input.conversation_id);
  } else if (input.new_conversation_id) {
    // A phone that sent its first message twice (a retry without the same key) continues the same chat.
    const existing = await deps.db.selectFrom('text_conversations').selectAll().where('id', '=', input.new_conversation_id).executeTakeFirst();
    if (existing && existing.user_id !== userId) throw fieldError('new_conversation_id', 'This conversation id is taken; start a new chat', 409, 'conflict');
    conversation = existing;
  }
  if (conversation?.status === 'completed') throw new AppError(409, 'This chat already wrote its text. Start a new chat for another one.', 'conflict');

  const brand = await textBrand(deps, userId);
  const previous = conversation ? await turnsOf(deps, [conversation.id]) : [];
  const id = conversation?.id ?? input.new_conversation_id ?? crypto.randomUUID();
  const style = conversation?.style ?? input.style ?? DEFAULT_STYLE;
  const category = conversation?.sms_category ?? input.sms_category ?? DEFAULT_CATEGORY;
  const query = input.query.trim();
  const answer = await withAi(() =>
    deps.ai.writeText({ messages: [...aiTurns(previous), { role: 'owner', text: query }], style, category, brand, seed: seedOf(id, previous.length) }),
  );
  const response = answer.kind === 'draft' ? answer.text : answer.question;

  const campaignId = await deps.db.transaction().execute(async (trx) => {
    if (!conversation) {
      await trx
        .insertInto('text_conversations')
        .values({ id, user_id: userId, title: titleOf(query), style, sms_category: category, created_at: now, updated_at: now })
        .execute();
    }
    await trx.insertInto('text_turns').values({ conversation_id: id, text: query, response, kind: answer.kind, created_at: now }).execute();
    await trx.updateTable('text_conversations').set({ updated_at: now, ...(answer.kind === 'draft' ? { status: 'completed' } : {}) }).where('id', '=', id).execute();
    if (answer.kind !== 'draft') return undefined;
    const title = conversation?.title ?? titleOf(query);
    const campaign = await trx
      .insertInto('sms_campaigns')
      .values({ user_id: userId, conversation_id: id, user_title: title, sms_category: category, final_sms_draft: answer.text, completed_at: now, seed: seedOf(id, previous.length), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return campaign.id;
  });
  return {
    conversation_id: id,
    ...(campaignId ? { campaign_id: campaignId } : {}),
    response_data: answer.kind === 'draft' ? { sms_campaign_draft: answer.text } : { clarification_question: answer.question },
  };
}

async function toConversations(deps: Pick<Deps, 'db'>, rows: TextConversationRow[]): Promise<TextConversation[]> {
  const ids = rows.map((row) => row.id);
  const [turns, campaigns] = await Promise.all([turnsOf(deps, ids), campaignsByConversation(deps.db, ids)]);
  return rows.map((row) => ({
    conversation_id: row.id,
    title: row.title,
    style: row.style,
    sms_category: row.sms_category,
    status: row.status,
    messages: turns.filter((turn) => turn.conversation_id === row.id).map((turn) => ({ text: turn.text, response: turn.response, kind: turn.kind, timestamp: turn.created_at.toISOString() })),
    sms_campaign: campaigns.get(row.id) ?? null,
    timestamp: row.updated_at.toISOString(),
  }));
}

/** The history sidebar: newest first, with their turns (they open offline from the phone's cache). */
export async function listConversations(deps: Pick<Deps, 'db'>, userId: string): Promise<TextConversation[]> {
  const rows = await deps.db.selectFrom('text_conversations').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id').limit(HISTORY_LIMIT).execute();
  return toConversations(deps, rows);
}

export async function getConversation(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<TextConversation> {
  const [conversation] = await toConversations(deps, [await findConversation(deps, userId, id)]);
  return conversation!;
}

/** The rename modal: the conversation and the text it wrote keep one title. */
export async function renameConversation(deps: Pick<Deps, 'db' | 'now'>, userId: string, id: string, title: string) {
  const conversation = await findConversation(deps, userId, id);
  const now = deps.now();
  await deps.db.updateTable('text_conversations').set({ title, updated_at: now }).where('id', '=', conversation.id).execute();
  await deps.db.updateTable('sms_campaigns').set({ user_title: title, updated_at: now }).where('conversation_id', '=', conversation.id).where('user_id', '=', userId).execute();
  return { message: TEXT_MESSAGES.titleUpdated };
}
