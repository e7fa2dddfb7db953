// The text chat through an OpenAI-compatible model. The model's JSON is validated (valibot), and three
// rules are enforced here rather than trusted to the prompt: no question right after an answered question
// (nor from Regenerate), the opt-out line at the end, and no fact the owner did not give (text-fact-guard).
// Each broken rule gets one correction round; a second failure is an AiError, never a bad text.
import { toPlainSms } from '../../../../src/contract/sms-plain-text.ts';
import { TEXT_OPT_OUT_LINE } from '../../../../src/contract/text.ts';
import { AiError, type WriteTextInput, type WriteTextResult } from '../ai-types.ts';
import { unsupportedFacts } from '../text-fact-guard.ts';
import type { ChatClient, ChatMessage } from './chat-client.ts';
import { DRAFT_NOW, honestyCorrection, regenerateInstruction, textMessages, textSources, TextReplySchema, type TextReply } from './text-prompt.ts';

/** Models write "Reply STOP to unsubscribe", "Text STOP to end"...: any of those becomes our exact line. */
const OPT_OUT_VARIANTS = /\s*(?:reply|text|txt|send)\s+stop\b[^.!]*[.!]?\s*$/i;

export function withOptOutLine(text: string): string {
  const plain = toPlainSms(text.trim()).text;
  if (plain.endsWith(TEXT_OPT_OUT_LINE)) return plain;
  return `${plain.replace(OPT_OUT_VARIANTS, '').trim()} ${TEXT_OPT_OUT_LINE}`;
}

const reply = (turn: TextReply): ChatMessage => ({ role: 'assistant', content: JSON.stringify(turn) });

async function askForDraft(client: ChatClient, input: WriteTextInput, messages: ChatMessage[], temperature: number, mayAsk: boolean): Promise<WriteTextResult> {
  const history = [...messages];
  let answer = await client.chatJson({ messages: history, schema: TextReplySchema, temperature });
  if (answer.kind === 'question') {
    if (mayAsk) return { kind: 'question', question: answer.question };
    history.push(reply(answer), { role: 'user', content: DRAFT_NOW });
    answer = await client.chatJson({ messages: history, schema: TextReplySchema, temperature });
    if (answer.kind === 'question') throw new AiError('bad_response', 'The AI kept asking instead of writing the text');
  }
  const sources = textSources(input);
  let text = withOptOutLine(answer.text);
  const unsupported = unsupportedFacts(text, sources);
  if (unsupported.length) {
    history.push(reply(answer), { role: 'user', content: honestyCorrection(unsupported) });
    const second = await client.chatJson({ messages: history, schema: TextReplySchema, temperature });
    if (second.kind !== 'draft') throw new AiError('bad_response', 'The AI did not write the text again');
    text = withOptOutLine(second.text);
    if (unsupportedFacts(text, sources).length) throw new AiError('bad_response', 'The AI wrote details the owner did not give');
  }
  return { kind: 'draft', text };
}

export function openAiTextWriter(client: ChatClient) {
  return {
    async writeText(input: WriteTextInput): Promise<WriteTextResult> {
      const previous = input.messages.at(-2);
      const justAnswered = input.messages.at(-1)?.role === 'owner' && previous?.role === 'assistant' && previous.kind === 'question';
      return askForDraft(client, input, textMessages(input), 0.4, !justAnswered);
    },
    async regenerateText(input: WriteTextInput): Promise<{ text: string }> {
      const lastDraft = input.messages.findLast((turn) => turn.role === 'assistant' && turn.kind === 'draft')?.text;
      const messages: ChatMessage[] = [...textMessages(input), { role: 'user', content: regenerateInstruction(lastDraft) }];
      const result = await askForDraft(client, input, messages, 0.9, false);
      if (result.kind !== 'draft') throw new AiError('bad_response', 'The AI did not write the text again');
      return { text: result.text };
    },
  };
}
