import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { perceive, type Perception } from '../bots/perception.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { createBrain } from '../adapters/cli/backends.ts';
import { ToolCall } from '../sim/model/tools.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { testRuntime } from './helpers/llm.ts';
import { fresh, place, shenzhen } from './helpers/world.ts';

let cat: Catalog;
let srv: OpenAiServer;
let p: Perception;
beforeAll(async () => {
  cat = await shenzhen();
  srv = await startOpenAiServer();
  const s = fresh(cat, 3);
  place(s, 'lin_feng', 'dongmen');
  place(s, 'fang_lan', 'dongmen');
  p = perceive(cat, s, indexPlaces(cat, s), 'lin_feng', 1);
});
afterAll(async () => {
  await srv.close();
});
afterEach(() => {
  srv.reset();
});

const shout = { channel: 'shout', content: 'Fresh noodles!' };
const expected = { id: '1:lin_feng', actor: 'lin_feng', tool: 'express', args: { channel: 'shout', content: { text: 'Fresh noodles!' } } };
const policyCall = () => policyBrain().decide(cat, p, 3);

function setup() {
  const rt = testRuntime(srv.url);
  return { rt, brain: createBrain('llm', rt) };
}

describe('the LLM brain', () => {
  it('offers the five tools with schemas from zod, and prompts with the stable part first', async () => {
    const { brain } = setup();
    srv.script(answers.tool('express', shout));
    expect(await brain.decide(cat, p, 3)).toEqual(expected);
    const body = srv.requests[0].body;
    expect(body.model).toBe('bot-model');
    expect(body.tools!.map((t) => t.function.name)).toEqual(['use_resource', 'interact', 'move', 'create', 'express']);
    const move = body.tools!.find((t) => t.function.name === 'move')!.function.parameters as {
      properties: Record<string, { enum?: string[] }>;
      required: string[];
    };
    expect(Object.keys(move.properties)).toEqual(['destination', 'mode']);
    expect(move.required).toEqual(['destination', 'mode']);
    expect(move.properties.mode.enum).toEqual(['walk', 'bus', 'taxi']);
    const [system, user] = body.messages;
    expect(system.role).toBe('system');
    // rules, then the world's constant lore, then the persona; the situation last
    expect(system.content!.indexOf('living city simulation')).toBeLessThan(system.content!.indexOf('Pearl River'));
    expect(system.content!.indexOf('Pearl River')).toBeLessThan(system.content!.indexOf('[lin_feng]'));
    expect(user.content).toContain('[fang_lan]');
    expect(user.content).toContain('[dongmen]');
  });

  it('the prompt holds only what the bot perceives: nobody from elsewhere', async () => {
    const { brain } = setup();
    srv.script(answers.tool('express', shout));
    await brain.decide(cat, p, 3);
    const text = JSON.stringify(srv.requests[0].body.messages);
    for (const other of Object.keys(fresh(cat, 3).actors).filter(
      (id) => id !== 'lin_feng' && id !== 'fang_lan' && !p.people.some((n) => n.id === id),
    )) {
      expect(text).not.toContain(`[${other}]`);
    }
  });

  it('malformed JSON gets one repair that quotes the error, then the repaired call is used', async () => {
    const { rt, brain } = setup();
    srv.script(answers.tool('express', '{"channel": "shout", "content": '), answers.tool('express', shout));
    expect(await brain.decide(cat, p, 3)).toEqual(expected);
    expect(srv.requests).toHaveLength(2);
    const repair = srv.requests[1].body.messages;
    const [assistant, tool] = repair.slice(-2);
    expect(assistant.role).toBe('assistant');
    expect(assistant.tool_calls).toHaveLength(1);
    expect(tool.role).toBe('tool');
    expect(tool.tool_call_id).toBe((assistant.tool_calls![0] as { id: string }).id);
    expect(tool.content).toContain('arguments of express are not JSON');
    // the first request is a prefix of the repair request
    expect(repair.slice(0, 2)).toEqual(srv.requests[0].body.messages);
    expect(rt.stats.repairs).toEqual({ invalid_json: 1 });
    expect(rt.stats.fallbacks).toEqual({});
  });

  it("twice bad: the policy brain's call is used and the fallback is counted", async () => {
    const { rt, brain } = setup();
    srv.script(answers.tool('express', '{oops'), answers.tool('express', 'still not json'));
    expect(await brain.decide(cat, p, 3)).toEqual(policyCall());
    expect(srv.requests).toHaveLength(2);
    expect(rt.stats.repairs).toEqual({ invalid_json: 1 });
    expect(rt.stats.fallbacks).toEqual({ invalid_json: 1 });
  });

  it('an unknown tool is named in the repair', async () => {
    const { rt, brain } = setup();
    srv.script(answers.tool('teleport', { to: 'moon' }), answers.tool('move', { destination: 'huaqiangbei', mode: 'bus' }));
    const got = await brain.decide(cat, p, 3);
    expect(got).toEqual({ id: '1:lin_feng', actor: 'lin_feng', tool: 'move', args: { destination: 'huaqiangbei', mode: 'bus' } });
    expect(srv.requests[1].body.messages.at(-1)!.content).toContain('unknown tool "teleport"');
    expect(rt.stats.repairs).toEqual({ unknown_tool: 1 });
  });

  it('invalid arguments are described by path; a move that names its origin is invalid', async () => {
    const { rt, brain } = setup();
    srv.script(
      answers.tool('move', { destination: 'huaqiangbei', mode: 'rocket', from: 'dongmen' }),
      answers.tool('use_resource', { resource: 'money', amount: -5, purpose: 'x' }),
    );
    expect(await brain.decide(cat, p, 3)).toEqual(policyCall());
    const quoted = srv.requests[1].body.messages.at(-1)!.content!;
    expect(quoted).toContain('mode');
    expect(quoted).toContain('from');
    expect(rt.stats.repairs).toEqual({ invalid_args: 1 });
    expect(rt.stats.fallbacks).toEqual({ invalid_args: 1 });
  });

  it('a refusal gets a repair as a user turn, and no tool call is not an action', async () => {
    const { rt, brain } = setup();
    srv.script(answers.refusal('I cannot help with that.'), answers.text('I would rather just think.'));
    expect(await brain.decide(cat, p, 3)).toEqual(policyCall());
    const msgs = srv.requests[1].body.messages;
    expect(msgs.at(-2)).toEqual({ role: 'assistant', content: 'I cannot help with that.' });
    expect(msgs.at(-1)!.role).toBe('user');
    expect(msgs.at(-1)!.content).toContain('I cannot help with that.');
    expect(rt.stats.repairs).toEqual({ refusal: 1 });
    expect(rt.stats.fallbacks).toEqual({ no_tool_call: 1 });
  });

  it('a call that times out every time falls back without a repair', async () => {
    const rt = testRuntime(srv.url, { timeoutMs: 100, retries: 1 });
    const brain = createBrain('llm', rt);
    srv.script(answers.hang(), answers.hang());
    expect(await brain.decide(cat, p, 3)).toEqual(policyCall());
    expect(srv.requests).toHaveLength(2);
    expect(rt.stats.fallbacks).toEqual({ timeout: 1 });
    expect(rt.stats.repairs).toEqual({});
  });

  it('429 with retry-after, then a good answer: no fallback', async () => {
    const { rt, brain } = setup();
    srv.script(answers.rateLimited('2'), answers.tool('express', shout));
    expect(await brain.decide(cat, p, 3)).toEqual(expected);
    expect(rt.waits).toEqual([2000]);
    expect(rt.stats.totalFallbacks).toBe(0);
  });

  it("past the run's token cap the policy brain decides without asking, from the next tick", async () => {
    const rt = testRuntime(srv.url, { maxRunTokens: 100 });
    const brain = createBrain('llm', rt);
    srv.script(answers.tool('express', shout, answers.usage(90, 20)));
    expect(await brain.decide(cat, p, 3)).toEqual(expected);
    const later = { ...p, tick: 2 };
    expect(await brain.decide(cat, later, 3)).toEqual(await policyBrain().decide(cat, later, 3));
    expect(srv.requests).toHaveLength(1);
    expect(rt.stats.fallbacks).toEqual({ budget: 1 });
    expect(rt.ledger.exhaustedAt).toBe(2);
  });

  it('whatever it returns parses as a tool call', async () => {
    const { brain } = setup();
    srv.script(answers.tool('interact', { target: 'fang_lan', manner: 'friendly', content: 'Busy day?' }));
    const got = await brain.decide(cat, p, 3);
    expect(ToolCall.safeParse(got).success).toBe(true);
  });

  it('writes its prompt in Chinese for a cn run', async () => {
    const rt = testRuntime(srv.url, {}, 'cn');
    srv.script(answers.tool('express', shout));
    await createBrain('llm', rt).decide(cat, p, 3);
    expect(srv.requests[0].body.messages[0].content).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('logs', () => {
  it('every repair and fallback is logged with the bot, the tick and the reason', async () => {
    const { default: pino } = await import('pino');
    const { Writable } = await import('node:stream');
    const { createLlm } = await import('../adapters/llm/runtime.ts');
    const { testConfig } = await import('./helpers/llm.ts');
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString('utf8')));
        done();
      },
    });
    const rt = createLlm({ config: testConfig(srv.url), log: pino({ level: 'info' }, sink), sleep: async () => {} });
    srv.script(answers.tool('nap', {}), answers.tool('nap', {}));
    await createBrain('llm', rt).decide(cat, p, 3);
    await new Promise((r) => setImmediate(r));
    const pick = (msg: string) =>
      lines.filter((l) => l.msg === msg).map((l) => ({ role: l.role, actor: l.actor, tick: l.tick, reason: l.reason }));
    expect(pick('llm repair')).toEqual([{ role: 'bot', actor: 'lin_feng', tick: 1, reason: 'unknown_tool' }]);
    expect(pick('llm fallback')).toEqual([{ role: 'bot', actor: 'lin_feng', tick: 1, reason: 'unknown_tool' }]);
    expect(lines.filter((l) => l.msg === 'llm call')).toHaveLength(2);
    expect(lines.find((l) => l.msg === 'llm call')).toMatchObject({ actor: 'lin_feng', tick: 1, prompt: 100, completion: 20, cached: 0 });
  });
});
