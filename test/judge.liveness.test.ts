import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolCall, ToolName } from '../sim/model/tools.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { type Rng, rngFor } from '../sim/rng.ts';
import { act } from './helpers/act.ts';
import { call, fresh, place, shenzhen } from './helpers/world.ts';

let cat: Catalog;
beforeAll(async () => {
  cat = await shenzhen();
});

/**
 * The other half of the Judge's property test: refusing is not enough, sound calls must pass. A
 * Judge that rejects everything keeps every invariant; it fails here.
 */
type Setup = (s: WorldState, actor: string, rng: Rng) => ToolCall;

const pickOf = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)];

/** Give the actor what the call needs, put it where it can make it, and make it. */
const VALID: Record<ToolName, Setup> = {
  express: (_s, a, rng) =>
    call(a, 'express', { channel: pickOf(rng, cat.words.ids('channels')), content: { text: 'the rain has stopped' } }),
  interact(s, a, rng) {
    const other = pickOf(
      rng,
      cat.scenario.actors.filter((x) => x.id !== a),
    ).id;
    place(s, other, s.actors[a].location);
    return call(a, 'interact', {
      target: other,
      manner: pickOf(rng, ['friendly', 'observe', 'hostile'] as const),
      content: { text: 'hello' },
    });
  },
  move(s, a, rng) {
    const here = cat.places.get(s.actors[a].location)!;
    return call(a, 'move', { destination: pickOf(rng, here.links).to, mode: pickOf(rng, cat.words.ids('modes')) });
  },
  use_resource(s, a, rng) {
    const shops = cat.scenario.places.filter((p) => p.sells.length > 0);
    if (rng.chance(0.5) || shops.length === 0) {
      const other = pickOf(
        rng,
        cat.scenario.actors.filter((x) => x.id !== a),
      ).id;
      place(s, other, s.actors[a].location);
      return call(a, 'use_resource', { resource: 'money', amount: rng.int(1, 50), purpose: 'gift', target: other });
    }
    const shop = pickOf(rng, shops);
    place(s, a, shop.id);
    return call(a, 'use_resource', { resource: `item:${pickOf(rng, shop.sells)}`, amount: rng.int(1, 3), purpose: 'buy' });
  },
  create(s, a, rng) {
    // a class needs a teacher's role or the skill: give the body the role it needs
    const t = pickOf(
      rng,
      [...cat.templates.values()].filter((x) => cat.words.kind(x.kind)?.made !== false),
    );
    if (t.effects.some((e) => e.type === 'class') && !s.actors[a].roles.includes('teacher')) s.actors[a].roles.push('teacher');
    return call(a, 'create', { what: t.id, where: s.actors[a].location, using: {} });
  },
};

describe('the Judge accepts sound calls of every tool (liveness)', () => {
  it('a valid call of each tool, resolved by the rule engine, is accepted and committed', () => {
    const accepted: Record<string, number> = {};
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(...cat.scenario.actors.map((a) => a.id)),
        fc.constantFrom(...(Object.keys(VALID) as ToolName[])),
        (seed, actor, tool) => {
          const s = fresh(cat, seed);
          // a body able to do anything sound: awake, fed and with money to spend
          const a = s.actors[actor];
          s.moneyTotal += 5000 - a.money;
          a.money = 5000;
          a.energy = cat.scenario.meta.rules.needs.energyMax;
          a.status = 'alive';
          const rng = rngFor(seed, 0, actor, 'liveness');
          const c = VALID[tool](s, actor, rng);
          const r = act(cat, s, c);
          expect(r.failed, `${tool} by ${actor}: ${JSON.stringify(c.args)} -> ${JSON.stringify(r.failed?.reason)}`).toBeNull();
          const done = r.events.find((e) => e.type === 'action');
          expect(done && done.type === 'action' && done.call.id).toBe(c.id);
          accepted[tool] = (accepted[tool] ?? 0) + 1;
        },
      ),
      { numRuns: 500, seed: 20261123 },
    );
    for (const tool of Object.keys(VALID)) expect(accepted[tool], tool).toBeGreaterThan(20);
  });
});
