import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { LookReply } from '../adapters/server/protocol-look.ts';
import { JoinReply } from '../adapters/server/protocol.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import type { EventOf } from '../sim/model/events.ts';
import type { Message } from '../sim/model/text.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { auth, served } from './helpers/serve.ts';
import { ROOT } from './helpers/world.ts';

/**
 * Looking around (sim/gm/scene.ts, GET /players/:id/look): the scene of the player's place in both
 * packs, from committed state, with nothing a bystander could not know, for the player alone.
 */
let srv: AstinusServer | null = null;
afterEach(async () => {
  await srv?.close();
  srv = null;
});

const PACKS = [
  { pack: 'shenzhen', place: 'dongmen', manner: 'friendly' },
  { pack: 'riverford', place: 'market_square', manner: 'chat' },
] as const;

async function world(pack: string) {
  const cat = buildCatalog(await loadScenario(`${ROOT}scenarios/${pack}`));
  srv = await served({ rate: { burst: 1e6, perSecond: 1e6 } }, { scenario: cat.scenario, seed: 5 });
  const W = `/api/worlds/${pack}`;
  const join = async (name: string, place: string) => {
    const r = await srv!.app.inject({ method: 'POST', url: `${W}/players`, payload: { name, concept: 'a newcomer', place } });
    expect(r.statusCode, r.body).toBe(201);
    return JoinReply.parse(r.json());
  };
  const look = (id: string, token?: string) => srv!.app.inject({ url: `${W}/players/${id}/look`, headers: token ? auth(token) : {} });
  return { srv, W, join, look };
}

describe('looking around', () => {
  for (const { pack, place, manner } of PACKS)
    it(`in ${pack}: who is here, what is sold and open, what stands, what was said, the ways out, in both languages and without a secret`, async () => {
      const { srv, W, join, look } = await world(pack);
      const ada = await join('Ada', place);
      const bo = await join('Bo', place);
      // long enough for quests with hidden risks to be offered and both players' stories to start
      const w = srv.host.world;
      const here = () => Object.values(w.state.actors).filter((a) => a.location === w.state.actors[ada.actorId].location);
      const someone = () => here().find((a) => !a.player && a.status === 'alive');
      for (let i = 0; i < 14 || (!someone() && i < 80); i++) await srv.host.step();
      const other = someone();
      expect(other, 'someone to speak to').toBeDefined();
      const words = 'Any work going around here?';
      const sent = await srv.app.inject({
        method: 'POST',
        url: `${W}/players/${ada.actorId}/act`,
        headers: auth(ada.token),
        payload: { call: { tool: 'interact', args: { target: other!.id, manner, content: { text: words } } } },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const events = await srv.host.step();
      const reply = events.find(
        (e): e is EventOf<'action'> =>
          e.type === 'action' && e.actor === other!.id && e.call.tool === 'interact' && e.call.args.target === ada.actorId,
      );
      expect(reply, 'the person answers in the same tick').toBeDefined();
      // in a sentence about work, not a topic word
      expect((reply!.call.args as { content: Message }).content).toMatchObject({ key: expect.stringMatching(/^reply\.work\./) });

      const before = canonicalJson(w.state);
      const lastTick = await w.store.lastTick();
      const res = await look(ada.actorId, ada.token);
      expect(res.statusCode, res.body).toBe(200);
      const body = LookReply.parse(res.json());
      // looking changes nothing and commits nothing
      expect(canonicalJson(w.state)).toBe(before);
      expect(await w.store.lastTick()).toBe(lastTick);

      const s = body.scene;
      const at = w.state.actors[ada.actorId].location;
      expect(s.place.id).toBe(at);
      // everyone here, the looker aside, and nobody who is elsewhere
      const people = here()
        .filter((a) => a.id !== ada.actorId && a.status !== 'dead' && a.status !== 'restrained_permanent')
        .map((a) => a.id)
        .sort();
      expect(s.people.map((p) => p.id)).toEqual(people.slice(0, 12));
      expect(s.people.some((p) => p.id === bo.actorId && p.player)).toBe(true);
      // sold at the Judge's prices, every thing here as open or standing
      expect(s.sold.map((x) => x.item)).toEqual([...w.cat.places.get(at)!.sells]);
      for (const x of s.sold) expect(x.price).toBe(w.cat.items.get(x.item)!.price);
      const things = Object.values(w.state.entities)
        .filter((e) => e.location === at)
        .map((e) => e.id)
        .sort();
      expect(things.length).toBeGreaterThan(0);
      expect([...s.open.map((o) => o.entity), ...s.stands.map((x) => x.entity)].sort()).toEqual(things);
      // what was said here: the player's words and the answer
      expect(s.said.some((x) => x.actor === ada.actorId && 'text' in x.content && x.content.text === words)).toBe(true);
      expect(s.said.some((x) => x.actor === other!.id && x.to === ada.actorId)).toBe(true);
      expect(s.ways.map((x) => x.to)).toEqual(w.cat.places.get(at)!.links.map((l) => l.to));

      // the lines say the same, in each language
      for (const lang of ['en', 'cn'] as const) {
        const r = new Renderer(lang, w.cat, w.state);
        const text = body.lines.map((l) => l[lang]).join('\n');
        for (const l of body.lines) expect(l[lang].length).toBeGreaterThan(0);
        expect(text).toContain(r.place(at));
        for (const p of s.people) expect(text).toContain(r.actor(p.id));
        for (const x of s.sold) expect(text).toContain(r.param({ ref: 'item', id: x.item }));
        for (const x of [...s.open, ...s.stands]) expect(text).toContain(r.entity(x.entity));
        expect(text).toContain(r.render((reply!.call.args as { content: Message }).content));
        for (const x of s.ways) expect(text).toContain(r.place(x.to));
      }
      expect(body.lines.map((l) => l.cn).join('')).toMatch(/[\u4e00-\u9fff]/);

      // never a secret: no quest's hidden risk, no fact's truth, no one's story state, nothing of the director
      const raw = res.body;
      const quests = Object.values(w.state.quests ?? {});
      expect(quests.length, 'a quest with a hidden risk is on offer').toBeGreaterThan(0);
      for (const q of w.cat.scenario.quests?.quests ?? []) {
        expect(raw).not.toContain(q.risk.text.en);
        expect(raw).not.toContain(q.risk.text.cn);
      }
      expect(raw).not.toContain('quest.risk');
      expect(raw).not.toMatch(/"truth"|"risk"|"ink"|"variables"|"director"|"tension"/);
      const stories = w.state.stories ?? {};
      expect(Object.keys(stories), 'both players have a story running').toEqual(expect.arrayContaining([ada.actorId, bo.actorId]));
      for (const st of Object.values(stories)) expect(raw).not.toContain(st.ink.slice(0, 40));
    });
});

describe('the look route', () => {
  it('answers the player alone, and refuses bad ids with a clear error', async () => {
    const { srv, join, look } = await world('shenzhen');
    const ada = await join('Ada', 'dongmen');
    const bo = await join('Bo', 'dongmen');
    // a join still queued has no place to look at
    const early = await look(ada.actorId, ada.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('not_joined');
    await srv.host.step();
    expect((await look(ada.actorId, ada.token)).statusCode).toBe(200);
    expect((await look(ada.actorId)).statusCode).toBe(401);
    expect((await look(ada.actorId, bo.token)).statusCode).toBe(403);
    expect((await look(ada.actorId, srv.adminToken)).statusCode).toBe(403);
    expect((await look('lin_feng', ada.token)).statusCode).toBe(403);
    for (const bad of ['__proto__', 'constructor', 'toString', 'a%20b', 'no_such_person']) {
      const r = await look(bad, ada.token);
      expect([400, 403, 404], `${bad}: ${r.body}`).toContain(r.statusCode);
      expect(r.json().message.en.length).toBeGreaterThan(0);
    }
  });
});
