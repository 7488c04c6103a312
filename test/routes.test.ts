import { describe, expect, it } from 'vitest';
import type { Scenario } from '../sim/model/scenario.ts';
import { buildCatalog, travelCost } from '../sim/scenario/catalog.ts';
import { act } from './helpers/act.ts';
import { call, fresh, place, shenzhen } from './helpers/world.ts';

/** Links some modes may not take, and tolls only some modes pay (README, Files and fields): the Judge's cost of a trip knows both. */
async function variant(edit: (s: Scenario) => Scenario) {
  return buildCatalog(edit((await shenzhen()).scenario));
}
const onFoot = (s: Scenario): Scenario => ({
  ...s,
  places: s.places.map((p) => ({
    ...p,
    links: p.links.map((l) =>
      (p.id === 'huaqiangbei' && l.to === 'futian_cbd') || (p.id === 'futian_cbd' && l.to === 'huaqiangbei')
        ? { ...l, modes: ['walk'] }
        : l,
    ),
  })),
});

describe('a link only some modes may take', () => {
  it('is the short way for them, and others go round', async () => {
    const cat = await variant(onFoot);
    const s = fresh(cat);
    const walk = travelCost(cat, s, 'huaqiangbei', 'futian_cbd', 'walk')!;
    const bus = travelCost(cat, s, 'huaqiangbei', 'futian_cbd', 'bus')!;
    expect(walk.distance).toBe(1);
    expect(bus.distance).toBeGreaterThan(1);
    // the pack as shipped: the bus takes the short link too
    const open = await shenzhen();
    expect(travelCost(open, fresh(open), 'huaqiangbei', 'futian_cbd', 'bus')!.distance).toBe(1);
    // the Judge charges the bus the long way round
    place(s, 'lin_feng', 'huaqiangbei');
    s.actors.lin_feng.money = 500;
    const before = s.actors.lin_feng.money;
    const r = act(cat, s, call('lin_feng', 'move', { destination: 'futian_cbd', mode: 'bus' }));
    expect(r.failed).toBeNull();
    expect(before - s.actors.lin_feng.money).toBe(bus.money);
  });
});

describe('a toll on some modes', () => {
  it('is paid by those who travel so, and not by the others', async () => {
    const cat = await variant((s) => ({
      ...s,
      templates: [
        ...s.templates,
        {
          ...s.templates[0],
          id: 'foot_gate',
          effects: [{ type: 'toll', to: 'nanshan_tech_park', amount: 3, modes: ['walk'] }],
        } as Scenario['templates'][number],
      ],
      entities: [...s.entities, { id: 'gate', template: 'foot_gate', location: 'baoan_village', owner: 'zhao_lei', properties: {} }],
    }));
    const s = fresh(cat);
    const tolls = (mode: string) => travelCost(cat, s, 'baoan_village', 'nanshan_tech_park', mode, 'lin_feng')!.tolls;
    expect(tolls('walk')).toEqual([expect.objectContaining({ owner: 'zhao_lei', amount: 3 })]);
    expect(tolls('bus')).toEqual([]);
  });
});
