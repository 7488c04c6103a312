import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlayerQueue } from '../bots/brains/player.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { llmIntentParser } from '../bots/intent/llm.ts';
import { offlineIntentParser } from '../bots/intent/offline.ts';
import type { Event } from '../sim/model/events.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { unsupportedMentions } from '../world-engine/narrator/check.ts';
import { llmNarrator } from '../world-engine/narrator/llm.ts';
import { offlineNarrator } from '../world-engine/narrator/offline.ts';
import { eventsOfCall } from '../world-engine/narrator/select.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { testRuntime } from './helpers/llm.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { shenzhen } from './helpers/world.ts';

const ME = 'player-1';
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

/** A world with a player at Huaqiangbei who has just shouted; returns the events of that call. */
async function shouted() {
  const cat = await shenzhen();
  const queue = new PlayerQueue();
  const w = await World.open({
    scenario: cat.scenario,
    seed: 9,
    population: null,
    store: memoryStore(),
    brain: policyBrain(),
    players: queue,
    engine: ruleEngine(),
  });
  await w.step(asking(JOIN, [{ actor: ME, name: { cn: '阿达', en: 'Ada' }, concept: '', place: 'huaqiangbei' }]));
  while (w.state.actors[ME].nextWake > w.tick) await w.step();
  queue.put({ id: 'c1', actor: ME, tool: 'express', args: { channel: 'shout', content: { text: 'Noodles here!' } } } as ToolCall);
  const all = await w.step();
  const events: Event[] = eventsOfCall(all, ME);
  return { w, events, input: { cat: w.cat, state: w.state, actor: ME, tick: all[0].tick, events } };
}

describe('the language-model narrator', () => {
  it('retells the committed events and is checked against them', async () => {
    const { w, input } = await shouted();
    const rt = testRuntime(srv.url);
    const prose = { cn: '你在华强北大喊：“Noodles here!”', en: 'You shout across Huaqiangbei: "Noodles here!"' };
    srv.script(answers.json(prose));
    expect(await llmNarrator({ client: rt.client, stats: rt.stats, fallback: offlineNarrator(), lang: 'en' }).narrate(input)).toEqual(
      prose,
    );
    const body = srv.requests[0].body;
    expect(body.model).toBe('n');
    expect(body.response_format?.type).toBe('json_schema');
    // the model retells the offline narration: the committed events, in words
    const plain = offlineNarrator().narrate(input) as { en: string };
    expect(body.messages[1].content).toContain(plain.en);
    await w.close();
  });

  it('a narration that invents someone or an amount is repaired once, then replaced by the offline one', async () => {
    const { w, input } = await shouted();
    const rt = testRuntime(srv.url);
    const invented = { cn: '你喊了一声，邓丽芳给了你 500 元。', en: 'You shout, and Deng Lifang gives you 500 yuan.' };
    const n = llmNarrator({ client: rt.client, stats: rt.stats, fallback: offlineNarrator(), lang: 'en' });

    srv.script(answers.json(invented), answers.json({ cn: '你大喊了一声。', en: 'You shout.' }));
    expect(await n.narrate(input)).toEqual({ cn: '你大喊了一声。', en: 'You shout.' });
    const repair = srv.requests[1].body.messages.at(-1)!;
    expect(repair.content).toContain('deng_lifang');
    expect(repair.content).toContain('500');
    expect(rt.stats.repairs).toEqual({ invented: 1 });

    srv.reset();
    srv.script(answers.json(invented), answers.json(invented));
    const told = await n.narrate(input);
    expect(told).toEqual(offlineNarrator().narrate(input));
    for (const lang of ['cn', 'en'] as const) expect(unsupportedMentions(told[lang], lang, input.events, w.cat, w.state)).toEqual([]);
    expect(rt.stats.fallbacks).toEqual({ invented: 1 });
    await w.close();
  });

  it('malformed JSON, a refusal and a dead server all end in the offline narration', async () => {
    const { w, input } = await shouted();
    const rt = testRuntime(srv.url, { retries: 0 });
    const n = llmNarrator({ client: rt.client, stats: rt.stats, fallback: offlineNarrator(), lang: 'cn' });
    const plain = offlineNarrator().narrate(input);
    srv.script(answers.text('{"cn": "unfinished'), answers.refusal('no'));
    expect(await n.narrate(input)).toEqual(plain);
    srv.script(answers.serverError(500));
    expect(await n.narrate(input)).toEqual(plain);
    expect(rt.stats.repairs).toEqual({ invalid_json: 1 });
    expect(Object.keys(rt.stats.fallbacks).sort()).toEqual(['refusal', 'server_error']);
    await w.close();
  });
});

describe('the language-model intent parser', () => {
  it("turns words into a tool call by the player, with the player's situation as context", async () => {
    const { w } = await shouted();
    const rt = testRuntime(srv.url);
    srv.script(answers.tool('move', { destination: 'futian_cbd', mode: 'bus' }));
    const parser = llmIntentParser({ client: rt.client, stats: rt.stats, fallback: offlineIntentParser(), lang: 'en' });
    // words the offline parser does not understand: the model reads them
    const got = await parser.parse({
      cat: w.cat,
      state: w.state,
      actor: ME,
      id: 'c2',
      text: 'hail a ride to the business district',
      lang: 'en',
    });
    expect(got.call).toEqual({ id: 'c2', actor: ME, tool: 'move', args: { destination: 'futian_cbd', mode: 'bus' } });
    expect(got.understood.en).toMatch(/Futian/);
    expect(got.understood.cn).toMatch(/福田/);
    const body = srv.requests[0].body;
    expect(body.model).toBe('i');
    expect(body.tools?.map((t) => t.function.name).sort()).toEqual([
      'create',
      'express',
      'interact',
      'look_around',
      'move',
      'use_resource',
    ]);
    expect(body.messages[1].content).toContain('[huaqiangbei]');
    expect(body.messages[1].content).toContain('hail a ride to the business district');
    await w.close();
  });

  it('an unknown tool is repaired once; twice wrong, the offline parser reads the words', async () => {
    const { w } = await shouted();
    const rt = testRuntime(srv.url);
    const parser = llmIntentParser({ client: rt.client, stats: rt.stats, fallback: offlineIntentParser(), lang: 'en' });
    const input = { cat: w.cat, state: w.state, actor: ME, id: 'c3', text: 'hail a ride to the business district', lang: 'en' as const };
    srv.script(answers.tool('teleport', { to: 'futian_cbd' }), answers.tool('move', { destination: 'futian_cbd', mode: 'taxi' }));
    expect((await parser.parse(input)).call).toMatchObject({ tool: 'move', args: { mode: 'taxi' } });
    expect(String(srv.requests[1].body.messages.at(-1)!.content)).toContain('unknown tool "teleport"');

    srv.reset();
    srv.script(answers.tool('teleport', {}), answers.tool('move', { destination: 'mars', mode: 'rocket' }));
    const offline = (await offlineIntentParser().parse(input)).call;
    expect((await parser.parse(input)).call).toEqual(offline);
    expect(rt.stats.repairs).toEqual({ unknown_tool: 2 });
    expect(rt.stats.fallbacks).toEqual({ invalid_args: 1 });
    await w.close();
  });
});
