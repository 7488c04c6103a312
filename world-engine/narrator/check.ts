import { Renderer } from '../../sim/i18n/render.ts';
import { claimLabel, unbackedClaims } from '../../sim/judge/claims.ts';
import type { Claim } from '../../sim/model/claims.ts';
import type { EventBody } from '../../sim/model/events.ts';
import { parseJobTag } from '../../sim/model/jobs.ts';
import { LANGS, type Lang, type Text } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { spelledSums } from './numerals.ts';

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
 * any number they never carry, in digits or spelled as a sum ("a million", or the same in Chinese numerals). An empty list
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
