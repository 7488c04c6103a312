import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { PlayerQueue } from '../bots/brains/player.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import type { Event } from '../sim/model/events.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { StoryBook } from '../sim/story/book.ts';
import { ownLine } from '../sim/story/lines.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { World } from '../sim/world.ts';
import { shenzhen } from './helpers/world.ts';

/**
 * A player's story is a fold over the committed log: told live, tick by tick, it reads exactly as
 * it does rebuilt from the whole log, and it names whoever touched the player.
 */
const ME = 'player-x';
let world: World;
let queue: PlayerQueue;
let live: StoryBook;
const log: Event[] = [];
let n = 0;

async function step(call?: ToolCall['args'] & { tool?: never }, tool?: ToolCall['tool']): Promise<Event[]> {
  if (call && tool) queue.put({ id: `c${n++}`, actor: ME, tool, args: call } as ToolCall);
  const events = await world.step(
    log.length ? undefined : asking(JOIN, [{ actor: ME, name: { cn: '客', en: 'Guest' }, concept: '', place: 'shenzhen_bay_park' }]),
  );
  log.push(...events);
  live.add(events);
  return events;
}

beforeAll(async () => {
  const cat = await shenzhen();
  queue = new PlayerQueue();
  world = await World.open({
    scenario: cat.scenario,
    // a world where a hungry customer passes the park within the hour: the story must have someone to name
    seed: 1,
    population: null,
    store: memoryStore(),
    brain: policyBrain(),
    players: queue,
    engine: ruleEngine(),
  });
  live = new StoryBook(cat, world.state);
  await step();
  // a stall of the player's own, in a park where it is the best meal to be had, so the hungry come to eat there
  await step({ what: 'food_stall', where: 'shenzhen_bay_park', using: {} } as never, 'create');
  for (let i = 0; i < 40 && !log.some((e) => e.type === 'transfer' && e.to === ME && e.reason === 'stall_sale'); i++) await step();
  // then to wherever most of the town is now, where it can see them
  const crowd = new Map<string, number>();
  for (const a of Object.values(world.state.actors))
    if (a.id !== ME && a.status === 'alive') crowd.set(a.location, (crowd.get(a.location) ?? 0) + 1);
  const busiest = [...crowd].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  await step({ destination: busiest, mode: 'bus' } as never, 'move');
  for (let i = 0; i < 20 && world.state.actors[ME].location !== busiest; i++) await step();
  await step();
  // the player gives away all their strength to someone there and collapses where the town can see (once
  // due: a call queued earlier would be judged after the clock took its toll, for more strength than is left)
  const someone = () => Object.values(world.state.actors).find((a) => a.id !== ME && a.status === 'alive' && a.location === busiest);
  for (let i = 0; i < 10 && (world.state.actors[ME].nextWake > world.tick || !someone()); i++) await step();
  await step(
    { resource: 'energy', amount: world.state.actors[ME].energy, purpose: 'gift', target: someone()!.id } as never,
    'use_resource',
  );
  for (let i = 0; i < 20 && !log.some((e) => e.type === 'status_changed' && e.actor === ME && e.to === 'alive'); i++) await step();
});
afterAll(async () => {
  await world?.close();
});

describe("the player's story", () => {
  it('reads the same told live tick by tick and rebuilt from the whole log', () => {
    const rebuilt = new StoryBook(world.cat, world.state);
    rebuilt.add(log);
    const lines = live.lines(ME)!;
    expect(lines.length).toBeGreaterThan(5);
    expect(rebuilt.lines(ME)).toEqual(lines);
    expect(rebuilt.noticed(ME)).toEqual(live.noticed(ME));
    expect(lines.map((l) => l.n)).toEqual(lines.map((_, i) => i));
  });

  it("names the customer who pays at the player's stall", () => {
    const paid = log.find((e) => e.type === 'transfer' && e.to === ME && e.reason === 'stall_sale');
    expect(paid?.type).toBe('transfer');
    if (paid?.type !== 'transfer') return;
    const name = world.cat.souls.get(paid.from)!.soul.name;
    const line = live.lines(ME)!.find((l) => l.tick === paid.tick && l.kind === 'money' && l.text.en.includes(name.en));
    expect(line?.text.en).toMatch(/pays you/);
    expect(line?.text.en).toContain(name.en);
    expect(line?.text.cn).toContain(name.cn);
  });

  it('names the one who rescues the collapsed player', () => {
    const back = log.find((e) => e.type === 'status_changed' && e.actor === ME && e.to === 'alive');
    expect(back?.type).toBe('status_changed');
    const rescuer = log.find(
      (e) => e.type === 'action' && e.tick === back!.tick && e.call.tool === 'interact' && e.call.args.target === ME && e.seq < back!.seq,
    );
    expect(rescuer?.type).toBe('action');
    const name = world.cat.souls.get((rescuer as { actor: string }).actor)!.soul.name;
    const line = live.lines(ME)!.find((l) => l.tick === back!.tick && l.kind === 'status');
    expect(line?.text.en).toContain(name.en);
    expect(line?.text.cn).toContain(name.cn);
  });
});

describe("an event of the player's own that carries words (a warning)", () => {
  it('reads as a line of their body, and only in their own story', () => {
    const r = new Renderer('en', world.cat, world.state);
    const warning = { type: 'warning', actor: ME, msg: { key: 'narrator.nothing' }, tick: 1, seq: 0 } as unknown as Event;
    expect(ownLine(r, { me: ME, cause: null }, warning)).toEqual(['body', r.t('narrator.nothing')]);
    expect(ownLine(r, { me: 'someone-else', cause: null }, warning)).toBeNull();
  });
});

describe('GET /players/:id/story', () => {
  it('pages the story for the player and the admin only, the same after a restart of the host', async () => {
    const { served, auth } = await import('./helpers/serve.ts');
    const srv = await served({ rate: { burst: 1e9, perSecond: 1e9 } });
    const W = '/api/worlds/shenzhen';
    const join = async (name: string) =>
      (await srv.app.inject({ method: 'POST', url: `${W}/players`, payload: { name, place: 'dongmen' } })).json() as {
        actorId: string;
        token: string;
      };
    const ada = await join('Ada');
    const bob = await join('Bob');
    const sent: { actor: string; lines: number }[] = [];
    srv.host.listen({
      tick: () => undefined,
      status: () => undefined,
      narration: () => undefined,
      rejection: () => undefined,
      perceived: () => undefined,
      story: (actor, m) => sent.push({ actor, lines: m.lines.length }),
    });
    for (let i = 0; i < 30; i++) await srv.host.step();
    const url = `${W}/players/${ada.actorId}/story`;
    expect((await srv.app.inject({ url })).statusCode).toBe(401);
    expect((await srv.app.inject({ url, headers: auth(bob.token) })).statusCode).toBe(403);
    expect((await srv.app.inject({ url: `${url}?limit=0`, headers: auth(ada.token) })).statusCode).toBe(400);
    expect((await srv.app.inject({ url: `${W}/players/__proto__/story`, headers: auth('admin-secret') })).statusCode).toBe(400);
    expect((await srv.app.inject({ url: `${W}/players/player-999/story`, headers: auth('admin-secret') })).statusCode).toBe(404);
    const all = (await srv.app.inject({ url, headers: auth(ada.token) })).json() as { lines: { n: number }[]; next: number | null };
    expect(all.next).toBeNull();
    expect(all.lines.length).toBeGreaterThan(1);
    expect((await srv.app.inject({ url, headers: auth('admin-secret') })).json()).toEqual(all);
    // pages of one line, each following the cursor of the last, add up to the whole story
    const paged: unknown[] = [];
    for (let after = -1; ;) {
      const p = (await srv.app.inject({ url: `${url}?after=${after}&limit=1`, headers: auth(ada.token) })).json() as {
        lines: { n: number }[];
        next: number | null;
      };
      paged.push(...p.lines);
      if (p.next === null) break;
      after = p.next;
    }
    expect(paged).toEqual(all.lines);
    // what the socket pushed, tick by tick, is the same story
    expect(sent.filter((s) => s.actor === ada.actorId).reduce((a, s) => a + s.lines, 0)).toBe(all.lines.length);
    // a host started again over the same log tells the same story
    const again = new (srv.host.constructor as typeof import('../adapters/server/host.ts').WorldHost)({
      world: srv.host.world,
      queue: srv.host.queue,
      narrator: { name: 'x', narrate: () => ({ cn: '', en: '' }) },
      intent: {
        parse: async () => {
          throw new Error('unused');
        },
      } as never,
      tickMs: 1000,
      turnBased: false,
    });
    await again.init();
    expect(again.story.lines(ada.actorId)).toEqual(all.lines);
    await srv.close();
  });
});

describe("one tick's changes of feeling toward one person", () => {
  it('are told as one net line, or none when they cancel out, live or rebuilt', () => {
    const me = ME;
    const joined = log.find((e) => e.type === 'joined' && e.actor === me)!;
    const summary = (tick: number, seq: number) =>
      ({ type: 'tick_summary', actions: 0, rejections: 0, money: {}, tick, seq }) as unknown as Event;
    const feel = (from: string, to: string, delta: number, tick: number, seq: number): Event => ({
      type: 'relationship_changed',
      from,
      to,
      delta,
      tick,
      seq,
    });
    const events: Event[] = [
      joined,
      // warmer then colder toward Zhao Lei, while He Wenbo warms to the player: two lines, not three
      feel(me, 'zhao_lei', 3, 5, 1),
      feel('he_wenbo', me, 2, 5, 2),
      feel(me, 'zhao_lei', -5, 5, 3),
      summary(5, 4),
      // warmth and chill that cancel: no line at all
      feel(me, 'zhao_lei', 4, 6, 1),
      feel(me, 'zhao_lei', -4, 6, 2),
      summary(6, 3),
    ];
    const whole = new StoryBook(world.cat, world.state);
    whole.add(events);
    const one = new StoryBook(world.cat, world.state);
    for (const e of events) one.add([e]);
    const lines = whole.lines(me)!.filter((l) => l.kind === 'relation');
    const zhao = world.cat.souls.get('zhao_lei')!.soul.name.en;
    const he = world.cat.souls.get('he_wenbo')!.soul.name.en;
    expect(lines.map((l) => [l.tick, l.text.en])).toEqual([
      [5, `You feel colder toward ${zhao}.`],
      [5, `${he} thinks better of you.`],
    ]);
    expect(one.lines(me)).toEqual(whole.lines(me));
  });
});
