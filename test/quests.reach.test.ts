import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { ErrorReply, JoinReply, QuestLog, StoryPage, TakeReply } from '../adapters/server/protocol.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import { offerQuest, takeQuest } from '../sim/judge/quests.ts';
import type { Event, EventOf } from '../sim/model/events.ts';
import { heldFor, type QuestState } from '../sim/model/quests.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import type { WorldState } from '../sim/state/types.ts';
import { Inbox } from '../sim/tick/inbox.ts';
import type { TickContext } from '../sim/tick/phase.ts';
import { questTakePhase } from '../sim/tick/quests.ts';
import { questOffers } from '../world-engine/quests/giver.ts';
import { auth, served } from './helpers/serve.ts';
import { fresh, ROOT, shenzhen } from './helpers/world.ts';

/**
 * Quests reach the player (docs/design.md, Quests): an offer the giver makes to a player standing by is
 * theirs alone for the pack's `offer.hold` ticks, so the bots around cannot snatch it; what the player's
 * log says was offered to them is in their quest panel, and they can take it.
 */
describe('an offer held for a player', () => {
  let cat: Catalog;

  /** He Wenbo's paint errand offered at tick 1 to Lin Feng, seated as a player, with every bot around him eager for it. */
  async function scene(seed: number): Promise<{ s: WorldState; q: QuestState }> {
    cat = await shenzhen();
    const s = fresh(cat, seed);
    const at = s.actors.he_wenbo.location;
    for (const a of Object.values(s.actors)) {
      a.location = at;
      // as drawn to an errand as a bot can be, and short of money
      a.drives = { ...a.drives, ambition: 1, diligence: 1, gossip: 1, creativity: 1 };
      if (a.id !== 'he_wenbo') a.money = 0;
    }
    s.actors.lin_feng.player = { name: { cn: '林峰', en: 'Lin Feng' }, concept: 'a courier' };
    const q = questOffers(cat, s, 1).find((x) => x.def === 'paint_for_class')!;
    const judge = new TickJudge(cat, s, 1);
    expect(offerQuest(judge, q)).toBeNull();
    judge.finish();
    return { s, q };
  }

  /** The quests phase that opens tick `t`: players' takes, then the bots at a giver's place. */
  function open(s: WorldState, t: number): Event[] {
    const judge = new TickJudge(cat, s, t);
    const ctx = { cat, state: s, tick: t, judge, requests: new Inbox(), refused: [] } as unknown as TickContext;
    questTakePhase.run(ctx);
    return judge.finish();
  }

  it.each([1, 2, 3, 4, 5])('is taken by no bot within its hold, and by a bot once it is over (seed %i)', async (seed) => {
    const { s, q } = await scene(seed);
    const hold = cat.scenario.quests!.quests.find((d) => d.id === 'paint_for_class')!.offer.hold;
    expect(hold).toBeGreaterThan(0);
    expect(s.quests![q.id]).toMatchObject({ offeredTo: 'lin_feng', heldUntil: 1 + hold, status: 'offered' });
    for (let t = 2; t <= 1 + hold; t++) {
      expect(open(s, t).filter((e) => e.type === 'quest_taken')).toEqual([]);
      expect(s.quests![q.id].status).toBe('offered');
    }
    // a bot that asks the Judge itself within the hold is refused too
    const judge = new TickJudge(cat, s, 1 + hold);
    expect(takeQuest(judge, q.id, 'fang_lan')?.code).toBe('quest_not_yours');
    // the hold over, the bots around, every one of them eager, do take it
    const after: Event[] = [];
    for (let t = 2 + hold; t < 2 + hold + 5 && s.quests![q.id].status === 'offered'; t++) after.push(...open(s, t));
    const taken = after.find((e): e is EventOf<'quest_taken'> => e.type === 'quest_taken');
    expect(taken?.quest).toBe(q.id);
    expect(taken?.actor).not.toBe('lin_feng');
  });

  it('can be taken by its player within the hold', async () => {
    const { s, q } = await scene(1);
    const judge = new TickJudge(cat, s, 3);
    expect(takeQuest(judge, q.id, 'lin_feng')).toBeNull();
    expect(judge.finish().filter((e) => e.type.startsWith('quest_'))).toMatchObject([
      { type: 'quest_taken', quest: q.id, actor: 'lin_feng' },
    ]);
    expect(s.quests![q.id]).toMatchObject({ status: 'taken', taker: 'lin_feng' });
  });

  it('is refused by the Judge when it names someone who is no player standing by the giver', async () => {
    const { s, q } = await scene(1);
    const again = (o: Partial<QuestState>) =>
      offerQuest(new TickJudge(cat, s, 2), { ...q, id: 'paint_for_class-2', offeredAt: 2, ...o })?.code;
    delete s.quests;
    expect(again({ offeredTo: 'fang_lan', heldUntil: q.heldUntil! + 1 })).toBe('quest_not_here_to_offer');
    expect(again({ offeredTo: 'nobody_here', heldUntil: q.heldUntil! + 1 })).toBe('unknown_actor');
    // held for longer than the pack says
    expect(again({ heldUntil: q.heldUntil! + 5 })).toBe('quest_malformed');
    s.actors.lin_feng.location = 'futian_cbd';
    expect(again({ heldUntil: q.heldUntil! + 1 })).toBe('quest_not_here_to_offer');
  });
});

/** Each pack with quests, and the givers beside whom its two players join. */
const PACKS: [string, string, string][] = [
  ['shenzhen', 'he_wenbo', 'lao_chen'],
  ['riverford', 'sister_wenna', 'marta_holloway'],
];

describe.each(PACKS)('two players and the bots of %s for 300 ticks', (pack, first, second) => {
  const W = `/api/worlds/${pack}`;
  let srv: AstinusServer | undefined;
  afterEach(async () => {
    await srv?.close();
    srv = undefined;
  });

  it('every quest offered to a player is in their panel and taken by them through the API while it is held for them', async () => {
    const scenario = await loadScenario(path.join(ROOT, 'scenarios', pack));
    srv = await served({ rate: { burst: 1e9, perSecond: 1e9 } }, { scenario });
    const s = srv;
    const state = () => s.host.world.state;
    const join = async (name: string, place: string) => {
      const r = await s.app.inject({ method: 'POST', url: `${W}/players`, payload: { name, concept: 'a newcomer', place, lang: 'en' } });
      expect(r.statusCode, r.body).toBe(201);
      return JoinReply.parse(r.json());
    };
    const players = [await join('Ada', state().actors[first].location), await join('Bo', state().actors[second].location)];
    // joined, not yet in the world: nothing offered, and no error for the panel to show
    for (const p of players) {
      const r = await s.app.inject({ url: `${W}/players/${p.actorId}/quests`, headers: auth(p.token) });
      expect(r.statusCode, r.body).toBe(200);
      expect(QuestLog.parse(r.json()).quests).toEqual([]);
    }
    const ids = new Set(players.map((p) => p.actorId));
    const offered = new Map<string, string[]>(players.map((p) => [p.actorId, []]));
    const taken: string[] = [];
    // held for a player who could not take it then (collapsed, or away from the giver)
    const unable = new Set<string>();
    let queued: { quest: string; actor: string; tick: number }[] = [];
    for (let t = 0; t < 300; t++) {
      const events = await s.host.step();
      // a take queued against the world as the last tick left it is committed at this one: nothing moves in between
      for (const x of queued) {
        expect(
          events.find((e) => e.type === 'quest_taken' && e.quest === x.quest),
          `${x.actor} takes ${x.quest}`,
        ).toMatchObject({ tick: x.tick, actor: x.actor });
        taken.push(x.quest);
      }
      queued = [];
      for (const e of events) {
        if (e.type === 'quest_offered' && e.quest.offeredTo !== null && ids.has(e.quest.offeredTo))
          offered.get(e.quest.offeredTo)!.push(e.quest.id);
        // no bot takes an offer while it is held for a player
        if (e.type === 'quest_taken' && !ids.has(e.actor)) expect(heldFor(state().quests![e.quest], e.tick), e.quest).toBeNull();
      }
      const next = s.host.world.tick;
      for (const q of Object.values(state().quests ?? {})) {
        const held = q.status === 'offered' ? heldFor(q, next) : null;
        if (held === null || !ids.has(held)) continue;
        const me = players.find((p) => p.actorId === held)!;
        // the panel shows it wherever they are, as their log told them
        const log = QuestLog.parse((await s.app.inject({ url: `${W}/players/${me.actorId}/quests`, headers: auth(me.token) })).json());
        expect(log.quests.find((x) => x.id === q.id)).toMatchObject({ status: 'offered', mine: false });
        const a = state().actors[me.actorId];
        // collapsed, or walked away from the giver: theirs still, to take when they can
        if (a.status !== 'alive' || a.location !== state().actors[q.giver].location) {
          unable.add(q.id);
          continue;
        }
        const other = players.find((p) => p !== me)!;
        const url = (p: JoinReply) => `${W}/players/${p.actorId}/quests/${q.id}/take`;
        const snatch = await s.app.inject({ method: 'POST', url: url(other), headers: auth(other.token) });
        expect(snatch.statusCode).toBe(409);
        expect(ErrorReply.parse(snatch.json()).code).toBe('quest_not_yours');
        const r = await s.app.inject({ method: 'POST', url: url(me), headers: auth(me.token) });
        expect(r.statusCode, r.body).toBe(202);
        queued.push({ quest: q.id, actor: me.actorId, tick: TakeReply.parse(r.json()).queuedFor });
      }
    }
    // the log told each player of exactly the offers made to them, no more
    for (const p of players) {
      const page = StoryPage.parse(
        (await s.app.inject({ url: `${W}/players/${p.actorId}/story?limit=1000`, headers: auth(p.token) })).json(),
      );
      const told = page.lines.filter((l) => l.text.en.includes('offers you a task'));
      expect(told.length, p.actorId).toBe(offered.get(p.actorId)!.length);
      for (const id of offered.get(p.actorId)!) {
        const stated = s.host.views.message(state().quests![id].stated).en;
        expect(told.some((l) => l.text.en.includes(stated))).toBe(true);
      }
    }
    const all = [...offered.values()].flat();
    expect(taken.length, `quests offered to the players: ${all.join(', ')}`).toBeGreaterThanOrEqual(2);
    expect(all.filter((q) => !taken.includes(q) && !unable.has(q))).toEqual([]);
    for (const p of players) expect(offered.get(p.actorId)!.length, p.actorId).toBeGreaterThan(0);
    console.log(`offered to players: ${JSON.stringify(Object.fromEntries(offered))}; taken by them: ${taken.length}`);
  });
});
