import type { Catalog } from '../scenario/catalog.ts';
import { rngFor } from '../rng.ts';
import type { ActorState, WorldState } from '../state/types.ts';
import { canonicalJson } from '../lib/canonical.ts';
import { assumed, type Band, type Bands, DEFAULT_BANDS, type Factor, formulaFor, roll, type Roll } from './dice.ts';
import type { ToolCall } from './tools.ts';
import type { Trait } from './traits.ts';

/**
 * When a call is a check, and what its dice are. Pure: the slice a World Engine sees and the Judge
 * that commits both call `checkFor` on the same state with the same key, so the engine proposes for
 * the band the Judge will roll, and no engine, client or model can choose the dice. The dice are
 * thrown only for a call already made (a preview or an offer takes a band unrolled), and the Judge
 * commits every roll it throws, so no call is chosen, nor any roll kept, for what the dice say.
 */

export interface Check extends Roll {
  /** the manner or purpose being tried: the intention, in the pack's words */
  word: string;
  factors: Factor[];
}

/** The manner or purpose a call tries, if the pack makes it a check (a theft always is). */
export function riskyWord(cat: Catalog, call: ToolCall): string | null {
  if (call.tool === 'interact') {
    const m = cat.words.manner(call.args.manner);
    return m && (m.risky ?? m.does === 'steal') ? call.args.manner : null;
  }
  if (call.tool === 'use_resource') return cat.words.purpose(call.args.purpose)?.risky ? call.args.purpose : null;
  return null;
}

export function traitsOf(cat: Catalog, a: ActorState): readonly Trait[] {
  return a.player ? (a.player.traits ?? []) : (cat.souls.get(a.soul)?.soul.traits ?? []);
}

/** Whether a positive trait counts only once argued (the pack's `checks.traitsArgued`, default on); downsides always count. */
export const traitsArgued = (cat: Catalog): boolean => cat.scenario.vocabulary.checks.traitsArgued;

/** Whether an accepted argument (a `trait_argued` event) for this trait and word waits for its check. */
export const isArgued = (a: ActorState, trait: string, word: string): boolean =>
  !!a.argued?.some((x) => x.trait === trait && x.word === word);

/**
 * Every factor the Judge can verify for trying `word`: the actor's traits, then their tags, in their
 * order. A trait's downside counts unasked; its positive aspect counts once argued for this word and
 * accepted (until the check that spends it), or unasked where the pack turns arguing off.
 */
export function factorsFor(cat: Catalog, a: ActorState, word: string): Factor[] {
  const out: Factor[] = [];
  const unasked = !traitsArgued(cat);
  for (const t of traitsOf(cat, a)) {
    const helps = unasked && t.helps.includes(word);
    if (helps) out.push({ kind: 'trait', id: t.id, sign: 1 });
    if (t.hinders.includes(word)) out.push({ kind: 'trait', id: t.id, sign: -1 });
    if (!helps && isArgued(a, t.id, word)) out.push({ kind: 'trait', id: t.id, sign: 1 });
  }
  const tags = cat.scenario.vocabulary.checks.tags;
  for (const tag of a.tags) {
    const t = Object.hasOwn(tags, tag) ? tags[tag] : undefined;
    if (t?.helps.includes(word)) out.push({ kind: 'tag', id: tag, sign: 1 });
    if (t?.hinders.includes(word)) out.push({ kind: 'tag', id: tag, sign: -1 });
  }
  return out;
}

/** The pack's bands, made once per catalog (every risky call and every brain weighing the odds asks). */
const BANDS_OF = new WeakMap<Catalog, Readonly<Bands>>();
export function bandsOf(cat: Catalog): Readonly<Bands> {
  let b = BANDS_OF.get(cat);
  if (!b) BANDS_OF.set(cat, (b = Object.freeze({ ...DEFAULT_BANDS, critical: cat.scenario.vocabulary.checks.critical })));
  return b;
}

/**
 * How a check is drawn. `assume` (a preview, an offer): no dice are thrown, the band is that one.
 * `before`: how many checks the actor has already rolled this tick (one answering a player after
 * its own call): each of its rolls in a tick is a fresh throw, even of the same call.
 */
export interface Draw {
  assume?: Band;
  before?: number;
}

/** The check a call would be, rolled with the world's generator keyed by (seed, tick, actor, call); null if it is not risky. */
export function checkFor(cat: Catalog, state: WorldState, call: ToolCall, tick: number, how: Draw = {}): Check | null {
  const word = riskyWord(cat, call);
  const a = state.actors[call.actor];
  if (word === null || !a) return null;
  return rollCheck(cat, state, call, tick, word, factorsFor(cat, a, word), how);
}

/** The call's word in the pack: what a check of it is called (its manner, purpose, template, mode or channel). */
export function callWord(call: ToolCall): string {
  switch (call.tool) {
    case 'interact':
      return call.args.manner;
    case 'use_resource':
      return call.args.purpose;
    case 'create':
      return call.args.what;
    case 'move':
      return call.args.mode;
    case 'express':
      return call.args.channel;
  }
}

/** Roll a check of `word` with the given factors, keyed by (seed, tick, actor, call); or, with `assume`, take that band unrolled. */
export function rollCheck(
  cat: Catalog,
  state: WorldState,
  call: ToolCall,
  tick: number,
  word: string,
  factors: Factor[],
  how: Draw = {},
): Check {
  let plus = 0;
  for (let i = 0; i < factors.length; i++) if (factors[i].sign > 0) plus++;
  const f = formulaFor(plus, factors.length - plus);
  if (how.assume) return checkOf(word, factors, assumed(f, bandsOf(cat), how.assume));
  // a first roll keeps the key it always had, so a world without second rolls replays as before
  const nth = how.before ? `|${how.before}` : '';
  const rng = rngFor(state.seed, tick, call.actor, `check|${call.tool}|${canonicalJson(call.args)}${nth}`);
  return checkOf(word, factors, roll(rng, f, bandsOf(cat)));
}

/** A roll with its word and factors, its fields in the order a spread of the roll gave them (no spread: one per risky call, twice). */
const checkOf = (word: string, factors: Factor[], r: Roll): Check => ({
  word,
  factors,
  formula: r.formula,
  dice: r.dice,
  kept: r.kept,
  total: r.total,
  band: r.band,
});

export type { Band, Factor };
