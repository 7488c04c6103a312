import { called, find } from '../i18n/match.ts';
import { traitsOf } from '../model/check.ts';
import type { Reason } from '../model/events.ts';
import { msg, type Param, ref } from '../model/text.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import type { Trait } from '../model/traits.ts';

/**
 * Arguing for a trait (docs/design.md, Traits and tags), judged by rules: a player says, in words, that one of their
 * traits fits a risky call. The argument holds when the trait already helps that word (it was a
 * factor anyway), or when the words or the trait's positive aspect name the word (its name or one
 * of the pack's aliases, in either language), or when the server's language model judged that the
 * words fit (world-engine/argue/llm.ts). The server answers the player with this verdict, and the
 * Judge judges the same request again when it commits it, against the state of that tick. A bot
 * argues the same way, its language-model brain's argument beside a risky call (sim/tick/argues.ts).
 */
export interface Argument {
  actor: string;
  trait: string;
  word: string;
  words: string;
  /**
   * Who judged that the words fit: `model` when the server's language model accepted them (a
   * judgement of fit the Judge cannot make, so it takes it and verifies everything else), else the
   * rules, which the Judge applies again. Set by the server only: a client's body never carries it.
   */
  by?: 'rules' | 'model';
}

/** `helps`: it was a factor anyway (nothing to commit); `argued`: one advantage at the next check; `again`: already argued, not yet spent. */
export type ArgueVerdict = { ok: true; why: 'helps' | 'argued' | 'again' } | { ok: false; reason: Reason };

/** The word's names and aliases, both languages: what an argument must mention. */
export function namesOfWord(cat: Catalog, word: string): string[] {
  const w = cat.words.manner(word) ?? cat.words.purpose(word);
  return w ? called(w) : [];
}

/** Whether a manner or purpose of the pack is a check (a theft always is). */
export function isRiskyWord(cat: Catalog, word: string): boolean {
  const m = cat.words.manner(word);
  if (m) return !!(m.risky ?? m.does === 'steal');
  return !!cat.words.purpose(word)?.risky;
}

/**
 * Everything of an argument the Judge can verify, short of whether the words fit: a verdict already
 * decided (refused, `helps`, `again`), or the trait whose fit is left to weigh.
 */
export function verifyArgument(cat: Catalog, state: WorldState, r: Argument): { verdict: ArgueVerdict } | { trait: Trait } {
  const a = state.actors[r.actor];
  if (!a || (a.status !== 'alive' && a.status !== 'dying')) return { verdict: refuse('argue_cannot') };
  if (!isRiskyWord(cat, r.word)) return { verdict: refuse('argue_not_check') };
  const trait = traitsOf(cat, a).find((t) => t.id === r.trait);
  if (!trait) return { verdict: refuse('argue_no_trait') };
  if (trait.helps.includes(r.word)) return { verdict: { ok: true, why: 'helps' } };
  if (a.argued?.some((x) => x.trait === r.trait && x.word === r.word)) return { verdict: { ok: true, why: 'again' } };
  return { trait };
}

/** The rules' refusal of words that do not fit. */
export const unfit = (cat: Catalog, word: string): ArgueVerdict =>
  refuse('argue_unfit', { word: ref(cat.words.manner(word) ? 'manner' : 'purpose', word) });

export function judgeArgument(cat: Catalog, state: WorldState, r: Argument): ArgueVerdict {
  const v = verifyArgument(cat, state, r);
  if ('verdict' in v) return v.verdict;
  // the model's judgement of fit stands; everything it could not decide was verified above
  if (r.by === 'model') return { ok: true, why: 'argued' };
  const names = namesOfWord(cat, r.word).map((n) => n.toLowerCase());
  const texts = [r.words, v.trait.positive.cn, v.trait.positive.en].map((x) => x.toLowerCase());
  if (texts.some((x) => names.some((n) => find(x, n)))) return { ok: true, why: 'argued' };
  return unfit(cat, r.word);
}

function refuse(code: string, params: Record<string, Param> = {}): ArgueVerdict {
  return { ok: false, reason: { code, message: msg(`reason.${code}`, params) } };
}
