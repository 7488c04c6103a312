import { describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { Renderer } from '../sim/i18n/render.ts';
import type { Event } from '../sim/model/events.ts';
import { statedOf } from '../sim/model/quests.ts';
import { type Catalog, placeExists } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { applyEvent } from '../sim/state/apply.ts';
import { initialState } from '../sim/state/initial.ts';
import { isClosed } from '../sim/state/overrides.ts';
import type { WorldState } from '../sim/state/types.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { ROOT } from './helpers/world.ts';

/**
 * The no-lie rule over whole runs (docs/design.md, Quests): every quest given in 500 ticks of each pack,
 * with bots taking and pursuing them, is checked by this file's own reading of the log, not the
 * Judge's code: folded event by event, the state just before each offer is the state it was judged in.
 */
async function run(pack: string, seed: number): Promise<{ cat: Catalog; events: Event[] }> {
  const scenario = await loadScenario(`${ROOT}scenarios/${pack}`);
  const world = await World.open({ scenario, seed, population: null, store: memoryStore(), brain: policyBrain(), engine: ruleEngine() });
  const events: Event[] = [];
  for (let t = 0; t < 500; t++) events.push(...(await world.step()));
  return { cat: world.cat, events };
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const inPlay = (s: WorldState, id: string) =>
  !!s.actors[id] && s.actors[id].status !== 'dead' && s.actors[id].status !== 'restrained_permanent';

/** Why an offer would be a lie in `s` (the state it was judged in), or null. */
function lie(cat: Catalog, s: WorldState, e: Extract<Event, { type: 'quest_offered' }>): string | null {
  const q = e.quest;
  const g = q.goal;
  if (g.kind === 'bring' && (!cat.items.has(g.item) || !inPlay(s, g.to))) return 'bring names what is not';
  if (g.kind === 'visit' && (!placeExists(cat, s, g.place) || isClosed(s, g.place))) return 'no such open place';
  if (g.kind === 'learn' && !inPlay(s, g.about)) return 'nobody to learn about';
  if (!same(q.stated, statedOf(q.def, g, q.reward.amount, q.deadline))) return 'stated words are not the goal';
  if (q.reward.from === q.giver ? s.actors[q.giver].money < q.reward.amount : !cat.sources.has(q.reward.from))
    return 'the reward cannot be paid';
  for (const src of q.sources) {
    if (!s.actors[src.source]?.knows.includes(src.fact)) return `${src.source} never heard ${src.fact}`;
    if (!same(src.claim, s.facts[src.fact].content)) return `${src.source} is misquoted`;
  }
  if (
    !same(
      q.risk.facts,
      q.sources
        .map((x) => x.fact)
        .filter((f) => !s.facts[f].truth)
        .sort(),
    )
  )
    return 'the Judge misrecorded the false facts';
  return null;
}

describe.each([
  ['shenzhen', 1],
  ['riverford', 9],
] as const)('%s, 500 ticks with bots taking quests', (pack, seed) => {
  it('gives only quests whose goal is literally true and whose sources really heard what they are said to say', async () => {
    const { cat, events } = await run(pack, seed);
    const state = initialState(cat, seed, null);
    const r = new Renderer('en', cat, state);
    const counts = { offered: 0, taken: 0, completed: 0, failed: 0, progressed: 0, sourced: 0, misleading: 0 };
    for (const e of events) {
      if (e.type === 'quest_offered') {
        expect(lie(cat, state, e), `${e.quest.id} at tick ${e.tick}`).toBeNull();
        counts.offered++;
        if (e.quest.sources.length) counts.sourced++;
        if (e.quest.risk.facts.length) counts.misleading++;
        // the words name what the goal names, in so many words
        const text = r.render(e.quest.stated);
        const g = e.quest.goal;
        const named =
          g.kind === 'visit'
            ? r.place(g.place)
            : g.kind === 'bring'
              ? r.param({ ref: 'item', id: g.item })
              : g.kind === 'learn'
                ? r.actor(g.about)
                : r.money(g.amount);
        expect(text).toContain(named);
        expect(text).toContain(r.money(e.quest.reward.amount));
      } else if (e.type === 'quest_taken') counts.taken++;
      else if (e.type === 'quest_completed') counts.completed++;
      else if (e.type === 'quest_failed') counts.failed++;
      else if (e.type === 'quest_progressed') counts.progressed++;
      applyEvent(state, e);
    }
    console.log(`${pack} seed ${seed}, 500 ticks: ${JSON.stringify(counts)}`);
    expect(counts.offered).toBeGreaterThan(5);
    expect(counts.taken).toBeGreaterThan(3);
    expect(counts.completed).toBeGreaterThan(0);
    expect(counts.failed).toBeGreaterThan(0);
    // a quest that misleads without lying: a source who truly heard a rumour the Judge knows is false
    expect(counts.misleading).toBeGreaterThan(0);

    // every completion pays its reward in the same tick: from the giver, or from the pack's declared source
    for (const c of events.filter((e) => e.type === 'quest_completed')) {
      const q = state.quests![c.quest];
      const tick = events.filter((e) => e.tick === c.tick);
      const paid =
        q.reward.from === q.giver
          ? tick.some(
              (e) =>
                e.type === 'transfer' && e.from === q.giver && e.to === c.actor && e.resource === 'money' && e.amount === q.reward.amount,
            )
          : tick.some((e) => e.type === 'money_created' && e.source === q.reward.from && e.to === c.actor && e.amount === q.reward.amount);
      expect(paid, c.quest).toBe(true);
    }
    // and the books reconcile every tick: no money from nowhere
    for (const e of events) if (e.type === 'tick_summary') expect(e.money.after).toBe(e.money.before + e.money.created - e.money.destroyed);
  });
});
