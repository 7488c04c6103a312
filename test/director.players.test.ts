import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../adapters/store/memory.ts';
import { PlayerQueue } from '../bots/brains/player.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { judgeDirector } from '../sim/judge/director.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import type { DirectorProposal } from '../sim/model/director.ts';
import type { Event, EventOf } from '../sim/model/events.ts';
import { msg } from '../sim/model/text.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { initialState } from '../sim/state/initial.ts';
import type { WorldState } from '../sim/state/types.ts';
import { runDirector } from '../sim/tick/director.ts';
import { World } from '../sim/world.ts';
import type { Director } from '../world-engine/director/types.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { REPO } from './helpers/cli.ts';
import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';

/**
 * The director never speaks or acts for a player (docs/design.md, The director): two players who say
 * nothing, among the bots, for 300 ticks of each pack with a director; no event the director staged has
 * either of them tell its news, start its rumour or be the one it happens to, though they hear its news.
 * A director that names a player anyway (a model may) is refused by the Judge and the refusal recorded.
 */
const TICKS = 300;
const load = async (pack: string) => buildCatalog(await loadScenario(path.join(REPO, 'scenarios', pack)));
const PLAYERS: Record<string, [string, string][]> = {
  shenzhen: [
    ['kai', 'dongmen'],
    ['mo', 'huaqiangbei'],
  ],
  riverford: [
    ['kai', 'quayside'],
    ['mo', 'market_square'],
  ],
  vesta_ring: [
    ['kai', 'cargo_spindle'],
    ['mo', 'refinery_deck'],
  ],
};

/** What a director's accepted draft commits after its record, for the template it staged: its tags, its mood, its news, its newcomer. */
function draftOf(cat: Catalog, events: readonly Event[], at: number): Event[] {
  const p = events[at] as EventOf<'director_proposed'>;
  const t = cat.scenario.director!.templates.find((x) => x.id === p.template)!;
  const tags = new Set(t.changes.flatMap((c) => (c.type === 'tag_added' || c.type === 'tag_removed' ? [c.tag] : [])));
  const out: Event[] = [];
  for (let i = at + 1; i < events.length && events[i].tick === p.tick; i++) {
    const e = events[i];
    const mine =
      (e.type === 'place_mood' && e.by === null) ||
      ((e.type === 'tag_added' || e.type === 'tag_removed') && tags.has(e.tag)) ||
      e.type === 'fact_created' ||
      e.type === 'fact_learned' ||
      e.type === 'intervened';
    if (!mine) break;
    out.push(e);
  }
  return out;
}

/** Who an event has speak: the one a fact starts with, the one who tells it, the one who addresses someone. */
function speakers(e: Event): string[] {
  switch (e.type) {
    case 'fact_created':
      return [e.fact.origin.actor];
    case 'fact_learned':
      return [e.from];
    case 'addressed':
      return [e.by];
    default:
      return [];
  }
}

/** Who a director's event has speak or be the one it happens to or is about (a listener is neither). */
function named(e: Event): string[] {
  switch (e.type) {
    case 'fact_created':
      return e.fact.about === null ? speakers(e) : [...speakers(e), e.fact.about];
    case 'tag_added':
    case 'tag_removed':
      return [e.actor];
    case 'intervened':
      return e.actor === null ? [] : [e.actor];
    default:
      return speakers(e);
  }
}

describe.each(['shenzhen', 'riverford', 'vesta_ring'])('two silent players in %s', (pack) => {
  it(`are never the voice or the subject of the rules director's events in ${TICKS} ticks, and hear its news`, async () => {
    const cat = await load(pack);
    expect(cat.scenario.director).toBeDefined();
    const world = await World.open({
      scenario: cat.scenario,
      seed: 5,
      population: null,
      store: memoryStore(),
      brain: policyBrain(),
      players: new PlayerQueue(),
      engine: ruleEngine(),
    });
    try {
      const joins = PLAYERS[pack].map(([actor, place]) => ({ actor, name: { cn: actor, en: actor }, concept: '', place }));
      const players = new Set(joins.map((j) => j.actor));
      const events: Event[] = [...(await world.step(asking(JOIN, joins)))];
      for (const j of joins) expect(world.state.actors[j.actor]?.player, `${j.actor} joined`).toBeDefined();
      // where each player stood when the director looked (its phase closes the tick; nobody moves after it)
      const stood = new Map<number, Map<string, string>>();
      for (let t = 1; t < TICKS; t++) {
        const tick = await world.step();
        events.push(...tick);
        if (tick.some((e) => e.type === 'director_proposed'))
          stood.set(world.state.tick, new Map(joins.map((j) => [world.state.actors[j.actor].location, j.actor])));
      }
      for (const j of joins) expect(world.state.actors[j.actor].player?.freed, `${j.actor} still seated`).toBeUndefined();

      // they said nothing, so nothing in the whole log has them speak or start a rumour
      expect(events.filter((e) => speakers(e).some((x) => players.has(x)))).toEqual([]);

      let atPlayers = 0,
        heard = 0;
      events.forEach((e, i) => {
        if (e.type !== 'director_proposed' || e.refused !== null) return;
        const draft = draftOf(cat, events, i);
        expect(draft.length, `${e.template} at ${e.tick} committed nothing`).toBeGreaterThan(0);
        for (const x of draft)
          expect(
            named(x).filter((x) => players.has(x)),
            `${e.template} at ${e.tick}: ${JSON.stringify(x)}`,
          ).toEqual([]);
        if (e.place !== null && stood.get(e.tick)?.has(e.place)) atPlayers++;
        heard += draft.filter((x) => x.type === 'fact_learned' && players.has(x.actor) && x.from !== x.actor).length;
      });
      process.stdout.write(`${pack}: ${atPlayers} director events staged where a player stood; players heard its news ${heard} times\n`);
      // the test means something only if the director staged events where the players were, and they heard them
      expect(atPlayers).toBeGreaterThan(0);
      expect(heard).toBeGreaterThan(0);
    } finally {
      await world.close();
    }
  }, 300_000);
});

describe('a director that names a player', () => {
  const reading = { tension: 4, measures: { conflict: 0, danger: 0, quests: 0, stillness: 0 } };
  const why = msg('director.why.raise', { tension: 4, low: 30, high: 70, name_cn: 'x', name_en: 'x' });

  /** Shenzhen at `tick` with a seated player, Kai, at Dongmen among two of the pack's people. */
  async function withKai(tick: number): Promise<{ cat: Catalog; s: WorldState }> {
    const cat = await load('shenzhen');
    const s = initialState(cat, 9, null);
    s.tick = tick - 2;
    expect(new TickJudge(cat, s, tick - 1).join({ actor: 'kai', name: { cn: '凯', en: 'Kai' }, concept: '', place: 'dongmen' })).toBeNull();
    for (const id of ['lin_feng', 'fang_lan']) s.actors[id].location = 'dongmen';
    return { cat, s };
  }

  it('is refused by the Judge with its reason, recorded as refused, and changes nothing of the player', async () => {
    const { cat, s } = await withKai(48);
    const before = JSON.stringify(s.actors.kai);
    const raid: DirectorProposal = { template: 'inspection_raid', place: 'dongmen', one: 'kai', aim: 'raise', why };
    const judge = new TickJudge(cat, s, 48);
    const reason = judgeDirector(judge, cat.scenario.director!, raid, reading);
    expect(reason?.code).toBe('director_cannot_voice_player');
    expect(judge.events).toHaveLength(1);
    expect(judge.events[0]).toMatchObject({
      type: 'director_proposed',
      template: 'inspection_raid',
      refused: { code: 'director_cannot_voice_player' },
    });
    expect(JSON.stringify(s.actors.kai)).toBe(before);
    expect(s.director).toMatchObject({ refused: 1, accepted: 0 });
    // someone else there is the one it may happen to
    expect(judgeDirector(new TickJudge(cat, s, 48), cat.scenario.director!, { ...raid, one: 'fang_lan' }, reading)).toBeNull();
  });

  it('is refused the same way when it is the director of the tick (a model, say) that proposes it', async () => {
    const { cat, s } = await withKai(48);
    const hostile: Director = {
      name: 'hostile',
      propose: () => ({ template: 'market_fire', place: 'dongmen', one: 'kai', aim: 'raise', why }),
    };
    const judge = new TickJudge(cat, s, 48);
    await runDirector(judge, undefined, hostile);
    const proposed = judge.events.filter((e): e is EventOf<'director_proposed'> => e.type === 'director_proposed');
    expect(proposed).toEqual([
      expect.objectContaining({ template: 'market_fire', refused: expect.objectContaining({ code: 'director_cannot_voice_player' }) }),
    ]);
    expect(judge.events.filter((e) => e.type === 'fact_created' || e.type === 'tag_added')).toEqual([]);
  });

  it('a fire where the player stands shakes the others there, and the player only hears of it', async () => {
    const { cat, s } = await withKai(48);
    const judge = new TickJudge(cat, s, 48);
    const fire: DirectorProposal = { template: 'market_fire', place: 'dongmen', one: 'fang_lan', aim: 'raise', why };
    expect(judgeDirector(judge, cat.scenario.director!, fire, reading)).toBeNull();
    const tagged = judge.events.flatMap((e) => (e.type === 'tag_added' ? [e.actor] : []));
    expect(tagged).toEqual(expect.arrayContaining(['fang_lan', 'lin_feng']));
    expect(tagged).not.toContain('kai');
    expect(judge.events).toContainEqual(expect.objectContaining({ type: 'fact_learned', actor: 'kai', from: 'fang_lan' }));
  });
});
