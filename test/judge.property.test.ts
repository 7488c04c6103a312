import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import type { WorldChange } from '../sim/model/consequence.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { fresh, shenzhen } from './helpers/world.ts';

let cat: Catalog;
beforeAll(async () => { cat = await shenzhen(); });

/** Random, often hostile proposals: what a confused or malicious World Engine might say. */
function arbitraries(ids: string[], places: string[], templates: string[], items: string[]) {
  const actor = fc.constantFrom(...ids, 'ghost');
  const place = fc.constantFrom(...places, 'atlantis');
  const amount = fc.integer({ min: -3000, max: 3000 });
  const resource = fc.constantFrom('money', 'energy', ...items.map((i) => `item:${i}`));
  const change: fc.Arbitrary<WorldChange> = fc.oneof(
    fc.record({ type: fc.constant('money_source' as const), to: actor, amount: fc.integer({ min: 1, max: 9000 }), source: fc.constantFrom('wage', 'stall_sales', 'tips', 'lottery') }),
    fc.record({ type: fc.constant('resource_transfer' as const), from: actor, to: actor, resource, amount: fc.integer({ min: 1, max: 9000 }), reason: fc.constantFrom('gift', 'stall_sale') }),
    fc.record({ type: fc.constant('resource_gain' as const), actor, resource, amount, reason: fc.constant('x') }),
    fc.record({ type: fc.constant('relationship_change' as const), from: actor, to: actor, delta: fc.integer({ min: -500, max: 500 }) }),
    fc.record({ type: fc.constant('reputation_change' as const), actor, delta: fc.integer({ min: -500, max: 500 }), reason: fc.constant('x') }),
    fc.record({ type: fc.constant('status_change' as const), actor, to: fc.constantFrom('alive', 'dying', 'unconscious', 'restrained_permanent', 'dead'), reason: fc.constant('x') }),
    fc.record({ type: fc.constant('new_entity' as const), template: fc.constantFrom(...templates, 'dragon'), location: place, owner: fc.option(actor, { nil: null }), properties: fc.constant({}) }),
    fc.record({ type: fc.constant('tag_added' as const), actor, tag: fc.constantFrom('job:site_labour:lao_chen', 'skill:guitar', 'brave') }),
    fc.record({ type: fc.constant('place_mood' as const), place, delta: fc.integer({ min: -9, max: 9 }) }),
  );
  const call = fc.record({
    actor: fc.constantFrom(...ids),
    tool: fc.constantFrom('express', 'use_resource'),
  }).map(({ actor: a, tool }): ToolCall => tool === 'express'
    ? { id: 'p', actor: a, tool: 'express', args: { channel: 'shout', content: { text: 'hey' } } }
    : { id: 'p', actor: a, tool: 'use_resource', args: { resource: 'money', amount: 10, purpose: 'buy' } });
  const proposal = fc.record({
    call,
    changes: fc.array(change, { maxLength: 5 }),
    costs: fc.dictionary(resource, amount, { maxKeys: 3 }),
  });
  return fc.array(proposal, { minLength: 1, maxLength: 25 });
}

function invariants(cat: Catalog, s: WorldState, statusBefore: Record<string, string>) {
  let money = 0;
  for (const a of Object.values(s.actors)) {
    money += a.money;
    expect(a.money).toBeGreaterThanOrEqual(0);
    expect(a.energy).toBeGreaterThanOrEqual(0);
    expect(a.energy).toBeLessThanOrEqual(cat.scenario.meta.rules.needs.energyMax);
    for (const n of Object.values(a.inventory)) expect(n).toBeGreaterThan(0);
    for (const r of Object.values(a.relations)) expect(Math.abs(r)).toBeLessThanOrEqual(100);
    expect(Math.abs(a.reputation)).toBeLessThanOrEqual(100);
    if (a.status === 'dead') expect(statusBefore[a.id]).toBe('dying');
  }
  expect(s.moneyTotal).toBe(money);
}

describe('no proposal breaks an invariant', () => {
  it('money, energy and items never go negative; bounds hold; nobody dies from alive; the books balance', () => {
    const ids = cat.scenario.actors.map((a) => a.id);
    const arb = arbitraries(ids, cat.scenario.places.map((p) => p.id), [...cat.templates.keys()], [...cat.items.keys()]);
    fc.assert(fc.property(arb, (proposals) => {
      const s = fresh(cat, 1);
      const judge = new TickJudge(cat, s, 1);
      for (const p of proposals) {
        const statusBefore = Object.fromEntries(Object.values(s.actors).map((a) => [a.id, a.status]));
        judge.call(p.call, { ok: true, consequence: { narrative: { text: 'x' }, world_changes: p.changes, resource_changes: p.costs, side_effects: [] } });
        invariants(cat, s, statusBefore);
      }
      const events = judge.finish();
      const summary = events[events.length - 1];
      if (summary.type !== 'tick_summary') throw new Error('no summary');
      expect(summary.money.before + summary.money.created - summary.money.destroyed).toBe(summary.money.after);
    }), { numRuns: 150, seed: 20261122 });
  }, 60_000);
});
