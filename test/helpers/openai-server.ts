import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A real HTTP server on loopback that speaks the OpenAI chat completions API and plays a script:
 * each request takes the next step (or, when the script is empty, whatever the responder makes of
 * the request). It records every request it got, so tests assert on what the client really sent.
 */
export type Step =
  | { kind: 'json'; body: unknown; status?: number; headers?: Record<string, string> }
  | { kind: 'raw'; body: string; status?: number; headers?: Record<string, string> }
  /** never answers: the client's timeout fires */
  | { kind: 'hang' };

export interface ChatBody {
  model: string;
  messages: { role: string; content?: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string; parameters: unknown } }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  [k: string]: unknown;
}
export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: ChatBody;
}

export interface OpenAiServer {
  url: string;
  requests: Received[];
  /** steps for the next requests, in order */
  script(...steps: Step[]): void;
  /** forget the script's remaining steps and the recorded requests */
  reset(): void;
  /** what to answer when the script is empty */
  responder: (body: ChatBody) => Step;
  /** most requests in flight at once */
  maxInFlight: number;
  /** how long each answer is held back, so that concurrent requests overlap */
  delayMs: number;
  close(): Promise<void>;
}

let seq = 0;
const usage = (prompt = 100, completion = 20, cached = 0) => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
  prompt_tokens_details: { cached_tokens: cached },
});

function completion(message: Record<string, unknown>, u = usage(), finish = 'stop'): Step {
  return {
    kind: 'json',
    body: {
      id: `chatcmpl-${++seq}`,
      object: 'chat.completion',
      created: 0,
      model: 'test',
      choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: null, ...message }, finish_reason: finish }],
      usage: u,
    },
  };
}

/** Answers, good and bad. Arguments may be an object (serialized) or a raw string (for malformed JSON). */
export const answers = {
  usage,
  tool: (name: string, args: unknown, u = usage()) =>
    completion(
      {
        tool_calls: [
          { id: `call_${++seq}`, type: 'function', function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) } },
        ],
      },
      u,
      'tool_calls',
    ),
  text: (content: string, u = usage()) => completion({ content }, u),
  json: (value: unknown, u = usage()) => completion({ content: JSON.stringify(value) }, u),
  refusal: (text: string) => completion({ refusal: text }),
  rateLimited: (retryAfter: string): Step => ({
    kind: 'json',
    status: 429,
    headers: { 'retry-after': retryAfter },
    body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
  }),
  serverError: (status = 500): Step => ({
    kind: 'json',
    status,
    body: { error: { message: 'The server had an error', type: 'server_error' } },
  }),
  hang: (): Step => ({ kind: 'hang' }),
};

export async function startOpenAiServer(responder: (body: ChatBody) => Step = () => answers.text('')): Promise<OpenAiServer> {
  const queue: Step[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  const s: OpenAiServer = {
    url: '',
    requests: [],
    responder,
    maxInFlight: 0,
    delayMs: 0,
    script: (...steps) => {
      queue.push(...steps);
    },
    reset: () => {
      queue.length = 0;
      s.requests.length = 0;
      s.delayMs = 0;
      s.maxInFlight = 0;
    },
    close: () =>
      new Promise<void>((done) => {
        for (const k of sockets) k.destroy();
        server.close(() => done());
      }),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
      s.requests.push({ path: req.url, headers: req.headers, body });
      const step = queue.shift() ?? s.responder(body);
      if (step.kind === 'hang') return; // the socket stays open until the client gives up or we close
      inFlight++;
      s.maxInFlight = Math.max(s.maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        const text = step.kind === 'json' ? JSON.stringify(step.body) : step.body;
        res.writeHead(step.status ?? 200, { 'content-type': 'application/json', ...step.headers }).end(text);
      }, s.delayMs);
    });
  });
  server.on('connection', (k) => {
    sockets.add(k);
    k.on('close', () => sockets.delete(k));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return s;
}
