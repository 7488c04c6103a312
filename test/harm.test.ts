import { beforeAll, describe, expect, it } from 'vitest';
import { runClock } from '../sim/judge/clock.ts';
import { proposers } from '../sim/judge/changes.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import { checkFor } from '../sim/model/check.ts';
import type { Consequence } from '../sim/model/consequence.ts';
import type { Event, EventOf } from '../sim/model/events.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { crossCheck } from '../sim/scenario/crossref.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import type { Scenario } from '../sim/model/scenario.ts';
import { translator } from '../sim/i18n/translator.ts';
import type { WorldState } from '../sim/state/types.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { sliceFor } from '../world-engine/slice.ts';
import { call, consequence, fresh, judgeOne, place, ROOT } from './helpers/world.ts';

/**
 * Tags instead of hit points (docs/design.md, Harm and Status), in Riverford: the dice deal
 * harm, rest, care and time take it away, a fresh blow past the pack's lines knocks a person out or
 * leaves them dying, a rescue brings them back, and death never comes straight from alive.
 */
let scenario: Scenario;
let cat: Catalog;
beforeAll(async () => {
  scenario = await loadScenario(`${ROOT}scenarios/riverford`);
  cat = buildCatalog(scenario);
});

const say = { text: '' };

/** One tick as the pipeline runs it: each call resolved by the rules and judged, then the Judge's clock. */
function tick(c: Catalog, state: WorldState, calls: ToolCall[] = []): Event[] {
  const t = state.tick + 1;
  const judge = new TickJudge(c, state, t);
  for (const x of calls) {
    const q = ruleEngine().resolve(c, sliceFor(c, state, indexPlaces(c, state), t, x), x) as Consequence;
    expect(judge.call(x, { ok: true, consequence: q })).toBeNull();
  }
  runClock(c, state, t, judge, calls.map((x) => x.actor).sort());
  return judge.finish();
}

/** Let ticks pass (nobody acting) until the next one whose roll for Nim's theft lands in `band`. */
function untilTheft(state: WorldState, band: string, log: Event[]): ToolCall {
  for (let i = 0; i < 500; i++) {
    const c = call('nim', 'interact', { target: 'hilde_ashdown', manner: 'cutpurse', content: say });
    if (state.actors.nim.status === 'alive' && checkFor(cat, state, c, state.tick + 1)?.band === band) return c;
    log.push(...tick(cat, state));
  }
  throw new Error(`no ${band} roll in 500 ticks`);
}

const statuses = (log: Event[]) => log.filter((e): e is EventOf<'status_changed'> => e.type === 'status_changed');

describe('harm as tags', () => {
  it('caught again and again a thief is bruised, knocked out, then left dying; a rescue brings them back, and nothing goes from alive to dead', () => {
    const s = fresh(cat, 3);
    place(s, 'hilde_ashdown', s.actors.nim.location);
    const nim = s.actors.nim;
    const log: Event[] = [];
    log.push(...tick(cat, s, [untilTheft(s, 'fail', log)]));
    expect(nim.tags).toContain('bruised');
    // the watch's mark, which the pack names
    expect(nim.tags).toContain('wanted');
    expect(nim.status).toBe('alive');
    // a second blow while bruised is worse: a broken arm, severity 1 + 2 = the pack's line for unconscious
    log.push(...tick(cat, s, [untilTheft(s, 'fail', log)]));
    expect(nim.tags).toContain('broken_arm');
    expect(nim.status).toBe('unconscious');
    expect(statuses(log).at(-1)).toMatchObject({ from: 'alive', to: 'unconscious', reason: 'wounded' });
    // come round, still carrying the harm: not struck down again by the same harm
    log.push(...tick(cat, s), ...tick(cat, s), ...tick(cat, s), ...tick(cat, s));
    expect(nim.status).toBe('alive');
    // a third blow: beaten half to death, 1 + 2 + 3 = the line for dying
    log.push(...tick(cat, s, [untilTheft(s, 'fail', log)]));
    expect(nim.tags).toContain('beaten_senseless');
    expect(nim.status).toBe('dying');
    // someone present gives aid: back on their feet, and what heals by care is seen to
    log.push(...tick(cat, s, [call('hilde_ashdown', 'interact', { target: 'nim', manner: 'aid', content: say })]));
    expect(nim.status).toBe('alive');
    expect(nim.tags).not.toContain('beaten_senseless');
    expect(nim.tags).not.toContain('bruised');
    // a broken arm heals only with time: it stays, and does not strike them down again
    expect(nim.tags).toContain('broken_arm');
    for (let i = 0; i < 2 * cat.scenario.meta.rules.needs.dyingWindowTicks; i++) log.push(...tick(cat, s));
    expect(nim.status).toBe('alive');
    expect(statuses(log).map((e) => `${e.from}>${e.to}`)).toEqual(['alive>unconscious', 'unconscious>alive', 'alive>dying', 'dying>alive']);
    expect(statuses(log).some((e) => e.from === 'alive' && e.to === 'dead')).toBe(false);
  });

  it('a person left dying nobody saves dies only at the end of the window, through dying', () => {
    const s = fresh(cat, 3);
    place(s, 'hilde_ashdown', s.actors.nim.location);
    const nim = s.actors.nim;
    nim.tags.push('bruised', 'broken_arm');
    const log: Event[] = [];
    log.push(...tick(cat, s, [untilTheft(s, 'fail', log)]));
    expect(nim.status).toBe('dying');
    const since = s.tick;
    while (nim.status === 'dying' && s.tick < since + 50) log.push(...tick(cat, s));
    expect(nim.status).toBe('dead');
    expect(s.tick - since).toBe(cat.scenario.meta.rules.needs.dyingWindowTicks);
    expect(statuses(log).map((e) => `${e.from}>${e.to}:${e.reason}`)).toEqual(['alive>dying:wounded', 'dying>dead:not_saved']);
  });

  it('rest mends what heals by rest, time what heals with time; nothing else takes harm away', () => {
    const s = fresh(cat, 3);
    const nim = s.actors.nim;
    nim.tags.push('bruised', 'broken_arm');
    nim.tagsAt = { bruised: 0, broken_arm: 0 };
    tick(cat, s, [call('nim', 'use_resource', { resource: 'time', amount: 1, purpose: 'rest' })]);
    expect(nim.tags).not.toContain('bruised');
    expect(nim.tags).toContain('broken_arm');
    // a proposal that mends a broken arm with a rest, or deals harm from a call, is refused
    const mend = judgeOne(
      cat,
      s,
      call('nim', 'use_resource', { resource: 'time', amount: 1, purpose: 'rest' }),
      consequence({ world_changes: [{ type: 'tag_removed', actor: 'nim', tag: 'broken_arm' }] }),
    );
    expect(mend.failed?.reason.code).toBe('harm_not_healed');
    place(s, 'hilde_ashdown', nim.location);
    const hit = judgeOne(
      cat,
      s,
      call('hilde_ashdown', 'express', { channel: 'mutter', content: say }),
      consequence({ world_changes: [{ type: 'tag_added', actor: 'nim', tag: 'bruised' }] }),
    );
    expect(hit.failed?.reason.code).toBe('harm_by_dice');
    // the arm heals after the pack's ticks, by the Judge's clock
    s.tick = 479;
    tick(cat, s);
    expect(nim.tags).not.toContain('broken_arm');
  });

  it('the watch restrains a thief caught as often as the pack says, for good', () => {
    const s = fresh(cat, 3);
    place(s, 'hilde_ashdown', s.actors.nim.location);
    const after = cat.scenario.vocabulary.harm.restrain!.after!;
    s.actors.nim.failed = { cutpurse: after - 1 };
    const log: Event[] = [];
    log.push(...tick(cat, s, [untilTheft(s, 'fail', log)]));
    expect(s.actors.nim.status).toBe('restrained_permanent');
    expect(statuses(log).at(-1)).toMatchObject({ from: 'alive', to: 'restrained_permanent', reason: 'restrained' });
    // their part is over: they can do nothing more
    const next = judgeOne(cat, s, call('nim', 'express', { channel: 'mutter', content: say }), consequence());
    expect(next.failed?.reason.code).toBe('cannot_act');
  });
});

describe('hit points instead, where a pack wants them', () => {
  let hp: Catalog;
  beforeAll(() => {
    const sc = structuredClone(scenario);
    sc.vocabulary.harm.hp = { max: 3, step: 1 };
    hp = buildCatalog(sc);
  });

  it('hp_delta is clamped to the step and to 0..max, 0 is dying, and a rescue gives some back', () => {
    const s = fresh(hp, 3);
    place(s, 'wat_dunn', s.actors.nim.location);
    // a quarrel may cost its target, but never more than the pack's step
    const quarrel = call('wat_dunn', 'interact', { target: 'nim', manner: 'quarrel', content: say });
    let t = 1;
    while (checkFor(hp, s, quarrel, s.tick + 1)?.band !== 'full' && t++ < 200) s.tick++;
    const r = judgeOne(hp, s, quarrel, consequence({ world_changes: [{ type: 'hp_delta', target: 'nim', delta: -5, cause: 'brawl' }] }));
    expect(r.failed).toBeNull();
    expect(r.events.find((e) => e.type === 'resource_changed')).toMatchObject({ actor: 'nim', resource: 'hp', delta: -1 });
    // the Judge's own blow is not capped by the step, only by the hit points left
    const j = new TickJudge(hp, s, s.tick + 1);
    j.proposal(proposers.clock(s.actors.nim.location), [{ type: 'hp_delta', target: 'nim', delta: -10, cause: 'wounded' }]);
    expect(j.events.at(-1)).toMatchObject({ type: 'resource_changed', delta: -2 });
    runClock(hp, s, s.tick + 1, j, []);
    j.finish();
    expect(s.actors.nim.status).toBe('dying');
    tick(hp, s, [call('wat_dunn', 'interact', { target: 'nim', manner: 'aid', content: say })]);
    expect(s.actors.nim.status).toBe('alive');
    expect(s.actors.nim.hpLost).toBe(2);
  });

  it('a pack without hit points refuses hp_delta', () => {
    const s = fresh(cat, 3);
    const j = new TickJudge(cat, s, 1);
    expect(j.proposal(proposers.clock('market_square'), [{ type: 'hp_delta', target: 'nim', delta: -1, cause: 'x' }])?.code).toBe(
      'no_hit_points',
    );
  });
});

describe('validate', () => {
  const issues = (edit: (v: Scenario['vocabulary']) => void) => {
    const sc = structuredClone(scenario);
    edit(sc.vocabulary);
    return crossCheck({ ...sc, meta: sc.meta }).map((i) => ({
      file: i.file,
      path: i.path,
      reason: 'key' in i.reason ? translator('en')(i.reason.key, i.reason.params) : i.reason.text,
    }));
  };

  it('the shipped harm passes', () => {
    expect(issues(() => {})).toEqual([]);
  });

  it('names the file, the path and the reason of a harm nobody named, a harm from no check, and lines out of order', () => {
    const found = issues((v) => {
      v.harm.tags.scalded = { severity: 1, heals: { rest: true, care: false } };
      v.harm.from.chat = { fail: 'scalded' };
      v.harm.from.cutpurse = { fail: 'singed' };
      v.harm.unconsciousAt = 9;
    });
    expect(found).toEqual(
      expect.arrayContaining([
        { file: 'vocabulary.json', path: '$.harm.tags.scalded', reason: expect.stringContaining('no name under `tags`') },
        { file: 'vocabulary.json', path: '$.harm.from.chat', reason: expect.stringContaining('is not a check') },
        { file: 'vocabulary.json', path: '$.harm.from.cutpurse.fail', reason: expect.stringContaining('"singed" is not a harm tag') },
        { file: 'vocabulary.json', path: '$.harm.unconsciousAt', reason: expect.stringContaining('must be below `dyingAt`') },
      ]),
    );
    expect(found).toHaveLength(4);
  });
});
