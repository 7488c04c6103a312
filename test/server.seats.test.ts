import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Players } from '../sim/model/scenario.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import type { AstinusServer } from '../adapters/server/app.ts';
import { ActReply, ErrorReply, JoinReply, WorldSummary } from '../adapters/server/protocol.ts';
import { describeEvent } from '../sim/i18n/describe.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { auth, served } from './helpers/serve.ts';
import { ROOT } from './helpers/world.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { dueActors } from '../sim/tick/pipeline.ts';
import { perceive } from '../bots/perception.ts';
import { brainMessages } from '../bots/brains/llm/prompt.ts';

// A seat is the player's while they play: the Judge frees it when they have not acted for the pack's
// idleTicks, or when the admin asks; the token stops working and the next join takes the seat.

let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
});

const W = '/api/worlds/shenzhen';
const ADMIN = auth('admin-secret');
const IDLE = 4;

async function open(players: Partial<Players> = {}, turnBased = false): Promise<AstinusServer> {
  const scenario = await loadScenario(`${ROOT}scenarios/shenzhen`);
  const rules = scenario.meta.rules;
  const one = {
    ...scenario,
    meta: { ...scenario.meta, rules: { ...rules, players: { ...rules.players, cap: 1, idleTicks: IDLE, ...players } } },
  };
  return served({ rate: { burst: 1e6, perSecond: 1e6 }, turnBased }, { scenario: one });
}

const inject = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  srv.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const join = (name: string) => inject('POST', `${W}/players`, { name, place: 'huaqiangbei' });
const say = (p: { actorId: string; token: string }) =>
  inject(
    'POST',
    `${W}/players/${p.actorId}/act`,
    { call: { tool: 'express', args: { channel: 'shout', content: { text: 'still here' } } } },
    auth(p.token),
  );
const seats = async () => WorldSummary.array().parse((await inject('GET', '/api/worlds')).json())[0].players;

async function seated(name: string) {
  const p = JoinReply.parse((await join(name)).json());
  await srv.host.step();
  return p;
}

describe('an idle seat', () => {
  it('is freed by the Judge after idleTicks ticks without a call, not before; acting keeps it', async () => {
    srv = await open();
    const p = await seated('Ann');
    const joinedAt = srv.host.world.state.actors[p.actorId].arrivedAt;
    expect((await join('Bob')).statusCode).toBe(409);
    // acting at the table keeps the seat: the count starts again from the last judged call
    await srv.host.step();
    expect((await say(p)).statusCode).toBe(200);
    await srv.host.step();
    const acted = srv.host.world.state.actors[p.actorId].player?.acted;
    expect(acted).toBeGreaterThan(joinedAt);
    let freedAt = -1;
    for (let i = 0; i < IDLE + 2 && freedAt < 0; i++) {
      const events = await srv.host.step();
      const e = events.find((x) => x.type === 'seat_freed');
      if (e?.type === 'seat_freed') {
        expect(e).toMatchObject({ actor: p.actorId, by: 'idle', then: 'leaves' });
        freedAt = e.tick;
      }
    }
    expect(freedAt).toBe(acted! + IDLE);
    expect(await seats()).toEqual({ joined: 0, cap: 1 });

    // the token is refused everywhere; the character has left: in the log, not at the place
    expect((await say(p)).statusCode).toBe(401);
    expect((await inject('GET', `${W}/players/${p.actorId}/session`, undefined, auth(p.token))).statusCode).toBe(401);
    expect(srv.host.world.state.actors[p.actorId].player?.freed).toEqual({ tick: freedAt, then: 'leaves' });
    const { cat, state } = srv.host.world;
    expect(indexPlaces(cat, state).get(state.actors[p.actorId].location) ?? []).not.toContain(p.actorId);
    expect(dueActors(srv.host.world.cat, state, state.tick + 1)).not.toContain(p.actorId);

    // the seat takes the next join
    const bob = JoinReply.parse((await join('Bob')).json());
    await srv.host.step();
    expect(srv.host.world.state.actors[bob.actorId]?.player).toBeTruthy();
    expect((await say(bob)).statusCode).toBe(200);
  });

  it('the feed says what became of the character, in both languages; as a bot it goes on acting', async () => {
    srv = await open({ whenFreed: 'bot' });
    const p = await seated('Ann');
    const events = [];
    for (let i = 0; i < IDLE + 12; i++) events.push(...(await srv.host.step()));
    const freed = events.find((e) => e.type === 'seat_freed');
    expect(freed).toMatchObject({ actor: p.actorId, by: 'idle', then: 'bot' });
    const { cat, state } = srv.host.world;
    for (const lang of ['cn', 'en'] as const) {
      const line = describeEvent(new Renderer(lang, cat, state), freed!);
      expect(line).toBeTruthy();
      expect(line).toContain('Ann');
    }
    // the world's brain moves the character now; a model brain knows it by what the player said, quoted
    expect(events.some((e) => e.type === 'action' && e.actor === p.actorId && e.tick > freed!.tick)).toBe(true);
    const perception = perceive(cat, state, indexPlaces(cat, state), p.actorId, state.tick + 1);
    expect(brainMessages(cat, perception, 'en')[0].content).toContain('You are "Ann"');
  });
});

describe('the admin', () => {
  it('frees a seat through the Judge: 401/403 for others, 404 for no seat; then the token is refused and the seat taken', async () => {
    srv = await open({ idleTicks: 10_000 });
    const p = await seated('Ann');
    const url = `${W}/players/${p.actorId}`;
    expect((await inject('DELETE', url)).statusCode).toBe(401);
    expect((await inject('DELETE', url, undefined, auth('nonsense'))).statusCode).toBe(401);
    expect((await inject('DELETE', url, undefined, auth(p.token))).statusCode).toBe(403);
    const bot = Object.values(srv.host.world.state.actors).find((a) => !a.player)!.id;
    for (const id of ['nobody', '__proto__', 'constructor', bot, '%E2%80%AEx', 'x'.repeat(99)]) {
      const r = await inject('DELETE', `${W}/players/${id}`, undefined, ADMIN);
      expect(r.statusCode, id).toBe(404);
      expect(ErrorReply.parse(r.json()).code).toBe('not_found');
    }
    expect(Object.prototype).not.toHaveProperty('freed');

    // a socket the player holds is let go
    await srv.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`;
    const s = connect(base, {
      auth: { world: 'shenzhen', token: p.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((done, fail) => {
      s.once('connect', () => done());
      s.once('connect_error', fail);
    });
    const dropped = new Promise<void>((done) => s.once('disconnect', () => done()));

    const r = await inject('DELETE', url, undefined, ADMIN);
    expect(r.statusCode).toBe(202);
    expect(ActReply.parse(r.json()).queuedFor).toBe(srv.host.world.tick);
    expect((await inject('DELETE', url, undefined, ADMIN)).statusCode).toBe(409);
    // nothing changes until the Judge commits it
    expect(srv.host.world.state.actors[p.actorId].player?.freed).toBeUndefined();
    expect((await join('Bob')).statusCode).toBe(409);

    const events = await srv.host.step();
    expect(events.filter((e) => e.type === 'seat_freed')).toMatchObject([{ actor: p.actorId, by: 'admin', then: 'leaves' }]);
    await dropped;
    s.disconnect();
    expect((await say(p)).statusCode).toBe(401);
    const again = connect(base, {
      auth: { world: 'shenzhen', token: p.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const refused = await new Promise<{ data?: ErrorReply }>((done) => again.once('connect_error', (e) => done(e as never)));
    again.disconnect();
    expect(refused.data?.code).toBe('unauthorized');
    expect((await inject('DELETE', url, undefined, ADMIN)).statusCode).toBe(404);

    const bob = JoinReply.parse((await join('Bob')).json());
    await srv.host.step();
    expect(srv.host.world.state.actors[bob.actorId]?.player).toBeTruthy();
    expect(await seats()).toEqual({ joined: 1, cap: 1 });
  });

  it('frees a turn-based world from waiting for an idle player, whose idle time never passes there', async () => {
    srv = await open({ idleTicks: 10_000 }, true);
    const p = await seated('Ann');
    expect(srv.host.waitingFor()).toEqual([p.actorId]);
    expect((await inject('DELETE', `${W}/players/${p.actorId}`, undefined, ADMIN)).statusCode).toBe(202);
    expect(srv.host.waitingFor()).toEqual([]);
    await srv.host.step();
    expect(srv.host.world.state.actors[p.actorId].player?.freed?.then).toBe('leaves');
  });
});
