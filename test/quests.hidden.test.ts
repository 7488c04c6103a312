import { afterEach, describe, expect, it } from 'vitest';
import { perceive } from '../bots/perception.ts';
import { describeEvent } from '../sim/i18n/describe.ts';
import { Renderer } from '../sim/i18n/render.ts';
import type { Event } from '../sim/model/events.ts';
import { LANGS } from '../sim/model/text.ts';
import type { AstinusServer } from '../adapters/server/app.ts';
import { AdminQuests, QuestLog, StoryPage } from '../adapters/server/protocol.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { auth } from './helpers/serve.ts';
import { offeredToPlayer, W } from './helpers/quests.ts';

let srv: AstinusServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

/** Distinctive runs of the risk's words in both languages: a whole risk text, and a few words of it. */
function riskWords(srv: AstinusServer): string[] {
  const out: string[] = [];
  for (const q of srv.host.world.cat.scenario.quests!.quests) {
    for (const lang of LANGS) {
      const text = q.risk.text[lang];
      out.push(text, lang === 'cn' ? text.slice(0, 8) : text.split(' ').slice(0, 5).join(' '));
    }
  }
  return out;
}

function leaks(where: string, text: string, words: string[]): void {
  for (const w of words) expect(text.includes(w), `${where} shows the risk: "${w}"`).toBe(false);
  expect(text, where).not.toMatch(/quest\.risk|"risk"|falseFacts/);
}

describe('the hidden risk', () => {
  it('never reaches the taker (quest API, story, perception, feed), while the admin sees it', async () => {
    const s = await offeredToPlayer();
    srv = s.srv;
    const words = riskWords(srv);
    const headers = auth(s.me.token);
    expect(
      (await srv.app.inject({ method: 'POST', url: `${W}/players/${s.me.actorId}/quests/${s.quest}/take`, headers, payload: {} }))
        .statusCode,
    ).toBe(202);
    const events: Event[] = [];
    for (let i = 0; i < 40; i++) events.push(...(await srv.host.step()));
    expect(events.some((e) => e.type === 'quest_taken' && e.actor === s.me.actorId)).toBe(true);

    // the player's quest log: the stated goal and sources whose reliability is unknown, and no risk
    const log = await srv.app.inject({ url: `${W}/players/${s.me.actorId}/quests`, headers });
    const parsed = QuestLog.parse(log.json());
    const mine = parsed.quests.find((q) => q.id === s.quest)!;
    expect(mine.stated.en).toContain('Paint set');
    expect(mine.stated.cn).toMatch(/[\u4e00-\u9fff]/);
    expect(parsed.quests.flatMap((q) => q.sources).every((x) => x.reliability === 'unknown')).toBe(true);
    leaks('the quest API', log.body, words);

    // the story: the offer and the taking are lines of it, in both languages, without the risk
    const story = StoryPage.parse((await srv.app.inject({ url: `${W}/players/${s.me.actorId}/story?limit=500`, headers })).json());
    const texts = story.lines.flatMap((l) => [l.text.cn, l.text.en]);
    expect(texts.some((t) => t.includes('He Wenbo offers you a task'))).toBe(true);
    expect(texts.some((t) => t.startsWith('You take on He Wenbo'))).toBe(true);
    expect(texts.some((t) => t.includes('何文博托付你一件差事'))).toBe(true);
    leaks('the story', JSON.stringify(story), words);

    // what the player's actor perceives (the same view a bot's brain gets)
    const { cat, state } = srv.host.world;
    const p = perceive(cat, state, indexPlaces(cat, state), s.me.actorId, srv.host.world.tick);
    leaks('the perception', JSON.stringify(p), words);
    // and every bot's perception of the quests it took
    for (const id of Object.keys(state.actors))
      leaks(`${id}'s perception`, JSON.stringify(perceive(cat, state, indexPlaces(cat, state), id, srv.host.world.tick)), words);

    // the live event API (and the tick broadcast, made by the same view) shows the offers without their risk
    const feed = await srv.app.inject({ url: `${W}/events?type=quest_offered&limit=1000`, headers });
    expect(feed.json().events.length).toBeGreaterThan(0);
    leaks('the events API', feed.body, words);
    // the public feed of every quest event, in both languages
    for (const lang of LANGS) {
      const r = new Renderer(lang, cat, state);
      leaks(
        `the ${lang} feed`,
        events
          .filter((e) => e.type.startsWith('quest_'))
          .map((e) => describeEvent(r, e) ?? '')
          .join('\n'),
        words,
      );
    }

    // the admin sees the withheld risk in both languages, and which cited facts are false
    const admin = AdminQuests.parse((await srv.app.inject({ url: `${W}/quests`, headers: auth('admin-secret') })).json());
    const def = cat.scenario.quests!.quests.find((q) => q.id === 'paint_for_class')!;
    expect(admin.quests.find((q) => q.id === s.quest)).toMatchObject({
      taker: s.me.actorId,
      risk: { kind: 'costly', text: def.risk.text },
    });
    for (const q of admin.quests) for (const src of q.sources) expect(src.true).toBe(state.facts[src.fact].truth);
    // and the log (the export) carries it
    expect(events.find((e) => e.type === 'quest_offered')).toHaveProperty('quest.risk.kind');
  });
});
