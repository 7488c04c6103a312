import { isRiskyWord } from '../../sim/judge/argue.ts';
import { MAX_TRAITS, type Trait } from '../../sim/model/traits.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import { HttpError } from './errors.ts';
import type { CatalogView, FreeTrait } from './protocol.ts';

/** The traits a player may pick at join: those the pack gives its people, once each, in the pack's order. */
export function presetTraits(cat: Catalog): Trait[] {
  const seen = new Map<string, Trait>();
  for (const a of cat.scenario.actors) for (const t of a.soul.traits ?? []) if (!seen.has(t.id)) seen.set(t.id, t);
  return [...seen.values()];
}

/** The manners and purposes that are checks, named: what a written trait's aspects may be said to fit. */
export function riskyWords(cat: Catalog): CatalogView['risky'] {
  const w = cat.words.v;
  return [
    ...Object.entries(w.manners)
      .filter(([id]) => isRiskyWord(cat, id))
      .map(([id, m]) => ({ id, name: m.name, kind: 'manner' as const })),
    ...Object.entries(w.purposes)
      .filter(([id]) => isRiskyWord(cat, id))
      .map(([id, p]) => ({ id, name: p.name, kind: 'purpose' as const })),
  ];
}

/**
 * The join's traits as the Judge will hold them: a preset by its id, a written one with a fresh id of
 * its own (`own_1`…) and the player's words in both languages. Refused early, as a 400 that says why:
 * an unknown preset, the same trait twice, a word the pack does not have. The Judge checks again.
 * `held`: the traits the player has already, whose ids a written one's fresh id skips.
 */
export function resolveTraits(cat: Catalog, picked: readonly (string | FreeTrait)[], held: readonly Trait[] = []): Trait[] {
  const presets = new Map(presetTraits(cat).map((t) => [t.id, t]));
  const out: Trait[] = [];
  let n = 0;
  for (const p of picked) {
    if (typeof p === 'string') {
      const t = presets.get(p);
      if (!t) throw new HttpError(400, 'unknown_trait', { id: p });
      if (out.some((x) => x.id === t.id)) throw new HttpError(400, 'same_trait', { id: p });
      out.push(t);
      continue;
    }
    for (const w of [...p.helps, ...p.hinders]) {
      if (!cat.words.manner(w) && !cat.words.purpose(w)) throw new HttpError(400, 'unknown_word', { id: w });
    }
    let id = `own_${++n}`;
    while (presets.has(id) || out.some((x) => x.id === id) || held.some((x) => x.id === id)) id = `own_${++n}`;
    const both = (s: string) => ({ cn: s, en: s });
    out.push({
      id,
      name: both(p.name),
      positive: both(p.positive),
      negative: both(p.negative),
      helps: [...new Set(p.helps)],
      hinders: [...new Set(p.hinders)],
    });
  }
  return out;
}

/**
 * A trait declared in play (docs/design.md, Traits and tags), as the Judge will hold it: a preset or one written, checked as
 * at join, against the traits the player holds or has declared and not yet seen committed (`held`).
 * Refused early with why: the pack does not allow it (409), three already (409), one they have (409),
 * or what a trait at join is refused for (400). The Judge checks again (sim/judge/declare.ts).
 */
export function declaredTrait(cat: Catalog, held: readonly Trait[], picked: string | FreeTrait): Trait {
  if (!cat.scenario.vocabulary.checks.traitsInPlay) throw new HttpError(409, 'traits_in_play_closed');
  if (held.length >= MAX_TRAITS) throw new HttpError(409, 'traits_full', { max: MAX_TRAITS });
  if (typeof picked === 'string' && held.some((t) => t.id === picked)) throw new HttpError(409, 'trait_held', { id: picked });
  return resolveTraits(cat, [picked], held)[0];
}
