import { beforeAll, describe, expect, it } from 'vitest';
import { checkFor, factorsFor } from '../sim/model/check.ts';
import type { EventOf } from '../sim/model/events.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import type { WorldState } from '../sim/state/types.ts';
import { act } from './helpers/act.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import { call, consequence, fresh, judgeOne, place, ROOT } from './helpers/world.ts';

/**
 * Checks in the Judge's world (docs/design.md, Dice): a risky call is rolled by the Judge with the world's keyed
 * generator, the roll is committed for everyone to see, and the band binds the consequence whoever
 * proposed it.
 */
let cat: Catalog;
beforeAll(async () => {
  cat = buildCatalog(await loadScenario(`${ROOT}scenarios/riverford`));
});

/** A theft by Nim from Osric, side by side, at the first tick from `from` whose roll lands in `band`. */
function theftAt(band: string, from = 1): { state: WorldState; c: ReturnType<typeof call> } {
  for (let t = from; t < from + 500; t++) {
    const state = fresh(cat, 7);
    state.tick = t - 1;
    place(state, 'osric_vane', state.actors.nim.location);
    // Nim argued his light fingers for this theft and the Judge accepted it (docs/design.md, Traits and tags)
    state.actors.nim.argued = [{ trait: 'light_fingers', word: 'cutpurse' }];
    const c = call('nim', 'interact', { target: 'osric_vane', manner: 'cutpurse', content: { text: '' } });
    if (checkFor(cat, state, c, t)?.band === band) return { state, c };
  }
  throw new Error(`no ${band} roll in 500 ticks`);
}

describe('checks', () => {
  it('a theft is rolled and committed before the action, with its factors, dice, kept dice, total and band', () => {
    const { state, c } = theftAt('full');
    const before = state.actors.osric_vane.money;
    const { events, failed } = act(cat, state, c);
    expect(failed).toBeNull();
    const i = events.findIndex((e) => e.type === 'check_rolled');
    const roll = events[i] as EventOf<'check_rolled'>;
    expect(events[i + 1].type).toBe('action');
    // Nim's light fingers, argued for this theft: one advantage, 3d6 keep the highest two
    expect(roll.factors).toContainEqual({ kind: 'trait', id: 'light_fingers', sign: 1 });
    expect(roll.formula).toMatch(/^\dd6kh2$/);
    expect(roll.dice).toHaveLength(Number(roll.formula[0]));
    const top = [...roll.dice].sort((a, b) => b - a);
    expect(roll.total).toBe(top[0] + top[1]);
    expect(roll.band).toBe('full');
    expect(state.actors.osric_vane.money).toBeLessThan(before);
  });

  it('a failed roll brings the thief nothing, whatever the engine proposes', () => {
    const { state, c } = theftAt('fail');
    const before = state.actors.osric_vane.money;
    const greedy = consequence({
      world_changes: [{ type: 'resource_transfer', from: 'osric_vane', to: 'nim', resource: 'money', amount: 5, reason: 'theft' }],
    });
    const { failed } = judgeOne(cat, state, c, greedy);
    expect(failed?.reason.code).toBe('band_failed');
    expect(state.actors.osric_vane.money).toBe(before);
    // the rules' own answer for the same roll is accepted: caught, not paid
    const ruled = act(cat, theftAt('fail').state, c);
    expect(ruled.failed).toBeNull();
    expect(ruled.events.some((e) => e.type === 'transfer' && e.reason === 'theft')).toBe(false);
  });

  it('a success at a cost takes at most half, and the extra energy, or it is refused', () => {
    const { state, c } = theftAt('partial');
    const max = cat.words.manner('cutpurse')!.max!;
    const whole = consequence({
      resource_changes: { energy: -5 },
      world_changes: [{ type: 'resource_transfer', from: 'osric_vane', to: 'nim', resource: 'money', amount: max, reason: 'theft' }],
    });
    expect(judgeOne(cat, state, c, whole).failed?.reason.code).toBeDefined();
    const free = consequence({
      world_changes: [{ type: 'resource_transfer', from: 'osric_vane', to: 'nim', resource: 'money', amount: 1, reason: 'theft' }],
    });
    expect(judgeOne(cat, theftAt('partial').state, c, free).failed?.reason.code).toBe('band_cost');
    const fair = consequence({
      resource_changes: { energy: -5 },
      world_changes: [
        { type: 'resource_transfer', from: 'osric_vane', to: 'nim', resource: 'money', amount: Math.floor(max / 2), reason: 'theft' },
      ],
    });
    expect(judgeOne(cat, theftAt('partial').state, c, fair).failed).toBeNull();
  });

  it('a refused proposal keeps its roll: the dice, once thrown, are committed before the refusal', () => {
    // a success refused (the engine asks too much) and an engine that gave no answer at all
    for (const band of ['full', 'partial']) {
      const { state, c } = theftAt(band);
      const greedy = consequence({
        world_changes: [{ type: 'resource_transfer', from: 'osric_vane', to: 'nim', resource: 'money', amount: 10_000, reason: 'theft' }],
      });
      const { failed, events } = judgeOne(cat, state, c, greedy);
      expect(failed).not.toBeNull();
      expect(events.map((e) => e.type)).toEqual(['check_rolled', 'call_failed']);
      expect((events[0] as EventOf<'check_rolled'>).band).toBe(band);
    }
    const { state, c } = theftAt('fail');
    const judge = new TickJudge(cat, state, state.tick + 1);
    expect(judge.call(c, { ok: false, error: 'timeout' })?.reason.code).toBe('engine_error');
    expect(judge.events.map((e) => e.type)).toEqual(['check_rolled', 'call_failed']);
    // the roll is the one the engine was shown, and it counts as tried (a caught thief is counted)
    expect((judge.events[0] as EventOf<'check_rolled'>).total).toBe(checkFor(cat, fresh(cat, 7), c, state.tick + 1)?.total);
    expect(state.actors.nim.failed?.cutpurse).toBe(1);
  });

  it('a call refused before any roll (nobody there to rob) throws no dice', () => {
    const { state, c } = theftAt('full');
    place(
      state,
      'osric_vane',
      Object.keys(state.places).find((p) => p !== state.actors.nim.location)!,
    );
    const { failed, events } = judgeOne(cat, state, c, consequence({}));
    expect(failed).not.toBeNull();
    expect(events.map((e) => e.type)).toEqual(['call_failed']);
  });

  it('a haggle that goes well with a master whose crew is full is a haggle, not a hire the Judge would refuse', () => {
    const job = cat.scenario.meta.jobs.find((j) => j.employer === 'marta_holloway')!;
    for (let t = 1; t < 500; t++) {
      const state = fresh(cat, 7);
      state.tick = t - 1;
      place(state, 'lark', state.actors.marta_holloway.location);
      const c = call('lark', 'interact', { target: 'marta_holloway', manner: 'haggle', content: { text: '' } });
      if (checkFor(cat, state, c, t)?.band !== 'full') continue;
      state.jobHolders[`job:${job.id}:marta_holloway`] = job.capacity;
      const { failed, events } = act(cat, state, c);
      expect(failed).toBeNull();
      expect(events.filter((e) => e.type === 'check_rolled').map((e) => (e as EventOf<'check_rolled'>).band)).toEqual(['full']);
      expect(state.actors.lark.tags.some((x) => x.startsWith('job:'))).toBe(false);
      return;
    }
    throw new Error('no full roll in 500 ticks');
  });

  it('a preview or an offer weighs a call as a full success and throws no dice for it', () => {
    const { state, c } = theftAt('fail');
    const weighed = checkFor(cat, state, c, state.tick + 1, { assume: 'full' })!;
    expect(weighed).toMatchObject({ band: 'full', dice: [], kept: [] });
    expect(weighed.formula).toBe(checkFor(cat, state, c, state.tick + 1)!.formula);
    const judge = new TickJudge(cat, state, state.tick + 1, 'full');
    judge.call(c, { ok: true, consequence: consequence({}) });
    expect(judge.events.filter((e) => e.type === 'check_rolled').map((e) => (e as EventOf<'check_rolled'>).dice)).toEqual([[]]);
  });

  it("a second check of the same call in one tick (an answer after one's own call) is a fresh throw, the one its slice was shown", () => {
    let differ = 0;
    for (let t = 1; t <= 40; t++) {
      const state = fresh(cat, 7);
      state.tick = t - 1;
      place(state, 'osric_vane', state.actors.nim.location);
      const c = call('nim', 'interact', { target: 'osric_vane', manner: 'cutpurse', content: { text: '' } });
      const judge = new TickJudge(cat, state, t);
      judge.call(c, { ok: false, error: 'timeout' });
      expect(judge.rolledBy('nim')).toBe(1);
      const second = checkFor(cat, state, c, t, { before: judge.rolledBy('nim') })!;
      judge.call(c, { ok: false, error: 'timeout' });
      const [first, again] = judge.events.filter((e): e is EventOf<'check_rolled'> => e.type === 'check_rolled');
      expect(again.dice).toEqual(second.dice);
      if (first.dice.join() !== again.dice.join()) differ++;
    }
    expect(differ).toBeGreaterThan(30);
  });

  it('the same world, tick and call roll the same dice; a different tick may not', () => {
    const { state, c } = theftAt('full');
    const a = checkFor(cat, state, c, state.tick + 1);
    expect(checkFor(cat, structuredClone(state), c, state.tick + 1)).toEqual(a);
    const ticks = Array.from({ length: 40 }, (_, i) => checkFor(cat, state, c, state.tick + 1 + i)!.total);
    expect(new Set(ticks).size).toBeGreaterThan(3);
  });

  it('a tag the pack says hinders a check gives disadvantage; a trait and a tag stack', () => {
    const state = fresh(cat, 7);
    const nim = state.actors.nim;
    // a positive trait counts once argued for the check at hand, not before
    expect(factorsFor(cat, nim, 'cutpurse').filter((f) => f.sign > 0)).toEqual([]);
    nim.argued = [{ trait: 'light_fingers', word: 'cutpurse' }];
    expect(factorsFor(cat, nim, 'cutpurse').filter((f) => f.sign > 0)).toEqual([{ kind: 'trait', id: 'light_fingers', sign: 1 }]);
    nim.tags.push('lame');
    const f = factorsFor(cat, nim, 'cutpurse');
    expect(f).toContainEqual({ kind: 'tag', id: 'lame', sign: -1 });
    // nobody's word for the dice: a call that is not risky has no check at all
    expect(checkFor(cat, state, call('nim', 'interact', { target: 'osric_vane', manner: 'chat', content: { text: 'hi' } }), 1)).toBeNull();
  });

  it("a trait's downside counts unasked; where the pack turns arguing off (checks.traitsArgued: false), its positive aspect does too", () => {
    const state = fresh(cat, 7);
    const shy = state.actors.maud_weaver;
    // Maud is shy: it hinders her playing, argued or not
    expect(factorsFor(cat, shy, 'perform')).toContainEqual({ kind: 'trait', id: 'shy', sign: -1 });
    const open = { ...cat, scenario: { ...cat.scenario, vocabulary: { ...cat.scenario.vocabulary } } } as Catalog;
    open.scenario.vocabulary.checks = { ...cat.scenario.vocabulary.checks, traitsArgued: false };
    expect(factorsFor(open, state.actors.nim, 'cutpurse')).toContainEqual({ kind: 'trait', id: 'light_fingers', sign: 1 });
    expect(factorsFor(cat, state.actors.nim, 'cutpurse')).not.toContainEqual({ kind: 'trait', id: 'light_fingers', sign: 1 });
  });
});
