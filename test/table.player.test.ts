import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PlayerQueue } from '../bots/brains/player.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { checkFor, factorsFor } from '../sim/model/check.ts';
import { DEFAULT_BANDS, formulaFor, odds } from '../sim/model/dice.ts';
import type { Event } from '../sim/model/events.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { type AstinusServer, buildServer } from '../adapters/server/app.ts';
import { ArgueReply, CatalogView, ErrorReply, JoinReply, PreviewReply } from '../adapters/server/protocol.ts';
import { applyEvent } from '../sim/state/apply.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { ROOT, fresh } from './helpers/world.ts';
import { auth } from './helpers/serve.ts';

/**
 * The player's half of the table (docs/design.md, Traits and tags): traits picked or written at join, the dice screen of a
 * risky call with its exact odds, and arguing for a trait, which the Judge commits and spends at the
 * next check of that word. Riverford: cutting a purse is a check.
 */
let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
});

const W = '/api/worlds/riverford';
const PLACE = 'market_square';
const riverford = async () => buildCatalog(await loadScenario(`${ROOT}scenarios/riverford`));

async function open(seed = 5): Promise<AstinusServer> {
  const cat = await riverford();
  const queue = new PlayerQueue();
  const world = await World.open({
    scenario: cat.scenario,
    seed,
    population: null,
    store: memoryStore(),
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

const post = (url: string, payload: unknown, headers = {}) => srv.app.inject({ method: 'POST', url, payload: payload as object, headers });
const step = () => post(`${W}/control`, { action: 'step' }, auth('admin-secret'));
const join = (traits: unknown[], name = 'Ada') =>
  post(`${W}/players`, { name, concept: 'a stranger with quick hands', place: PLACE, traits });

async function joined(traits: unknown[], name = 'Ada'): Promise<JoinReply> {
  const r = await join(traits, name);
  expect(r.statusCode, r.body).toBe(201);
  const j = JoinReply.parse(r.json());
  await step();
  return j;
}

/** someone alive beside the player, to try a purse on */
function mark(actor: string): string {
  const s = srv.host.world.state;
  const at = s.actors[actor].location;
  return Object.values(s.actors).find((a) => a.id !== actor && !a.player && a.location === at && a.status === 'alive')!.id;
}
const cutpurse = (actor: string) => ({ tool: 'interact', args: { target: mark(actor), manner: 'cutpurse', content: { text: 'psst' } } });

async function preview(p: JoinReply, call: unknown): Promise<PreviewReply> {
  const r = await post(`${W}/players/${p.actorId}/preview`, { call }, auth(p.token));
  expect(r.statusCode, r.body).toBe(200);
  return PreviewReply.parse(r.json());
}
async function argue(p: JoinReply, body: unknown): Promise<ArgueReply> {
  const r = await post(`${W}/players/${p.actorId}/argue`, body, auth(p.token));
  expect(r.statusCode, r.body).toBe(200);
  return ArgueReply.parse(r.json());
}
const NIMBLE = { name: 'Nimble', positive: 'quick of hand and foot', negative: 'restless', helps: [], hinders: ['haggle'] };

describe('traits at join', () => {
  it("offers the traits of the pack's people once each, and the risky words, in the catalog", async () => {
    srv = await open();
    const cat = CatalogView.parse((await srv.app.inject({ method: 'GET', url: `${W}/catalog` })).json());
    const ids = cat.traits.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining(['light_fingers', 'clumsy', 'sweet_voice']));
    expect(new Set(ids).size).toBe(ids.length);
    expect(cat.traits.find((t) => t.id === 'light_fingers')).toMatchObject({ name: { en: 'Light fingers' }, helps: ['cutpurse'] });
    expect(cat.risky.map((w) => `${w.kind}:${w.id}`).sort()).toEqual([
      'manner:cutpurse',
      'manner:haggle',
      'manner:quarrel',
      'purpose:perform',
    ]);
  });

  it("joins with two presets and a trait of one's own, committed in the joined event and shown with both aspects", async () => {
    srv = await open();
    const p = await joined(['light_fingers', 'clumsy', NIMBLE]);
    const ev = srv.host.world.state.actors[p.actorId].player!;
    expect(ev.traits!.map((t) => t.id)).toEqual(['light_fingers', 'clumsy', 'own_1']);
    const detail = (await srv.app.inject({ method: 'GET', url: `${W}/actors/${p.actorId}` })).json() as {
      traits: { name: { en: string }; positive: { en: string }; negative: { en: string } }[];
    };
    expect(detail.traits.map((t) => t.name.en)).toEqual(['Light fingers', 'Clumsy', 'Nimble']);
    expect(detail.traits[2]).toMatchObject({ positive: { en: 'quick of hand and foot' }, negative: { en: 'restless' } });
    let joinedEv: Event | undefined;
    for await (const e of srv.host.world.store.readEvents(0, 10)) if (e.type === 'joined') joinedEv = e;
    expect(joinedEv).toMatchObject({
      type: 'joined',
      traits: [{ id: 'light_fingers' }, { id: 'clumsy' }, { id: 'own_1', helps: [], hinders: ['haggle'] }],
    });
  });

  it('refuses hostile or impossible traits with a 400 that says why, and nobody joins', async () => {
    srv = await open();
    const cases: [unknown[], string, RegExp][] = [
      [['__proto__'], 'bad_request', /reserved/],
      [[{ ...NIMBLE, helps: ['__proto__'] }], 'bad_request', /reserved/],
      [[{ ...NIMBLE, helps: ['constructor'] }], 'bad_request', /reserved/],
      [[{ ...NIMBLE, helps: ['juggle'] }], 'unknown_word', /juggle/],
      [['no_such_trait'], 'unknown_trait', /no_such_trait/],
      [['clumsy', 'clumsy'], 'same_trait', /clumsy/],
      [['clumsy', 'proud', 'lark', NIMBLE], 'bad_request', /traits/],
      [[{ ...NIMBLE, name: 'Nim\u0000ble' }], 'bad_request', /control characters/],
      [[{ ...NIMBLE, positive: 'x'.repeat(121) }], 'bad_request', /positive/],
      [[{ ...NIMBLE, extra: 1 }], 'bad_request', /./],
    ];
    for (const [traits, code, says] of cases) {
      const r = await join(traits);
      expect(r.statusCode, JSON.stringify(traits)).toBe(400);
      const body = ErrorReply.parse(r.json());
      expect(body.code, JSON.stringify(traits)).toBe(code);
      expect(`${body.message.en} ${(body.issues ?? []).join(' ')}`).toMatch(says);
      expect(body.message.cn.length).toBeGreaterThan(0);
    }
    await step();
    expect(Object.values(srv.host.world.state.actors).filter((a) => a.player)).toEqual([]);
  });

  it('loads a joined event without traits (an older log): a player with no traits and no factors', async () => {
    const cat = await riverford();
    const s = fresh(cat);
    applyEvent(s, {
      tick: 1,
      seq: 0,
      type: 'joined',
      actor: 'player-1',
      name: { cn: '甲', en: 'A' },
      concept: '',
      place: PLACE,
      money: 0,
      energy: 50,
    });
    expect(s.actors['player-1'].player!.traits).toBeUndefined();
    expect(factorsFor(cat, s.actors['player-1'], 'cutpurse')).toEqual([]);
  });
});

describe('the dice screen', () => {
  it('gives the exact odds of the formula the Judge will use, with the factors named', async () => {
    srv = await open();
    const p = await joined(['light_fingers', 'proud']);
    // a positive trait counts once argued (docs/design.md, Traits and tags): the screen claims no bonus before
    const unargued = await preview(p, cutpurse(p.actorId));
    expect(unargued.check).toMatchObject({ word: 'cutpurse', formula: '2d6', factors: [] });
    const said = await argue(p, {
      trait: 'light_fingers',
      call: cutpurse(p.actorId),
      words: 'My hands are faster than his eyes: he never feels the purse go',
    });
    expect(said).toMatchObject({ ok: true, why: 'argued' });
    const pv = await preview(p, cutpurse(p.actorId));
    expect(pv.ok).toBe(true);
    expect(pv.check).toMatchObject({
      word: 'cutpurse',
      formula: '3d6kh2',
      factors: [{ kind: 'trait', id: 'light_fingers', sign: 1, name: { en: 'Light fingers' } }],
    });
    const exact = odds(formulaFor(1, 0), DEFAULT_BANDS);
    expect(pv.check!.odds.map((o) => [o.band, o.count, o.of])).toEqual([
      ['full', exact.bands.full, 216],
      ['partial', exact.bands.partial, 216],
      ['fail', exact.bands.fail, 216],
    ]);
    expect(pv.check!.odds.reduce((n, o) => n + o.count, 0)).toBe(216);
    expect(pv.check!.odds.find((o) => o.band === 'full')!.percent).toBeCloseTo((100 * exact.bands.full) / 216, 1);
    const plain = await joined(['proud'], 'Bo');
    const pv2 = await preview(plain, cutpurse(plain.actorId));
    expect(pv2.check).toMatchObject({ formula: '2d6', factors: [] });
    expect(pv2.check!.odds.map((o) => o.count)).toEqual([6, 15, 15]);
  });

  it('never tells the roll: players whose next rolls differ see the same preview', async () => {
    srv = await open();
    const ps: JoinReply[] = [];
    for (let i = 0; i < 6; i++) ps.push(JoinReply.parse((await join(['proud'], `P${i}`)).json()));
    await step();
    const s = srv.host.world.state;
    const target = mark(ps[0].actorId);
    const call = { tool: 'interact', args: { target, manner: 'cutpurse', content: { text: 'psst' } } };
    const bands = new Set(
      ps.map((p) => checkFor(srv.host.world.cat, s, { id: 'x', actor: p.actorId, ...call } as ToolCall, s.tick + 1)!.band),
    );
    expect(bands.size, 'the next rolls differ among them').toBeGreaterThan(1);
    const seen = new Set<string>();
    for (const p of ps) {
      const pv = await preview(p, call);
      expect(Object.keys(pv).sort()).toEqual(['check', 'cost', 'ok', 'text']);
      seen.add(JSON.stringify({ ...pv, text: pv.text }));
    }
    expect(seen.size).toBe(1);
  });
});

describe('arguing for a trait', () => {
  it('accepts words that name the check, gives an advantage at the committed roll, and spends it', async () => {
    srv = await open();
    const p = await joined([NIMBLE]);
    const call = cutpurse(p.actorId);
    const before = await preview(p, call);
    expect(before.check!.formula).toBe('2d6');

    const no = await argue(p, { trait: 'own_1', call, words: 'I am a kind soul' });
    expect(no).toMatchObject({ ok: false, code: 'argue_unfit', check: { formula: '2d6' } });
    expect(no.text.en).toMatch(/Cut a purse/);
    expect(no.text.cn).toMatch(/扒钱袋/);

    const yes = await argue(p, { trait: 'own_1', call, words: 'my hands can lift a purse before anyone blinks' });
    expect(yes).toMatchObject({
      ok: true,
      why: 'argued',
      check: { formula: '3d6kh2', factors: [{ id: 'own_1', sign: 1, name: { en: 'Nimble' } }] },
    });
    expect(yes.check.odds.map((o) => o.count)).toEqual(Object.values(odds(formulaFor(1, 0), DEFAULT_BANDS).bands).slice(1));
    // the preview says the same until the Judge commits it, and after
    expect((await preview(p, call)).check!.formula).toBe('3d6kh2');
    const t1 = (await step()).json() as { tick: number };
    expect(srv.host.world.state.actors[p.actorId].argued).toEqual([{ trait: 'own_1', word: 'cutpurse' }]);
    expect((await preview(p, call)).check!.formula).toBe('3d6kh2');

    const act = await post(`${W}/players/${p.actorId}/act`, { call: cutpurse(p.actorId) }, auth(p.token));
    expect(act.statusCode, act.body).toBe(200);
    await step();
    const events: Event[] = [];
    for await (const e of srv.host.world.store.readEvents(t1.tick, t1.tick + 1)) events.push(e);
    expect(events.find((e) => e.type === 'trait_argued')).toMatchObject({ actor: p.actorId, trait: 'own_1', word: 'cutpurse' });
    // the feed shows the argument to everyone, by the trait's name
    const feed = (await srv.app.inject({ method: 'GET', url: `${W}/events?type=trait_argued` })).json() as {
      events: { text: { cn: string; en: string } }[];
    };
    expect(feed.events[0].text.en).toMatch(/Ada argues that “Nimble” fits a check \(Cut a purse\)/);
    expect(feed.events[0].text.cn).toContain('Nimble');
    const rolled = events.find((e) => e.type === 'check_rolled' && e.actor === p.actorId);
    expect(rolled).toMatchObject({ formula: '3d6kh2', factors: [{ kind: 'trait', id: 'own_1', sign: 1 }] });
    expect(rolled?.type === 'check_rolled' && rolled.dice.length).toBe(3);
    // spent: the next try is a plain roll again
    expect(srv.host.world.state.actors[p.actorId].argued).toEqual([]);
    expect((await preview(p, cutpurse(p.actorId))).check!.formula).toBe('2d6');
  });

  it('a trait that helps the word is argued on its merit too, saying what is missing; refuses a trait one lacks or a call that is no check', async () => {
    srv = await open();
    const p = await joined(['light_fingers']);
    const call = cutpurse(p.actorId);
    const bare = await argue(p, { trait: 'light_fingers', call, words: 'steal' });
    expect(bare).toMatchObject({ ok: false, code: 'argue_no_aspect', check: { formula: '2d6' } });
    expect(bare.text.en).toMatch(/how the trait helps/);
    const vague = await argue(p, { trait: 'light_fingers', call, words: 'my hands are faster than eyes' });
    expect(vague).toMatchObject({ ok: false, code: 'argue_no_situation', check: { formula: '2d6' } });
    const lacks = await argue(p, { trait: 'sweet_voice', call, words: 'I cut a purse while singing' });
    expect(lacks).toMatchObject({ ok: false, code: 'argue_no_trait' });
    const safe = await post(
      `${W}/players/${p.actorId}/argue`,
      { trait: 'light_fingers', call: { tool: 'express', args: { content: { text: 'hi' }, channel: 'say' } }, words: 'steal' },
      auth(p.token),
    );
    expect([400]).toContain(safe.statusCode);
    const hostile = await post(`${W}/players/${p.actorId}/argue`, { trait: '__proto__', call, words: 'x' }, auth(p.token));
    expect(hostile.statusCode).toBe(400);
    await step();
    const events: Event[] = [];
    for await (const e of srv.host.world.store.readEvents(0, 100)) events.push(e);
    expect(events.filter((e) => e.type === 'trait_argued')).toEqual([]);
  });
});
