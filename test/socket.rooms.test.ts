import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import {
  type ActAck,
  ErrorReply,
  JoinReply,
  NarrationMsg,
  PerceivedMsg,
  RejectionMsg,
  StatusMsg,
  TickMsg,
} from '../adapters/server/protocol.ts';
import { served } from './helpers/serve.ts';

let srv: AstinusServer;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await srv?.close();
});

async function start(o: Parameters<typeof served>[0] = {}): Promise<string> {
  srv = await served(o);
  await srv.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`;
}

/** A client that records everything it receives. */
function client(url: string, auth: Record<string, unknown>) {
  const s = connect(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(s);
  const got: Record<string, unknown[]> = {};
  s.onAny((event: string, payload: unknown) => {
    (got[event] ??= []).push(payload);
  });
  return { s, got };
}

const next = <T>(s: Socket, event: string) => new Promise<T>((done) => s.once(event, done));
const connected = (s: Socket) =>
  new Promise<void>((done, fail) => {
    s.once('connect', () => done());
    s.once('connect_error', fail);
  });
const refused = (s: Socket) => new Promise<{ message: string; data: unknown }>((done) => s.once('connect_error', (e) => done(e as never)));
const act = (s: Socket, payload: unknown) => new Promise<ActAck>((done) => s.emit('act', payload, done));

async function join(name: string, place = 'huaqiangbei', headers: Record<string, string> = {}) {
  const r = await srv.app.inject({ method: 'POST', url: '/api/worlds/shenzhen/players', payload: { name, place }, headers });
  return JoinReply.parse(r.json());
}

describe('observers', () => {
  it('get the status on connect and every committed tick, with feed lines', async () => {
    const url = await start();
    const { s } = client(url, { world: 'shenzhen' });
    const status = next<unknown>(s, 'status');
    await connected(s);
    expect(StatusMsg.parse(await status)).toMatchObject({ paused: false, turnBased: false });
    const tick = next<unknown>(s, 'tick');
    const events = await srv.host.step();
    const msg = TickMsg.parse(await tick);
    expect(msg.tick).toBe(events[0].tick);
    expect(msg.events).toHaveLength(events.length);
    expect(msg.events.some((e) => e.text?.en)).toBe(true);
    expect(msg.summary?.after).toBe(srv.host.world.state.moneyTotal);
    expect(msg.actors.length).toBeGreaterThan(0);
  });

  it('are refused with a reason: wrong world, malformed auth, bad token, private world', async () => {
    const url = await start({ observing: 'private' });
    const cases: [Record<string, unknown>, string][] = [
      [{ world: 'atlantis' }, 'unknown_world'],
      [{ world: 42 }, 'bad_request'],
      [{ world: 'shenzhen', token: 'nope' }, 'unauthorized'],
      [{ world: 'shenzhen' }, 'private'],
    ];
    for (const [auth, code] of cases) {
      const err = await refused(client(url, auth).s);
      expect(ErrorReply.parse(err.data).code).toBe(code);
    }
    // in a private world only the admin can let a player in
    const ada = await join('Ada', 'huaqiangbei', { authorization: 'Bearer admin-secret' });
    const { s } = client(url, { world: 'shenzhen', token: ada.token });
    await connected(s);
    const admin = client(url, { world: 'shenzhen', token: 'admin-secret' }).s;
    await connected(admin);
  });

  it('cannot act, and malformed payloads get an error while the server keeps going', async () => {
    const url = await start();
    const { s, got } = client(url, { world: 'shenzhen' });
    await connected(s);
    expect(await act(s, { call: { tool: 'move', args: { destination: 'dongmen', mode: 'walk' } } })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const ada = await join('Ada');
    await srv.host.step();
    const p = client(url, { world: 'shenzhen', token: ada.token }).s;
    await connected(p);
    for (const bad of [
      null,
      42,
      'x',
      { call: 1 },
      { call: { tool: 'fly', args: {} } },
      { call: { tool: 'move', args: {} } },
      { nope: true },
    ]) {
      const a = await act(p, bad);
      expect(a.ok, JSON.stringify(bad)).toBe(false);
      if (!a.ok) expect(ErrorReply.parse(a.error).code).toBe('bad_request');
    }
    // without an ack, the reason comes back as an `error` event
    const err = next<unknown>(p, 'error');
    p.emit('act', { call: 'garbage' });
    expect(ErrorReply.parse(await err).code).toBe('bad_request');
    s.emit('act');
    s.emit('no-such-event', { x: 1 });
    expect(p.connected && s.connected).toBe(true);
    expect((await srv.app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
    expect(got.narration).toBeUndefined();
  });
});

describe('players', () => {
  it('act through the socket and alone receive their narration; others nearby perceive it', async () => {
    const url = await start();
    const ada = await join('Ada');
    const bob = await join('Bob');
    await srv.host.step();
    const a = client(url, { world: 'shenzhen', token: ada.token });
    const b = client(url, { world: 'shenzhen', token: bob.token });
    await Promise.all([connected(a.s), connected(b.s)]);
    const ack = await act(a.s, { call: { tool: 'express', args: { channel: 'shout', content: { text: 'Fresh murals, cheap!' } } } });
    expect(ack).toEqual({ ok: true, queuedFor: srv.host.world.tick });
    const narration = next<unknown>(a.s, 'narration');
    const perceived = next<unknown>(b.s, 'perceived');
    await srv.host.step();
    const n = NarrationMsg.parse(await narration);
    expect(n.text.en).toContain('Fresh murals, cheap!');
    expect(n.text.en).toContain('Ada');
    const seen = PerceivedMsg.parse(await perceived);
    expect(seen.lines.some((l) => l.en.includes('Fresh murals, cheap!'))).toBe(true);
    // one more tick: anything sent to Bob's private room about the first would have arrived by now
    const later = next<unknown>(b.s, 'tick');
    await srv.host.step();
    await later;
    expect(b.got.narration).toBeUndefined();
    expect(a.got.narration).toHaveLength(1);
  });

  it('hear a rejection with its in-world reason', async () => {
    const url = await start();
    const ada = await join('Ada');
    await srv.host.step();
    const a = client(url, { world: 'shenzhen', token: ada.token });
    await connected(a.s);
    const r = await act(a.s, { call: { id: 'mine-1', tool: 'move', args: { destination: 'huaqiangbei', mode: 'walk' } } });
    expect(r.ok).toBe(true);
    const rejection = next<unknown>(a.s, 'rejection');
    await srv.host.step();
    const msg = RejectionMsg.parse(await rejection);
    expect(msg.callId).toBe('mine-1');
    expect(msg.reason.en).not.toContain('reason.');
    expect(msg.reason.cn).toMatch(/[\u4e00-\u9fff]/);
  });

  it('cannot act as someone else over the socket', async () => {
    const url = await start();
    const ada = await join('Ada');
    await srv.host.step();
    const a = client(url, { world: 'shenzhen', token: ada.token });
    await connected(a.s);
    const r = await act(a.s, { call: { actor: 'lin_feng', tool: 'move', args: { destination: 'dongmen', mode: 'walk' } } });
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(srv.host.queue.has('lin_feng')).toBe(false);
  });
});
