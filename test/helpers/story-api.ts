import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { PlayerQueue } from '../../bots/brains/player.ts';
import { policyBrain } from '../../bots/brains/policy/index.ts';
import { type AstinusServer, buildServer } from '../../adapters/server/app.ts';
import { JoinReply, type PromptMsg, SessionReply, type StatusMsg, StoryPage } from '../../adapters/server/protocol.ts';
import { canonicalJson } from '../../sim/lib/canonical.ts';
import { memoryStore } from '../../adapters/store/memory.ts';
import { World } from '../../sim/world.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import { shenzhen } from './world.ts';

/**
 * A scripted player (docs/design.md, The story), through the API alone: REST to join, act and read the session,
 * Socket.IO for the game master's prompts and the world's status. The world is turn-based, so it
 * waits for the player whenever they are due: what the script sees, and so the log, depends on the
 * seed and the script, never on timing. The server stays up (for a browser to look at) until `stopStoryServer`.
 */
export let srv: AstinusServer | null = null;
let socket: Socket | null = null;
export async function stopStoryServer() {
  socket?.disconnect();
  await srv?.close();
  srv = null;
}

export interface PlayedApi {
  ending: string | null;
  chapters: string[];
  turns: number;
  log: string;
  scores: number[];
  words: { day: number; situation: string | null; en: string | null }[];
  /** the last session reply and the player's story lines, as the player receives them */
  session: SessionReply;
  lines: StoryPage;
}

export async function playStoryApi(
  prefer: string[],
  o: { seed: number; place: string; dashboardDir?: string },
): Promise<PlayedApi & { url: string; me: string; token: string }> {
  const cat = await shenzhen();
  const queue = new PlayerQueue();
  const store = memoryStore();
  const world = await World.open({
    scenario: cat.scenario,
    seed: o.seed,
    population: null,
    store,
    brain: policyBrain(),
    players: queue,
    engine: ruleEngine(),
  });
  srv = await buildServer({
    world,
    queue,
    logger: pino({ level: 'silent' }),
    adminToken: 'admin-secret',
    dashboardDir: o.dashboardDir ?? '/nonexistent/dist',
    tickMs: 1,
    turnBased: true,
    rate: { burst: 1000, perSecond: 1000 },
  });
  await srv.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`;
  const W = `${url}/api/worlds/shenzhen`;

  const joined = await fetch(`${W}/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', concept: 'a newcomer', place: o.place }),
  });
  expect(joined.status).toBe(201);
  const { actorId: me, token } = JoinReply.parse(await joined.json());
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const session = async () => SessionReply.parse(await (await fetch(`${W}/players/${me}/session`, { headers })).json());

  let prompt: PromptMsg | null = null;
  let status: StatusMsg | null = null;
  socket = connect(url, { auth: { world: 'shenzhen', token }, transports: ['websocket'], reconnection: false, forceNew: true });
  socket.on('prompt', (m: PromptMsg) => {
    prompt = m;
  });
  socket.on('status', (m: StatusMsg) => {
    status = m;
  });
  await new Promise<void>((done, fail) => {
    socket!.once('connect', () => done());
    socket!.once('connect_error', fail);
  });
  srv.clock.start();

  /** The prompt of the tick the world now waits at for this player (bounded: a world that never waits fails the test). */
  const myTurn = async (): Promise<PromptMsg> => {
    for (let i = 0; i < 4000; i++) {
      const s = status as StatusMsg | null;
      const p = prompt as PromptMsg | null;
      if (s?.waitingFor?.includes(me) && p && p.tick === s.tick) return p;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error('the world never waited for the player');
  };

  const chapters: string[] = [];
  /** each situation's words as the session gave them, with the day they were given on */
  const words: { day: number; situation: string | null; en: string | null }[] = [];
  let turns = 0;
  let s = await session();
  for (let n = 0; n < 80 && !s.session?.ended; n++) {
    const p = await myTurn();
    if (s.session && !chapters.includes(s.session.chapter)) chapters.push(s.session.chapter);
    if (s.session && !s.session.ended)
      words.push({ day: Number(s.session.variables.day), situation: s.session.situation, en: s.session.words.situation?.en ?? null });
    // the first option of the script the game master offers, else the game master's first suggestion
    const pick = prefer.map((id) => p.actions.find((a) => a.option === id)).find((a) => a) ?? p.actions[0];
    if (pick.choice !== undefined) turns++;
    prompt = null;
    const r = await fetch(`${W}/players/${me}/act`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        call: { id: `ada-${n}`, tool: pick.call.tool, args: pick.call.args },
        ...(pick.choice !== undefined ? { choice: pick.choice } : {}),
      }),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    // the call is judged at the next tick; read the session once the world has moved past it
    const at = (status as StatusMsg | null)?.tick ?? 0;
    for (let i = 0; i < 4000 && ((status as StatusMsg | null)?.tick ?? 0) <= at; i++) await new Promise((x) => setTimeout(x, 5));
    s = await session();
  }
  srv.clock.stop();
  await srv.host.settle();
  if (s.session && !chapters.includes(s.session.chapter)) chapters.push(s.session.chapter);
  const log: string[] = [];
  for await (const e of store.readEvents(0, srv.host.world.state.tick + 1)) log.push(canonicalJson(e));
  const lines = StoryPage.parse(await (await fetch(`${W}/players/${me}/story`, { headers })).json());
  return {
    ending: s.session?.ended?.ending ?? null,
    chapters,
    turns,
    log: log.join('\n'),
    scores: s.situations.map((x) => x.score),
    words,
    session: s,
    lines,
    url,
    me,
    token,
  };
}
