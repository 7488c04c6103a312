import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LlmCallError } from '../adapters/llm/errors.ts';
import { RateLimiter, Semaphore } from '../adapters/llm/limiter.ts';
import { loadLlmConfig } from '../adapters/llm/config.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { testRuntime } from './helpers/llm.ts';

let srv: OpenAiServer;
beforeAll(async () => {
  srv = await startOpenAiServer();
});
afterAll(async () => {
  await srv.close();
});
afterEach(() => {
  srv.reset();
});

const meta = (actor = 'a', tick = 1) => ({ role: 'bot' as const, actor, tick });
const ask = { messages: [{ role: 'user' as const, content: 'hello' }] };

describe('the client', () => {
  it("sends the role's model, the key and the messages to the chat completions endpoint", async () => {
    const rt = testRuntime(srv.url);
    srv.script(answers.text('hi'));
    const a = await rt.client.chat(ask, { ...meta(), role: 'engine' });
    expect(a.message.content).toBe('hi');
    expect(srv.requests).toHaveLength(1);
    expect(srv.requests[0].path).toBe('/v1/chat/completions');
    expect(srv.requests[0].headers.authorization).toBe('Bearer test-key');
    expect(srv.requests[0].body.model).toBe('engine-model');
    expect(srv.requests[0].body.messages).toEqual(ask.messages);
  });

  it('honours retry-after on 429: waits what the server said, then asks again', async () => {
    const rt = testRuntime(srv.url);
    srv.script(answers.rateLimited('7'), answers.text('ok'));
    const a = await rt.client.chat(ask, meta());
    expect(a.message.content).toBe('ok');
    expect(srv.requests).toHaveLength(2);
    expect(rt.waits).toEqual([7000]);
    expect(rt.stats.retries).toBe(1);
  });

  it('backs off exponentially on 500s, then succeeds', async () => {
    const rt = testRuntime(srv.url, { retries: 3, backoffMs: 100 });
    srv.script(answers.serverError(500), answers.serverError(503), answers.text('ok'));
    expect((await rt.client.chat(ask, meta())).message.content).toBe('ok');
    expect(srv.requests).toHaveLength(3);
    expect(rt.waits).toEqual([100, 200]);
  });

  it("gives up after its retries with the failure's code", async () => {
    const rt = testRuntime(srv.url, { retries: 1 });
    srv.script(answers.rateLimited('1'), answers.rateLimited('1'), answers.text('never'));
    const err = await rt.client.chat(ask, meta()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmCallError);
    expect((err as LlmCallError).code).toBe('rate_limited');
    expect(srv.requests).toHaveLength(2);
  });

  it('does not retry a 400', async () => {
    const rt = testRuntime(srv.url);
    srv.script({ kind: 'json', status: 400, body: { error: { message: 'bad request' } } });
    const err = await rt.client.chat(ask, meta()).catch((e: unknown) => e);
    expect((err as LlmCallError).code).toBe('http_error');
    expect(srv.requests).toHaveLength(1);
  });

  it('times out a call that hangs and retries it', async () => {
    const rt = testRuntime(srv.url, { timeoutMs: 1500, retries: 1 });
    srv.script(answers.hang(), answers.text('late but fine'));
    expect((await rt.client.chat(ask, meta())).message.content).toBe('late but fine');
    expect(srv.requests).toHaveLength(2);
    expect(rt.stats.retries).toBe(1);
  });

  it('accounts tokens per call, per bot, per tick, per role and per run, cached included', async () => {
    const rt = testRuntime(srv.url);
    srv.script(
      answers.text('1', answers.usage(100, 10, 40)),
      answers.text('2', answers.usage(50, 5, 0)),
      answers.text('3', answers.usage(7, 3, 2)),
    );
    const first = await rt.client.chat(ask, meta('a', 1));
    await rt.client.chat(ask, meta('b', 1));
    await rt.client.chat(ask, { role: 'engine', actor: 'a', tick: 2 });
    expect(first.tokens).toEqual({ calls: 1, prompt: 100, completion: 10, cached: 40 });
    expect(rt.ledger.run).toEqual({ calls: 3, prompt: 157, completion: 18, cached: 42 });
    expect(rt.ledger.byBot.get('a')).toEqual({ calls: 2, prompt: 107, completion: 13, cached: 42 });
    expect(rt.ledger.byTick.get(1)).toEqual({ calls: 2, prompt: 150, completion: 15, cached: 40 });
    expect(rt.ledger.byRole.get('engine')).toEqual({ calls: 1, prompt: 7, completion: 3, cached: 2 });
    expect(rt.ledger.spentBefore(2)).toBe(165);
  });

  it('keeps to its concurrency limit', async () => {
    const rt = testRuntime(srv.url, { concurrency: 2 });
    srv.delayMs = 30;
    srv.maxInFlight = 0;
    const got = await Promise.all(
      Array.from({ length: 6 }, (_, i) => rt.client.chat({ messages: [{ role: 'user', content: `q${i}` }] }, meta())),
    );
    expect(got).toHaveLength(6);
    expect(srv.requests).toHaveLength(6);
    expect(srv.maxInFlight).toBe(2);
  });

  it('records every request and answers it again from the recording with the server gone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'astinus-cassette-'));
    try {
      const other = await startOpenAiServer((b) => answers.text(`echo ${b.messages[0].content}`, answers.usage(11, 2, 1)));
      const rec = testRuntime(other.url, { record: dir });
      const a1 = await rec.client.chat({ messages: [{ role: 'user', content: 'one' }] }, meta());
      await rec.client.chat({ messages: [{ role: 'user', content: 'two' }] }, meta());
      await other.close();
      // two answers, and how the requests were shaped (cassette.json)
      expect((await readdir(dir)).sort()).toEqual(expect.arrayContaining(['cassette.json']));
      expect(await readdir(dir)).toHaveLength(3);
      const play = testRuntime(other.url, { replay: dir });
      const b1 = await play.client.chat({ messages: [{ role: 'user', content: 'one' }] }, meta());
      expect(b1).toEqual(a1);
      expect(play.ledger.run).toEqual({ calls: 1, prompt: 11, completion: 2, cached: 1 });
      // a miss stops an exact replay, naming the request; with fallback allowed it fails like a lost answer
      const miss = await play.client.chat({ messages: [{ role: 'user', content: 'three' }] }, meta()).catch((e: unknown) => e);
      expect(miss).toMatchObject({ name: 'ReplayMissError', fatal: true, key: 'llm.error.replay_miss', params: { ...meta(), dir } });
      const lenient = testRuntime(other.url, { replay: dir, replayFallback: true });
      const fell = await lenient.client.chat({ messages: [{ role: 'user', content: 'three' }] }, meta()).catch((e: unknown) => e);
      expect((fell as LlmCallError).code).toBe('replay_miss');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('limits', () => {
  it('a semaphore never runs more than n at once', async () => {
    const s = new Semaphore(3);
    let now = 0;
    let max = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        s.run(async () => {
          max = Math.max(max, ++now);
          await new Promise((r) => setImmediate(r));
          now--;
        }),
      ),
    );
    expect(max).toBe(3);
  });

  it('the rate limiter holds requests per minute on a sliding window', async () => {
    let clock = 0;
    const slept: number[] = [];
    const rl = new RateLimiter(
      2,
      0,
      () => clock,
      async (ms) => {
        slept.push(ms);
        clock += ms;
      },
    );
    await rl.acquire(100);
    clock = 10_000;
    await rl.acquire(100);
    // a third request within the minute waits until the first one leaves the window
    await rl.acquire(100);
    expect(slept).toEqual([50_000]);
    expect(clock).toBe(60_000);
  });

  it('the rate limiter holds tokens per minute, settled by what the answer really used', async () => {
    let clock = 0;
    const slept: number[] = [];
    const rl = new RateLimiter(
      0,
      1000,
      () => clock,
      async (ms) => {
        slept.push(ms);
        clock += ms;
      },
    );
    const first = await rl.acquire(800);
    clock = 5_000;
    rl.settle(first, 300); // the estimate was high
    await rl.acquire(600); // 300 + 600 fits
    expect(slept).toEqual([]);
    await rl.acquire(200); // 900 + 200 does not: wait for the first to leave the window
    expect(slept).toEqual([55_000]);
  });

  it('reads its settings from the environment, flags first', () => {
    const c = loadLlmConfig(
      {
        OPENAI_BASE_URL: 'http://localhost:11434/v1',
        ASTINUS_MODEL: 'qwen2.5:7b',
        ASTINUS_MODEL_ENGINE: 'llama3.1',
        ASTINUS_LLM_RPM: '60',
      },
      { concurrency: 9 },
    );
    expect(c.baseURL).toBe('http://localhost:11434/v1');
    expect(c.models).toEqual({ bot: 'qwen2.5:7b', engine: 'llama3.1', narrator: 'qwen2.5:7b', intent: 'qwen2.5:7b' });
    expect(c.rpm).toBe(60);
    expect(c.concurrency).toBe(9);
    expect(c.apiKey).toBe('none');
    expect(() => loadLlmConfig({ ASTINUS_LLM_RPM: 'lots' })).toThrow();
  });
});

describe('retry-after', () => {
  it('reads seconds, milliseconds and HTTP dates', async () => {
    const { APIError } = await import('openai');
    const { retryAfterMs } = await import('../adapters/llm/retry.ts');
    const err = (h: Record<string, string>) => APIError.generate(429, { message: 'slow down' }, undefined, new Headers(h));
    expect(retryAfterMs(err({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(err({ 'retry-after-ms': '250', 'retry-after': '3' }))).toBe(250);
    expect(retryAfterMs(err({ 'retry-after': new Date(10_000).toUTCString() }), 4000)).toBe(6000);
    expect(retryAfterMs(err({}))).toBeNull();
  });

  it('asks OpenAI itself for max_completion_tokens and other servers for max_tokens', () => {
    const local = testRuntime(srv.url).client.request(ask, meta());
    expect(local.max_tokens).toBe(512);
    expect(local.max_completion_tokens).toBeUndefined();
    const openai = testRuntime('https://api.openai.com/v1').client.request(ask, meta());
    expect(openai.max_completion_tokens).toBe(512);
    expect(openai.max_tokens).toBeUndefined();
  });
});

describe('a damaged recording', () => {
  it('is a miss, not a crash', async () => {
    const { writeFile } = await import('node:fs/promises');
    const { requestKey } = await import('../adapters/llm/cassette.ts');
    const dir = await mkdtemp(path.join(tmpdir(), 'astinus-cassette-'));
    try {
      const rt = testRuntime(srv.url, { replay: dir, replayFallback: true });
      await writeFile(path.join(dir, `${requestKey(rt.client.request(ask, meta()))}.json`), '{"key": "torn');
      const err = await rt.client.chat(ask, meta()).catch((e: unknown) => e);
      expect((err as LlmCallError).code).toBe('replay_miss');
      expect(srv.requests).toHaveLength(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('replay keys', () => {
  it('name what is asked, not the field the endpoint wants the completion cap in', async () => {
    const { requestKey } = await import('../adapters/llm/cassette.ts');
    const asked = { model: 'm', temperature: 0, messages: [{ role: 'user', content: 'hi' }] };
    expect(requestKey({ ...asked, max_tokens: 512 })).toBe(requestKey({ max_completion_tokens: 512, ...asked }));
    expect(requestKey({ ...asked, max_tokens: 512 })).not.toBe(requestKey({ ...asked, max_tokens: 256 }));
    expect(requestKey({ ...asked, max_tokens: 512 })).not.toBe(requestKey({ ...asked, model: 'other', max_tokens: 512 }));
  });
});
