import type { AiProvider } from '../ai-types.ts';
import { pickQuestionFromWords } from './ask/ask-phrases.ts';
import { parseSegmentQuery } from './segment-phrases.ts';

/** The default provider: no network, same answer for the same words, so tests and demos are repeatable. */
export function createBuiltinProvider(): AiProvider {
  return {
    kind: 'builtin',
    proposeSegment: async (query, now) => parseSegmentQuery(query, now),
    pickQuestion: async (request) => pickQuestionFromWords(request),
  };
}
