import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANNER_MECHANISMS, PERMITS, PURPOSE_MECHANISMS, REACH } from '../sim/model/vocabulary.ts';
import { ROOT } from './helpers/world.ts';

/**
 * The engine holds no pack's content. Every shipped pack (`scenarios/<pack>/`) is read for its ids
 * (places, actors, items, jobs, templates, entities, money sources and sinks, vocabulary words) and
 * its place names; with a list of modern-city genre words, none may appear in engine code
 * (`sim/`, `bots/`, `world-engine/`, `dashboard/src/`, comments included) or in engine locales.
 *
 * Which ids count: every id, except a plain English word the engine uses for a mechanism or a
 * concept of its own: the mechanism names the vocabulary schema declares (what a manner or a purpose
 * *does*, a channel's reach, a role's permits) and the GENERIC list below. An id with `_` is never
 * generic. English matches on word boundaries, case-insensitive; Chinese as a substring.
 */
const GENERIC = new Set([
  // concepts the engine itself names (sinks, sources, kinds of things, what people do)
  'food',
  'travel',
  'materials',
  'goods',
  'wage',
  'tips',
  'rent',
  'class',
  'rumour',
  'stall',
  'facility',
  'pitch',
  'lesson',
  'walk',
  'shout',
  'chat',
  'look',
  'quarrel',
  'friendly',
  'hostile',
  'negotiate',
  'help',
  'aid',
  'employer',
  'teacher',
  'vendor',
  'artist',
  'master',
  'tutor',
  'purchase',
  'well',
  'letter',
  'crossing',
  // words said to oneself: the intent reader's own verb for self-talk
  'mutter',
]);
/** Generic ids that are also the engine's own words as values: effect types, reasons, dice keys, a job's field. */
const ENGINE_WORDS = new Set(['food', 'class', 'rumour', 'wage', 'help', 'well', 'chat', 'tips', 'employer', 'look']);
const GENRE = {
  en: [
    'bus',
    'taxi',
    'metro',
    'subway',
    'moments',
    'wechat',
    'didi',
    'city',
    'cities',
    'wall',
    'mural',
    'murals',
    'yuan',
    'rmb',
    'shenzhen',
    'downtown',
    'skyscraper',
    'delivery rider',
    'smartphone',
    'train',
    'busk',
    'busking',
  ],
  cn: ['元', '打工', '朋友圈', '城市', '公交', '地铁', '滴滴', '微信', '外卖', '壁画', '出租', '深圳', '人民币', '城中村', '城里', '火车'],
};

/**
 * Words that are the engine's own concepts in its code (a purse is what a person holds) but a genre's
 * wording in a line people read: the engine's locales must leave them to a pack (README, "Feed lines worded by the pack").
 */
const LOCALE_GENRE = { en: ['purse', 'purses', 'wallet', 'likes the post'], cn: ['钱袋', '钱包', '荷包', '点了个赞'] };

/** Locale files of words the engine recognises in what people say (an argument, a claim), not words it says. */
const HEARD = /^locales\/(cn|en)\/(argue|claims)\.json$/;

/** Phrases that hold a genre word but are not the genre: a wall clock is not a mural's wall. */
const NOT_GENRE = [/\bwall[ -]clock\b/gi];

const isCn = (w: string) => /[\u3400-\u9fff]/.test(w);
const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function packWords(): Map<string, string> {
  const out = new Map<string, string>(); // word -> where it comes from
  const mechanism = new Set<string>([...MANNER_MECHANISMS, ...PURPOSE_MECHANISMS, ...REACH, ...PERMITS]);
  const dir = path.join(ROOT, 'scenarios');
  for (const pack of readdirSync(dir).filter((f) => statSync(path.join(dir, f)).isDirectory())) {
    const read = (f: string) => JSON.parse(readFileSync(path.join(dir, pack, f), 'utf8'));
    const sc = read('scenario.json');
    const v = read('vocabulary.json');
    const ids: string[] = [
      sc.id,
      ...read('places.json').places.map((x: { id: string }) => x.id),
      ...read('actors.json').actors.map((x: { id: string }) => x.id),
      ...read('templates.json').templates.map((x: { id: string }) => x.id),
      ...read('entities.json').entities.map((x: { id: string }) => x.id),
      ...(sc.items ?? []).map((x: { id: string }) => x.id),
      ...(sc.jobs ?? []).map((x: { id: string }) => x.id),
      ...sc.rules.money.sources.map((x: { id: string }) => x.id),
      ...sc.rules.money.sinks.map((x: { id: string }) => x.id),
      ...['modes', 'channels', 'manners', 'purposes', 'roles', 'kinds'].flatMap((s) => Object.keys(v[s] ?? {})),
    ];
    for (const id of ids) {
      if (id.includes('_') || (!mechanism.has(id) && !GENERIC.has(id))) out.set(id, `${pack} id`);
      // a generic word is still a pack's id when code quotes it as a value ('hostile', 'walk')
      else if (!mechanism.has(id) && !ENGINE_WORDS.has(id)) out.set(`'${id}'`, `${pack} id, quoted`);
    }
    for (const p of read('places.json').places) for (const n of [p.name.cn, p.name.en]) out.set(n, `${pack} place name`);
    for (const n of [sc.name.cn, sc.name.en]) out.set(n, `${pack} name`);
  }
  for (const w of [...GENRE.en, ...GENRE.cn]) out.set(w, 'genre word');
  return out;
}

function files(dir: string, ok: (f: string) => boolean): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (f === 'node_modules' || f === 'dist') return [];
    return statSync(p).isDirectory() ? files(p, ok) : ok(p) ? [p] : [];
  });
}

const matchers = () =>
  [...packWords()].map(([w, from]) => ({
    w,
    from,
    re: isCn(w)
      ? null
      : w.startsWith("'")
        ? new RegExp(`['"\`]${escape(w.slice(1, -1))}['"\`]`)
        : new RegExp(`(?<![A-Za-z0-9_])${escape(w)}(?![A-Za-z0-9_])`, 'i'),
  }));
const hits = (ms: ReturnType<typeof matchers>, line: string) =>
  ms.filter((m) => (m.re ? m.re.test(line) : line.includes(m.w))).map((m) => m.w);

describe('the engine holds no pack content', () => {
  it('finds a pack id, a place name or a genre word, on word boundaries in English and anywhere in Chinese', () => {
    const ms = matchers();
    expect(hits(ms, '// take the Bus to huaqiangbei')).toEqual(expect.arrayContaining(['bus', 'huaqiangbei']));
    expect(hits(ms, '"moment": "发了条朋友圈"')).toEqual(['朋友圈']);
    expect(hits(ms, 'const busy = citymap; stall_salesman')).toEqual([]);
    expect(hits(ms, 'the quay at market_square')).toEqual(expect.arrayContaining(['market_square', 'The Quay']));
    // a generic pack id counts when code quotes it as a value, not as a word in prose
    expect(hits(ms, "if (manner === 'hostile') return;")).toEqual(["'hostile'"]);
    expect(hits(ms, '// a hostile look')).toEqual([]);
  });

  it('no pack id, place name or genre word in engine code or locales', () => {
    const ms = matchers();
    const localeGenre = [...LOCALE_GENRE.en, ...LOCALE_GENRE.cn].map((w) => ({
      w,
      from: 'a genre word in a line people read',
      re: isCn(w) ? null : new RegExp(`(?<![A-Za-z0-9_])${escape(w)}(?![A-Za-z0-9_])`, 'i'),
    }));
    const ts = (f: string) => /\.tsx?$/.test(f);
    const engine = [
      ...['sim', 'adapters', 'bots', 'world-engine', 'dashboard/src'].flatMap((d) => files(path.join(ROOT, d), ts)),
      ...files(path.join(ROOT, 'locales'), (f) => f.endsWith('.json')),
    ];
    expect(engine.length).toBeGreaterThan(50);
    const leaks: string[] = [];
    for (const file of engine) {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      // a quoted generic id is a value in code; in a locale file it is only a key's name
      const mine = ts(file) ? ms : [...ms.filter((m) => !m.w.startsWith("'")), ...(HEARD.test(rel) ? [] : localeGenre)];
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((raw, i) => {
          const line = NOT_GENRE.reduce((l, re) => l.replace(re, ''), raw);
          for (const m of mine) {
            if (!(m.re ? m.re.test(line) : line.includes(m.w))) continue;
            leaks.push(`${rel}:${i + 1}: "${m.w}" (${m.from})`);
          }
        });
    }
    expect(leaks).toEqual([]);
  });
});
