import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { JoinReply, type PromptMsg } from '../adapters/server/protocol.ts';
import { QuestLog } from '../adapters/server/protocol-quests.ts';
import { StoryOptionsReply } from '../adapters/server/protocol-story-options.ts';
import { served } from './helpers/serve.ts';

/**
 * A served Shenzhen world where two players play their stories and take quests while an anonymous
 * observer, each player and the admin listen on sockets and read every public route. What the admin
 * is told of the secrets (facts' truths, claim verdicts, quests' risks, the players' story machinery,
 * the director's workings) is then looked for in everything the others received.
 */
const TICKS = Number(process.env.AUDIENCE_TICKS ?? 300);
const W = '/api/worlds/shenzhen';
const STORY = new Set(['story_started', 'story_turned', 'situation_scored', 'chapter_advanced', 'story_ended']);
const ADMIN_ONLY = new Set(['claimed', 'director_proposed', 'phase_changed']);
/** fields that carry a secret wherever they appear */
const SECRET_KEYS = ['truth', 'contradicts', 'risk', 'ink', 'tension', 'measures', 'held'];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Heard {
  event: string;
  payload: Json;
}

let srv: AstinusServer;
let url: string;
const sockets: Socket[] = [];
const heard: Record<'anon' | 'a' | 'b' | 'admin', Heard[]> = { anon: [], a: [], b: [], admin: [] };
const rest: Record<'anon' | 'b', Json[]> = { anon: [], b: [] };
let a: JoinReply;
let b: JoinReply;

async function listen(who: keyof typeof heard, token?: string): Promise<Socket> {
  const s = connect(url, {
    auth: token ? { world: 'shenzhen', token } : { world: 'shenzhen' },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  s.onAny((event: string, payload: Json) => {
    heard[who].push({ event, payload });
  });
  await new Promise<void>((done, fail) => {
    s.once('connect', () => done());
    s.once('connect_error', fail);
  });
  sockets.push(s);
  return s;
}

const get = async (path: string, token?: string): Promise<{ status: number; body: Json }> => {
  const r = await srv.app.inject({ url: path, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: r.statusCode, body: r.json() as Json };
};
const post = (path: string, token: string, body: object) =>
  srv.app.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${token}` }, payload: body });

/** every public route as the caller reads it, with the whole event log paged through */
async function readEverything(token?: string): Promise<Json[]> {
  const out: Json[] = [];
  for (const p of ['', '/catalog', '/places', '/actors', '/entities', '/facts', '/metrics']) out.push((await get(`${W}${p}`, token)).body);
  const actors = (await get(`${W}/actors`, token)).body as { id: string }[];
  for (const x of actors) out.push((await get(`${W}/actors/${x.id}`, token)).body);
  const facts = (await get(`${W}/facts`, token)).body as { id: string }[];
  for (const f of facts.slice(0, 20)) out.push((await get(`${W}/facts/${f.id}`, token)).body);
  let cursor: string | null = '';
  while (cursor !== null) {
    const page = (await get(`${W}/events?limit=500${cursor ? `&cursor=${cursor}` : ''}`, token)).body as {
      events: Json[];
      next: string | null;
    };
    out.push(...page.events);
    cursor = page.next;
  }
  out.push((await get(`${W}/events?last=1000`, token)).body);
  for (const type of [
    'fact_created',
    'claimed',
    'quest_offered',
    'story_turned',
    'director_proposed',
    'phase_changed',
    'situation_scored',
  ]) {
    out.push((await get(`${W}/events?type=${type}&limit=500`, token)).body);
  }
  return out;
}

/** one turn of a player: the story's first option if there is one, else the prompt's first action; take a quest offered */
async function play(me: JoinReply, prompt: PromptMsg | undefined): Promise<void> {
  const options = StoryOptionsReply.parse((await get(`${W}/players/${me.actorId}/story/options`, me.token)).body);
  const o = options.options[0];
  if (o) await post(`${W}/players/${me.actorId}/act`, me.token, { call: o.call, choice: o.choice });
  else if (prompt?.actions[0]) await post(`${W}/players/${me.actorId}/act`, me.token, { call: prompt.actions[0].call });
  const quests = QuestLog.parse((await get(`${W}/players/${me.actorId}/quests`, me.token)).body);
  const offer = quests.quests.find((q) => q.status === 'offered');
  if (offer) await post(`${W}/players/${me.actorId}/quests/${offer.id}/take`, me.token, {});
}

/** every object key anywhere in a value, with the object it sits in */
function* keys(v: Json, path = ''): Generator<{ key: string; path: string; in: { [k: string]: Json } }> {
  if (Array.isArray(v)) for (const [i, x] of v.entries()) yield* keys(x, `${path}[${i}]`);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      yield { key: k, path: `${path}.${k}`, in: v };
      yield* keys(x, `${path}.${k}`);
    }
  }
}

/** every event object anywhere in a value */
function* eventsIn(v: Json): Generator<{ [k: string]: Json }> {
  for (const k of keys(v)) if (k.key === 'seq' && typeof k.in.type === 'string' && typeof k.in.tick === 'number') yield k.in;
}

beforeAll(async () => {
  srv = await served({ rate: { burst: 100_000, perSecond: 100_000 } });
  await srv.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`;
  const join = async (name: string, place: string) => {
    const r = await fetch(`${url}${W}/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, concept: 'a newcomer', place }),
    });
    expect(r.status).toBe(201);
    return JoinReply.parse(await r.json());
  };
  a = await join('Ada', 'dongmen');
  b = await join('Bo', 'dongmen');
  await listen('anon');
  const sa = await listen('a', a.token);
  const sb = await listen('b', b.token);
  await listen('admin', srv.adminToken);
  const prompts = new Map<string, PromptMsg>();
  sa.on('prompt', (m: PromptMsg) => prompts.set(a.actorId, m));
  sb.on('prompt', (m: PromptMsg) => prompts.set(b.actorId, m));
  for (let t = 0; t < TICKS; t++) {
    await srv.host.step();
    await play(a, prompts.get(a.actorId));
    await play(b, prompts.get(b.actorId));
    if (t === Math.floor(TICKS / 2)) {
      rest.anon.push(...(await readEverything()));
      rest.b.push(...(await readEverything(b.token)));
    }
  }
  // the last tick's messages are on their way: a round trip on each socket after them
  await Promise.all(
    sockets.map((s) =>
      s
        .timeout(10_000)
        .emitWithAck('act', {})
        .catch(() => undefined),
    ),
  );
  rest.anon.push(...(await readEverything()));
  rest.b.push(...(await readEverything(b.token)));
}, 600_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await srv?.close();
});

describe('audiences in a served world with two players', () => {
  it('the admin hears every secret there is to keep', () => {
    const types = new Set(heard.admin.flatMap((h) => [...eventsIn(h.payload)].map((e) => e.type as string)));
    // the run is long enough to hold each kind of secret, so that its absence below means something
    for (const t of [
      'fact_created',
      'claimed',
      'quest_offered',
      'quest_taken',
      'story_started',
      'story_turned',
      'situation_scored',
      'director_proposed',
    ]) {
      expect(types, t).toContain(t);
    }
    const admin = heard.admin.flatMap((h) => [...keys(h.payload)].map((k) => k.key));
    for (const k of ['truth', 'contradicts', 'risk', 'ink', 'tension', 'measures']) expect(admin, k).toContain(k);
  });

  it('an anonymous observer gets no secret field, no story and none of the director on any socket or route', () => {
    const got = [...heard.anon.map((h) => h.payload), ...rest.anon];
    const leaks: string[] = [];
    for (const v of got) {
      for (const k of keys(v)) if (SECRET_KEYS.includes(k.key)) leaks.push(k.path);
      for (const e of eventsIn(v))
        if (STORY.has(e.type as string) || ADMIN_ONLY.has(e.type as string)) leaks.push(JSON.stringify(e).slice(0, 200));
    }
    expect(leaks).toEqual([]);
    // the socket heard the world all the same: every tick, with its feed
    expect(heard.anon.filter((h) => h.event === 'tick').length).toBeGreaterThanOrEqual(TICKS);
    expect(
      heard.anon.some(
        (h) => h.event === 'tick' && (h.payload as { events: { type: string }[] }).events.some((e) => e.type === 'fact_created'),
      ),
    ).toBe(true);
  });

  it("a player sees their own story, never the other player's, and no other secret", () => {
    const got = [...heard.b.map((h) => h.payload), ...rest.b];
    let own = 0;
    const leaks: string[] = [];
    for (const v of got) {
      for (const k of keys(v)) if (SECRET_KEYS.includes(k.key)) leaks.push(k.path);
      for (const e of eventsIn(v)) {
        if (STORY.has(e.type as string) && e.actor !== b.actorId) leaks.push(JSON.stringify(e).slice(0, 200));
        else if (STORY.has(e.type as string)) own++;
        if (ADMIN_ONLY.has(e.type as string)) leaks.push(JSON.stringify(e).slice(0, 200));
      }
    }
    expect(leaks).toEqual([]);
    expect(own).toBeGreaterThan(0);
  });

  it('no feed line the admin reads of a secret reaches anyone else', () => {
    const secretLines = new Set<string>();
    for (const h of heard.admin) {
      for (const e of eventsIn(h.payload)) {
        const text = e.text as { cn: string; en: string } | undefined;
        if (text && ADMIN_ONLY.has(e.type as string)) {
          secretLines.add(text.en);
          secretLines.add(text.cn);
        }
      }
    }
    expect(secretLines.size).toBeGreaterThan(0);
    const others = JSON.stringify([heard.anon, heard.b, rest.anon, rest.b]);
    for (const line of secretLines) expect(others.includes(JSON.stringify(line).slice(1, -1)), line).toBe(false);
  });

  it('the ink state and quest risks the admin holds appear nowhere else', () => {
    const admin = heard.admin.flatMap((h) => [...eventsIn(h.payload)]);
    const inks = admin.filter((e) => typeof e.ink === 'string').map((e) => e.ink as string);
    const risks = admin.filter((e) => e.type === 'quest_offered').map((e) => JSON.stringify((e.quest as { risk: Json }).risk));
    expect(inks.length).toBeGreaterThan(0);
    expect(risks.length).toBeGreaterThan(0);
    const others = JSON.stringify([heard.anon, heard.b, rest.anon, rest.b]);
    for (const s of inks) expect(others.includes(JSON.stringify(s).slice(1, -1))).toBe(false);
    for (const r of risks) expect(others.includes(r)).toBe(false);
  });

  it("another player's private routes answer 403, and without a token 401", async () => {
    for (const p of ['session', 'story', 'story/options', 'quests']) {
      expect((await get(`${W}/players/${a.actorId}/${p}`, b.token)).status, p).toBe(403);
      expect((await get(`${W}/players/${a.actorId}/${p}`)).status, p).toBe(401);
    }
    for (const p of ['director', 'quests']) {
      expect((await get(`${W}/${p}`, b.token)).status, p).toBe(403);
      expect((await get(`${W}/${p}`)).status, p).toBe(401);
    }
  });
});
