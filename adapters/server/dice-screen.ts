import { factorsFor, bandsOf, traitsOf } from '../../sim/model/check.ts';
import { BANDS, formulaFor, notation, odds } from '../../sim/model/dice.ts';
import { inEveryLang } from '../../sim/i18n/render.ts';
import { Names } from '../../sim/i18n/names.ts';
import { ref } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { ActorState, WorldState } from '../../sim/state/types.ts';
import type { CheckView } from './protocol.ts';

/**
 * The dice screen (docs/design.md, Dice): the check a player's call would be, as the Judge will see it (the same
 * factorsFor), with the exact chance of each band by enumeration. `argued`: traits argued for this
 * word and not yet committed (the Judge commits them at the next tick, before any call). No roll:
 * the Judge rolls at the tick the call commits.
 */
export function diceScreen(cat: Catalog, state: WorldState, a: ActorState, word: string, argued: readonly string[] = []): CheckView {
  const more = argued.filter((t) => !a.argued?.some((x) => x.trait === t && x.word === word)).map((trait) => ({ trait, word }));
  const as: ActorState = more.length ? { ...a, argued: [...(a.argued ?? []), ...more] } : a;
  const factors = factorsFor(cat, as, word);
  const plus = factors.filter((f) => f.sign > 0).length;
  const formula = formulaFor(plus, factors.length - plus);
  const bands = bandsOf(cat);
  const o = odds(formula, bands);
  const traits = traitsOf(cat, a);
  const kind = cat.words.manner(word) ? 'manner' : 'purpose';
  const both = (f: Parameters<typeof inEveryLang>[2]) => inEveryLang(cat, state, f);
  return {
    word,
    name: both((r) => r.param(ref(kind, word))),
    factors: factors.map((f) => ({
      ...f,
      name: both((r) => (f.kind === 'trait' ? r.text(traits.find((t) => t.id === f.id)?.name) : new Names(r).tag(f.id)) || f.id),
    })),
    formula: notation(formula),
    odds: BANDS.filter((b) => b !== 'critical' || bands.critical !== null).map((band) => ({
      band,
      name: both((r) => r.t(`feed.band.${band}`)),
      count: o.bands[band],
      of: o.of,
      percent: Math.round((o.bands[band] / o.of) * 1000) / 10,
    })),
  };
}
