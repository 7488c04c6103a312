import { describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import { proposers } from '../sim/judge/changes.ts';
import type { Event } from '../sim/model/events.ts';
import { Intervention } from '../sim/model/interventions.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { INTERVENE } from '../sim/tick/requests.ts';
import type { WorldState } from '../sim/state/types.ts';
import { World } from '../sim/world.ts';
import { asking } from './helpers/requests.ts';
import { call, consequence, fresh, ROOT } from './helpers/world.ts';

/**
 * A place an intervention closed (README, Interventions and forks): nothing changes hands, is made,
 * worked or earned there after its closing tick, and the Judge is what refuses it.
 */
const CLOSE_AT = 4;
const TICKS = 30;
const SEEDS = 10;

const packs = new Map<string, Catalog>();
async function pack(name: string): Promise<Catalog> {
  let cat = packs.get(name);
  if (!cat) packs.set(name, (cat = buildCatalog(await loadScenario(`${ROOT}scenarios/${name}`))));
  return cat;
}

/** The place most people stand in now (the first of equals by id): where closing it matters. */
function busiest(state: WorldState): string {
  const n = new Map<string, number>();
  for (const a of Object.values(state.actors)) if (a.status === 'alive') n.set(a.location, (n.get(a.location) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
}

/**
 * Where each trading or making event happened, folded from the log as it runs: a transfer where its
 * payer stands, money a thing earns where the thing stands, other money where its receiver stands,
 * a thing where it is made, work where the worker acts.
 */
function located(state: WorldState, cat: Catalog, events: Event[]): { place: string; e: Event }[] {
  const at = new Map<string, string>();
  for (const a of Object.values(state.actors)) at.set(a.id, a.location);
  for (const x of Object.values(state.entities)) at.set(x.id, x.location);
  const out: { place: string; e: Event }[] = [];
  for (const e of events) {
    if (e.type === 'moved') at.set(e.actor, e.to);
    else if (e.type === 'joined') at.set(e.actor, e.place);
    else if (e.type === 'intervened' && e.person) at.set(e.actor!, e.person.place);
    else if (e.type === 'entity_created') {
      at.set(e.entity.id, e.entity.location);
      out.push({ place: e.entity.location, e });
    } else if (e.type === 'transfer') out.push({ place: at.get(e.from)!, e });
    else if (e.type === 'money_created' && !(e.entity === null && isPurse(events, e))) out.push({ place: at.get(e.entity ?? e.to)!, e });
    else if (e.type === 'action' && e.call.tool === 'use_resource' && cat.words.purposeDoes(e.call.args.purpose) === 'work')
      out.push({ place: e.place, e });
  }
  return out;
}
/** A newcomer's purse, booked at their arrival: money made where they arrive, not trade. */
const isPurse = (events: Event[], e: Extract<Event, { type: 'money_created' }>) =>
  events.some((x) => x.type === 'intervened' && x.kind === 'arrive' && x.actor === e.to && x.tick === e.tick);

async function closedRun(name: string, seed: number) {
  const cat = await pack(name);
  const w = await World.open({
    scenario: cat.scenario,
    seed,
    population: null,
    store: memoryStore(),
    brain: policyBrain(),
    engine: ruleEngine(),
  });
  for (let i = 0; i < CLOSE_AT; i++) await w.step();
  const place = busiest(w.state);
  const start = structuredClone(w.state);
  const events: Event[] = [];
  const shut = Intervention.parse({ label: 'shut', at: w.tick, kind: 'close_place', place });
  events.push(...(await w.step(asking(INTERVENE, [shut]))));
  for (let i = 1; i < TICKS; i++) events.push(...(await w.step()));
  return { cat, place, start, events };
}

describe('a closed place', () => {
  for (const name of ['shenzhen', 'riverford', 'vesta_ring'])
    it(`${name}: after its closing tick, no transfer, creation, income or work there, in ${SEEDS} seeds`, async () => {
      let inside = 0;
      for (let seed = 1; seed <= SEEDS; seed++) {
        const { cat, place, start, events } = await closedRun(name, seed);
        expect(events[0]).toMatchObject({ type: 'intervened', kind: 'close_place', place });
        const there = located(start, cat, events).filter((x) => x.place === place);
        expect(
          there.map((x) => x.e),
          `${name} seed ${seed} at ${place}`,
        ).toEqual([]);
        // people were inside all along (they may leave), so something could have been traded there
        inside += events.filter((e) => e.type === 'action' && e.place === place).length;
        // and the brains did not keep proposing what the Judge refuses there
        const refused = events.filter((e) => e.type === 'call_failed' && e.failed.reason.code === 'place_closed');
        expect(refused.length, `${name} seed ${seed}`).toBe(0);
      }
      expect(inside).toBeGreaterThan(0);
    }, 60_000);
});

describe('the reason is the closed place', () => {
  async function shutScene() {
    const cat = await pack('shenzhen');
    const s = fresh(cat, 3);
    const place = 'dongmen';
    for (const id of ['lin_feng', 'fang_lan']) s.actors[id].location = place;
    const judge = new TickJudge(cat, s, 1);
    expect(judge.intervene(Intervention.parse({ label: 'shut', at: 1, kind: 'close_place', place }))).toBeNull();
    return { cat, s, place, judge };
  }
  const closedHere = (place: string) => ({ code: 'place_closed', message: { params: { place: { ref: 'place', id: place } } } });

  it('a sale between people inside, whoever proposes it', async () => {
    const { cat, s, place, judge } = await shutScene();
    // a purchase called as one, and a payment slipped into a chat's consequence: both refused for the place
    const buy = cat.words.mannerFor('buy')!;
    const stall = Object.values(s.entities).find((e) => e.location === place)?.id ?? 'fang_lan';
    expect(
      judge.call(call('lin_feng', 'interact', { target: stall, manner: buy, content: { text: 'one' } }), {
        ok: true,
        consequence: consequence(),
      })?.reason,
    ).toMatchObject(closedHere(place));
    const chat = cat.words.mannerFor('befriend')!;
    const paid = consequence({
      world_changes: [{ type: 'resource_transfer', from: 'lin_feng', to: 'fang_lan', resource: 'money', amount: 5, reason: 'gift' }],
    });
    expect(
      judge.call(call('lin_feng', 'interact', { target: 'fang_lan', manner: chat, content: { text: 'hi' } }), {
        ok: true,
        consequence: paid,
      })?.reason,
    ).toMatchObject(closedHere(place));
    expect(s.actors.lin_feng.money).toBe(fresh(cat, 3).actors.lin_feng.money);
  });

  it('making a thing inside', async () => {
    const { cat, place, judge } = await shutScene();
    const t = cat.scenario.templates.find(
      (x) => cat.words.kind(x.kind)?.made !== false && x.cost.money === 0 && !x.effects.some((e) => e.type === 'requires'),
    )!;
    const made = judge.call(call('lin_feng', 'create', { what: t.id, where: place, using: { money: 0, energy: t.cost.energy } }), {
      ok: true,
      consequence: consequence({
        world_changes: [{ type: 'new_entity', template: t.id, location: place, owner: 'lin_feng', properties: {} }],
      }),
    });
    expect(made?.reason).toMatchObject(closedHere(place));
    // nor by any other proposer: the director's, a quest's
    expect(
      judge.proposal(proposers.story('director', null, place), [
        { type: 'new_entity', template: t.id, location: place, owner: null, properties: {} },
      ]),
    ).toMatchObject(closedHere(place));
  });

  it('working a job inside', async () => {
    const { cat, s, judge } = await shutScene();
    const job = cat.scenario.meta.jobs[0];
    s.actors.lin_feng.location = job.place;
    expect(judge.intervene(Intervention.parse({ label: 'shut2', at: 1, kind: 'close_place', place: job.place }))).toBeNull();
    s.actors.lin_feng.tags.push(`job:${job.id}:${[...cat.souls.values()].find((x) => x.id === job.employer)?.id ?? job.employer}`);
    const work = cat.words.purposeFor('work')!;
    const failed = judge.call(call('lin_feng', 'use_resource', { resource: 'energy', amount: job.energy, purpose: work }), {
      ok: true,
      consequence: consequence({ resource_changes: { energy: -job.energy } }),
    });
    expect(failed?.reason).toMatchObject(closedHere(job.place));
  });

  it("a thing's lasting effect there (a stall's income)", async () => {
    const { cat, s, place, judge } = await shutScene();
    const t = cat.scenario.templates.find((x) => x.effects.some((e) => e.type === 'income' && e.source !== undefined))!;
    const eff = cat.effect(t.id, 'income')!;
    s.entities.e_test = { id: 'e_test', template: t.id, owner: 'lin_feng', location: place, name: null, properties: {}, createdAt: 0 };
    const income = () =>
      judge.proposal(proposers.effect('e_test', place), [{ type: 'money_source', to: 'lin_feng', amount: eff.min, source: eff.source! }]);
    expect(income()).toMatchObject(closedHere(place));
    // open again, the same income is accepted: it was the closure that refused it
    expect(judge.intervene(Intervention.parse({ label: 'open', at: 1, kind: 'open_place', place }))).toBeNull();
    expect(income()).toBeNull();
  });
});
