/**
 * A player's session through the API (docs/design.md, The story): their story session, situation scores and quest log
 * from the world state, their messages and memory records from the store. Only the player or the
 * admin reads it; an id that is no player's is not found; a quest's hidden risk never reaches it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerQueue } from '../bots/brains/player.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import type { Event, FactState } from '../sim/model/events.ts';
import type { QuestState } from '../sim/model/quests.ts';
import { type AstinusServer, buildServer } from '../adapters/server/app.ts';
import { ErrorReply, JoinReply, SessionReply } from '../adapters/server/protocol.ts';
import { memoriesOf } from '../adapters/server/session-memory.ts';
import { memoryDb, memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { META } from './store.contract.ts';
import { auth } from './helpers/serve.ts';
import { shenzhen } from './helpers/world.ts';

const RISK = 'SECRET-RISK-never-shown';
let srv: AstinusServer;
let ada: JoinReply;
let bo: JoinReply;
let storyEvents: Event[];
let dir: string;
const url = (id: string, q = '') => `/api/worlds/shenzhen/players/${encodeURIComponent(id)}/session${q}`;
const get = (id: string, token?: string, q = '') => srv.app.inject({ url: url(id, q), headers: token ? auth(token) : {} });

/** A quest, a fact its source knows, and the start of a story, committed for `actor` at `tick` as the story layer will commit them. */
function storyTick(tick: number, actor: string): Event[] {
  const fact: FactState = {
    id: 'f:harbour',
    content: { text: 'The harbour pays day labourers well' },
    about: null,
    truth: false,
    origin: { actor: 'he_wenbo', tick, place: 'dongmen' },
  };
  const quest: QuestState = {
    id: 'q:1',
    def: 'harbour',
    giver: 'he_wenbo',
    goal: { kind: 'visit', place: 'shekou' },
    stated: { text: 'Go and see the harbour' },
    sources: [{ source: 'he_wenbo', fact: fact.id, claim: fact.content }],
    risk: { kind: 'trap', msg: { text: RISK }, facts: [fact.id] },
    reward: { amount: 50, from: 'he_wenbo' },
    offeredTo: actor,
    taker: null,
    status: 'offered',
    progress: 0,
    offeredAt: tick,
    deadline: tick + 100,
  };
  const bodies = [
    { type: 'fact_created', fact },
    { type: 'quest_offered', quest },
    { type: 'quest_taken', quest: 'q:1', actor },
    {
      type: 'story_started',
      actor,
      story: 'thirty_days',
      chapter: 'arrival',
      situation: 'initial',
      variables: { money: 500, met_boss: false },
      ink: '{"state":1}',
    },
    {
      type: 'situation_scored',
      actor,
      chapter: 'arrival',
      situation: 'initial',
      score: 35,
      advance: false,
      end: false,
      rationale: { text: 'a start' },
      by: 'rules',
    },
    { type: 'chapter_advanced', actor, from: 'arrival', to: 'work' },
  ];
  return bodies.map((b, seq) => ({ ...b, tick, seq }) as Event);
}

beforeAll(async () => {
  const cat = await shenzhen();
  const db = memoryDb();
  // player tokens are kept where serve keeps them, so they stand for their players on the second server
  dir = await mkdtemp(path.join(tmpdir(), 'astinus-session-'));
  const tokenFile = path.join(dir, 'player-tokens.json');
  const open = (queue: PlayerQueue) =>
    World.open({
      scenario: cat.scenario,
      seed: 5,
      population: null,
      store: memoryStore(db),
      brain: policyBrain(),
      players: queue,
      engine: ruleEngine(),
    });
  // a first run: two players join and play a few ticks
  let queue = new PlayerQueue();
  let world = await open(queue);
  srv = await buildServer({
    world,
    queue,
    logger: pino({ level: 'silent' }),
    adminToken: 'admin-secret',
    dashboardDir: '/nonexistent/dist',
    rate: { burst: 1e9, perSecond: 1e9 },
    tokenFile,
  });
  const join = async (name: string) =>
    JoinReply.parse(
      (await srv.app.inject({ method: 'POST', url: '/api/worlds/shenzhen/players', payload: { name, place: 'dongmen' } })).json(),
    );
  ada = await join('Ada');
  bo = await join('Bo');
  await srv.host.step();
  const said = await srv.app.inject({
    method: 'POST',
    url: `/api/worlds/shenzhen/players/${ada.actorId}/intent`,
    headers: auth(ada.token),
    payload: { text: 'go to Shekou' },
  });
  expect(said.statusCode).toBe(200);
  const act = await srv.app.inject({
    method: 'POST',
    url: `/api/worlds/shenzhen/players/${ada.actorId}/act`,
    headers: auth(ada.token),
    payload: { call: said.json().call },
  });
  expect(act.statusCode).toBe(200);
  for (let i = 0; i < 3; i++) await srv.host.step();
  await srv.close();
  await world.close();
  // the story layer commits a quest and a story for Ada (stand-in: the events written to the log as a tick)
  const writer = memoryStore(db);
  await writer.acquire(META);
  storyEvents = storyTick((await writer.lastTick()) + 1, ada.actorId);
  await writer.commitTick(storyEvents[0].tick, storyEvents);
  await writer.close();
  // the server again, on the same store: the session is folded from the log, the records read from the store
  queue = new PlayerQueue();
  world = await open(queue);
  srv = await buildServer({
    world,
    queue,
    logger: pino({ level: 'silent' }),
    adminToken: 'admin-secret',
    dashboardDir: '/nonexistent/dist',
    tokenFile,
  });
});
afterAll(async () => {
  await srv?.close();
  await srv?.host.world.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /players/:id/session', () => {
  it('gives the player their story session, situation scores, quest log, messages and memory', async () => {
    const r = await get(ada.actorId, ada.token);
    expect(r.statusCode, r.body).toBe(200);
    const s = SessionReply.parse(r.json());
    expect(s.player).toBe(ada.actorId);
    expect(s.session).toEqual({
      story: 'thirty_days',
      chapter: 'work',
      situation: 'initial',
      variables: { money: 500, met_boss: false },
      startedAt: storyEvents[0].tick,
      turns: 0,
      // chapter and situation ids this story's pack does not name have no words
      words: { chapter: null, situation: null },
      ended: null,
    });
    expect(s.situations).toEqual([{ tick: storyEvents[0].tick, score: 35, chapter: 'arrival' }]);
    // the story layer's quest, beside whatever the giver at Dongmen offered the players by name
    expect(s.quests.filter((q) => q.id === 'q:1')).toEqual([
      expect.objectContaining({
        id: 'q:1',
        giver: 'he_wenbo',
        stated: { cn: 'Go and see the harbour', en: 'Go and see the harbour' },
        sources: [
          {
            source: 'he_wenbo',
            name: expect.objectContaining({ en: expect.any(String) }),
            claim: { cn: 'The harbour pays day labourers well', en: 'The harbour pays day labourers well' },
          },
        ],
        status: 'taken',
        mine: 'taken',
        reward: 50,
      }),
    ]);
    // the player's words and call, then the game master's answers, each with its dialog type
    const items = s.messages.items;
    const i = items.findIndex((m) => m.from === 'player');
    expect(items[i]).toMatchObject({ from: 'player', kind: 'intent', text: 'go to Shekou', lang: 'en' });
    expect(items[i + 1]).toMatchObject({ from: 'player', kind: 'call', call: { tool: 'move', args: { destination: 'shekou' } } });
    // what came before: the game master's texts of the joining tick (what is around, what to do)
    expect(items.slice(0, i).map((m) => m.kind)).toContain('prompt');
    expect(items.slice(0, i).every((m) => m.from === 'gm' && m.tick === 0)).toBe(true);
    const gm = items.slice(i + 2);
    expect(gm.length).toBeGreaterThan(0);
    expect(gm.map((m) => m.kind)).toContain('narration');
    for (const m of gm) {
      expect(m.tick).toBeGreaterThanOrEqual(items[i + 1].tick);
      expect(m.from).toBe('gm');
      if (m.from !== 'gm') continue;
      expect(
        { narration: 'resolution_summary', rejection: 'rule_explanation', perceived: 'scene_description', prompt: 'action_prompt' }[m.kind],
      ).toBe(m.dialog_type);
    }
    expect(items.map((m) => m.n)).toEqual([...items.map((m) => m.n)].sort((a, b) => a - b));
    // nobody else's messages
    const bos = SessionReply.parse((await get(bo.actorId, bo.token)).json());
    expect(bos.messages.items.some((m) => m.kind === 'intent')).toBe(false);
    // his own story, at its opening (the pack's story starts for every player), not Ada's
    expect(bos.session?.turns).toBe(0);
    expect(bos.session?.chapter).not.toBe('work');
    expect(bos.quests).toEqual([]);
    expect(bos.situations).toEqual([]);
  });

  it("never carries the quest's hidden risk, nor whether a claim is true", async () => {
    for (const token of [ada.token, 'admin-secret']) {
      const body = (await get(ada.actorId, token)).body;
      expect(body).not.toContain(RISK);
      expect(body).not.toContain('"risk"');
      expect(body).not.toContain('"truth"');
      expect(body).not.toContain('"ink"');
    }
  });

  it('pages the messages by a cursor, back from the newest or on from one seen', async () => {
    const all = SessionReply.parse((await get(ada.actorId, ada.token, '?limit=200')).json()).messages;
    expect(all.next).toBeNull();
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    const last2 = SessionReply.parse((await get(ada.actorId, ada.token, '?limit=2')).json()).messages;
    expect(last2.items).toEqual(all.items.slice(-2));
    expect(last2.next).toBe(all.items[all.items.length - 2].n);
    const before = SessionReply.parse((await get(ada.actorId, ada.token, `?limit=2&before=${last2.next}`)).json()).messages;
    expect(before.items).toEqual(all.items.slice(-4, -2));
    const after = SessionReply.parse((await get(ada.actorId, ada.token, `?limit=3&after=${all.items[0].n}`)).json()).messages;
    expect(after.items).toEqual(all.items.slice(1, 4));
    expect(after.next).toBe(all.items[3].n);
  });

  it("is the player's own or the admin's: another player's token is 403, none is 401", async () => {
    expect((await get(ada.actorId, bo.token)).statusCode).toBe(403);
    expect((await get(ada.actorId)).statusCode).toBe(401);
    expect((await get(ada.actorId, 'guessed')).statusCode).toBe(401);
    expect((await get(ada.actorId, 'admin-secret')).statusCode).toBe(200);
  });

  it("an id that is no player's, a name of the language among them, is a clean 404; a bad query a 400", async () => {
    for (const id of ['__proto__', 'constructor', 'toString', 'he_wenbo', 'player-999', 'a b']) {
      const r = await get(id, 'admin-secret');
      expect(r.statusCode, id).toBe(404);
      expect(ErrorReply.parse(r.json()).code).toBe('not_found');
    }
    expect(
      (await srv.app.inject({ url: `/api/worlds/nowhere/players/${ada.actorId}/session`, headers: auth('admin-secret') })).statusCode,
    ).toBe(404);
    for (const q of ['?cursor=1', '?limit=0', '?limit=x', '?before=1&after=2', '?memory=-1', '?__proto__=1']) {
      const r = await get(ada.actorId, ada.token, q);
      expect(r.statusCode, q).toBe(400);
      expect(ErrorReply.parse(r.json()).issues?.length).toBeGreaterThan(0);
    }
  });
});

describe('memory records', () => {
  it('are made for a player from what mattered in a tick, weighed by kind, in both languages', () => {
    const state = srv.host.world.state;
    const recs = memoriesOf(srv.host.views, state, storyEvents);
    expect(recs.map((r) => [r.kind, r.importance, r.chapter])).toEqual([
      ['quest_taken', 5, 'work'],
      ['story_started', 4, 'arrival'],
      ['chapter_advanced', 7, 'work'],
    ]);
    expect(recs[0].summary.en).toContain('Go and see the harbour');
    expect(recs[0].summary.cn).toContain('Go and see the harbour');
    expect(recs.every((r) => r.player === ada.actorId && r.tick === storyEvents[0].tick)).toBe(true);
    // nothing of a bot's quests or falls
    expect(
      memoriesOf(
        srv.host.views,
        state,
        storyEvents.map((e) => ('actor' in e ? { ...e, actor: 'he_wenbo' } : e) as Event),
      ),
    ).toEqual([]);
  });
});
