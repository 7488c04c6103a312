import { beforeAll, describe, expect, it } from 'vitest';
import type { Event, EventBody } from '../sim/model/events.ts';
import { MetricsFold } from '../sim/metrics/fold.ts';
import { networkFigures } from '../sim/metrics/graph.ts';
import { csv, METRICS_COLUMNS, num } from '../sim/metrics/rows.ts';
import { entropy } from '../sim/metrics/stats.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { initialState } from '../sim/state/initial.ts';
import { applyEvent } from '../sim/state/apply.ts';
import type { WorldState } from '../sim/state/types.ts';
import { shenzhen } from './helpers/world.ts';

let cat: Catalog;
beforeAll(async () => {
  cat = await shenzhen();
});

const money = { before: 0, created: 0, destroyed: 0, after: 0, sources: {}, sinks: {} };
/** a committed tick: the bodies in order, then the tick's summary */
function tick(t: number, bodies: EventBody[]): Event[] {
  return [...bodies, { type: 'tick_summary', actions: 0, rejections: 0, money } as EventBody].map(
    (b, seq) => ({ ...b, tick: t, seq }) as Event,
  );
}
const rel = (from: string, to: string, delta: number): EventBody => ({ type: 'relationship_changed', from, to, delta });

/** Shenzhen with no feelings between anyone and only four people alive (a, b, c, d), plus e who is dead. */
function tinyWorld(): { s: WorldState; a: string; b: string; c: string; d: string; e: string } {
  const s = initialState(cat, 1, null);
  const ids = Object.keys(s.actors).sort();
  for (const id of ids) {
    s.actors[id].relations = Object.create(null) as Record<string, number>;
    if (ids.indexOf(id) >= 4) s.actors[id].status = 'dead';
  }
  const [a, b, c, d, e] = ids;
  return { s, a, b, c, d, e };
}

describe('the relationship network, against the definitions by hand', () => {
  it('counts density, reciprocity and clustering among the living only', () => {
    const { s, a, b, c, d, e } = tinyWorld();
    const fold = new MetricsFold(cat, s);
    // a<->b mutual, b->c, c->a, a->d; and feelings to and from the dead e, which do not count
    const r0 = fold.add(tick(0, [rel(a, b, 5), rel(b, a, 3), rel(b, c, 2), rel(c, a, 1), rel(a, d, 4), rel(a, e, 7), rel(e, b, 2)]));
    expect(r0.population).toBe(4);
    expect(r0.relations).toBe(5);
    // n = 4: 5 directed edges of 4 * 3 possible
    expect(r0.density).toBeCloseTo(5 / 12, 12);
    // a->b and b->a have their reverse; b->c, c->a, a->d do not
    expect(r0.reciprocity).toBeCloseTo(2 / 5, 12);
    // undirected: a-b, b-c, c-a, a-d; one triangle abc. C(a) = 1 / C(3,2) = 1/3, C(b) = C(c) = 1, C(d) = 0 (degree 1)
    expect(r0.clustering).toBeCloseTo((1 / 3 + 1 + 1 + 0) / 4, 12);
    // a feeling brought back to 0 is no edge: a->d goes
    const r1 = fold.add(tick(1, [rel(a, d, -4)]));
    expect([r1.relations, r1.density, r1.reciprocity]).toEqual([4, 4 / 12, 2 / 4]);
    expect(r1.clustering).toBeCloseTo(3 / 4, 12);
    // and when c dies, the triangle goes with them: a-b alone, among three
    const r2 = fold.add(tick(2, [{ type: 'status_changed', actor: c, from: 'alive', to: 'dead', reason: 'test' }]));
    expect([r2.population, r2.relations, r2.density, r2.reciprocity, r2.clustering]).toEqual([3, 2, 2 / 6, 1, 0]);
  });

  it('says "not applicable" where a figure has no meaning, and counts a bigger graph the naive way too', () => {
    expect(networkFigures([undefined], [1])).toEqual({ relations: 0, density: null, reciprocity: null, clustering: 0 });
    expect(networkFigures([], []).clustering).toBeNull();
    expect(networkFigures([new Set([1]), new Set([0])], [1, 0])).toEqual({ relations: 0, density: null, reciprocity: null, clustering: 0 });
    // a random graph: the triangle count by brute force over every triple agrees
    const n = 30;
    let x = 7;
    const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const out = Array.from({ length: n }, () => new Set<number>());
    const adj = Array.from({ length: n }, () => new Set<number>());
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++)
        if (i !== j && rand() < 0.15) {
          out[i].add(j);
          adj[i].add(j);
          adj[j].add(i);
        }
    let sum = 0;
    for (let u = 0; u < n; u++) {
      const nb = [...adj[u]];
      let links = 0;
      for (let i = 0; i < nb.length; i++) for (let j = i + 1; j < nb.length; j++) if (adj[nb[i]].has(nb[j])) links++;
      if (nb.length >= 2) sum += links / ((nb.length * (nb.length - 1)) / 2);
    }
    expect(networkFigures(out, new Uint8Array(n).fill(1)).clustering).toBeCloseTo(sum / n, 12);
  });
});

describe('the rest of a tick row', () => {
  it('counts actions, strategies, checks by band and the entropy of the mixes', () => {
    const { s, a, b } = tinyWorld();
    const fold = new MetricsFold(cat, s);
    const act = (actor: string, tool: string, strategy: string): EventBody =>
      ({
        type: 'action',
        actor,
        strategy,
        call: { id: `${actor}:${tool}`, actor, tool, args: {} },
        place: s.actors[actor].location,
        narrative: { key: 'k' },
        side_effects: [],
      }) as unknown as EventBody;
    const check = (band: string): EventBody =>
      ({
        type: 'check_rolled',
        actor: a,
        place: s.actors[a].location,
        call: 'c',
        tool: 'interact',
        word: 'w',
        target: null,
        factors: [],
        formula: '2d6',
        dice: [1, 1],
        kept: [1, 1],
        total: 2,
        band,
      }) as unknown as EventBody;
    const r = fold.add(
      tick(0, [
        act(a, 'interact', 'gossip'),
        act(b, 'interact', 'social'),
        act(a, 'move', 'explore'),
        act(b, 'create', 'art'),
        check('fail'),
        check('partial'),
        check('partial'),
      ]),
    );
    expect([r.actions, r.act_interact, r.act_move, r.act_create, r.act_express]).toEqual([4, 2, 1, 1, 0]);
    // tools 2,1,1 of 4: 1.5 bits; four strategies once each: 2 bits
    expect(r.action_entropy).toBeCloseTo(1.5, 12);
    expect(r.strategy_entropy).toBeCloseTo(2, 12);
    expect([r.strat_gossip, r.strat_social, r.strat_explore, r.strat_art, r.strat_work]).toEqual([1, 1, 1, 1, 0]);
    expect([r.checks, r.checks_fail, r.checks_cost, r.checks_full, r.checks_critical]).toEqual([3, 1, 2, 0, 0]);
    // offline: no tokens, 0 per bot-hour; a quiet tick has no mix to be uncertain about
    expect([r.tokens, r.tokens_per_bot_hour]).toEqual([0, 0]);
    expect(fold.add(tick(1, [])).action_entropy).toBeNull();
    expect(entropy([5])).toBe(0);
  });

  it('books the tokens the summary carries per living bot per simulated hour', () => {
    const { s } = tinyWorld();
    const fold = new MetricsFold(cat, s);
    const [summary] = tick(0, []);
    const r = fold.add([{ ...summary, tokens: 960 } as unknown as Event]);
    const hours = 24 / cat.scenario.vocabulary.time.ticksPerDay;
    expect(r.tokens).toBe(960);
    expect(r.tokens_per_bot_hour).toBeCloseTo(960 / 4 / hours, 9);
  });

  it('writes plain decimals that pandas and R read as numbers, and empty cells for "not applicable"', () => {
    expect([num(1 / 3), num(2), num(0.1 + 0.2), num(1e-9), num(-1e-9), num(123456789012)]).toEqual([
      '0.333333',
      '2',
      '0.3',
      '0',
      '0',
      '123456789012',
    ]);
    const { s } = tinyWorld();
    const fold = new MetricsFold(cat, s);
    fold.add(tick(0, []));
    const [head, row] = csv(METRICS_COLUMNS, fold.rows()).split('\n');
    expect(head.split(',').slice(0, 7)).toEqual(['tick', 'population', 'gini', 'money_p10', 'money_p50', 'money_p90', 'money_total']);
    const cells = Object.fromEntries(head.split(',').map((c, i) => [c, row.split(',')[i]]));
    expect([cells.relations, cells.density, cells.reciprocity, cells.action_entropy]).toEqual(['0', '0', '', '']);
  });
});

describe("a fact's label and its diffusion", () => {
  it('goes to the fact an intervention created right after it, not to a rumour started later', () => {
    const { s, a, b, c } = tinyWorld();
    const fold = new MetricsFold(cat, s);
    const origin = (actor: string) => ({ actor, tick: 0, place: s.actors[actor].location });
    const fact = (id: string, actor: string) => ({ id, content: { key: 'topic.music' }, about: null, truth: false, origin: origin(actor) });
    const events = tick(0, [
      { type: 'intervened', label: 'rumour', kind: 'learn_fact', actor: a } as unknown as EventBody,
      { type: 'fact_created', fact: fact('f:1', a) },
      { type: 'fact_learned', actor: a, fact: 'f:1', from: a, channel: 'origin' },
      { type: 'fact_created', fact: fact('f:2', b) },
      { type: 'fact_learned', actor: b, fact: 'f:2', from: b, channel: 'origin' },
      { type: 'fact_learned', actor: c, fact: 'f:1', from: a, channel: 'talk' },
    ]);
    // the world's own fold of the same events (the intervention's own event changes nothing here)
    fold.adopt(s);
    for (const e of events) if (e.type !== ('intervened' as string)) applyEvent(s, e);
    const row = fold.add(events);
    expect([row.interventions, row.facts, row.knowings]).toEqual([1, 2, 3]);
    expect(fold.diffusion().map((d) => [d.fact, d.label, d.known, d.learned, d.reachable, d.share])).toEqual([
      ['f:1', 'rumour', 2, 2, 4, 0.5],
      ['f:2', null, 1, 1, 4, 0.25],
    ]);
    // half of the four living knew f:1 on the tick it was made
    expect(fold.facts().map((f) => [f.fact, f.label, f.half_tick, f.peak_known])).toEqual([
      ['f:1', 'rumour', 0, 2],
      ['f:2', null, null, 1],
    ]);
    expect(fold.spread().map((x) => `${x.actor}<${x.from}`)).toEqual([`${a}<${a}`, `${b}<${b}`, `${c}<${a}`]);
  });

  it('counts those who left, like the dead, out of who knows and who could know', () => {
    const { s, a, b, c, d } = tinyWorld();
    const fold = new MetricsFold(cat, s);
    const fact = { id: 'f:1', content: { key: 'topic.music' }, about: null, truth: false, origin: { actor: a, tick: 0, place: 'x' } };
    const fold1 = (t: number, bodies: EventBody[]) => {
      const events = tick(t, bodies);
      for (const e of events) applyEvent(s, e);
      return fold.add(events);
    };
    fold1(0, [
      { type: 'fact_created', fact },
      { type: 'fact_learned', actor: a, fact: 'f:1', from: a, channel: 'origin' },
      { type: 'fact_learned', actor: b, fact: 'f:1', from: a, channel: 'talk' },
    ]);
    // b leaves for good (a researcher's `leave`), d dies: out of reach both, and b knew it
    fold1(1, [
      { type: 'status_changed', actor: b, from: 'alive', to: 'restrained_permanent', reason: 'left' },
      { type: 'status_changed', actor: d, from: 'alive', to: 'dead', reason: 'starved' },
    ]);
    fold1(2, [{ type: 'fact_learned', actor: c, fact: 'f:1', from: a, channel: 'talk' }]);
    expect(fold.diffusion().map((x) => [x.tick, x.known, x.reachable, x.share])).toEqual([
      [0, 2, 4, 0.5],
      [1, 1, 2, 0.5],
      [2, 2, 2, 1],
    ]);
    // the one who left is still alive (population), but out of the fact's reach
    expect(fold.rows().map((r) => r.population)).toEqual([4, 3, 3]);
    expect(fold.facts()[0]).toMatchObject({ known: 2, reachable: 2, half_tick: 0, peak_known: 2 });
  });
});
