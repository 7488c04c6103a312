import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import type { AstinusServer } from '../adapters/server/app.ts';
import { type ActAck, ErrorReply, JoinReply } from '../adapters/server/protocol.ts';
import { auth, served } from './helpers/serve.ts';

/** Names of the language: as ids they must be unknown everywhere, never properties. */
const PROTO = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__'];

let srv: AstinusServer;
let player: { actorId: string; token: string };
let port: number;
const committed: Event[] = [];

beforeAll(async () => {
  srv = await served({ rate: { burst: 1e9, perSecond: 1e9 }, socketBudget: { burst: 1e9, perSecond: 1e9, strikes: 1e9 } });
  player = JoinReply.parse(
    (await srv.app.inject({ method: 'POST', url: '/api/worlds/shenzhen/players', payload: { name: 'Probe', place: 'dongmen' } })).json(),
  );
  await step();
  await srv.app.listen({ port: 0, host: '127.0.0.1' });
  port = (srv.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await srv?.close();
});

async function step(): Promise<void> {
  committed.push(...(await srv.host.step()));
}

/** The app's own routes, read from fastify: a route added later is probed too. */
function routes(): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  // printRoutes draws a tree: a line's depth is its indent, its path the segments above it joined
  for (const line of srv.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([\s│├└─]*)(\S+) \(([^)]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    for (const method of m[3].split(', ')) if (method === 'GET' || method === 'POST') out.push({ method, url: stack.join('') });
  }
  return out.filter((r) => r.url.startsWith('/api/'));
}

/** Every tool call with a hostile name in one id field at a time. */
function hostileCalls(h: string): unknown[] {
  const text = { text: 'hello' };
  return [
    { tool: 'interact', args: { target: h, manner: 'friendly', content: text } },
    { tool: 'move', args: { destination: h, mode: 'walk' } },
    { tool: 'create', args: { what: h, where: 'dongmen', using: {} } },
    { tool: 'create', args: { what: 'rumour_debt', where: h, using: {} } },
    { tool: 'create', args: { what: 'rumour_debt', where: 'dongmen', using: {}, about: h } },
    { tool: 'use_resource', args: { resource: `item:${h}`, amount: 1, purpose: 'buy' } },
    { tool: 'use_resource', args: { resource: 'money', amount: 1, purpose: h } },
    { tool: 'use_resource', args: { resource: 'money', amount: 1, purpose: 'gift', target: h } },
    { tool: 'express', args: { channel: 'shout', content: { key: h } } },
    { tool: 'express', args: { channel: 'shout', content: { key: 'observe.joined', params: { actor: { ref: 'actor', id: h } } } } },
    { tool: 'express', args: { channel: 'shout', content: { key: 'x', params: { fact: { ref: 'fact', id: h } } } } },
    { id: h, tool: 'express', args: { channel: 'shout', content: text } },
    { actor: h, tool: 'express', args: { channel: 'shout', content: text } },
  ];
}

/** Any string in a committed event (other than free text) that is one of the hostile names. */
function mentions(v: unknown, key = ''): string[] {
  if (typeof v === 'string') return PROTO.includes(v) && key !== 'text' ? [`${key}=${v}`] : [];
  if (!v || typeof v !== 'object') return [];
  return Object.entries(v).flatMap(([k, x]) => mentions(x, k));
}

function answered(what: string, r: { statusCode: number; json: () => unknown }) {
  expect(r.statusCode, what).toBeLessThan(500);
  if (r.statusCode >= 400) expect(ErrorReply.safeParse(r.json()).success, what).toBe(true);
}

const shape = () =>
  [Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join()).join('|');

describe('ids named after the language, on every route, socket event and tool argument', () => {
  it('no 5xx, no paused world, no write to a shared prototype, no event about a thing that does not exist; the world keeps ticking', async () => {
    const before = shape();
    const all = routes();
    expect(all.length).toBeGreaterThanOrEqual(12);
    const tokens = { admin: 'admin-secret', player: player.token };
    for (const h of PROTO) {
      const e = encodeURIComponent(h);
      for (const r of all) {
        // every path part hostile in turn: the world, then the id
        const urls = new Set([r.url.replace(':w', e).replace(':id', player.actorId), r.url.replace(':w', 'shenzhen').replace(':id', e)]);
        for (const url of urls) {
          for (const token of [tokens.admin, tokens.player, undefined]) {
            const headers = token ? auth(token) : {};
            if (r.method === 'GET') {
              answered(`GET ${url}`, await srv.app.inject({ url: `${url}?actor=${e}&type=${e}&cursor=${e}`, headers }));
              answered(`GET ${url}`, await srv.app.inject({ url, headers }));
              continue;
            }
            if (url.endsWith('/control')) {
              answered(url, await srv.app.inject({ method: 'POST', url, headers, payload: { action: h } }));
              continue;
            }
            const bodies: unknown[] = [
              { name: h, concept: h, place: h },
              { name: 'Ok', place: h },
              { text: h },
              { text: `go to ${h}` },
              ...hostileCalls(h).map((call) => ({ call })),
            ];
            for (const payload of bodies)
              answered(
                `POST ${url} ${JSON.stringify(payload)}`,
                await srv.app.inject({ method: 'POST', url, headers, payload: payload as object }),
              );
          }
        }
      }
      // the socket: a hostile handshake, then every hostile call through `act`
      const bad = connect(`http://127.0.0.1:${port}`, { auth: { world: h, token: h }, transports: ['websocket'], reconnection: false });
      await new Promise<void>((done) => {
        bad.once('connect', () => done());
        bad.once('connect_error', () => done());
      });
      bad.disconnect();
      const sock: Socket = connect(`http://127.0.0.1:${port}`, {
        auth: { world: 'shenzhen', token: player.token },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise<void>((done, fail) => {
        sock.once('connect', () => done());
        sock.once('connect_error', fail);
      });
      for (const call of hostileCalls(h)) {
        const ack = await new Promise<ActAck>((done) => sock.emit('act', { call }, done));
        if (!ack.ok) expect(ErrorReply.safeParse(ack.error).success).toBe(true);
        sock.emit(h, { call });
      }
      expect(sock.connected).toBe(true);
      sock.disconnect();
      const tick = srv.host.world.state.tick;
      await step();
      await step();
      expect(srv.host.world.state.tick).toBe(tick + 2);
      expect(srv.host.status().paused).toBe(false);
    }
    expect(shape()).toBe(before);
    expect(({} as Record<string, unknown>).reputation).toBeUndefined();
    expect(committed.flatMap((ev) => mentions(ev).map((m) => `${ev.type}: ${m}`))).toEqual([]);
    for (const h of PROTO) {
      expect(Object.hasOwn(srv.host.world.state.actors, h)).toBe(false);
      expect(Object.hasOwn(srv.host.world.state.places, h)).toBe(false);
    }
    // the log still reads: every page of events answers
    answered('events', await srv.app.inject({ url: '/api/worlds/shenzhen/events?limit=1000' }));
  }, 120_000);
});
