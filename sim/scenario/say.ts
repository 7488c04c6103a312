import type { Scenario } from '../model/scenario.ts';
import { LANGS } from '../model/text.ts';
import type { Say } from '../model/vocabulary.ts';
import { localeString } from '../i18n/phrases.ts';
import type { At } from './refs.ts';

type Parts = { meta: Scenario['meta'] | null; vocabulary: Scenario['vocabulary'] | null };

const slots = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));

/**
 * A pack's own words for the engine's lines (sim/model/vocabulary.ts, Say): each key a line the
 * engine has, each text filling only the slots that line fills (an unknown slot would be shown raw).
 */
export function sayChecks(p: Parts, at: At): void {
  const check = (file: string, path: PropertyKey[], say: Say | undefined) => {
    for (const [key, text] of Object.entries(say ?? {})) {
      const engine = localeString('en', key);
      if (!engine) {
        at(file, [...path, 'say', key], 'say_unknown_line', { key });
        continue;
      }
      const known = slots(engine);
      for (const lang of LANGS)
        for (const s of slots(text[lang]))
          if (!known.has(s)) at(file, [...path, 'say', key, lang], 'say_unknown_slot', { slot: s, key, known: [...known].join(', ') });
    }
  };
  p.meta?.items.forEach((x, i) => check('scenario.json', ['items', i], x.say));
  const v = p.vocabulary;
  if (!v) return;
  for (const section of ['modes', 'channels', 'manners', 'purposes', 'kinds'] as const)
    for (const [id, w] of Object.entries(v[section])) check('vocabulary.json', [section, id], w.say);
}
