import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { JoinReply, type PromptMsg, type QuestLog, type RejectionMsg, StoryOptionsReply } from '../adapters/server/protocol.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import type { Event } from '../sim/model/events.ts';
import { storyOptions } from '../world-engine/story/options.ts';
import { judgeAhead } from '../sim/gm/ahead.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { applyEvent } from '../sim/state/apply.ts';
import { auth, served } from './helpers/serve.ts';
import { ROOT } from './helpers/world.ts';

/**
 * Options are proposals the Judge has already seen (docs/design.md, The story; Dialog types): what a
 * player is offered (the story's options, the game master's next actions, quests to take) is
 * dry-run at the state it will meet, so none is refused when sent; a check comes with its dice
 * screen, a cost that would leave the player collapsed with a warning; a story never dead-ends.
 */
let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
});

const RATE = { rate: { burst: 1e9, perSecond: 1e9 } };

/** A player joined to a new served world of `pack`, with what the host tells them collected. */
async function joined(pack: string, seed: number, place: string) {
  srv = await served(RATE, { scenario: await loadScenario(`${ROOT}scenarios/${pack}`), seed });
  return join(pack, place);
}

/** Another player joined to the served world. */
async function join(pack: string, place: string) {
  const W = `/api/worlds/${pack}`;
  const post = (url: string, payload: object, token?: string) =>
    srv.app.inject({ method: 'POST', url, payload, headers: token ? auth(token) : {} });
  const { actorId: me, token } = JoinReply.parse(
    (await post(`${W}/players`, { name: `Ada ${place.slice(0, 4)}`, concept: 'a newcomer', place })).json(),
  );
  const prompts: PromptMsg[] = [];
  const refused: RejectionMsg[] = [];
  const none = () => undefined;
  srv.host.listen({
    tick: none,
    status: none,
    narration: none,
    perceived: none,
    rejection: (a, m) => {
      if (a === me) refused.push(m);
    },
    prompt: (a, m) => {
      if (a === me) prompts.push(m);
    },
  });
  const get = async (url: string) => (await srv.app.inject({ method: 'GET', url, headers: auth(token) })).json();
  return {
    me,
    prompts,
    refused,
    options: async () => StoryOptionsReply.parse(await get(`${W}/players/${me}/story/options`)).options,
    quests: async () => (await get(`${W}/players/${me}/quests`)) as QuestLog,
    act: (call: object, choice?: number) => post(`${W}/players/${me}/act`, { call, ...(choice !== undefined ? { choice } : {}) }, token),
    take: (q: string) => post(`${W}/players/${me}/quests/${q}/take`, {}, token),
  };
}

/**
 * Players who send only what they are offered, each from another place and each a different offer
 * each turn (the story's, the quests', every third turn a next action), never meet a refusal.
 */
async function playOffers(pack: string, seed: number, places: string[], ticks: number) {
  const first = await joined(pack, seed, places[0]);
  const players = [first];
  for (const place of places.slice(1)) players.push(await join(pack, place));
  const { cat, state } = srv.host.world;
  const sent = new Map<string, number>();
  const kinds = new Set<string>();
  const sentAt = new Map<string, string>();
  let races = 0;
  for (let i = 0; i < ticks; i++) {
    const calls = new Map<string, ToolCall>();
    const asked = new Set<string>();
    for (const [k, p] of players.entries()) {
      const a = state.actors[p.me];
      const prompt = p.prompts.at(-1);
      if (!a || a.status !== 'alive' || a.nextWake > state.tick + 1 || prompt?.tick !== state.tick) continue;
      const story = (await p.options()).map((o) => ({ kind: 'story', what: o.text.en, call: o.call, send: () => p.act(o.call, o.choice) }));
      const actions = prompt.actions
        .filter((x) => x.option === undefined)
        .map((x) => ({ kind: 'next', what: x.text.en, call: x.call, send: () => p.act(x.call) }));
      const takes = (await p.quests()).quests
        // two of these players asking for one quest in one tick: the second would find it taken
        .filter((q) => q.status === 'offered' && q.take?.ok && !asked.has(q.id))
        .map((q) => ({ kind: 'quest', what: q.id, call: null, send: () => (asked.add(q.id), p.take(q.id)) }));
      const n = (sent.get(p.me) ?? 0) + k;
      const pool = n % 3 === 2 && actions.length ? actions : takes.length ? takes : story.length ? story : actions;
      const pick = pool[n % pool.length];
      if (!pick) continue;
      if (pick.call) calls.set(p.me, { id: 'offer', actor: p.me, ...pick.call } as ToolCall);
      const r = await pick.send();
      expect([200, 202], `${pick.kind} ${pick.what}: ${r.body}`).toContain(r.statusCode);
      sent.set(p.me, (sent.get(p.me) ?? 0) + 1);
      kinds.add(pick.kind);
      sentAt.set(`${p.me}@${state.tick + 1}`, `${pick.kind}: ${pick.what}`);
    }
    const before = structuredClone(state);
    const events: Event[] = await srv.host.step();
    for (const p of players) {
      let failed = events.find((e): e is Extract<Event, { type: 'call_failed' }> => e.type === 'call_failed' && e.actor === p.me) ?? null;
      let told = p.refused.filter((r) => r.tick === state.tick);
      // the tick judges its calls one after another: one who acted first may have changed what the offer
      // counted on (the person left, a toll went up). That is not a false offer: the call, judged on the
      // state its tick started from, passes; on the state the calls judged before it left, it does not.
      const call = calls.get(p.me);
      if (failed && call && judgeAhead(cat, before, call).reason === null) {
        const met = structuredClone(before);
        for (const e of events) if (e.seq < failed.seq) applyEvent(met, e);
        if (judgeAhead(cat, met, call, before).reason !== null) {
          races++;
          const id = failed.failed.id;
          told = told.filter((r) => r.callId !== id);
          failed = null;
        }
      }
      expect({ failed, told }, `${pack} seed ${seed} tick ${state.tick}: ${sentAt.get(`${p.me}@${state.tick}`)}`).toEqual({
        failed: null,
        told: [],
      });
    }
  }
  return { sent: [...sent.values()].reduce((x, y) => x + y, 0), kinds, races };
}

describe('every option offered to a player is one the Judge accepts', () => {
  it('Shenzhen: the story, the next actions and the quests, sent as offered, are never refused', async () => {
    const played = await playOffers('shenzhen', 9, ['construction_site', 'luohu_station', 'huaqiangbei', 'baoan_village'], 120);
    expect(played.sent).toBeGreaterThan(100);
    expect(played.races).toBeLessThan(played.sent / 10);
    expect([...played.kinds].sort()).toEqual(['next', 'quest', 'story']);
  });

  it('Riverford: the story, the next actions and the quests, sent as offered, are never refused', async () => {
    const played = await playOffers('riverford', 3, ['market_square', 'quayside', 'lantern_inn', 'mill_weir'], 120);
    expect(played.sent).toBeGreaterThan(100);
    expect(played.races).toBeLessThan(played.sent / 10);
    expect([...played.kinds].sort()).toEqual(['next', 'quest', 'story']);
  });
});

describe('the options once seen refused', () => {
  it('asking Lao Chen for work is not offered while he is elsewhere; going where he is, is', async () => {
    const p = await joined('shenzhen', 5, 'construction_site');
    await srv.host.step();
    const { cat, state } = srv.host.world;
    state.actors.lao_chen.location = 'huaqiangbei';
    // the ink offers it at the site, wherever he is
    expect(storyOptions(cat, state, p.me)!.map((o) => o.id)).toContain('ask_foreman');
    const options = await p.options();
    expect(options.map((o) => o.text.en)).not.toContain('Ask Lao Chen, the foreman, whether he needs hands');
    const step = options.find((o) => o.call.tool === 'move' && o.call.args.destination === 'huaqiangbei');
    expect(step, JSON.stringify(options.map((o) => o.text.en))).toBeDefined();
    expect(step!.choice).toBeUndefined();
    expect(step!.text.en).toContain('Lao Chen');
    expect(step!.text.cn).toContain('老陈');
    expect((await p.act(step!.call)).statusCode).toBe(200);
    const events = await srv.host.step();
    expect(events.filter((e) => e.type === 'call_failed' && e.actor === p.me)).toEqual([]);
    expect(state.actors[p.me].location).toBe('huaqiangbei');
    // where he is, the story's question is there to ask him, as a plain call
    state.actors.lao_chen.location = 'huaqiangbei';
    const ask = (await p.options()).find((o) => o.text.en === 'Ask Lao Chen, the foreman, whether he needs hands');
    expect(ask).toBeDefined();
    expect(ask!.choice).toBeUndefined();
  });

  it('from Luohu station, a move to Luohu station is not offered', async () => {
    const p = await joined('shenzhen', 5, 'luohu_station');
    await srv.host.step();
    const { cat, state } = srv.host.world;
    // calling home twice leaves the newcomer homesick, where the ink offers the ticket home
    for (let i = 0; i < 12 && state.stories?.[p.me]?.situation !== 'homesick'; i++) {
      const home = (await p.options()).find((o) => o.text.en.startsWith('Call home'));
      if (home && state.actors[p.me].nextWake <= state.tick + 1) expect((await p.act(home.call, home.choice)).statusCode).toBe(200);
      await srv.host.step();
    }
    expect(state.stories?.[p.me]?.situation).toBe('homesick');
    expect(storyOptions(cat, state, p.me)!.map((o) => o.id)).toContain('buy_ticket_home');
    const options = await p.options();
    expect(options.length).toBeGreaterThan(0);
    expect(options.filter((o) => o.call.tool === 'move' && o.call.args.destination === 'luohu_station')).toEqual([]);
  });

  it('a shift that would leave the player collapsed says so first, in both languages', async () => {
    const p = await joined('shenzhen', 5, 'construction_site');
    await srv.host.step();
    const { state } = srv.host.world;
    const a = state.actors[p.me];
    a.tags.push('job:site_labour:lao_chen');
    await srv.host.step();
    expect(state.stories?.[p.me]?.chapter).toBe('hustle');
    a.energy = 35;
    const shift = (await p.options()).find((o) => o.text.en === 'Work a day-labour shift');
    expect(shift?.warning?.en).toMatch(/collapse/);
    expect(shift?.warning?.cn).toMatch(/倒下/);
    // with strength to spare, no warning
    a.energy = 70;
    const rested = (await p.options()).find((o) => o.text.en === 'Work a day-labour shift');
    expect(rested).toBeDefined();
    expect(rested!.warning).toBeUndefined();
  });

  it("Riverford's talk to Osric is a haggle: the option carries its dice screen", async () => {
    const p = await joined('riverford', 5, 'quayside');
    await srv.host.step();
    const { state } = srv.host.world;
    state.actors.osric_vane.location = 'quayside';
    const osric = (await p.options()).find((o) => o.call.tool === 'interact' && o.call.args.target === 'osric_vane');
    expect(osric?.check?.word).toBe('haggle');
    expect(osric!.check!.odds.reduce((n, o) => n + o.percent, 0)).toBeCloseTo(100, 0);
  });
});

describe('a quest to take', () => {
  it('is offered with a take only while the Judge would let the player take it; else the log says why', async () => {
    const p = await joined('shenzhen', 9, 'construction_site');
    const { state } = srv.host.world;
    const here = () =>
      Object.values(state.quests ?? {}).find((q) => q.status === 'offered' && state.actors[q.giver].location === 'construction_site');
    for (let i = 0; i < 30 && !here(); i++) await srv.host.step();
    const q = here()!;
    expect(q).toBeDefined();
    const view = async () => (await p.quests()).quests.find((x) => x.id === q.id);
    expect((await view())?.take).toEqual({ ok: true });
    // offered to the player by name, its giver gone elsewhere: listed, with why it cannot be taken here
    q.offeredTo = p.me;
    state.actors[q.giver].location = state.actors[p.me].location === 'pinghu_logistics' ? 'shekou' : 'pinghu_logistics';
    const far = await view();
    expect(far?.take?.ok).toBe(false);
    expect(far?.take?.why?.en).toContain(far!.giverName.en);
  });
});

describe('a story never dead-ends', () => {
  it('when nothing the situation offers is possible, waiting is offered, and accepted', async () => {
    const p = await joined('shenzhen', 5, 'huaqiangbei');
    await srv.host.step();
    const { cat, state } = srv.host.world;
    // a pack whose first day offers only trips to where the player already is: every option refused
    for (const c of Object.values(cat.scenario.story!.choices))
      c.call = { tool: 'move', args: { destination: 'huaqiangbei', mode: 'walk' } };
    expect(storyOptions(cat, state, p.me)!.length).toBeGreaterThan(0);
    const options = await p.options();
    expect(options.map((o) => [o.text.en, o.call.tool, o.choice])).toEqual([
      ['Wait a while and see what changes', 'use_resource', undefined],
    ]);
    expect((await p.act(options[0].call)).statusCode).toBe(200);
    await srv.host.step();
    expect(p.refused).toEqual([]);
  });

  it('seed 9: with the foreman away from the site, the story leads the player to him, and he is asked', async () => {
    const p = await joined('shenzhen', 9, 'construction_site');
    await srv.host.step();
    const { state } = srv.host.world;
    state.actors.lao_chen.location = 'pinghu_logistics';
    const asked = (e: Event) => e.type === 'action' && e.actor === p.me && e.call.tool === 'interact' && e.call.args.target === 'lao_chen';
    let done = false;
    let away = 0;
    for (let i = 0; i < 60 && !done; i++) {
      if (state.actors.lao_chen.location !== state.actors[p.me].location) away++;
      const me = state.actors[p.me];
      if (me.nextWake <= state.tick + 1 && !srv.host.world.state.stories?.[p.me]?.ended) {
        // only what leads to the foreman: asking him, or a step toward him; else nothing
        const lead = (await p.options()).find((o) => /Lao Chen/.test(o.text.en));
        if (lead) expect((await p.act(lead.call, lead.choice)).statusCode).toBe(200);
      }
      done = (await srv.host.step()).some(asked);
    }
    expect(away).toBeGreaterThan(0);
    expect(done).toBe(true);
    expect(p.refused).toEqual([]);
  });
});
