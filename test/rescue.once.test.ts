import { describe, expect, it } from 'vitest';
import { memoryStore } from '../adapters/store/memory.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { PlayerQueue } from '../bots/brains/player.ts';
import type { Event } from '../sim/model/events.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { asking } from './helpers/requests.ts';
import { call, consequence, fresh, judgeOne, place, ROOT, shenzhen } from './helpers/world.ts';

/**
 * A rescue pays once per fall: a body brought back is on its feet, and whoever reaches it later in
 * the same tick finds nobody to save (no second gift, no second debt of life). A player who stops
 * playing and keeps falling must not become a purse the town fills every tick.
 */
const ME = 'player-1';

/** The rescue payments each time the player went down (down = dying or unconscious, until on their feet again). */
function paidPerFall(log: Event[]): number[] {
  const falls: number[] = [];
  let down = false;
  for (const e of log) {
    if (e.type === 'status_changed' && e.actor === ME) {
      const nowDown = e.to === 'dying' || e.to === 'unconscious';
      if (nowDown && !down) falls.push(0);
      down = nowDown;
    } else if (e.type === 'transfer' && e.to === ME && e.reason === 'help') {
      // a payment belongs to the fall it ended, even when it comes after the rescue in the same tick
      if (!falls.length) throw new Error(`help paid at tick ${e.tick} before any fall`);
      falls[falls.length - 1]++;
    }
  }
  return falls;
}

describe('a rescue pays once per fall', () => {
  it('a player who never acts for 200 ticks in a crowd is paid at most once each time they go down', async () => {
    const scenario = await loadScenario(`${ROOT}scenarios/shenzhen`);
    const w = await World.open({
      scenario,
      seed: 7,
      population: null,
      store: memoryStore(),
      brain: policyBrain(),
      engine: ruleEngine(),
      players: new PlayerQueue(),
    });
    // the busiest place at the start: the most people to stoop over someone who falls there
    const crowd = new Map<string, number>();
    for (const a of Object.values(w.state.actors)) crowd.set(a.location, (crowd.get(a.location) ?? 0) + 1);
    const at = [...crowd].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
    const log: Event[] = [
      ...(await w.step(asking(JOIN, [{ actor: ME, name: { cn: '阿达', en: 'Ada' }, concept: 'a newcomer', place: at }]))),
    ];
    // an empty stomach from the start, so the falls come within the test's ticks
    w.state.actors[ME].energy = 1;
    for (let i = 0; i < 200; i++) log.push(...(await w.step()));
    await w.close();
    const falls = paidPerFall(log);
    // the scene happened: the player fell, and was rescued and paid
    expect(falls.length).toBeGreaterThan(1);
    expect(falls.some((n) => n === 1)).toBe(true);
    expect(Math.max(...falls), JSON.stringify(falls)).toBeLessThanOrEqual(1);
  }, 300_000);

  it('the Judge refuses a second rescue of one already brought back this tick', async () => {
    const cat = await shenzhen();
    const s = fresh(cat);
    for (const id of ['lin_feng', 'fang_lan', 'zhou_wei']) place(s, id, 'dongmen');
    Object.assign(s.actors.lin_feng, { status: 'dying', statusSince: 0 });
    const rescue = (by: string) =>
      consequence({
        world_changes: [
          { type: 'status_change', actor: 'lin_feng', to: 'alive', reason: 'rescued' },
          { type: 'resource_transfer', from: by, to: 'lin_feng', resource: 'money', amount: 30, reason: 'help' },
        ],
      });
    const manner = Object.entries(cat.scenario.vocabulary.manners).find(([, m]) => m.does === 'rescue')![0];
    const by = (id: string) => call(id, 'interact', { target: 'lin_feng', manner, content: { key: 'say.hold_on' } });
    const first = judgeOne(cat, s, by('fang_lan'), rescue('fang_lan'));
    expect(first.failed).toBeNull();
    const second = first.judge.call(by('zhou_wei'), { ok: true, consequence: rescue('zhou_wei') });
    expect(second?.reason.code).toBe('already_saved');
    expect(first.judge.events.filter((e) => e.type === 'transfer' && e.reason === 'help')).toHaveLength(1);
  });
});
