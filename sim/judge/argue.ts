import { riskyWord, traitsOf, traitsArgued } from '../model/check.ts';
import type { ToolCall } from '../model/tools.ts';
import { type Missing, missingLink, type Situation } from './argue-fit.ts';
import type { Reason } from '../model/events.ts';
import { msg, type Param, ref } from '../model/text.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import type { Trait } from '../model/traits.ts';

/**
 * Arguing for a trait (docs/design.md, Traits and tags), judged by rules: a player says, in words, that one of their
 * traits fits a risky call. The argument holds when its words tie an aspect of the trait to the
 * situation at hand (sim/judge/argue-fit.ts), or when the server's language model judged that the
 * words fit (world-engine/argue/llm.ts). Where the pack lets positive traits count unasked
 * (`checks.traitsArgued: false`), a trait that already helps the word needs no argument. The server
 * answers the player with this verdict, and the Judge judges the same request again when it commits
 * it, against the state of that tick. A bot argues the same way, its language-model brain's
 * argument beside a risky call (sim/tick/argues.ts).
 */
export interface Argument extends Situation {
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

/** `helps`: it was a factor anyway, where the pack lets positive traits count unasked (nothing to commit); `argued`: one advantage at the next check; `again`: already argued, not yet spent. */
export type ArgueVerdict = { ok: true; why: 'helps' | 'argued' | 'again' } | { ok: false; reason: Reason };

/** The situation of a call, as the server and the tick know it: its target, the actor's place, the item it uses. */
export function situationOf(state: WorldState, call: ToolCall): Situation {
  const out: Situation = {};
  if ((call.tool === 'interact' || call.tool === 'use_resource') && call.args.target !== undefined) out.target = call.args.target;
  const a = Object.hasOwn(state.actors, call.actor) ? state.actors[call.actor] : undefined;
  if (a) out.place = a.location;
  if (call.tool === 'use_resource' && call.args.resource.startsWith('item:')) out.item = call.args.resource.slice(5);
  return out;
}

/** The argument a call carries: its risky word and situation; null when the call is no check. */
export function argumentFor(cat: Catalog, state: WorldState, call: ToolCall, trait: string, words: string): Argument | null {
  const word = riskyWord(cat, call);
  return word === null ? null : { actor: call.actor, trait, word, words, ...situationOf(state, call) };
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
  if (trait.helps.includes(r.word) && !traitsArgued(cat)) return { verdict: { ok: true, why: 'helps' } };
  if (a.argued?.some((x) => x.trait === r.trait && x.word === r.word)) return { verdict: { ok: true, why: 'again' } };
  return { trait };
}

const MISSING: Record<Missing, string> = { both: 'argue_unfit', situation: 'argue_no_situation', aspect: 'argue_no_aspect' };

/** The refusal of words that do not fit, saying what they lack (a model's refusal: `both`). */
export const unfit = (cat: Catalog, word: string, missing: Missing = 'both'): ArgueVerdict =>
  refuse(MISSING[missing], { word: ref(cat.words.manner(word) ? 'manner' : 'purpose', word) });

export function judgeArgument(cat: Catalog, state: WorldState, r: Argument): ArgueVerdict {
  const v = verifyArgument(cat, state, r);
  if ('verdict' in v) return v.verdict;
  // the model's judgement of fit stands; everything it could not decide was verified above
  if (r.by === 'model') return { ok: true, why: 'argued' };
  const missing = missingLink(cat, state, v.trait, r.word, r.words, r);
  return missing === null ? { ok: true, why: 'argued' } : unfit(cat, r.word, missing);
}

function refuse(code: string, params: Record<string, Param> = {}): ArgueVerdict {
  return { ok: false, reason: { code, message: msg(`reason.${code}`, params) } };
}
