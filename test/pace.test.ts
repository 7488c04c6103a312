import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { JoinReply, PromptMsg } from '../adapters/server/protocol.ts';
import type { Event, EventOf } from '../sim/model/events.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { auth, served } from './helpers/serve.ts';
import { ROOT } from './helpers/world.ts';

/*
 * Player pace (docs/design.md, Player pace): a world with players waits for them, for at most its
 * limit; one who lets a turn pass or leaves is away, their body safe, and nobody waits for them; the
 * turn they wait on survives a reload; a player's one call per tick is never rate-limited.
 */

let srv: AstinusServer;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await srv?.close();
});

const PACKS = { shenzhen: 'huaqiangbei', riverford: 'market_square' } as const;

async function open(pack: keyof typeof PACKS, o: Parameters<typeof served>[0]) {
  const scenario = buildCatalog(await loadScenario(`${ROOT}scenarios/${pack}`)).scenario;
  srv = await served({ rate: { burst: 5, perSecond: 1 }, ...o }, { scenario });
  const W = `/api/worlds/${scenario.meta.id}`;
  const post = (url: string, payload: unknown, token?: string) =>
    srv.app.inject({ method: 'POST', url: `${W}${url}`, payload: payload as object, headers: token ? auth(token) : {} });
  return { W, post };
}

/** Resolves once `n` more ticks are committed, with their events. */
const ticks = (n: number) =>
  new Promise<Event[]>((done) => {
    const seen: Event[] = [];
    let left = n;
    srv.host.onStep((_, events) => {
      if (left <= 0) return;
      seen.push(...events);
      if (--left === 0) done(seen);
    });
  });

describe('a world that waits for its players', () => {
  for (const [pack, place] of Object.entries(PACKS) as [keyof typeof PACKS, string][]) {
    it(`${pack}: a player who reads without acting goes away after one unanswered turn, alive and whole, while the world goes on`, async () => {
      const { post } = await open(pack, { tickMs: 5, turnBased: true, waitMs: 150 });
      const me = JoinReply.parse((await post('/players', { name: 'Ada', place })).json());
      await srv.host.step();
      const a = srv.host.world.state.actors[me.actorId];
      const energy = a.energy;
      expect(a.status).toBe('alive');
      srv.clock.start();
      // sixty ticks at 5 ms: a long read in world time; only the first waits (150 ms) for the player
      const events = await ticks(60);
      srv.clock.stop();
      const away = events.filter((e): e is EventOf<'player_away'> => e.type === 'player_away');
      expect(away).toEqual([expect.objectContaining({ actor: me.actorId, why: 'quiet' })]);
      expect(a.player?.away).toBe(away[0].tick);
      // asleep: no hunger, no warning, no fall, no help paid in their name
      expect(a.energy).toBe(energy);
      expect(a.status).toBe('alive');
      const mine = events.filter((e) => 'actor' in e && e.actor === me.actorId).map((e) => e.type);
      for (const t of ['needs', 'warned', 'status_change', 'action', 'call_failed'] as const) expect(mine).not.toContain(t);

      // they act: back at the next tick, and their call is judged at that very tick
      const r = await post(
        `/players/${me.actorId}/act`,
        { call: { tool: 'express', args: { channel: 'self_talk', content: { text: 'Morning!' } } } },
        me.token,
      );
      expect(r.statusCode).toBe(200);
      const next = await srv.host.step();
      expect(next.map((e) => e.type)).toContain('player_back');
      expect(next.find((e) => (e.type === 'action' || e.type === 'call_failed') && e.actor === me.actorId)).toBeDefined();
      expect(a.player?.away).toBeUndefined();
    });
  }

  it('waits for a player who has not acted, and runs at once when they do; a pass lets one tick go by', async () => {
    const { post } = await open('shenzhen', { tickMs: 5, turnBased: true, waitMs: 60_000 });
    const me = JoinReply.parse((await post('/players', { name: 'Ada', place: 'huaqiangbei' })).json());
    await srv.host.step();
    const at = srv.host.world.state.tick;
    srv.clock.start();
    // a wait the clock cannot end on its own within this test: only the player's call does
    const one = ticks(1);
    await new Promise((done) => setTimeout(done, 200));
    expect(srv.host.world.state.tick).toBe(at);
    expect(srv.host.status().waitingFor).toEqual([me.actorId]);
    await post(
      `/players/${me.actorId}/act`,
      { call: { tool: 'express', args: { channel: 'self_talk', content: { text: 'Hello.' } } } },
      me.token,
    );
    await one;
    expect(srv.host.world.state.tick).toBe(at + 1);
    const two = ticks(1);
    expect((await post(`/players/${me.actorId}/pass`, {}, me.token)).statusCode).toBe(200);
    const passed = await two;
    expect(passed.some((e) => e.type === 'player_away')).toBe(false);
    srv.clock.stop();
  });

  it('a player answering every prompt is never refused for it: one call per tick is theirs, whatever the bucket', async () => {
    const { post } = await open('shenzhen', { tickMs: 5, turnBased: true, waitMs: 60_000 });
    const me = JoinReply.parse((await post('/players', { name: 'Ada', place: 'huaqiangbei' })).json());
    await srv.host.step();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (
          await post(
            `/players/${me.actorId}/act`,
            { call: { tool: 'express', args: { channel: 'self_talk', content: { text: `Turn ${i}.` } } } },
            me.token,
          )
        ).statusCode,
      );
      await srv.host.step();
    }
    expect(codes).toEqual(Array(12).fill(200));
    // replacing a queued call still draws on the bucket (5, then one a second)
    const again: number[] = [];
    for (let i = 0; i < 8; i++)
      again.push(
        (
          await post(
            `/players/${me.actorId}/act`,
            { call: { tool: 'express', args: { channel: 'self_talk', content: { text: 'Again.' } } } },
            me.token,
          )
        ).statusCode,
      );
    expect(again.filter((c) => c === 429).length).toBeGreaterThan(0);
  });

  it('the turn survives a reload: a socket that connects after its prompt went out gets it; a closed one leaves the player away', async () => {
    const { post } = await open('shenzhen', { tickMs: 5, turnBased: true, waitMs: 60_000 });
    await srv.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`;
    const me = JoinReply.parse((await post('/players', { name: 'Ada', place: 'huaqiangbei' })).json());
    await srv.host.step();
    // the prompt went out at that tick, to nobody: the player's page was not open
    const s = connect(url, {
      auth: { world: 'shenzhen', token: me.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(s);
    const prompt = PromptMsg.parse(await new Promise((done) => s.once('prompt', done)));
    expect(prompt.actions.length).toBeGreaterThan(1);
    expect(prompt.tick).toBe(srv.host.world.state.tick);
    // the page closes: away at the next tick, and the world waits for nobody
    s.disconnect();
    // the server hears of the close when its event loop gets to it: on a busy machine that is not within a fixed time
    await expect.poll(() => srv.host.waitingFor()).toEqual([]);
    const events = await srv.host.step();
    expect(events).toContainEqual(expect.objectContaining({ type: 'player_away', actor: me.actorId, why: 'left' }));
  });
});
