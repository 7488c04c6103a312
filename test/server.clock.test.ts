import { ADMIN } from '../sim/audience/audience.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import type { Event } from '../sim/model/events.ts';
import { JoinReply } from '../adapters/server/protocol.ts';
import { auth, served } from './helpers/serve.ts';

let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
});

const W = '/api/worlds/shenzhen';
const ticks = (n: number) =>
  new Promise<void>((done) => {
    let seen = 0;
    srv.host.onStep(() => {
      if (++seen === n) done();
    });
  });

describe('the clock', () => {
  it('real time: runs ticks on its own, stops on pause, and steps by hand while paused', async () => {
    srv = await served({ tickMs: 5 });
    srv.clock.start();
    await ticks(3);
    await srv.app.inject({ method: 'POST', url: `${W}/control`, payload: { action: 'pause' }, headers: auth('admin-secret') });
    await srv.host.settle();
    const at = srv.host.world.state.tick;
    const r = await srv.app.inject({ method: 'POST', url: `${W}/control`, payload: { action: 'step' }, headers: auth('admin-secret') });
    expect(r.json()).toMatchObject({ paused: true, tick: at + 1 });
  });

  it("turn-based: no tick runs without the player's call once they are in", async () => {
    srv = await served({ tickMs: 5, turnBased: true });
    const ada = JoinReply.parse(
      (await srv.app.inject({ method: 'POST', url: `${W}/players`, payload: { name: 'Ada', place: 'huaqiangbei' } })).json(),
    );
    const log: Event[][] = [];
    const joinedAt = new Promise<number>((done) =>
      srv.host.onStep((t) => {
        if (srv.host.world.state.actors[ada.actorId]) done(t);
      }),
    );
    srv.clock.start();
    const t0 = await joinedAt;
    // record every tick after the join
    srv.host.onStep((t) => {
      if (t > t0) log.push([]);
    });
    const seen: Event[] = [];
    srv.host.listen({
      tick: (v) => {
        if (v.tick > t0) seen.push(...(v.for(ADMIN).events as Event[]));
      },
      status: () => undefined,
      narration: () => undefined,
      rejection: () => undefined,
      perceived: () => undefined,
    });
    expect(srv.host.waitingFor()).toEqual([ada.actorId]);
    for (let i = 0; i < 3; i++) {
      const next = ticks(1);
      const r = await srv.app.inject({
        method: 'POST',
        url: `${W}/players/${ada.actorId}/act`,
        headers: auth(ada.token),
        payload: { call: { id: `a${i}`, tool: 'express', args: { channel: 'self_talk', content: { text: `turn ${i}` } } } },
      });
      expect(r.statusCode).toBe(200);
      await next;
    }
    srv.clock.stop();
    await srv.host.settle();
    // every tick after joining carried one of the player's calls: the world waited for each
    const perTick = new Map<number, number>();
    for (const e of seen)
      if ((e.type === 'action' || e.type === 'call_failed') && e.actor === ada.actorId) perTick.set(e.tick, (perTick.get(e.tick) ?? 0) + 1);
    const tickNumbers = [...new Set(seen.map((e) => e.tick))];
    expect(tickNumbers).toHaveLength(3);
    for (const t of tickNumbers) expect(perTick.get(t)).toBe(1);
    expect(log).toHaveLength(3);
  });
});

describe('a failing broadcast', () => {
  it('does not stop the world: the tick is committed and the next one runs', async () => {
    const broken = await served({
      narrator: {
        name: 'broken',
        narrate: () => {
          throw new Error('narrator down');
        },
      },
    });
    try {
      const join = await broken.app.inject({
        method: 'POST',
        url: '/api/worlds/shenzhen/players',
        payload: { name: 'Ada', place: 'dongmen' },
      });
      const ada = JoinReply.parse(join.json());
      await broken.host.step();
      broken.host.act(broken.host.prepareCall(ada.actorId, { tool: 'express', args: { channel: 'self_talk', content: { text: 'hm' } } }));
      const events = await broken.host.step();
      expect(events.some((e) => e.type === 'action' && e.actor === ada.actorId)).toBe(true);
      expect(await broken.host.world.store.lastTick()).toBe(events[0].tick);
      await broken.host.step();
      expect(broken.host.world.state.tick).toBe(events[0].tick + 1);
    } finally {
      await broken.close();
    }
  });
});
