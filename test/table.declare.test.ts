import { asking } from './helpers/requests.ts';
import { DECLARE } from '../sim/tick/requests.ts';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PlayerQueue } from '../bots/brains/player.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import type { Event } from '../sim/model/events.ts';
import type { Trait } from '../sim/model/traits.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { type AstinusServer, buildServer } from '../adapters/server/app.ts';
import { ActReply, CatalogView, ErrorReply, JoinReply, type RejectionMsg, StoryPage } from '../adapters/server/protocol.ts';
import { type MemoryDb, memoryDb, memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { ROOT } from './helpers/world.ts';
import { auth } from './helpers/serve.ts';

/**
 * Declaring a trait in play (docs/design.md, Traits and tags): where the pack allows it (Riverford) a player adds a
 * trait, checked as at join, which the Judge commits at the next tick and which then moves the dice
 * like the traits they joined with; where it does not (Shenzhen) it is refused, saying why.
 */
let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
  await srv?.host.world.close();
});

async function open(pack: 'riverford' | 'shenzhen', db: MemoryDb = memoryDb()): Promise<AstinusServer> {
  const cat = buildCatalog(await loadScenario(`${ROOT}scenarios/${pack}`));
  const queue = new PlayerQueue();
  const world = await World.open({
    scenario: cat.scenario,
    seed: 5,
    population: null,
    store: memoryStore(db),
    brain: policyBrain(),
    players: queue,
    engine: ruleEngine(),
  });
  return buildServer({
    world,
    queue,
    logger: pino({ level: 'silent' }),
    adminToken: 'admin-secret',
    dashboardDir: '/nonexistent/dist',
    rate: { burst: 1000, perSecond: 1000 },
  });
}

const W = () => `/api/worlds/${srv.host.id}`;
const post = (url: string, payload: unknown, headers = {}) => srv.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers = {}) => srv.app.inject({ method: 'GET', url, headers });
const step = () => post(`${W()}/control`, { action: 'step' }, auth('admin-secret'));

async function joined(traits: unknown[], name = 'Ada'): Promise<JoinReply> {
  const place = (await get(`${W()}/places`)).json()[0].id as string;
  const r = await post(`${W()}/players`, {
    name,
    concept: 'a stranger with quick hands',
    place: srv.host.id === 'riverford' ? 'market_square' : place,
    traits,
  });
  expect(r.statusCode, r.body).toBe(201);
  const j = JoinReply.parse(r.json());
  await step();
  return j;
}
const declare = (p: JoinReply, trait: unknown, token = p.token) => post(`${W()}/players/${p.actorId}/traits`, { trait }, auth(token));
/** arguing the declared trait for a theft (docs/design.md, Traits and tags): a positive trait counts once argued */
const argueNimble = (p: JoinReply) =>
  post(
    `${W()}/players/${p.actorId}/argue`,
    { trait: 'own_1', call: cutpurse(p.actorId), words: 'My hands are quick: I lift the purse before anyone blinks' },
    auth(p.token),
  );
const traitsOf = async (p: JoinReply) =>
  ((await get(`${W()}/actors/${p.actorId}`)).json() as { traits: { id: string; name: { en: string }; positive: { en: string } }[] }).traits;

async function events(from = 0, to = 1000): Promise<Event[]> {
  const out: Event[] = [];
  for await (const e of srv.host.world.store.readEvents(from, to)) out.push(e);
  return out;
}

/** someone alive beside the player, to try a purse on */
function mark(actor: string): string {
  const s = srv.host.world.state;
  const at = s.actors[actor].location;
  return Object.values(s.actors).find((a) => a.id !== actor && !a.player && a.location === at && a.status === 'alive')!.id;
}
const cutpurse = (actor: string) => ({ tool: 'interact', args: { target: mark(actor), manner: 'cutpurse', content: { text: 'psst' } } });

/** a trait as the Judge holds one, for requests that bypass the server */
const own = (id: string, over: Partial<Trait> = {}): Trait => ({
  id,
  name: { cn: 'x', en: 'x' },
  positive: { cn: 'a', en: 'a' },
  negative: { cn: 'b', en: 'b' },
  helps: [],
  hinders: [],
  ...over,
});
const NIMBLE = { name: 'Nimble', positive: 'quick of hand and foot', negative: 'restless', helps: ['cutpurse'], hinders: [] };

describe('declaring a trait where the pack allows it (Riverford)', () => {
  it('is committed at the next tick, shown with the actor, told in the feed and the story, and gives advantage at the next roll of a word it helps', async () => {
    srv = await open('riverford');
    expect(CatalogView.parse((await get(`${W()}/catalog`)).json()).traitsInPlay).toBe(true);
    const p = await joined(['proud']);
    const r = await declare(p, NIMBLE);
    expect(r.statusCode, r.body).toBe(200);
    const { queuedFor } = ActReply.parse(r.json());
    // queued, not yet the Judge's: nothing changed
    expect((await traitsOf(p)).map((t) => t.id)).toEqual(['proud']);

    const t = (await step()).json() as { tick: number };
    expect(t.tick).toBe(queuedFor);
    const mine = await traitsOf(p);
    expect(mine.map((x) => x.name.en)).toEqual(['Proud', 'Nimble']);
    expect(mine[1]).toMatchObject({ id: 'own_1', positive: { en: 'quick of hand and foot' } });
    const committed = (await events(t.tick, t.tick)).find((e) => e.type === 'trait_declared');
    expect(committed).toMatchObject({ actor: p.actorId, trait: { id: 'own_1', helps: ['cutpurse'], hinders: [] } });

    const feed = (await get(`${W()}/events?type=trait_declared`)).json() as { events: { text: { cn: string; en: string } }[] };
    expect(feed.events[0].text.en).toMatch(/Ada declares a new trait: “Nimble”/);
    expect(feed.events[0].text.cn).toContain('Nimble');
    const story = StoryPage.parse((await get(`${W()}/players/${p.actorId}/story`, auth(p.token))).json());
    expect(story.lines.map((l) => l.text.en)).toContain('You declare a new trait, “Nimble”: quick of hand and foot, but restless.');

    const argued = await argueNimble(p);
    expect(argued.json()).toMatchObject({ ok: true, why: 'argued' });
    await step();
    const act = await post(`${W()}/players/${p.actorId}/act`, { call: cutpurse(p.actorId) }, auth(p.token));
    expect(act.statusCode, act.body).toBe(200);
    const t2 = (await step()).json() as { tick: number };
    const rolled = (await events(t2.tick, t2.tick)).find((e) => e.type === 'check_rolled' && e.actor === p.actorId);
    expect(rolled).toMatchObject({ word: 'cutpurse', formula: '3d6kh2', factors: [{ kind: 'trait', id: 'own_1', sign: 1 }] });
  });

  it('refuses a fourth trait, counting those queued, and a preset one already has', async () => {
    srv = await open('riverford');
    const p = await joined(['proud', 'clumsy']);
    const held = await declare(p, 'clumsy');
    expect(held.statusCode).toBe(409);
    expect(ErrorReply.parse(held.json())).toMatchObject({
      code: 'trait_held',
      message: { en: expect.stringMatching(/already have that trait/) },
    });

    expect((await declare(p, 'light_fingers')).statusCode).toBe(200);
    const fourth = await declare(p, NIMBLE);
    expect(fourth.statusCode).toBe(409);
    const body = ErrorReply.parse(fourth.json());
    expect(body.code).toBe('traits_full');
    expect(body.message.en).toMatch(/already have 3 traits/);
    expect(body.message.cn.length).toBeGreaterThan(0);
    await step();
    expect((await traitsOf(p)).map((t) => t.id)).toEqual(['proud', 'clumsy', 'light_fingers']);
    expect((await declare(p, NIMBLE)).statusCode).toBe(409);
  });

  it("refuses hostile ids, words the pack lacks, someone else's character, and commits nothing", async () => {
    srv = await open('riverford');
    const p = await joined(['proud']);
    const other = await joined([], 'Bo');
    const cases: [unknown, string, RegExp][] = [
      ['__proto__', 'bad_request', /reserved/],
      ['constructor', 'bad_request', /reserved/],
      [{ ...NIMBLE, helps: ['__proto__'] }, 'bad_request', /reserved/],
      [{ ...NIMBLE, hinders: ['toString'] }, 'bad_request', /./],
      [{ ...NIMBLE, helps: ['juggle'] }, 'unknown_word', /juggle/],
      ['no_such_trait', 'unknown_trait', /no_such_trait/],
      [{ ...NIMBLE, name: 'Nim\u0000ble' }, 'bad_request', /control characters/],
      [{ ...NIMBLE, extra: 1 }, 'bad_request', /./],
    ];
    for (const [trait, code, says] of cases) {
      const r = await declare(p, trait);
      expect(r.statusCode, JSON.stringify(trait)).toBe(400);
      const body = ErrorReply.parse(r.json());
      expect(body.code, JSON.stringify(trait)).toBe(code);
      expect(`${body.message.en} ${(body.issues ?? []).join(' ')}`).toMatch(says);
    }
    expect((await post(`${W()}/players/${p.actorId}/traits`, { trait: NIMBLE, id: '__proto__' }, auth(p.token))).statusCode).toBe(400);
    expect((await post(`${W()}/players/__proto__/traits`, { trait: NIMBLE }, auth(p.token))).statusCode).toBe(400);
    expect((await declare(p, NIMBLE, other.token)).statusCode).toBe(403);
    expect((await post(`${W()}/players/${p.actorId}/traits`, { trait: NIMBLE })).statusCode).toBe(401);
    await step();
    expect((await events()).filter((e) => e.type === 'trait_declared')).toEqual([]);
    expect((await traitsOf(p)).map((t) => t.id)).toEqual(['proud']);
  });

  it('the Judge checks again: what got past the server is refused at the tick and told to the player, with nothing committed', async () => {
    srv = await open('riverford');
    const p = await joined(['proud', 'clumsy', 'light_fingers']);
    const told: RejectionMsg[] = [];
    srv.host.listen({
      tick() {},
      status() {},
      narration() {},
      perceived() {},
      rejection: (a, m) => {
        if (a === p.actorId) told.push(m);
      },
    });
    // queued past the server's checks (as a stale request would be): a fourth trait
    srv.host.request(DECLARE, { actor: p.actorId, trait: own('own_9') });
    await step();
    expect(told.map((m) => m.callId)).toEqual(['declare']);
    expect(told[0].reason.en).toMatch(/already have 3 traits/);
    expect((await events()).filter((e) => e.type === 'trait_declared')).toEqual([]);
    expect((await traitsOf(p)).map((t) => t.id)).toEqual(['proud', 'clumsy', 'light_fingers']);

    // the Judge's own reasons, one declaration after another against the state the earlier ones left
    const q = await joined(['proud', 'clumsy'], 'Bo');
    const reasons: string[] = [];
    await srv.host.world.step(
      asking(
        DECLARE,
        [
          own('proud'),
          own('own_1', { helps: ['juggle'] }),
          own('own_2', { helps: ['__proto__'] }),
          own('own_3', { helps: ['cutpurse'] }),
          own('own_4'),
        ].map((trait) => ({ actor: q.actorId, trait })),
        reasons,
      ),
    );
    expect(reasons).toEqual(['declare_same', 'declare_words', 'declare_words', 'ok', 'declare_full']);
    expect(srv.host.world.state.actors[q.actorId].player!.traits!.map((t) => t.id)).toEqual(['proud', 'clumsy', 'own_3']);
  });
});

describe('where the pack does not allow it (Shenzhen)', () => {
  it('refuses with a reason that says traits are chosen at join; the Judge refuses too', async () => {
    srv = await open('shenzhen');
    expect(CatalogView.parse((await get(`${W()}/catalog`)).json()).traitsInPlay).toBe(false);
    const p = await joined([]);
    const r = await declare(p, { ...NIMBLE, helps: [] });
    expect(r.statusCode).toBe(409);
    const body = ErrorReply.parse(r.json());
    expect(body.code).toBe('traits_in_play_closed');
    expect(body.message.en).toMatch(/does not let you declare a trait in play: traits are chosen when you join/);
    expect(body.message.cn).toMatch(/加入时选定/);
    const reasons: string[] = [];
    await srv.host.world.step(asking(DECLARE, [{ actor: p.actorId, trait: own('own_1') }], reasons));
    expect(reasons).toEqual(['declare_closed']);
    expect((await events()).filter((e) => e.type === 'trait_declared')).toEqual([]);
  });
});

describe('replay', () => {
  it('a world reopened from its log has the declared trait, and once argued it still moves the dice', async () => {
    const db = memoryDb();
    srv = await open('riverford', db);
    const p = await joined(['proud']);
    expect((await declare(p, NIMBLE)).statusCode).toBe(200);
    await step();
    expect((await argueNimble(p)).json()).toMatchObject({ ok: true, why: 'argued' });
    await step();
    const live = srv.host.world.state.actors[p.actorId].player!.traits;
    await srv.close();
    await srv.host.world.close();
    srv = await open('riverford', db);
    const again = srv.host.world.state.actors[p.actorId].player!.traits!;
    expect(again).toEqual(live);
    expect(again.map((t) => t.id)).toEqual(['proud', 'own_1']);
    const { factorsFor } = await import('../sim/model/check.ts');
    expect(factorsFor(srv.host.world.cat, srv.host.world.state.actors[p.actorId], 'cutpurse')).toEqual([
      { kind: 'trait', id: 'own_1', sign: 1 },
    ]);
  });
});
