import { FIRST_NAME_TAG } from '../../../../src/contract/email.ts';
import type { AiProvider } from '../ai-types.ts';
import { assembleEmailBlocks } from '../email-layout.ts';
import { ASK_TOOLS, askMessages, readAskCall } from './ask-tools.ts';
import type { ChatClient } from './chat-client.ts';
import { emailMessages, emailReplySchema } from './email-prompt.ts';
import { segmentMessages, SegmentReplySchema } from './segment-prompt.ts';
import { openAiTextWriter } from './text-writer.ts';
import { writeVideoScriptOpenAi } from './video-script-writer.ts';

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
    async writeEmail(input) {
      // Some variety for regenerations; the honesty rule is enforced by the schema, not by the temperature.
      const reply = await client.chatJson({ messages: emailMessages(input), schema: emailReplySchema(input), temperature: input.avoid ? 0.9 : 0.7 });
      const photos = new Map(input.images.map((image) => [image.id, image]));
      const blocks = assembleEmailBlocks({
        heading: reply.heading,
        intro: [`Hi ${FIRST_NAME_TAG},`, ...reply.paragraphs],
        details: reply.details,
        signOff: [reply.sign_off || 'See you soon,', input.brand.name ? `The ${input.brand.name} team` : 'The team'],
        images: [...new Set(reply.image_ids)].map((id) => ({ id, alt: photos.get(id)?.description || reply.heading })),
        button: reply.button_label && (reply.button_url || input.brand.website) ? { label: reply.button_label, href: reply.button_url } : null,
      });
      return { title: reply.title, subject: reply.subject, preheader: reply.preheader, blocks };
    },
    writeVideoScript: (input) => writeVideoScriptOpenAi(client, input),
    pickQuestion({ text, previous, now }) {
      return client.chatTools({ messages: askMessages(text, previous, now), tools: ASK_TOOLS, read: readAskCall });
    },
  };
}
