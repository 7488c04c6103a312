import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { ErrorReply, JoinReply, StatusMsg, WorldSummary } from '../adapters/server/protocol.ts';
import { auth, served } from './helpers/serve.ts';

// A private world gives a caller without a valid token nothing, on every route the app has (taken
// from the app itself, so a route added later is held to this too) and on the socket handshake.

let srv: AstinusServer;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await srv?.close();
});

/** What a caller without a token may still reach: health, the world list, and the dashboard shell. */
const OPEN = new Set(['/api/health', '/api/worlds', '/', '/*']);

/** A concrete URL for a route pattern: this world, a real actor, and a tail for wildcards. */
const concrete = (url: string, actor: string) => url.replace(':w', 'shenzhen').replace(':id', actor).replace('*', 'index.html');

async function privateServer() {
  srv = await served({ observing: 'private' });
  const ada = JoinReply.parse(
    (
      await srv.app.inject({
        method: 'POST',
        url: '/api/worlds/shenzhen/players',
        payload: { name: 'Ada', place: 'dongmen' },
        headers: auth('admin-secret'),
      })
    ).json(),
  );
  await srv.host.step();
  return ada;
}

describe('a private world over REST', () => {
  it('refuses a caller without a token, or with a guessed one, on every API route but health and the world list', async () => {
    const ada = await privateServer();
    const routes = srv.routes.filter((r) => !OPEN.has(r.url));
    // the enumeration is real: it sees the routes that carry the world
    for (const want of [
      'GET /api/worlds/:w/actors',
      'GET /api/worlds/:w/events',
      'POST /api/worlds/:w/players',
      'POST /api/worlds/:w/control',
      'POST /api/worlds/:w/players/:id/act',
    ])
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(want);
    expect(routes.every((r) => r.url.startsWith('/api/'))).toBe(true);
    for (const r of routes) {
      for (const headers of [{}, auth('guessed-token')]) {
        const res = await srv.app.inject({
          method: r.method as 'GET',
          url: concrete(r.url, ada.actorId),
          headers,
          ...(r.method === 'POST'
            ? { payload: { name: 'Eve', place: 'dongmen', action: 'pause', text: 'hi', call: { tool: 'express', args: {} } } }
            : {}),
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        if (r.method !== 'HEAD') expect(ErrorReply.parse(res.json()).code, `${r.method} ${r.url}`).toBe('private');
      }
    }
    // nothing was let in or changed by all that
    expect(Object.values(srv.host.world.state.actors).filter((a) => a.player)).toHaveLength(1);
    expect(srv.host.paused).toBe(false);
  });

  it('lets a player token read, lets only the admin bring someone in, and lists the world without who is in it', async () => {
    const ada = await privateServer();
    const r = await srv.app.inject({ method: 'GET', url: '/api/worlds/shenzhen/actors', headers: auth(ada.token) });
    expect(r.statusCode).toBe(200);
    const byPlayer = await srv.app.inject({
      method: 'POST',
      url: '/api/worlds/shenzhen/players',
      payload: { name: 'Bob', place: 'dongmen' },
      headers: auth(ada.token),
    });
    expect(byPlayer.statusCode).toBe(403);
    expect(ErrorReply.parse(byPlayer.json()).code).toBe('private_join');
    const list = async (headers = {}) =>
      WorldSummary.array().parse((await srv.app.inject({ method: 'GET', url: '/api/worlds', headers })).json())[0];
    const anonymous = await list();
    expect(anonymous).toMatchObject({ id: 'shenzhen', observing: 'private' });
    expect(anonymous.population).toBeUndefined();
    expect(anonymous.players).toBeUndefined();
    expect((await list(auth(ada.token))).population).toBe(Object.keys(srv.host.world.state.actors).length);
  });
});

describe('a private world over Socket.IO', () => {
  it('refuses the handshake without a valid token and admits players and the admin, who see whether joining is open', async () => {
    const ada = await privateServer();
    await srv.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`;
    const client = (a: Record<string, unknown>) => {
      const s = connect(url, { auth: a, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(s);
      return s;
    };
    const outcome = (s: Socket) =>
      new Promise<{ ok: true; status: unknown } | { ok: false; data: unknown }>((done) => {
        s.once('status', (status) => done({ ok: true, status }));
        s.once('connect_error', (e) => done({ ok: false, data: (e as Error & { data: unknown }).data }));
      });
    for (const [a, code] of [
      [{ world: 'shenzhen' }, 'private'],
      [{ world: 'shenzhen', token: 'guessed-token' }, 'unauthorized'],
    ] as const) {
      const o = await outcome(client(a));
      expect(o.ok, code).toBe(false);
      if (!o.ok) expect(ErrorReply.parse(o.data).code).toBe(code);
    }
    const admitted: Socket[] = [];
    for (const token of [ada.token, 'admin-secret']) {
      const s = client({ world: 'shenzhen', token });
      const o = await outcome(s);
      if (!o.ok) throw new Error(JSON.stringify(o.data));
      expect(StatusMsg.parse(o.status).joining).toBe('open');
      admitted.push(s);
    }
    // the admin closes joining: everyone in the room hears it
    const heard = admitted.map((s) => new Promise<unknown>((done) => s.once('status', done)));
    await srv.app.inject({
      method: 'POST',
      url: '/api/worlds/shenzhen/control',
      payload: { action: 'close_joining' },
      headers: auth('admin-secret'),
    });
    for (const h of heard) expect(StatusMsg.parse(await h).joining).toBe('closed');
  });
});
