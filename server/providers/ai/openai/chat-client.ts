import * as v from 'valibot';
import type { Logger } from '../../../lib/logger.ts';
import { AiError } from '../ai-types.ts';

/**
 * A small client for any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, vLLM, llama.cpp
 * server): POST {baseUrl}/chat/completions. It asks for JSON, validates it with valibot, retries 429 and
 * 5xx with backoff (honouring Retry-After), bounds every attempt with a timeout, and gives the model one
 * chance to repair output that does not match the schema.
 */

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** A function call the model asked for (its arguments are a JSON string, unchecked). */
export type ToolCall = { id: string; name: string; arguments: string };
/** Messages of a tool-calling exchange: the model's calls and our answers to them. */
export type ToolChatMessage =
  | ChatMessage
  | { role: 'assistant'; content: string | null; tool_calls: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> }
  | { role: 'tool'; tool_call_id: string; content: string };
export type ToolSpec = { name: string; description: string; parameters: Record<string, unknown> };

/** Reads the model's reply: a usable value, or what was wrong with it (told to the model for one repair). */
export type ToolReading<T> = { value: T } | { problem: string };

export type ToolsRequest<T> = {
  messages: ToolChatMessage[];
  tools: ToolSpec[];
  read: (call: ToolCall | null, content: string) => ToolReading<T>;
  temperature?: number;
};

export type ChatClientOptions = {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  /** First backoff step; doubled per retry, with jitter. */
  retryBaseMs: number;
  logger?: Logger;
  fetch?: typeof fetch;
};

/** `json_object` works across OpenAI-compatible servers; pass a JSON Schema to ask for `json_schema`. */
export type JsonRequest<S extends v.GenericSchema> = {
  messages: ChatMessage[];
  schema: S;
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  temperature?: number;
};

const ToolCallSchema = v.object({ id: v.string(), type: v.optional(v.string()), function: v.object({ name: v.string(), arguments: v.string() }) });
const CompletionSchema = v.object({
  choices: v.pipe(
    v.array(
      v.object({
        message: v.object({ content: v.nullish(v.string()), refusal: v.nullish(v.string()), tool_calls: v.nullish(v.array(ToolCallSchema)) }),
        finish_reason: v.nullish(v.string()),
      }),
    ),
    v.minLength(1),
  ),
});
type AssistantMessage = v.InferOutput<typeof CompletionSchema>['choices'][number]['message'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createChatClient(options: ChatClientOptions) {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? fetch;

  function backoff(attempt: number, retryAfter: string | null): number {
    const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 30_000);
    const base = options.retryBaseMs * 2 ** attempt;
    return base + Math.random() * base * 0.25;
  }

  /** One completion, retried on 429/5xx/network/timeout; returns the assistant's message. */
  async function send(payload: Record<string, unknown>): Promise<AssistantMessage> {
    const body = JSON.stringify({ model: options.model, ...payload });
    let lastError: AiError = new AiError('unavailable', 'The AI service did not answer');
    let lastRetryAfter: string | null = null;
    for (let attempt = 0; attempt <= options.maxRetries; attempt++) {
      if (attempt > 0) await sleep(backoff(attempt - 1, lastRetryAfter));
      lastRetryAfter = null;
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
          body,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        lastError = new AiError(timedOut ? 'timeout' : 'unavailable', timedOut ? 'The AI service took too long' : 'The AI service could not be reached', { cause: error });
        options.logger?.warn({ attempt, reason: lastError.reason }, 'ai request failed');
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        lastRetryAfter = response.headers.get('retry-after');
        await response.body?.cancel();
        lastError = new AiError(response.status === 429 ? 'rate_limited' : 'unavailable', `The AI service answered ${response.status}`);
        options.logger?.warn({ attempt, status: response.status }, 'ai request will be retried');
        continue;
      }
      const payload: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        // 4xx other than 429 will not fix itself (bad key, unknown model, unsupported response_format).
        throw new AiError('unavailable', `The AI service refused the request (${response.status})`);
      }
      const parsed = v.safeParse(CompletionSchema, payload);
      if (!parsed.success) throw new AiError('bad_response', 'The AI service sent an answer in an unknown shape');
      const message = parsed.output.choices[0]!.message;
      if (message.refusal) throw new AiError('refused', message.refusal);
      return message;
    }
    throw lastError;
  }

  const complete = async (messages: ChatMessage[], responseFormat: Record<string, unknown>, temperature: number) =>
    (await send({ messages, response_format: responseFormat, temperature })).content ?? '';

  /**
   * Chat with tools the model may call (`tool_choice: auto`, which every OpenAI-compatible server takes). `read`
   * checks the first call (or the plain reply when there is none); one repair round tells the model what was wrong.
   */
  async function chatTools<T>(request: ToolsRequest<T>): Promise<T> {
    const tools = request.tools.map((tool) => ({ type: 'function', function: tool }));
    const messages = [...request.messages];
    for (let round = 0; round < 2; round++) {
      const message = await send({ messages, tools, tool_choice: 'auto', temperature: request.temperature ?? 0 });
      const first = message.tool_calls?.[0];
      const call = first ? { id: first.id, name: first.function.name, arguments: first.function.arguments } : null;
      const reading = request.read(call, message.content ?? '');
      if ('value' in reading) return reading.value;
      options.logger?.warn({ round, problem: reading.problem }, 'ai tool call was not usable');
      if (call) {
        messages.push(
          { role: 'assistant', content: message.content ?? null, tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }] },
          { role: 'tool', tool_call_id: call.id, content: `Error: ${reading.problem}. Call a tool again with corrected arguments.` },
        );
      } else {
        messages.push({ role: 'assistant', content: message.content ?? '' }, { role: 'user', content: `That reply is not usable: ${reading.problem}. Answer by calling one of the tools.` });
      }
    }
    throw new AiError('bad_response', 'The AI service did not produce a usable answer');
  }

  /** Chat that must answer with JSON matching `schema`; one repair round when it does not. */
  async function chatJson<S extends v.GenericSchema>(request: JsonRequest<S>): Promise<v.InferOutput<S>> {
    const responseFormat = request.jsonSchema
      ? { type: 'json_schema', json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true } }
      : { type: 'json_object' };
    const messages = [...request.messages];
    for (let round = 0; round < 2; round++) {
      const content = await complete(messages, responseFormat, request.temperature ?? 0);
      let problem: string;
      try {
        const result = v.safeParse(request.schema, JSON.parse(stripFences(content)));
        if (result.success) return result.output;
        problem = result.issues.slice(0, 5).map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`).join('; ');
      } catch {
        problem = 'the reply was not valid JSON';
      }
      options.logger?.warn({ round, problem }, 'ai reply did not match the schema');
      messages.push({ role: 'assistant', content }, { role: 'user', content: `That reply is not usable: ${problem}. Answer again with corrected JSON only.` });
    }
    throw new AiError('bad_response', 'The AI service did not produce a usable answer');
  }

  return { chatJson, chatTools, endpoint };
}

export type ChatClient = ReturnType<typeof createChatClient>;

/** Some local models wrap JSON in ``` fences even in JSON mode. */
function stripFences(text: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return fenced ? fenced[1]! : text;
}
