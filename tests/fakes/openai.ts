// A local stand-in for an OpenAI-compatible Chat Completions endpoint (POST /v1/chat/completions), for tests
// and e2e. Replies are scripted per test: JSON content, tool calls, a 429 or 5xx, malformed JSON, a slow answer.
// Run alone: `node --import tsx tests/fakes/openai.ts 4120` (answers email requests with a plain email, others with a fixed segment).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedReply =
  /** A normal completion whose message content is this object serialised (or this exact string). */
  | { content: unknown; delayMs?: number }
  /** The model calls functions (`tool_calls`, finish_reason "tool_calls"); arguments are serialised unless a string. */
  | { toolCalls: Array<{ name: string; arguments: unknown; id?: string }>; content?: string | null; delayMs?: number }
  /** An HTTP error, e.g. 429 with Retry-After, or 500. */
  | { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Anything else at the HTTP level, e.g. a body that is not a completion at all. */
  | { raw: string; status?: number; delayMs?: number };

export type RecordedRequest = {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string; tool_calls?: unknown[]; tool_call_id?: string }>;
    response_format?: { type: string; json_schema?: unknown };
    tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: Record<string, unknown> } }>;
    tool_choice?: unknown;
    temperature?: number;
  };
};

export type FakeOpenAi = {
  /** Base URL to use as AI_BASE_URL (ends in /v1). */
  url: string;
  requests: RecordedRequest[];
  /** Queue replies; once the queue is empty, `fallback` answers. */
  script: (...replies: ScriptedReply[]) => void;
  fallback: (reply: ScriptedReply | ((request: RecordedRequest) => ScriptedReply)) => void;
  reset: () => void;
  close: () => Promise<void>;
};

export async function startFakeOpenAi(options: { port?: number; apiKey?: string } = {}): Promise<FakeOpenAi> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  let fallback: ScriptedReply | ((request: RecordedRequest) => ScriptedReply) = { status: 500, body: { error: { message: 'no reply scripted' } } };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: RecordedRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
      } catch {
        // recorded as empty; the checks below answer 400 like the real API
      }
      const request: RecordedRequest = { path: req.url ?? '', authorization: req.headers.authorization, body };
      requests.push(request);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(res, { status: 404, body: { error: { message: 'Unknown path' } } });
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return send(res, { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } });
      }
      if (!body.model || !Array.isArray(body.messages)) return send(res, { status: 400, body: { error: { message: 'model and messages are required' } } });
      const reply = queue.shift() ?? (typeof fallback === 'function' ? fallback(request) : fallback);
      send(res, reply, body.model);
    });
  });

  function send(res: http.ServerResponse, reply: ScriptedReply, model = 'fake-model') {
    const write = () => {
      if ('toolCalls' in reply) {
        const tool_calls = reply.toolCalls.map((call, i) => ({
          id: call.id ?? `call_${requests.length}_${i}`,
          type: 'function',
          function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
        }));
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: reply.content ?? null, refusal: null, tool_calls }, finish_reason: 'tool_calls' }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      } else if ('content' in reply) {
        const content = typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      } else if ('raw' in reply) {
        res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json' });
        res.end(reply.raw);
      } else {
        res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body ?? { error: { message: `error ${reply.status}` } }));
      }
    };
    if (reply.delayMs) setTimeout(write, reply.delayMs).unref();
    else write();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    fallback: (reply) => {
      fallback = reply;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeOpenAi({ port: Number(process.argv[2] ?? 4120) });
  // Email requests get a plain email that states no facts (it passes the honesty check for any prompt); others a segment.
  fake.fallback((request) =>
    request.body.messages?.[0]?.content.includes('marketing emails')
      ? {
          content: {
            title: 'Email from the fake model',
            subject: 'News from our kitchen',
            preheader: 'Written by the local fake',
            heading: 'News from our kitchen',
            paragraphs: ['We have something we think you will love.', 'Come and see us soon.'],
            details: [],
            image_ids: [],
            button_label: 'Visit our website',
            button_url: '',
            sign_off: 'See you soon,',
          },
        }
      : {
          content: {
            understood: true,
            title: 'Regulars',
            definition: { type: 'group', op: 'and', conditions: [{ type: 'visits', op: 'gte', value: 5 }] },
          },
        },
  );
  console.log(`fake OpenAI-compatible endpoint on ${fake.url}`);
}
