import type { AiProvider } from '../ai-types.ts';
import { ASK_TOOLS, askMessages, readAskCall } from './ask-tools.ts';
import type { ChatClient } from './chat-client.ts';
import { segmentMessages, SegmentReplySchema } from './segment-prompt.ts';

/** The model proposes; our schema checks the proposal and our SQL runs it. */
export function createOpenAiProvider(client: ChatClient): AiProvider {
  return {
    kind: 'openai',
    async proposeSegment(query, now) {
      const reply = await client.chatJson({ messages: segmentMessages(query, now), schema: SegmentReplySchema });
      return reply.understood ? { title: reply.title, definition: reply.definition } : null;
    },
    pickQuestion({ text, previous, now }) {
      return client.chatTools({ messages: askMessages(text, previous, now), tools: ASK_TOOLS, read: readAskCall });
    },
  };
}
