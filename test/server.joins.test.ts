import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { ControlReply, ErrorReply, EventsPage, JoinReply, WorldSummary } from '../adapters/server/protocol.ts';
import { auth, served } from './helpers/serve.ts';

// Joins are bounded: a seat cap from the pack (queued joins count), a purse from the pack booked under
// its declared source, and an admin who can close and reopen joining.

let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
});

const W = '/api/worlds/shenzhen';
const ADMIN = auth('admin-secret');
const post = (url: string, payload: unknown, headers = {}) => srv.app.inject({ method: 'POST', url, payload: payload as object, headers });
const join = (name: string) => post(`${W}/players`, { name, place: 'dongmen' });
const control = (action: string, headers: Record<string, string> = ADMIN) => post(`${W}/control`, { action }, headers);
const world = async (headers = {}) =>
  WorldSummary.array().parse((await srv.app.inject({ method: 'GET', url: '/api/worlds', headers })).json())[0];
/** the joins are not what this file tests the rate limiter on */
const open = () => served({ rate: { burst: 1000, perSecond: 1000 } });

describe('the player cap', () => {
  it('refuses a join beyond the cap with a 409, counting joins still queued, and the Judge commits no more than the cap', async () => {
    srv = await open();
    const { cap, money, source } = srv.host.world.cat.scenario.meta.rules.players;
    expect(cap).toBeGreaterThan(0);
    // a burst within one tick: the seats of queued joins are taken already
    for (let i = 0; i < cap; i++) expect((await join(`P${i}`)).statusCode).toBe(201);
    const full = await join('Late');
    expect(full.statusCode).toBe(409);
    const body = ErrorReply.parse(full.json());
    expect(body.code).toBe('join_full');
    expect(body.message.en).toContain(String(cap));
    expect(body.message.cn).toContain(String(cap));
    expect(await world()).toMatchObject({ players: { joined: cap, cap } });

    await control('step');
    const players = Object.values(srv.host.world.state.actors).filter((a) => a.player);
    expect(players).toHaveLength(cap);
    expect((await join('Later')).statusCode).toBe(409);

    // the tick's books name the money that came with the joins, and it is cap x purse, no more
    const page = EventsPage.parse((await srv.app.inject({ method: 'GET', url: `${W}/events?type=tick_summary` })).json());
    const sources: Record<string, number> = {};
    for (const e of page.events) {
      const m = (e as { money?: { sources: Record<string, number> } }).money;
      for (const [k, v] of Object.entries(m?.sources ?? {})) sources[k] = (sources[k] ?? 0) + v;
    }
    expect(source).toBeDefined();
    expect(sources[source!]).toBe(cap * money);
    expect(sources.joined).toBeUndefined();
    expect(srv.host.world.cat.scenario.meta.rules.money.sources.map((s) => s.id)).toContain(source);
  });
});

describe('closing and reopening joining', () => {
  it("is the admin's: a closed world refuses joins (409), the Judge refuses those queued before, and the list and status say so", async () => {
    srv = await open();
    const queued = JoinReply.parse((await join('Early')).json());
    expect((await control('close_joining', {})).statusCode).toBe(401);
    expect((await control('close_joining', auth(queued.token))).statusCode).toBe(403);
    const closed = await control('close_joining');
    expect(closed.statusCode).toBe(200);
    expect(ControlReply.parse(closed.json()).joining).toBe('closed');
    expect((await world()).joining).toBe('closed');
    expect(srv.host.status().joining).toBe('closed');

    const refused = await join('Refused');
    expect(refused.statusCode).toBe(409);
    expect(ErrorReply.parse(refused.json()).code).toBe('join_closed');

    const events = await srv.host.step();
    expect(events.some((e) => e.type === 'joined')).toBe(false);
    expect(srv.host.world.state.actors[queued.actorId]).toBeUndefined();

    expect(ControlReply.parse((await control('open_joining')).json()).joining).toBe('open');
    const welcome = JoinReply.parse((await join('Welcome')).json());
    await srv.host.step();
    expect(srv.host.world.state.actors[welcome.actorId]?.player).toBeTruthy();
  });
});

describe('closing survives a restart', () => {
  it('a world served again from the same joining file stays closed until the admin reopens it; a damaged file keeps it closed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'astinus-joining-'));
    const joiningFile = path.join(dir, 'joining.json');
    try {
      srv = await served({ joiningFile });
      expect((await world()).joining).toBe('open');
      await control('close_joining');
      await srv.close();
      srv = await served({ joiningFile });
      expect((await world()).joining).toBe('closed');
      expect((await join('Back')).statusCode).toBe(409);
      await control('open_joining');
      await srv.close();
      srv = await served({ joiningFile });
      expect((await world()).joining).toBe('open');
      await srv.close();
      await writeFile(joiningFile, '{"joining": "op');
      srv = await served({ joiningFile });
      expect((await world()).joining).toBe('closed');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
