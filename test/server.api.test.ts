import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import {
  ActorDetail,
  ActorSummary,
  CatalogView,
  ErrorReply,
  EventsPage,
  IntentReply,
  JoinReply,
  Metrics,
  PlaceView,
  WorldSummary,
} from '../adapters/server/protocol.ts';
import { auth, served } from './helpers/serve.ts';
import { shenzhen } from './helpers/world.ts';

let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
});

const W = '/api/worlds/shenzhen';
const get = (url: string, headers = {}) => srv.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers = {}) => srv.app.inject({ method: 'POST', url, payload: payload as object, headers });
const step = () => post(`${W}/control`, { action: 'step' }, auth('admin-secret'));

async function joined(name = 'Ada', place = 'huaqiangbei') {
  const r = await post(`${W}/players`, { name, concept: 'a painter', place, lang: 'en' });
  expect(r.statusCode).toBe(201);
  const j = JoinReply.parse(r.json());
  await step();
  return j;
}

describe('reading the world', () => {
  it('lists the world, its places with positions, its actors', async () => {
    srv = await served();
    expect((await get('/api/health')).json()).toEqual({ ok: true });
    const worlds = WorldSummary.array().parse((await get('/api/worlds')).json());
    expect(worlds).toMatchObject([{ id: 'shenzhen', paused: false, turnBased: false, observing: 'public', population: 16 }]);
    const places = PlaceView.array().parse((await get(`${W}/places`)).json());
    expect(places.length).toBeGreaterThan(5);
    for (const p of places) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(1000);
    }
    // the layout is the same for every server of the same pack
    const again = await served();
    expect(
      PlaceView.array()
        .parse((await again.app.inject({ url: `${W}/places` })).json())
        .map((p) => [p.x, p.y]),
    ).toEqual(places.map((p) => [p.x, p.y]));
    await again.close();
    // a pack's own map: positions as given, the rest round its ring
    const base = (await shenzhen()).scenario;
    const [first, ...rest] = base.places;
    const mapped = await served(
      {},
      { scenario: { ...base, layout: 'ring', places: [{ ...first, position: { x: 42, y: 958 } }, ...rest] } },
    );
    const drawn = PlaceView.array().parse((await mapped.app.inject({ url: `${W}/places` })).json());
    expect(drawn.find((p) => p.id === first.id)).toMatchObject({ x: 42, y: 958 });
    expect(drawn.find((p) => p.id === rest[0].id)).toMatchObject({ x: 500, y: 100 });
    await mapped.close();
    const actors = ActorSummary.array().parse((await get(`${W}/actors`)).json());
    expect(actors.find((a) => a.id === 'lin_feng')).toMatchObject({ isPlayer: false, name: { en: 'Lin Feng' } });
    expect((await get(`${W}/actors/nobody`)).statusCode).toBe(404);
    expect((await get('/api/worlds/atlantis/actors')).statusCode).toBe(404);
    expect(ErrorReply.parse((await get('/api/worlds/atlantis/actors')).json()).code).toBe('unknown_world');
  });

  it('pages the event log with a cursor, filters it, and attaches feed lines', async () => {
    srv = await served();
    for (let i = 0; i < 3; i++) await step();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page = EventsPage.parse((await get(`${W}/events?from=0&to=2&limit=7${q}`)).json());
      expect(page.events.length).toBeLessThanOrEqual(7);
      seen.push(...page.events.map((e) => `${e.tick}.${e.seq}`));
      cursor = page.next;
    } while (cursor);
    const all = EventsPage.parse((await get(`${W}/events?from=0&to=2&limit=1000`)).json());
    expect(seen).toEqual(all.events.map((e) => `${e.tick}.${e.seq}`));
    expect(new Set(seen).size).toBe(seen.length);
    const actions = EventsPage.parse((await get(`${W}/events?type=action&limit=1000`)).json()).events;
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((e) => e.type === 'action' && e.text && e.text.cn && e.text.en)).toBe(true);
    const who = actions[0].actor as string;
    const mine = EventsPage.parse((await get(`${W}/events?actor=${who}&limit=1000`)).json()).events;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => JSON.stringify(e).includes(who))).toBe(true);
    expect(EventsPage.parse((await get(`${W}/events?from=1&to=1`)).json()).events.every((e) => e.tick === 1)).toBe(true);
    for (const bad of ['limit=0', 'limit=abc', 'from=-1', 'cursor=zz', 'bogus=1']) {
      const r = await get(`${W}/events?${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(ErrorReply.parse(r.json()).code).toBe('bad_request');
    }
  });

  it('gives the last events of the log, however many a tick holds (what a feed shows on load)', async () => {
    srv = await served();
    for (let i = 0; i < 12; i++) await step();
    const all = EventsPage.parse((await get(`${W}/events?limit=1000`)).json()).events;
    const latest = Math.max(...all.map((e) => e.tick));
    expect(latest).toBeGreaterThanOrEqual(10);
    // fewer than one tick holds, several ticks' worth, and more than the log holds
    for (const n of [3, 40, 1000]) {
      const page = EventsPage.parse((await get(`${W}/events?last=${n}`)).json());
      const key = (e: { tick: number; seq: number }) => `${e.tick}.${e.seq}`;
      expect(page.events.map(key), `last=${n}`).toEqual(all.slice(-n).map(key));
      expect(page.next).toBeNull();
    }
    const acts = EventsPage.parse((await get(`${W}/events?last=5&type=action&to=${latest - 2}`)).json()).events;
    expect(acts.map((e) => `${e.tick}.${e.seq}`)).toEqual(
      all
        .filter((e) => e.type === 'action' && e.tick <= latest - 2)
        .slice(-5)
        .map((e) => `${e.tick}.${e.seq}`),
    );
    for (const bad of ['last=0', 'last=1001', 'last=2&cursor=1.1']) expect((await get(`${W}/events?${bad}`)).statusCode, bad).toBe(400);
  });

  it('lists the choices of the tool form in both languages', async () => {
    srv = await served();
    const c = CatalogView.parse((await get(`${W}/catalog`)).json());
    expect(c.tools.map((t) => t.id)).toEqual(['use_resource', 'interact', 'move', 'create', 'express']);
    expect(c.templates.find((t) => t.id === 'food_stall')?.name.cn).toMatch(/[\u4e00-\u9fff]/);
    for (const x of [...c.tools, ...c.manners, ...c.modes, ...c.channels, ...c.purposes]) {
      expect(x.name.cn, x.id).toMatch(/[\u4e00-\u9fff]/);
      expect(x.name.en, x.id).not.toMatch(/[\u4e00-\u9fff]|intent\.|terms\./);
    }
  });

  it('gives metrics per tick and the relationship network', async () => {
    srv = await served();
    await step();
    await step();
    const m = Metrics.parse((await get(`${W}/metrics`)).json());
    expect(m.ticks.map((t) => t.tick)).toEqual([0, 1]);
    expect(m.ticks[1].money.total).toBe(srv.host.world.state.moneyTotal);
    expect(m.ticks[1].gini).toBeGreaterThan(0);
    expect(m.ticks[1].money.p10).toBeLessThanOrEqual(m.ticks[1].money.p90);
    expect(m.relations.edges.length).toBeGreaterThan(0);
    expect(Metrics.parse((await get(`${W}/metrics?from=1`)).json()).ticks.map((t) => t.tick)).toEqual([1]);
  });
});

describe('controls are for the admin only', () => {
  it('refuses observers and players, obeys the admin token', async () => {
    srv = await served();
    const ada = await joined();
    expect((await post(`${W}/control`, { action: 'pause' })).statusCode).toBe(401);
    // a token nobody issued is no identity at all; a player's is one, but not the admin's
    expect((await post(`${W}/control`, { action: 'pause' }, auth('guess'))).statusCode).toBe(401);
    expect((await post(`${W}/control`, { action: 'pause' }, auth(ada.token))).statusCode).toBe(403);
    expect(srv.host.paused).toBe(false);
    const paused = await post(`${W}/control`, { action: 'pause' }, auth('admin-secret'));
    expect(paused.json()).toMatchObject({ paused: true });
    const tick = srv.host.world.state.tick;
    expect((await step()).json()).toMatchObject({ tick: tick + 1, paused: true });
    expect((await post(`${W}/control`, { action: 'speed' }, auth('admin-secret'))).statusCode).toBe(400);
    expect((await post(`${W}/control`, { action: 'speed', tickMs: 250 }, auth('admin-secret'))).json()).toMatchObject({ tickMs: 250 });
    expect((await post(`${W}/control`, { action: 'explode' }, auth('admin-secret'))).statusCode).toBe(400);
    expect((await post(`${W}/control`, { action: 'resume' }, auth('admin-secret'))).json()).toMatchObject({ paused: false });
    srv.clock.stop();
  });
});

describe('players', () => {
  it('join at the next tick, understand words, and act as themselves only', async () => {
    srv = await served();
    const r = await post(`${W}/players`, { name: 'Ada', concept: 'a painter', place: 'huaqiangbei', lang: 'en' });
    const ada = JoinReply.parse(r.json());
    // not in the world until the Judge commits the join
    expect((await post(`${W}/players/${ada.actorId}/intent`, { text: 'hello', lang: 'en' }, auth(ada.token))).statusCode).toBe(409);
    await step();
    const detail = ActorDetail.parse((await get(`${W}/actors/${ada.actorId}`)).json());
    expect(detail).toMatchObject({ isPlayer: true, name: { en: 'Ada' }, body: { place: 'huaqiangbei' } });

    const understood = IntentReply.parse(
      (await post(`${W}/players/${ada.actorId}/intent`, { text: '我去东门', lang: 'cn' }, auth(ada.token))).json(),
    );
    expect(understood.call).toMatchObject({ tool: 'move', actor: ada.actorId, args: { destination: 'dongmen' } });
    expect(understood.understood.cn).toContain('东门');

    const bob = await joined('Bob');
    const act = (who: string, token: string, call: unknown) => post(`${W}/players/${who}/act`, { call }, auth(token));
    const move = { tool: 'move', args: { destination: 'dongmen', mode: 'walk' } };
    // another player's token, no token, or naming someone else in the call: refused
    expect((await act(ada.actorId, bob.token, move)).statusCode).toBe(403);
    expect((await act(ada.actorId, 'admin-secret', move)).statusCode).toBe(403);
    expect((await srv.app.inject({ method: 'POST', url: `${W}/players/${ada.actorId}/act`, payload: { call: move } })).statusCode).toBe(
      401,
    );
    // a token from before a restart (unknown here) is a 401: the client starts over
    expect((await act(ada.actorId, 'stale-token', move)).statusCode).toBe(401);
    expect((await act(ada.actorId, ada.token, { ...move, actor: 'lin_feng' })).statusCode).toBe(403);
    expect((await act('lin_feng', ada.token, move)).statusCode).toBe(403);
    expect(srv.host.queue.has('lin_feng')).toBe(false);

    const ok = await act(ada.actorId, ada.token, understood.call);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ queuedFor: srv.host.world.tick });
    await step();
    expect(srv.host.world.state.actors[ada.actorId].location).toBe('dongmen');
    expect(ActorDetail.parse((await get(`${W}/actors/${ada.actorId}`)).json()).lastDecision).toMatchObject({
      verdict: 'committed',
      call: { tool: 'move' },
    });
    expect(srv.host.world.state.actors.lin_feng.location).not.toBe('nowhere');
  });

  it('a rejected call is reported with its in-world reason as the last decision', async () => {
    srv = await served();
    const ada = await joined();
    await post(
      `${W}/players/${ada.actorId}/act`,
      { call: { tool: 'move', args: { destination: 'huaqiangbei', mode: 'walk' } } },
      auth(ada.token),
    );
    await step();
    const d = ActorDetail.parse((await get(`${W}/actors/${ada.actorId}`)).json());
    expect(d.lastDecision?.verdict).toBe('rejected');
    expect(d.lastDecision?.reason?.en.length).toBeGreaterThan(3);
    expect(d.lastDecision?.reason?.en).not.toContain('reason.');
  });

  it('are rate-limited', async () => {
    srv = await served({ rate: { burst: 2, perSecond: 0.001 } });
    const ada = await joined();
    const call = { tool: 'express', args: { channel: 'self_talk', content: { text: 'hm' } } };
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await post(`${W}/players/${ada.actorId}/act`, { call }, auth(ada.token))).statusCode);
    // the first call of a tick is the player's by right; replacing it draws on the bucket
    expect(codes).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('bad input gets a 4xx, never a crash', () => {
  it('answers malformed payloads with reasons and keeps serving', async () => {
    srv = await served();
    const ada = await joined();
    const cases: [string, unknown, Record<string, string>?][] = [
      [`${W}/players`, { name: '', place: 'huaqiangbei' }],
      [`${W}/players`, { name: 'X', place: 'atlantis' }],
      [`${W}/players`, { name: 'X', place: 'huaqiangbei', admin: true }],
      [`${W}/players`, [1, 2, 3]],
      [`${W}/players/${ada.actorId}/act`, { call: { tool: 'fly', args: {} } }, auth(ada.token)],
      [
        `${W}/players/${ada.actorId}/act`,
        { call: { tool: 'move', args: { destination: 'dongmen', mode: 'walk', from: 'x' } } },
        auth(ada.token),
      ],
      [
        `${W}/players/${ada.actorId}/act`,
        { call: { tool: 'use_resource', args: { resource: 'money', amount: -5, purpose: 'x' } } },
        auth(ada.token),
      ],
      [`${W}/players/${ada.actorId}/intent`, { text: 'x'.repeat(5000) }, auth(ada.token)],
    ];
    for (const [url, payload, headers] of cases) {
      const r = await post(url, payload, headers);
      expect(r.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      const body = ErrorReply.parse(r.json());
      expect(body.message.en.length).toBeGreaterThan(0);
    }
    const broken = await srv.app.inject({
      method: 'POST',
      url: `${W}/players`,
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const text = await srv.app.inject({
      method: 'POST',
      url: `${W}/players/${ada.actorId}/act`,
      payload: 'not json at all',
      headers: auth(ada.token),
    });
    expect(text.statusCode).toBe(415);
    const wrongType = await srv.app.inject({
      method: 'POST',
      url: `${W}/players`,
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType.statusCode).toBe(415);
    const huge = await post(`${W}/players`, { name: 'x', place: 'huaqiangbei', concept: 'y'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);
    expect((await get('/api/nothing-here')).statusCode).toBe(404);
    expect((await get('/api/health')).json()).toEqual({ ok: true });
    expect((await step()).statusCode).toBe(200);
  });

  it('without a built dashboard, / says how to build it', async () => {
    srv = await served();
    const r = await get('/');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('dashboard/dist');
  });
});

describe('private observing', () => {
  it('hides the world from those without a token, not from players', async () => {
    srv = await served({ observing: 'private' });
    expect((await get('/api/worlds')).statusCode).toBe(200);
    expect((await get(`${W}/actors`)).statusCode).toBe(401);
    expect((await get(`${W}/actors`, auth('nope'))).statusCode).toBe(401);
    // joining a private world takes the admin, who hands the player token over
    expect((await post(`${W}/players`, { name: 'Ada', place: 'huaqiangbei' })).statusCode).toBe(401);
    const ada = JoinReply.parse((await post(`${W}/players`, { name: 'Ada', place: 'huaqiangbei' }, auth('admin-secret'))).json());
    expect((await get(`${W}/actors`, auth(ada.token))).statusCode).toBe(200);
    expect((await get(`${W}/actors`, auth('admin-secret'))).statusCode).toBe(200);
  });
});
