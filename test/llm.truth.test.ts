import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { createBrain, createEngine } from '../adapters/cli/backends.ts';
import type { Consequence } from '../sim/model/consequence.ts';
import type { Event } from '../sim/model/events.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { localDeliberation } from '../sim/tick/deliberation.ts';
import { runTick } from '../sim/tick/pipeline.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { describeEvent } from '../sim/i18n/describe.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { PlayerQueue } from '../bots/brains/player.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { llmNarrator } from '../world-engine/narrator/llm.ts';
import { offlineNarrator } from '../world-engine/narrator/offline.ts';
import { eventsOfCall } from '../world-engine/narrator/select.ts';
import { sliceFor } from '../world-engine/slice.ts';
import { answers, startOpenAiServer, type ChatBody, type OpenAiServer } from './helpers/openai-server.ts';
import { testRuntime } from './helpers/llm.ts';
import { call, fresh, place, shenzhen } from './helpers/world.ts';

/**
 * The LLM World Engine's answers are held to the Judge before the tick: one that names what does not
 * exist, or narrates what its changes do not carry, is repaired once quoting the Judge's reason, then
 * the rule engine resolves the call (counted). The loopback server plays the model.
 */
let cat: Catalog;
let srv: OpenAiServer;
let s: WorldState;
beforeAll(async () => {
  cat = await shenzhen();
  srv = await startOpenAiServer();
});
afterAll(async () => {
  await srv.close();
});
afterEach(() => {
  srv.reset();
});

const c = call('lin_feng', 'interact', { target: 'fang_lan', manner: 'friendly', content: { text: 'Nice mural.' } });
const setup = () => {
  s = fresh(cat, 3);
  place(s, 'lin_feng', 'dongmen');
  place(s, 'fang_lan', 'dongmen');
  const judge = new TickJudge(cat, s, 1);
  return { slice: sliceFor(cat, s, indexPlaces(cat, s), 1, c), verify: (q: Consequence) => judge.dryRun(c, q) };
};
const good: Consequence = {
  narrative: { text: 'They talk about colours.' },
  world_changes: [{ type: 'relationship_change', from: 'lin_feng', to: 'fang_lan', delta: 3 }],
  resource_changes: { energy: -2 },
  side_effects: [],
};
const ghost: Consequence = { ...good, world_changes: [{ type: 'entity_removal', entity: 'e:999', reason: 'x' }] };
const death: Consequence = { ...good, narrative: { text: 'Lao Chen collapses and dies; his stall burns down.' } };

describe('the LLM World Engine repairs what the Judge would refuse', () => {
  it("an unknown reference is repaired once, quoting the Judge's reason", async () => {
    const rt = testRuntime(srv.url);
    const { slice, verify } = setup();
    srv.script(answers.json(ghost), answers.json(good));
    expect(await createEngine('llm', rt).resolve(cat, slice, c, verify)).toEqual(good);
    expect(srv.requests[1].body.messages.at(-1)!.content).toContain('unknown_entity');
    expect(rt.stats.repairs).toEqual({ invalid_reference: 1 });
  });
  it("twice unknown: the rule engine's proposal for that call, counted", async () => {
    const rt = testRuntime(srv.url);
    const { slice, verify } = setup();
    srv.script(answers.json(ghost), answers.json(ghost));
    expect(await createEngine('llm', rt).resolve(cat, slice, c, verify)).toEqual(ruleEngine().resolve(cat, slice, c));
    expect(rt.stats.fallbacks).toEqual({ invalid_reference: 1 });
  });
  it('a narrative that declares a death the changes do not carry: repaired quoting it, then the rule engine', async () => {
    const rt = testRuntime(srv.url);
    const { slice, verify } = setup();
    srv.script(answers.json(death), answers.json(death));
    const got = await createEngine('llm', rt).resolve(cat, slice, c, verify);
    expect(got).toEqual(ruleEngine().resolve(cat, slice, c));
    expect(srv.requests[1].body.messages.at(-1)!.content).toMatch(/unbacked_claim: .*death \(lao_chen\).*destruction/);
    expect(rt.stats.repairs).toEqual({ unbacked_claim: 1 });
    expect(rt.stats.fallbacks).toEqual({ unbacked_claim: 1 });
  });
});

/** A model whose every answer names a thing that does not exist and announces a death. */
function hostile(body: ChatBody) {
  const actor = /"actor":"([a-z_0-9]+)"/.exec(body.messages[1].content ?? '')?.[1] ?? 'lin_feng';
  return answers.json({
    narrative: { text: '老陈倒在地上，断了气。' },
    world_changes: [
      { type: 'entity_removal', entity: 'e:404', reason: 'x' },
      { type: 'reputation_change', actor, delta: 1, reason: 'x' },
    ],
    resource_changes: {},
    side_effects: [],
  });
}

describe('a run with such a model', () => {
  it('keeps people fed (the rule engine resolves each call the model gets wrong) and never logs the death', async () => {
    srv.responder = hostile;
    const rt = testRuntime(srv.url);
    const delib = localDeliberation(createBrain('policy', null), createEngine('llm', rt), 8);
    const state = fresh(cat, 5);
    const all: Event[] = [];
    for (let tick = 1; tick <= 70; tick++) all.push(...(await runTick(cat, state, tick, delib)));
    const people = Object.values(state.actors);
    expect(people.filter((a) => a.status !== 'alive').map((a) => a.id)).toEqual([]);
    expect(rt.stats.fallbacks.invalid_reference).toBeGreaterThan(100);
    expect(all.filter((e) => e.type === 'action').length).toBeGreaterThan(300);
    expect(JSON.stringify(all)).not.toContain('断了气');
    for (const lang of ['cn', 'en'] as const) {
      const r = new Renderer(lang, cat, state);
      expect(all.map((e) => describeEvent(r, e) ?? '').join('\n')).not.toMatch(/断了气|倒在地上/);
    }
    srv.responder = () => answers.text('');
  }, 120_000);
});

describe("the player's narrator uses the same claim check", () => {
  it('a retelling that adds a death, naming no one, is repaired once', async () => {
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
    await w.step(asking(JOIN, [{ actor: 'p1', name: { cn: '阿达', en: 'Ada' }, concept: '', place: 'huaqiangbei' }]));
    while (w.state.actors.p1.nextWake > w.tick) await w.step();
    queue.put({ id: 'c1', actor: 'p1', tool: 'express', args: { channel: 'shout', content: { text: 'Noodles here!' } } } as ToolCall);
    const all = await w.step();
    const input = { cat: w.cat, state: w.state, actor: 'p1', tick: all[0].tick, events: eventsOfCall(all, 'p1') };
    const rt = testRuntime(srv.url);
    const fine = { cn: '你大喊了一声。', en: 'You shout.' };
    srv.script(answers.json({ cn: '你大喊一声，有人当场倒地身亡。', en: 'You shout, and someone drops dead.' }), answers.json(fine));
    expect(await llmNarrator({ client: rt.client, stats: rt.stats, fallback: offlineNarrator(), lang: 'en' }).narrate(input)).toEqual(fine);
    expect(srv.requests[1].body.messages.at(-1)!.content).toMatch(/cn: death.*en: death/s);
    expect(rt.stats.repairs).toEqual({ invented: 1 });
    await w.close();
  });
});

describe("the rule engine's own texts", () => {
  it('never trip the claim check (100 ticks of the policy brain and rule engine)', async () => {
    // marked untrusted, as if it came from a remote worker, so the Judge checks every text it proposes
    const rules = ruleEngine();
    const delib = localDeliberation(createBrain('policy', null), { name: 'remote-rules', resolve: rules.resolve.bind(rules) }, 8);
    const state = fresh(cat, 3);
    let held = 0,
      actions = 0;
    for (let tick = 1; tick <= 100; tick++) {
      for (const e of await runTick(cat, state, tick, delib))
        if (e.type === 'action') {
          actions++;
          held += e.held ?? 0;
        }
    }
    expect(actions).toBeGreaterThan(500);
    expect(held).toBe(0);
  });
});
