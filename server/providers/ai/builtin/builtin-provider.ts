import type { AiProvider } from '../ai-types.ts';
import { composeEmail } from './email/compose-email.ts';
import { pickQuestionFromWords } from './ask/ask-phrases.ts';
import { parseSegmentQuery } from './segment-phrases.ts';
import { regenerateTextBuiltin, writeTextBuiltin } from './text/write-text.ts';
import { writeVideoScriptBuiltin } from './video/write-script.ts';

/** The default provider: no network, same answer for the same words, so tests and demos are repeatable. */
export function createBuiltinProvider(): AiProvider {
  return {
    kind: 'builtin',
    proposeSegment: async (query, now) => parseSegmentQuery(query, now),
    writeText: async (input) => writeTextBuiltin(input),
    regenerateText: async (input) => regenerateTextBuiltin(input),
    writeEmail: async (input) => composeEmail(input),
    pickQuestion: async (request) => pickQuestionFromWords(request),
    writeVideoScript: async (input) => writeVideoScriptBuiltin(input),
  };
}
