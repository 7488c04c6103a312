import { Renderer } from '../../sim/i18n/render.ts';
import { claimLabel, unbackedClaims } from '../../sim/judge/claims.ts';
import type { Claim } from '../../sim/model/claims.ts';
import type { EventBody } from '../../sim/model/events.ts';
import { parseJobTag } from '../../sim/model/jobs.ts';
import { LANGS, type Lang, type Text } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';

/** Every string and number anywhere inside what backs a text (committed events, or a record of committed state: ids, amounts, message parameters). */
function committed(events: readonly unknown[], state: WorldState, cat: Catalog): { ids: Set<string>; numbers: Set<number> } {
  const ids = new Set<string>();
  const numbers = new Set<number>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      ids.add(v);
      if (v.startsWith('item:')) ids.add(v.slice(5));
      // a job taken carries its place and its wage, as the pack declares them
      const job = parseJobTag(v);
      const def = job && cat.scenario.meta.jobs.find((j) => j.id === job.job);
      if (def) {
        ids.add(def.id).add(def.place).add(job!.employer);
        numbers.add(def.wage);
      }
    } else if (typeof v === 'number') numbers.add(Math.abs(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      // a job named in what was said carries its place and wage, as the pack declares them
      const r = v as { ref?: string; id?: string };
      const job = r.ref === 'job' ? cat.scenario.meta.jobs.find((j) => j.id === r.id) : undefined;
      if (job) {
        ids.add(job.place).add(job.employer);
        numbers.add(job.wage);
      }
      Object.values(v).forEach(walk);
    }
  };
  events.forEach(walk);
  // a fact learned was committed when it was created: what it says is committed too
  for (const id of [...ids]) {
    if (!state.facts[id]) continue;
    walk(state.facts[id].content);
    walk(state.facts[id].about);
  }
  return { ids, numbers };
}

/**
 * What a narration mentions that the committed events do not support: any person, place, thing,
 * item, kind of thing or job of this world named in the text whose id the events never carry, and
 * any number they never carry, in digits or spelled as a sum ("a million", "一百万"). An empty list
 * means the text invents nothing the checker can see. Longer names are matched first, so "Lao
 * Chen's stall" is not also read as "Lao Chen". `events` may be any record of committed state.
 */
export function unsupportedMentions(text: string, lang: Lang, events: readonly unknown[], cat: Catalog, state: WorldState): string[] {
  const { ids, numbers } = committed(events, state, cat);
  const r = new Renderer(lang, cat, state);
  const names: { name: string; id: string }[] = [];
  const add = (id: string, name: string) => {
    if (name && name !== id) names.push({ name, id });
  };
  for (const id in state.actors) add(id, r.actor(id));
  for (const id of cat.places.keys()) add(id, r.place(id));
  for (const g of state.generatedPlaces) add(g.id, r.place(g.id));
  for (const id in state.entities) add(id, r.entity(id));
  for (const id of cat.items.keys()) add(id, r.param({ ref: 'item', id }));
  for (const id of cat.templates.keys()) add(id, r.param({ ref: 'template', id }));
  for (const j of cat.scenario.meta.jobs) add(j.id, r.param({ ref: 'job', id: j.id }));
  names.sort((a, b) => b.name.length - a.name.length);
  let rest = text;
  const out: string[] = [];
  for (const { name, id } of names) {
    if (!rest.includes(name)) continue;
    rest = rest.split(name).join(' ');
    // two things may share a name (someone made the same kind of thing twice): the name is backed if any of them is committed
    if (!ids.has(id) && !names.some((n) => n.name === name && ids.has(n.id))) out.push(`${id} (${name})`);
  }
  for (const s of spelledSums(rest)) {
    rest = rest.split(s.text).join(' ');
    if (!numbers.has(s.value)) out.push(s.text);
  }
  for (const m of rest.matchAll(/\d+/g)) if (!numbers.has(Number(m[0]))) out.push(m[0]);
  return out;
}

/**
 * What a model's text tells that its backing does not carry, in both languages: names and numbers
 * `backing` never holds (unsupportedMentions), and claims of a death, loss, payment, arrival... no
 * event of `events` carries (the Judge's claim check). The one check of a model's prose: the
 * narrator's narration, the story progress judge's rationale, and a story's own words (`held`: a
 * claim the committed state bears out, as a story's "folk know your name" when they do, needs no event).
 */
export function invented(
  text: Text,
  backing: readonly unknown[],
  events: readonly EventBody[],
  cat: Catalog,
  state: WorldState,
  held?: (c: Claim) => boolean,
): string[] {
  return LANGS.flatMap((lang) =>
    [
      ...unsupportedMentions(text[lang], lang, backing, cat, state),
      ...unbackedClaims({ text: text[lang] }, events, cat, state)
        .filter((c) => !held?.(c))
        .map(claimLabel),
    ].map((x) => `${lang}: ${x}`),
  );
}

const EN_UNITS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const EN_SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 };
const EN_SUM = new RegExp(
  `\\b(\\d+(?:\\.\\d+)?|${Object.keys(EN_UNITS).join('|')})((?:\\s+(?:${Object.keys(EN_SCALES).join('|')}))+)\\b`,
  'gi',
);
const CN_DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
// a run of numerals that starts with one (so 千万, "by all means", and 百姓 are no sums) and holds a scale
const CN_SUM = /[\d零〇一二两三四五六七八九十][\d.零〇一二两三四五六七八九十百千万亿]*/g;

/**
 * Sums spelled with a scale word, in either language ("a million", "two hundred thousand", "3.5万",
 * "一百万"), with their values: a model that cannot name a number in digits may still spell it.
 */
export function spelledSums(text: string): { text: string; value: number }[] {
  const out: { text: string; value: number }[] = [];
  for (const m of text.matchAll(EN_SUM)) {
    const unit = m[1].toLowerCase();
    let value = Object.hasOwn(EN_UNITS, unit) ? EN_UNITS[unit] : Number(unit);
    for (const w of m[2].trim().split(/\s+/)) value *= EN_SCALES[w.toLowerCase()];
    out.push({ text: m[0], value: Math.round(value) });
  }
  for (const m of text.matchAll(CN_SUM)) if (/[百千万亿]/.test(m[0])) out.push({ text: m[0], value: cnValue(m[0]) });
  return out;
}

/** A Chinese numeral's value, digits allowed between its scale characters ("1万5千"). */
function cnValue(s: string): number {
  let total = 0;
  let section = 0;
  let num = 0;
  for (const tok of s.match(/\d+(?:\.\d+)?|./g) ?? []) {
    if (/^\d/.test(tok)) num = Number(tok);
    else if (Object.hasOwn(CN_DIGITS, tok)) num = CN_DIGITS[tok];
    else if (tok === '十') {
      section += (num || 1) * 10;
      num = 0;
    } else if (tok === '百' || tok === '千') {
      section += num * (tok === '百' ? 100 : 1000);
      num = 0;
    } else if (tok === '万') {
      total += (section + num) * 10_000;
      section = num = 0;
    } else if (tok === '亿') {
      total = (total + section + num) * 100_000_000;
      section = num = 0;
    }
  }
  return Math.round(total + section + num);
}
