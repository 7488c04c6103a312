import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEvent } from '../sim/i18n/describe.ts';
import { Renderer } from '../sim/i18n/render.ts';
import { LANGS, msg, ref } from '../sim/model/text.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { fresh, ROOT, runFor } from './helpers/world.ts';

/** A pack says the engine's lines about its words in its own words (README, "Feed lines worded by the pack"), the engine's generic line otherwise. */
const load = async (id: string) => buildCatalog(await loadScenario(path.join(ROOT, 'scenarios', id)));
/** Every shipped pack, so a new world is read like the others. */
const PACKS = readdirSync(path.join(ROOT, 'scenarios'))
  .filter((d) => existsSync(path.join(ROOT, 'scenarios', d, 'scenario.json')))
  .sort();
const packs: Record<string, Catalog> = Object.fromEntries(await Promise.all(PACKS.map(async (id) => [id, await load(id)] as const)));
const { shenzhen, riverford } = packs;
const say = (cat: Catalog, lang: 'cn' | 'en', m: ReturnType<typeof msg>) => new Renderer(lang, cat, fresh(cat)).render(m);

describe("a line about a pack's word", () => {
  it("is the word's own where it has one, the generic line where not", () => {
    const ale = msg('narrative.eat_item', { actor: ref('actor', 'osric_vane'), item: ref('item', 'small_ale') });
    expect(say(riverford, 'en', ale)).toBe('Osric Vane drinks Small ale.');
    expect(say(riverford, 'cn', ale)).toMatch(/喝了淡麦酒。$/);
    // an item without words of its own: the engine's line, which neither eats nor drinks
    const candle = msg('narrative.eat_item', { actor: ref('actor', 'osric_vane'), item: ref('item', 'candle') });
    expect(say(riverford, 'en', candle)).toBe('Osric Vane has some Votive candle.');
  });

  it("speaks through a thing's kind, a manner and a channel", () => {
    const stall = shenzhen.scenario.templates.find((t) => t.kind === 'stall')!;
    const made = msg('narrative.create', {
      actor: ref('actor', 'lin_feng'),
      template: ref('template', stall.id),
      place: ref('place', 'dongmen'),
    });
    expect(say(shenzhen, 'en', made)).toMatch(/^Lin Feng sets up .* at /);
    const caught = msg('narrative.theft_caught', {
      actor: ref('actor', 'osric_vane'),
      target: ref('actor', 'osric_vane'),
      manner: ref('manner', 'cutpurse'),
    });
    expect(say(riverford, 'en', caught)).toMatch(/is caught reaching for .*'s purse\.$/);
    const liked = (cat: Catalog, channel: string) =>
      msg('side.liked', { actor: ref('actor', cat.scenario.actors[0].id), channel: ref('channel', channel) });
    expect(say(shenzhen, 'en', liked(shenzhen, 'moments'))).toMatch(/likes the post$/);
    expect(say(shenzhen, 'cn', liked(shenzhen, 'moments'))).toMatch(/点了个赞$/);
    expect(say(riverford, 'en', liked(riverford, 'letter'))).toMatch(/is glad of the letter$/);
    // a channel with no words for it: the engine's, which names no genre
    expect(say(riverford, 'en', liked(riverford, 'cry'))).toMatch(/takes it kindly$/);
  });
});

/** The words only one pack has: its places', people's, items' and things' names. */
function ownWords(cat: Catalog): Set<string> {
  const s = cat.scenario;
  const names = [
    ...s.places.map((p) => p.name),
    ...s.actors.map((a) => a.soul.name),
    ...s.meta.items.map((i) => i.name),
    ...s.templates.map((t) => t.name),
  ];
  return new Set(names.flatMap((n) => LANGS.map((l) => n[l])).filter((w) => w.length >= 4 || /[\u4e00-\u9fff]{2}/.test(w)));
}

describe('a run of each shipped pack, read in both languages', () => {
  it("holds no word of another pack, no unfilled slot and no raw key in any event's line", async () => {
    const words = Object.fromEntries(Object.entries(packs).map(([id, cat]) => [id, ownWords(cat)]));
    for (const [id, cat] of Object.entries(packs)) {
      const other = Object.entries(words).flatMap(([o, ws]) => (o === id ? [] : [...ws]));
      const { world: w, events } = await runFor(cat.scenario, 3, 150);
      const types = new Set<string>();
      const bad: string[] = [];
      for (const lang of LANGS) {
        const r = new Renderer(lang, w.cat, w.state);
        for (const e of events) {
          const line = describeEvent(r, e);
          if (line === null) continue;
          types.add(e.type);
          if (/\{\{|\b(narrative|side|feed|reason)\.[a-z_]+/.test(line)) bad.push(`${id} ${lang} ${e.type}: ${line}`);
          for (const word of other)
            if (line.includes(word) && !words[id].has(word)) bad.push(`${id} ${lang} ${e.type}: "${word}" in ${line}`);
        }
      }
      expect(bad).toEqual([]);
      expect(types.size, `${id}: event types read`).toBeGreaterThan(8);
    }
  }, 120_000);
});
