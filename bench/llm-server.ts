/**
 * The bench's model, in a process of its own: the loopback OpenAI server of the tests answering
 * every call with one tool call after a fixed latency. In real life the model runs elsewhere; in
 * the bench's own process it would compete with the embedded coordinator for the event loop (its
 * timers fire late, and its parsing delays the client's next request).
 *
 * Parent side: `startModelProcess(latencyMs)`. Child side: this file run with fork().
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { countTokens } from '../adapters/llm/usage.ts';
import { answers, type ChatBody, startOpenAiServer } from '../test/helpers/openai-server.ts';

type ToChild = { kind: 'reset' } | { kind: 'take' } | { kind: 'close' };
interface Taken {
  arrivals: number[];
  prompt: number;
  completion: number;
}
type FromChild = { kind: 'ready'; url: string } | ({ kind: 'taken' } & Taken) | { kind: 'closed' };

export interface ModelProcess {
  url: string;
  /** forget the calls so far; returns them */
  reset(): Promise<Taken>;
  /** when each call since the last reset arrived (ms since the epoch, as performance.timeOrigin + now()), and the tokens counted */
  take(): Promise<Taken>;
  close(): Promise<void>;
}

const SELF = fileURLToPath(import.meta.url);

export async function startModelProcess(latencyMs: number): Promise<ModelProcess> {
  const child: ChildProcess = fork(SELF, [String(latencyMs)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const next = <K extends FromChild['kind']>(kind: K) =>
    new Promise<Extract<FromChild, { kind: K }>>((done, fail) => {
      const onMessage = (m: FromChild) => {
        if (m.kind !== kind) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        done(m as Extract<FromChild, { kind: K }>);
      };
      const onExit = (code: number | null) => fail(new Error(`model process exited ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ask = <K extends FromChild['kind']>(m: ToChild, kind: K) => {
    const reply = next(kind);
    child.send(m);
    return reply;
  };
  const taken = ({ arrivals, prompt, completion }: Taken): Taken => ({ arrivals, prompt, completion });
  const { url } = await next('ready');
  return {
    url,
    reset: async () => taken(await ask({ kind: 'reset' }, 'taken')),
    take: async () => taken(await ask({ kind: 'take' }, 'taken')),
    close: async () => {
      await ask({ kind: 'close' }, 'closed');
      child.disconnect();
    },
  };
}

async function serve(latencyMs: number): Promise<void> {
  const arrivals: number[] = [];
  let prompt = 0;
  let completion = 0;
  const srv = await startOpenAiServer((body: ChatBody) => {
    arrivals.push(performance.timeOrigin + performance.now());
    const args = { channel: 'self_talk', content: 'Another day in the city.' };
    const u = answers.usage(
      countTokens(JSON.stringify(body.messages) + JSON.stringify(body.tools ?? [])),
      countTokens(JSON.stringify(args)),
    );
    prompt += u.prompt_tokens;
    completion += u.completion_tokens;
    return answers.tool('express', args, u);
  });
  srv.delayMs = latencyMs;
  const send = (m: FromChild) => process.send!(m);
  // the bench gone (even killed), the model goes too
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (m: ToChild) => {
    if (m.kind === 'close') {
      await srv.close();
      send({ kind: 'closed' });
      return;
    }
    send({ kind: 'taken', arrivals: [...arrivals], prompt, completion });
    if (m.kind === 'reset') {
      arrivals.length = 0;
      prompt = completion = 0;
    }
  });
  send({ kind: 'ready', url: srv.url });
}

if (process.argv[1] === SELF && process.send) await serve(Number(process.argv[2]));
