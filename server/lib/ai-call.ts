import { AiError } from '../providers/ai/ai-types.ts';
import { AppError } from './app-error.ts';

/**
 * Runs an AI task and turns the provider's trouble (network, 429 after retries, an answer that could not be
 * used) into a 503 the owner can act on; the owner's input was fine, so it is never a 4xx.
 */
export async function withAi<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AiError) {
      const message = error.reason === 'bad_response' || error.reason === 'refused'
        ? 'The assistant could not write this one. Try again, or change the words a little.'
        : 'The assistant is not answering right now. Try again in a moment.';
      throw new AppError(503, message, 'provider_unavailable', { headers: { 'Retry-After': '5' } });
    }
    throw error;
  }
}
