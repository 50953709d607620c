import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of an OpenAI-compatible chat-completions API (`POST {baseUrl}/chat/completions`).
 *
 * Modes, per request (a queue set with `enqueue`, then the default set with `setMode`):
 * - ok: a valid JSON task breakdown in `choices[0].message.content` (names the goal title it was asked about);
 * - malformed: content that is not JSON;
 * - invalid-schema: JSON that is not a breakdown (no tasks);
 * - refusal: `message.refusal` set and no content, as OpenAI models refuse;
 * - timeout: never answers (the client must give up);
 * - server-error: HTTP 500 with an OpenAI error envelope.
 *
 * A request with `stream: true` in mode ok is answered as OpenAI streams: server-sent events of
 * `chat.completion.chunk` with a few characters of content each, then `data: [DONE]`. `holdStreams()`
 * pauses every stream after its second task until the returned release function is called, so a test can
 * see steps arrive before the answer is complete.
 */
export type FakeOpenAiMode = 'ok' | 'malformed' | 'invalid-schema' | 'refusal' | 'timeout' | 'server-error';

export interface RecordedChatRequest {
  readonly authorization: string | undefined;
  readonly body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    response_format?: { type: string };
    [key: string]: unknown;
  };
  readonly mode: FakeOpenAiMode;
}

export interface FakeOpenAiServer {
  /** The base URL to configure as AI_API_URL (ends in /v1). */
  readonly baseUrl: string;
  readonly requests: RecordedChatRequest[];
  setMode(mode: FakeOpenAiMode): void;
  /** The next requests answer in these modes, in order, before falling back to the default mode. */
  enqueue(...modes: FakeOpenAiMode[]): void;
  /** Streams pause after their second task until the returned function is called. */
  holdStreams(): () => void;
  reset(): void;
  close(): Promise<void>;
}

const titleFrom = (messages: RecordedChatRequest['body']['messages']): string => {
  const user = messages?.find((message) => message.role === 'user')?.content ?? '';
  const match = /"title"\s*:\s*"([^"]+)"/.exec(user);
  return match?.[1] ?? 'the goal';
};

const breakdownFor = (title: string) => ({
  tasks: [
    { title: `Define what done looks like for ${title}`, estimatedMinutes: 20, energyLevel: 'low' },
    { title: `Block out focused time for ${title}`, estimatedMinutes: 15, energyLevel: 'low' },
    { title: `Do the first hard session on ${title}`, estimatedMinutes: 60, energyLevel: 'high' },
    {
      title: `Review progress on ${title}`,
      estimatedMinutes: 30,
      energyLevel: 'medium',
      description: 'Adjust the plan.',
    },
  ],
});

const completion = (model: string, message: Record<string, unknown>, finishReason = 'stop') => ({
  id: `chatcmpl-fake-${Date.now()}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason }],
  usage: { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 },
});

/** The content in small pieces, as a model streams it; `hold` resolves before the piece after task two. */
async function streamContent(
  response: http.ServerResponse,
  model: string,
  content: string,
  hold: () => Promise<void>,
): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-fake-stream',
      object: 'chat.completion.chunk',
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    })}\n\n`;
  response.write(chunk({ role: 'assistant', content: '' }));
  const secondTaskEnd = content.indexOf('}', content.indexOf('}') + 1) + 1;
  for (let at = 0; at < content.length; at += 7) {
    if (at < secondTaskEnd && at + 7 >= secondTaskEnd) {
      response.write(chunk({ content: content.slice(at, secondTaskEnd) }));
      await hold();
      response.write(chunk({ content: content.slice(secondTaskEnd, at + 7) }));
      continue;
    }
    response.write(chunk({ content: content.slice(at, at + 7) }));
  }
  response.write(chunk({}, 'stop'));
  response.end('data: [DONE]\n\n');
}

export async function startFakeOpenAi(options: { mode?: FakeOpenAiMode } = {}): Promise<FakeOpenAiServer> {
  let defaultMode: FakeOpenAiMode = options.mode ?? 'ok';
  let held: Promise<void> = Promise.resolve();
  const queue: FakeOpenAiMode[] = [];
  const requests: RecordedChatRequest[] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        send(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
        return;
      }
      let body: RecordedChatRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedChatRequest['body'];
      } catch {
        send(400, { error: { message: 'Invalid JSON body', type: 'invalid_request_error' } });
        return;
      }
      const mode = queue.shift() ?? defaultMode;
      requests.push({ authorization: request.headers.authorization, body, mode });
      const model = body.model ?? 'fake-model';
      switch (mode) {
        case 'ok':
          if (body.stream === true) {
            void streamContent(response, model, JSON.stringify(breakdownFor(titleFrom(body.messages))), () => held);
            return;
          }
          send(
            200,
            completion(model, { content: JSON.stringify(breakdownFor(titleFrom(body.messages))), refusal: null }),
          );
          return;
        case 'malformed':
          send(200, completion(model, { content: 'Sure! Here are some tasks: 1. Start 2. Finish', refusal: null }));
          return;
        case 'invalid-schema':
          send(200, completion(model, { content: JSON.stringify({ steps: ['one', 'two'] }), refusal: null }));
          return;
        case 'refusal':
          send(200, completion(model, { content: null, refusal: "I'm sorry, but I can't help with that request." }));
          return;
        case 'server-error':
          send(500, {
            error: { message: 'The server had an error while processing your request.', type: 'server_error' },
          });
          return;
        case 'timeout':
          return; // never answers; closed by the client's abort or by close()
        default: {
          const unhandled: never = mode;
          throw new Error(`Unhandled mode ${String(unhandled)}`);
        }
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode(mode) {
      defaultMode = mode;
    },
    enqueue(...modes) {
      queue.push(...modes);
    },
    holdStreams() {
      let release: () => void = () => undefined;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        release();
        held = Promise.resolve();
      };
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      defaultMode = options.mode ?? 'ok';
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
