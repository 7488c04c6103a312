import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Bucket } from '../adapters/server/auth.ts';
import type { AstinusServer } from '../adapters/server/app.ts';
import { type ActAck, ActMsg, JoinReply } from '../adapters/server/protocol.ts';
import { SOCKET_BUDGET } from '../adapters/server/socket-budget.ts';
import { served } from './helpers/serve.ts';

// A socket's messages are metered before anything reads them: a burst costs its sender, not the world.

let srv: AstinusServer;
const sockets: Socket[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of sockets.splice(0)) s.disconnect();
  await srv?.close();
});

async function player(name: string, url: string) {
  const p = JoinReply.parse(
    (await srv.app.inject({ method: 'POST', url: '/api/worlds/shenzhen/players', payload: { name, place: 'huaqiangbei' } })).json(),
  );
  await srv.host.step();
  const s = connect(url, { auth: { world: 'shenzhen', token: p.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(s);
  await new Promise<void>((done, fail) => {
    s.once('connect', () => done());
    s.once('connect_error', fail);
  });
  return s;
}

const act = { call: { tool: 'express', args: { channel: 'shout', content: { text: 'hello' } } } };

describe("a socket's message budget", () => {
  async function start(o: Parameters<typeof served>[0] = {}) {
    srv = await served({ rate: { burst: 1e6, perSecond: 1e6 }, ...o });
    await srv.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`;
  }

  it('closes a socket that sends 2,000 acts in a burst, reads no more than its budget, and the server keeps answering and ticking', async () => {
    const url = await start();
    const flood = await player('Flood', url);
    const calm = await player('Calm', url);
    const parses = vi.spyOn(ActMsg, 'safeParse');
    const closed = new Promise<void>((done) => flood.once('disconnect', () => done()));
    for (let i = 0; i < 2000; i++) flood.emit('act', act, () => undefined);

    // meanwhile: REST answers, the world ticks
    expect((await srv.app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
    const tick = srv.host.world.tick;
    await srv.host.step();
    expect(srv.host.world.tick).toBe(tick + 1);

    await closed;
    expect(parses.mock.calls.length).toBeLessThanOrEqual(SOCKET_BUDGET.burst);

    // another connection has its own budget
    const ack = await new Promise<ActAck>((done) => calm.emit('act', act, done));
    expect(ack.ok).toBe(true);
  });

  it('refuses each act over budget unread, with a rate_limited ack, while the socket is not flooding for long', async () => {
    const url = await start({ socketBudget: { ...SOCKET_BUDGET, strikes: 1e9 } });
    const s = await player('Eager', url);
    const parses = vi.spyOn(ActMsg, 'safeParse');
    const t0 = performance.now();
    const acks = await Promise.all(Array.from({ length: 2000 }, () => new Promise<ActAck>((done) => s.emit('act', act, done))));
    const seconds = (performance.now() - t0) / 1000;
    const ok = acks.filter((a) => a.ok).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    // the burst, and the tokens that came back while it was read (more on a busy machine, where reading is slower)
    expect(ok).toBeLessThanOrEqual(SOCKET_BUDGET.burst + Math.ceil(seconds * SOCKET_BUDGET.perSecond) + 1);
    expect(acks.filter((a) => !a.ok && a.error.code === 'rate_limited').length).toBe(2000 - ok);
    expect(parses.mock.calls.length).toBe(ok);
    expect(s.connected).toBe(true);
  });

  it('refills: a bucket empty now has a token again after its interval', () => {
    let t = 0;
    const b = new Bucket(2, 4, () => t);
    expect([b.take(), b.take(), b.take()]).toEqual([true, true, false]);
    t += 250;
    expect([b.take(), b.take()]).toEqual([true, false]);
  });
});
