import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AiProvider } from './ai-types.ts';
import { createBuiltinProvider } from './builtin/builtin-provider.ts';
import { createChatClient } from './openai/chat-client.ts';
import { createOpenAiProvider } from './openai/openai-provider.ts';

export type { AiProvider, SegmentProposal } from './ai-types.ts';
export { AiError } from './ai-types.ts';

/** Chosen once from the environment (AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS). */
export function createAiProvider(env: Env, logger?: Logger): AiProvider {
  if (aiProviderKind(env) === 'builtin') return createBuiltinProvider();
  const client = createChatClient({
    baseUrl: env.AI_BASE_URL || 'https://api.openai.com/v1',
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    timeoutMs: env.AI_TIMEOUT_MS,
    maxRetries: env.AI_MAX_RETRIES,
    retryBaseMs: 500,
    logger,
  });
  return createOpenAiProvider(client);
}

export const aiProviderKind = (env: Env) => env.AI_PROVIDER || (env.AI_BASE_URL ? 'openai' : 'builtin');
