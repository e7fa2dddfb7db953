import type { AiProvider } from '../ai-types.ts';
import type { ChatClient } from './chat-client.ts';
import { segmentMessages, SegmentReplySchema } from './segment-prompt.ts';
import { openAiTextWriter } from './text-writer.ts';

/** The model proposes; our schema checks the proposal and our SQL runs it. */
export function createOpenAiProvider(client: ChatClient): AiProvider {
  const text = openAiTextWriter(client);
  return {
    kind: 'openai',
    writeText: text.writeText,
    regenerateText: text.regenerateText,
    async proposeSegment(query, now) {
      const reply = await client.chatJson({ messages: segmentMessages(query, now), schema: SegmentReplySchema });
      return reply.understood ? { title: reply.title, definition: reply.definition } : null;
    },
  };
}
