import { beforeAll, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { describeEvent } from '../sim/i18n/describe.ts';
import { viewEvent } from '../sim/audience/view.ts';
import { PUBLIC, playerAudience } from '../sim/audience/audience.ts';
import { perceive } from '../bots/perception.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import type { Event } from '../sim/model/events.ts';
import type { Message } from '../sim/model/text.ts';
import type { WorldState } from '../sim/state/types.ts';
import { call, consequence, fresh, runFor } from './helpers/world.ts';
import { type PackFiles, tinyPack } from './helpers/tiny-pack.ts';
import { offlineIntentParser } from '../bots/intent/offline.ts';

/**
 * A channel that reaches one listener (README, "The vocabulary (`vocabulary.json`)"): the call names them, someone at the
 * speaker's place; they alone hear the words. The place sees that something was said to them, never what.
 */
const t = (en: string, cn: string) => ({ cn, en });
function withWhisper(f: PackFiles): void {
  f.vocabulary.channels.whisper = { name: t('whisper', '耳语'), verb: t('whispers to', '悄悄告诉'), reach: 'one' };
  f.templates.templates.push({
    id: 'tale',
    name: t('a tale', '传言'),
    kind: 'stall',
    strategy: 'gossip',
    cost: { money: 0, energy: 5 },
    effects: [{ type: 'rumour', truth: false, content: t('the drills are failing', '钻机要坏了') }],
  });
  const actors = f.actors.actors as { id: string; body: { relations?: Record<string, number> }; drives: { gossip: number } }[];
  const ada = actors.find((a) => a.id === 'ada')!;
  const bo = actors.find((a) => a.id === 'bo')!;
  ada.body.relations = { bo: 60 };
  bo.body.relations = { ada: 60 };
  // the cook spreads tales; the friends, no gossips, keep news between them
  for (const a of actors) a.drives.gossip = a.id === 'cook' ? 0.9 : 0.3;
}

let cat: Catalog;
beforeAll(async () => {
  cat = buildCatalog(await tinyPack(withWhisper));
});

const SECRET = 'the steward is dead';
const said: Message = { text: SECRET };
const whisper = (actor: string, to?: string, channel = 'whisper') =>
  call(actor, 'express', { channel, content: said, ...(to === undefined ? {} : { to }) });
const accepted = { ok: true as const, consequence: consequence() };

/** ada and bo and the cook in the mess, the steward at the rock face */
function scene(): WorldState {
  const s = fresh(cat);
  for (const id of ['ada', 'bo', 'cook']) s.actors[id].location = 'mess';
  return s;
}
const text = (s: WorldState, m: unknown) => JSON.stringify(m) + new Renderer('en', cat, s).render(m as Message);

describe('the Judge and a channel for one listener', () => {
  it('refuses words with no listener, a listener elsewhere or oneself, and a listener on a channel for many, in both languages', () => {
    const s = scene();
    const judge = new TickJudge(cat, s, 1);
    const code = (c: ReturnType<typeof whisper>) => judge.call(c, accepted)?.reason;
    expect(code(whisper('ada'))?.code).toBe('listener_needed');
    expect(code(whisper('ada', 'ada'))?.code).toBe('listener_needed');
    expect(code(whisper('ada', 'nobody'))?.code).toBe('listener_needed');
    expect(code(whisper('ada', 'steward'))?.code).toBe('listener_away');
    expect(code(whisper('ada', 'bo', 'call'))?.code).toBe('listener_not_one');
    const away = code(whisper('ada', 'steward'))!;
    expect(new Renderer('en', cat, s).render(away.message)).toContain('steward');
    const needed = code(whisper('ada'))!;
    expect(new Renderer('cn', cat, s).render(needed.message)).toContain('耳语');
    expect(new Renderer('en', cat, s).render(needed.message)).toContain('whisper');
    expect(judge.events.some((e) => e.type === 'whispered')).toBe(false);
  });

  it('lets the listener alone hear the words: their memory and feed hold them, the bystander’s perception, memory and public feed do not', () => {
    const s = scene();
    const judge = new TickJudge(cat, s, 1);
    expect(judge.call(whisper('ada', 'bo'), accepted)).toBeNull();
    const heard = judge.events.find((e) => e.type === 'whispered')!;
    expect(heard).toMatchObject({ actor: 'bo', by: 'ada', channel: 'whisper', msg: said });
    expect(text(s, s.actors.bo.memory)).toContain(SECRET);
    expect(text(s, s.actors.cook.memory)).not.toContain(SECRET);
    // the place saw ada whisper to bo, and nothing of what: no claim of it is heard there either
    expect(text(s, s.places.mess.recent)).not.toContain(SECRET);
    expect(s.places.mess.recent.some((o) => new Renderer('en', cat, s).render(o.msg).includes('whispers to bo'))).toBe(true);
    const cook = perceive(cat, s, indexPlaces(cat, s), 'cook', 2);
    expect(text(s, cook.recent)).not.toContain(SECRET);
    // the feed: the public's cut of every event hides the words; bo and ada read them, the cook does not
    const r = new Renderer('en', cat, s);
    const feed = (who: Parameters<typeof viewEvent>[1]) =>
      judge.events.flatMap((e) => {
        const v = viewEvent(e, who);
        return v ? [describeEvent(r, v as Event) ?? '', JSON.stringify(v)] : [];
      });
    expect(feed(PUBLIC).join('\n')).not.toContain(SECRET);
    expect(feed(playerAudience('cook')).join('\n')).not.toContain(SECRET);
    expect(feed(playerAudience('bo')).join('\n')).toContain(SECRET);
    expect(feed(playerAudience('ada')).join('\n')).toContain(SECRET);
    expect(feed(PUBLIC).join('\n')).toContain('ada whispers to bo');
  });

  it('lets a fact whispered be learned by the listener alone', () => {
    const s = scene();
    s.facts['f:1'] = { id: 'f:1', content: { text: 'x' }, about: null, truth: false, origin: { actor: 'ada', tick: 0, place: 'mess' } };
    s.actors.ada.knows.push('f:1');
    const judge = new TickJudge(cat, s, 1);
    const learn = (actor: string) =>
      consequence({ world_changes: [{ type: 'knowledge_learned', actor, fact: 'f:1', from: 'ada', channel: 'call' }] });
    expect(judge.call(whisper('ada', 'bo'), { ok: true, consequence: learn('cook') })?.reason.code).toBe('not_present');
    expect(judge.call(whisper('ada', 'bo'), { ok: true, consequence: learn('bo') })).toBeNull();
    expect(s.actors.bo.knows).toContain('f:1');
    expect(s.actors.cook.knows).not.toContain('f:1');
  });
});

describe('a player’s words for one listener', () => {
  it('are read as the channel that reaches one, to the person named, in either language, and the Judge takes them', async () => {
    const s = scene();
    const parse = offlineIntentParser();
    for (const [text, lang] of [
      ['whisper to bo: "the drills are failing"', 'en'],
      ['跟bo耳语：“钻机要坏了”', 'cn'],
    ] as const) {
      const intent = await parse.parse({ cat, state: s, actor: 'ada', id: `i-${lang}`, text, lang });
      expect(intent.call).toMatchObject({ tool: 'express', args: { channel: 'whisper', to: 'bo' } });
      expect(new TickJudge(cat, structuredClone(s), 1).call(intent.call, accepted)).toBeNull();
    }
  });
});

describe('a served world', () => {
  it('tells the player whispered to the words among what reached them, and a player standing by only that they were said', async () => {
    const { served, auth } = await import('./helpers/serve.ts');
    const srv = await served({ rate: { burst: 1e9, perSecond: 1e9 } }, { scenario: cat.scenario, seed: 1 });
    const W = '/api/worlds/station';
    const join = async (name: string) =>
      (await srv.app.inject({ method: 'POST', url: `${W}/players`, payload: { name, place: 'mess' } })).json() as {
        actorId: string;
        token: string;
      };
    const [speaker, listener, bystander] = [await join('Una'), await join('Vik'), await join('Wes')];
    const lines = new Map<string, string[]>();
    srv.host.listen({
      tick: () => undefined,
      status: () => undefined,
      narration: () => undefined,
      rejection: () => undefined,
      prompt: () => undefined,
      perceived: (a, m) => lines.set(a, [...(lines.get(a) ?? []), ...m.lines.map((l) => l.en)]),
    });
    // the players join at the next tick, then the speaker whispers
    await srv.host.step();
    const words = 'meet me at the rock face';
    const r = await srv.app.inject({
      method: 'POST',
      url: `${W}/players/${speaker.actorId}/act`,
      headers: auth(speaker.token),
      payload: { call: { tool: 'express', args: { channel: 'whisper', content: { text: words }, to: listener.actorId } } },
    });
    expect(r.statusCode, r.body).toBe(200);
    await srv.host.step();
    expect(lines.get(listener.actorId)?.join('\n')).toContain(words);
    const seen = lines.get(bystander.actorId)?.join('\n') ?? '';
    expect(seen).toContain('whispers to');
    expect(seen).not.toContain(words);
    await srv.close();
  }, 120_000);
});

describe('a run with a channel for one listener', () => {
  it('friends confide fresh news to each other, each word heard by one listener who stood by the speaker, and nobody is refused', async () => {
    const { events } = await runFor(cat.scenario, 2, 600);
    const whispers = events.filter((e) => e.type === 'whispered');
    expect(whispers.length).toBeGreaterThan(0);
    const where = new Map<string, string>();
    for (const e of events) {
      if (e.type === 'moved') where.set(e.actor, e.to);
      const to = e.type === 'action' && e.call.tool === 'express' ? e.call.args.to : undefined;
      if (e.type === 'action' && to !== undefined)
        expect(where.get(to) ?? cat.scenario.actors.find((a) => a.id === to)!.body.location).toBe(e.place);
    }
    // what the words carried was learned by their listener only
    for (const e of events)
      if (e.type === 'fact_learned' && e.channel === 'whisper')
        expect(whispers.some((w) => w.type === 'whispered' && w.tick === e.tick && w.actor === e.actor && w.by === e.from)).toBe(true);
    expect(events.filter((e) => e.type === 'call_failed' && e.failed.reason.code.startsWith('listener_'))).toEqual([]);
  }, 120_000);
});
