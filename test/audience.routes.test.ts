import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { Socket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_RULES } from '../sim/audience/secrets.ts';
import { ADMIN, playerAudience, PUBLIC } from '../sim/audience/audience.ts';
import { viewEvent } from '../sim/audience/view.ts';
import type { Event } from '../sim/model/events.ts';
import { type AstinusServer, requireExposure } from '../adapters/server/app.ts';
import { JoinReply, SOCKET_AUDIENCES } from '../adapters/server/protocol.ts';
import { auth, served } from './helpers/serve.ts';

let srv: AstinusServer | null = null;
afterEach(async () => {
  await srv?.close();
  srv = null;
});

const W = '/api/worlds/shenzhen';

async function withPlayers(observing: 'public' | 'private' = 'public') {
  srv = await served({ observing, rate: { burst: 1000, perSecond: 1000 } });
  const join = async (name: string) => {
    const r = await srv!.app.inject({
      method: 'POST',
      url: `${W}/players`,
      headers: observing === 'private' ? auth(srv!.adminToken) : {},
      payload: { name, concept: 'a newcomer', place: 'dongmen' },
    });
    expect(r.statusCode).toBe(201);
    return JoinReply.parse(r.json());
  };
  const a = await join('Ada');
  const b = await join('Bo');
  await srv.host.step();
  return { srv, a, b };
}

describe('every route says whom it answers, and keeps its word', () => {
  it('a route without a declared exposure stops the server from starting', async () => {
    const app = Fastify();
    requireExposure(app, []);
    expect(() => app.get('/api/worlds/:w/new', async () => ({}))).toThrow(/declares no exposure/);
    expect(() => app.get('/api/worlds/:w/newer', { config: { exposure: 'public' } }, async () => ({}))).not.toThrow();
    await app.close();
  });

  it('each route answers exactly the callers its exposure names', async () => {
    const { srv, a, b } = await withPlayers();
    const api = srv.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(20);
    const call = (r: { method: string; url: string }, token?: string) =>
      srv.app.inject({
        method: r.method as 'GET',
        url: r.url.replace(':w', 'shenzhen').replace(':id', a.actorId).replace(':q', 'no_such_quest'),
        headers: token ? auth(token) : {},
        ...(r.method === 'POST' ? { payload: {} } : {}),
      });
    const refused = (s: number) => s === 401 || s === 403;
    for (const r of api) {
      const name = `${r.method} ${r.url} (${r.exposure})`;
      const [anon, other, self, admin] = [await call(r), await call(r, b.token), await call(r, a.token), await call(r, srv.adminToken)];
      switch (r.exposure) {
        case 'open':
        case 'public':
          for (const x of [anon, other, self, admin]) expect(refused(x.statusCode), `${name}: ${x.body}`).toBe(false);
          break;
        case 'self':
          expect(anon.statusCode, name).toBe(401);
          expect(other.statusCode, name).toBe(403);
          expect(admin.statusCode, name).toBe(403);
          expect(refused(self.statusCode), `${name}: ${self.body}`).toBe(false);
          break;
        case 'self_or_admin':
          expect(anon.statusCode, name).toBe(401);
          expect(other.statusCode, name).toBe(403);
          expect(refused(self.statusCode), `${name}: ${self.body}`).toBe(false);
          expect(refused(admin.statusCode), `${name}: ${admin.body}`).toBe(false);
          break;
        case 'admin':
          expect(anon.statusCode, name).toBe(401);
          expect(other.statusCode, name).toBe(403);
          expect(self.statusCode, name).toBe(403);
          expect(refused(admin.statusCode), `${name}: ${admin.body}`).toBe(false);
          break;
        default:
          throw new Error(`${name}: not classified`);
      }
    }
  });

  it('in a private world only the open routes answer a caller without a token', async () => {
    const { srv } = await withPlayers('private');
    for (const r of srv.routes.filter((x) => x.url.startsWith('/api/') && x.method === 'GET')) {
      const res = await srv.app.inject({ url: r.url.replace(':w', 'shenzhen').replace(':id', 'player-1').replace(':q', 'x') });
      if (r.exposure === 'open') expect(res.statusCode, r.url).toBe(200);
      else expect(res.statusCode, r.url).toBe(401);
    }
  });
});

describe('every socket event is classified and reaches only its audience', () => {
  it('what the server emits over ticks with a player is in the table, and `self` events go to one player alone', async () => {
    const { srv, a } = await withPlayers();
    await srv.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`;
    const emitted: { event: string; rooms: string[] }[] = [];
    // every emit, to rooms or to one socket, as the socket.io server makes it
    const operator = Object.getPrototypeOf(srv.sockets.io.to('x')) as {
      emit: (this: { rooms: Set<string> }, event: string, ...x: unknown[]) => boolean;
    };
    const roomEmit = operator.emit;
    const socketEmit = Socket.prototype.emit;
    operator.emit = function (this: { rooms: Set<string> }, event: string, ...rest: unknown[]) {
      emitted.push({ event, rooms: [...this.rooms] });
      return roomEmit.call(this, event, ...rest);
    };
    Socket.prototype.emit = function (this: Socket, event: string, ...rest: unknown[]) {
      emitted.push({ event, rooms: [`socket:${this.id}`] });
      return socketEmit.call(this, event, ...rest);
    } as typeof Socket.prototype.emit;
    const clients: ClientSocket[] = [];
    try {
      for (const auth of [{ world: 'shenzhen' }, { world: 'shenzhen', token: a.token }, { world: 'shenzhen', token: srv.adminToken }]) {
        const c = connect(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
        await new Promise<void>((done, fail) => {
          c.once('connect', () => done());
          c.once('connect_error', fail);
        });
        clients.push(c);
      }
      await clients[1].timeout(10_000).emitWithAck('act', { call: { tool: 'no_such_tool', args: {} } });
      for (let t = 0; t < 10; t++) await srv.host.step();
      await srv.sessions.settle();
    } finally {
      operator.emit = roomEmit;
      Socket.prototype.emit = socketEmit;
      for (const c of clients) c.disconnect();
    }
    const names = new Set(emitted.map((e) => e.event));
    for (const n of ['tick', 'status', 'story', 'session', 'prompt']) expect(names, n).toContain(n);
    for (const e of emitted) {
      const audience = (SOCKET_AUDIENCES as Record<string, string>)[e.event];
      expect(audience, `${e.event} is emitted but not classified`).toBeDefined();
      if (audience === 'self') for (const room of e.rooms) expect(room, e.event).toMatch(/^(player:|socket:)/);
      if (audience === 'cut') for (const room of e.rooms) expect(room, e.event).toMatch(/^(player:|public:|admin:)/);
    }
  });
});

describe('every event type has a rule', () => {
  it('the table has a rule of a known kind for each type', () => {
    for (const [type, rule] of Object.entries(EVENT_RULES)) expect(['everyone', 'owner', 'admin'], type).toContain(rule.who);
    // @ts-expect-error a table that leaves out an event type does not compile: every new type must be classified
    const missing: typeof EVENT_RULES = { ...EVENT_RULES, claimed: undefined };
    expect(missing.claimed).toBeUndefined();
  });

  it("a fact's truth, a claim and someone else's story stay with the admin", () => {
    const fact = {
      tick: 1,
      seq: 0,
      type: 'fact_created',
      fact: { id: 'f1', content: { key: 'x' }, about: null, truth: false, origin: { actor: 'p', tick: 1, place: 'q' } },
    } as Event;
    expect(viewEvent(fact, PUBLIC)).not.toHaveProperty('fact.truth');
    expect(viewEvent(fact, ADMIN)).toHaveProperty('fact.truth', false);
    const claim = {
      tick: 1,
      seq: 1,
      type: 'claimed',
      actor: 'p',
      place: 'q',
      kind: 'payment',
      about: [],
      contradicts: true,
      to: null,
    } as unknown as Event;
    expect(viewEvent(claim, PUBLIC)).toBeNull();
    expect(viewEvent(claim, playerAudience('p'))).toBeNull();
    const turned = {
      tick: 1,
      seq: 2,
      type: 'story_turned',
      actor: 'player-1',
      choice: 0,
      chapter: 'c',
      situation: 's',
      variables: { x: 1 },
      ink: '{}',
    } as Event;
    expect(viewEvent(turned, playerAudience('player-2'))).toBeNull();
    expect(viewEvent(turned, PUBLIC)).toBeNull();
    expect(viewEvent(turned, playerAudience('player-1'))).toEqual({
      tick: 1,
      seq: 2,
      type: 'story_turned',
      actor: 'player-1',
      choice: 0,
      chapter: 'c',
      situation: 's',
      variables: { x: 1 },
    });
    expect(viewEvent(turned, ADMIN)).toBe(turned);
  });
});
