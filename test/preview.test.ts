import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { JoinReply, PreviewReply } from '../adapters/server/protocol.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { auth, served } from './helpers/serve.ts';

let srv: AstinusServer;
let other: AstinusServer | undefined;
afterEach(async () => {
  await srv?.close();
  await other?.close();
  other = undefined;
});

const W = '/api/worlds/shenzhen';
const post = (s: AstinusServer, url: string, payload: unknown, headers = {}) =>
  s.app.inject({ method: 'POST', url, payload: payload as object, headers });
const step = (s: AstinusServer) => post(s, `${W}/control`, { action: 'step' }, auth('admin-secret'));

async function joined(s: AstinusServer, place = 'huaqiangbei') {
  const r = await post(s, `${W}/players`, { name: 'Ada', concept: 'a painter', place, lang: 'en' });
  const j = JoinReply.parse(r.json());
  await step(s);
  return j;
}

async function preview(s: AstinusServer, p: JoinReply, call: unknown) {
  const r = await post(s, `${W}/players/${p.actorId}/preview`, { call }, auth(p.token));
  expect(r.statusCode, r.body).toBe(200);
  return PreviewReply.parse(r.json());
}

/** The whole log, as `astinus export` writes its events (after its first line, the initial state), and the state. */
async function exported(s: AstinusServer): Promise<string> {
  let out = '';
  for await (const e of s.host.world.store.readEvents(0, Number.MAX_SAFE_INTEGER)) out += `${canonicalJson(e)}\n`;
  return `${out}${canonicalJson(s.host.world.state)}`;
}

describe('previewing a call before sending it', () => {
  it('shows what an affordable call costs and what would happen', async () => {
    srv = await served({ rate: { burst: 100, perSecond: 100 } });
    const p = await joined(srv);
    const water = await preview(srv, p, { tool: 'use_resource', args: { resource: 'item:water', amount: 1, purpose: 'buy' } });
    expect(water).toMatchObject({ ok: true, cost: { money: 2, energy: 0 } });
    expect(water.text.en).toContain('2 yuan');
    expect(water.text.cn).toContain('2元');
    const stall = await preview(srv, p, {
      tool: 'create',
      args: { what: 'food_stall', where: 'huaqiangbei', using: { money: 200, energy: 10 } },
    });
    expect(stall).toMatchObject({ ok: true, cost: { money: 200, energy: 10 } });
    expect(stall.text.en).toMatch(/200 yuan and 10 energy/);
  });

  it('says why a call would be refused, in the second person, and what would work instead', async () => {
    srv = await served({ rate: { burst: 100, perSecond: 100 } });
    const p = await joined(srv);
    const me = srv.host.world.state.actors[p.actorId];

    const guitar = await preview(srv, p, { tool: 'use_resource', args: { resource: 'item:guitar', amount: 1, purpose: 'buy' } });
    expect(guitar).toMatchObject({ ok: false, code: 'insufficient_money', cost: { money: 0, energy: 0 } });
    expect(guitar.text.en).toMatch(/your pockets hold 500 yuan, not 800 yuan/);
    expect(guitar.text.cn).toContain('你兜里只有');

    // not sold here: where it is
    const noodles = await preview(srv, p, { tool: 'use_resource', args: { resource: 'item:noodles', amount: 1, purpose: 'buy' } });
    expect(noodles).toMatchObject({ ok: false, code: 'not_sold' });
    expect(noodles.hint?.en).toContain('Dongmen Old Street');

    // somebody elsewhere: where they are
    const chen = srv.host.world.state.actors.chen_jing;
    chen.location = 'dafen_village';
    const talk = await preview(srv, p, { tool: 'interact', args: { target: 'chen_jing', manner: 'friendly', content: { text: 'hello' } } });
    expect(talk).toMatchObject({ ok: false, code: 'not_present' });
    expect(talk.hint?.en).toBe('Chen Jing is at Dafen Oil Painting Village.');

    // too tired for the bus: a way of going that needs no strength
    me.energy = 0;
    const bus = await preview(srv, p, { tool: 'move', args: { destination: 'dongmen', mode: 'bus' } });
    expect(bus.ok).toBe(false);
    expect(bus.hint?.en).toContain('by taxi');
    expect(bus.hint?.en).not.toContain('on foot');

    // too poor for this stall: the ones the purse allows
    me.energy = 75;
    me.money = 100;
    const repair = await preview(srv, p, {
      tool: 'create',
      args: { what: 'phone_repair_stall', where: 'huaqiangbei', using: { money: 300, energy: 10 } },
    });
    expect(repair).toMatchObject({ ok: false, code: 'insufficient_money' });
    expect(repair.hint?.en).toContain('Fruit and sugarcane cart');
    expect(repair.hint?.en).not.toContain('Food stall');
  });

  it('changes nothing: the log, the state and every later tick are byte for byte those of a world never previewed', async () => {
    srv = await served({ rate: { burst: 100, perSecond: 100 } });
    other = await served();
    const p = await joined(srv);
    await joined(other);
    const before = await exported(srv);
    expect(before).toBe(await exported(other));
    const calls = [
      { tool: 'create', args: { what: 'rumour_windfall', where: 'huaqiangbei', using: { money: 0, energy: 5 }, about: 'chen_jing' } },
      { tool: 'move', args: { destination: 'dongmen', mode: 'taxi' } },
      { tool: 'use_resource', args: { resource: 'money', amount: 30, purpose: 'eat' } },
      { tool: 'express', args: { channel: 'shout', content: { text: 'cheap repairs!' } } },
      { tool: 'use_resource', args: { resource: 'item:guitar', amount: 1, purpose: 'buy' } },
      { tool: 'express', args: { channel: 'moments', content: { text: 'the sunset!' } } },
    ];
    // and calls that reach someone else: the Judge writes to them too, on the copy only
    const state = srv.host.world.state;
    const near = Object.keys(state.actors).find((id) => id !== p.actorId && state.actors[id].location === state.actors[p.actorId].location);
    if (near) {
      calls.push({ tool: 'interact', args: { target: near, manner: 'friendly', content: { text: 'hello' } } } as never);
      calls.push({ tool: 'use_resource', args: { resource: 'money', amount: 20, purpose: 'gift', target: near } } as never);
    }
    for (const c of calls) expect((await preview(srv, p, c)).text.en.length).toBeGreaterThan(0);
    expect(calls.length).toBeGreaterThan(6);
    expect(await exported(srv)).toBe(before);
    for (let i = 0; i < 3; i++) {
      await step(srv);
      await step(other);
    }
    expect(await exported(srv)).toBe(await exported(other));
  });

  it("is the player's own, checked like /act", async () => {
    srv = await served({ rate: { burst: 1, perSecond: 0.001 } });
    const p = await joined(srv);
    const url = `${W}/players/${p.actorId}/preview`;
    const call = { tool: 'use_resource', args: { resource: 'time', amount: 1, purpose: 'rest' } };
    expect((await post(srv, url, { call })).statusCode).toBe(401);
    expect((await post(srv, `${W}/players/lin_feng/preview`, { call }, auth(p.token))).statusCode).toBe(403);
    expect((await post(srv, url, { call, extra: 1 }, auth(p.token))).statusCode).toBe(400);
    expect(
      (
        await post(
          srv,
          url,
          { call: { tool: 'interact', args: { target: 'chen_jing', manner: 'friendly', content: { key: 'reason.underpaid' } } } },
          auth(p.token),
        )
      ).statusCode,
    ).toBe(400);
    expect((await post(srv, url, { call }, auth(p.token))).statusCode).toBe(200);
    expect((await post(srv, url, { call }, auth(p.token))).statusCode).toBe(429);
    // looking does not use up acting
    expect((await post(srv, `${W}/players/${p.actorId}/act`, { call }, auth(p.token))).statusCode).toBe(200);
  });
});
