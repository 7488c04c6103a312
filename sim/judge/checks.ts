import { callWord, type Check, checkFor, type Draw, type Factor, isArgued, rollCheck, traitsArgued, traitsOf } from '../model/check.ts';
import type { Consequence, ProposedCheck, WorldChange } from '../model/consequence.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import type { ToolCall } from '../model/tools.ts';
import { check } from './reasons.ts';

/**
 * The check a call is judged under, and the consequence that stands: the pack's check when the call
 * is risky, else the one the engine asked for. A proposed factor must exist (a trait the actor has,
 * a tag they or their target carry) or the whole proposal is refused; the dice are derived from the
 * factors, never read from the proposal (a trait's positive aspect only once argued, as for the
 * pack's own checks); of a proposed check's branches only the rolled one stands.
 */
export function settleCheck(
  cat: Catalog,
  state: WorldState,
  call: ToolCall,
  tick: number,
  c: Consequence,
  how: Draw = {},
): { roll: Check | null; c: Consequence } {
  if (c.check) verifyFactors(cat, state, call, c.check.factors);
  // a preview judges as if the dice came up `how.assume`, without throwing them: its verdict cannot tell the roll
  const own = checkFor(cat, state, call, tick, how);
  const roll =
    own ?? (c.check ? rollCheck(cat, state, call, tick, callWord(call), counted(cat, state, call, dedupe(c.check.factors)), how) : null);
  if (!c.check || !roll) return { roll, c };
  const branch = c.check.outcomes[roll.band === 'critical' ? 'full' : roll.band];
  return { roll, c: { ...branch } };
}

function verifyFactors(cat: Catalog, state: WorldState, call: ToolCall, factors: ProposedCheck['factors']): void {
  const a = state.actors[call.actor];
  const target = call.tool === 'interact' || call.tool === 'use_resource' ? state.actors[call.args.target ?? ''] : undefined;
  for (const f of factors) {
    const exists =
      f.kind === 'trait' ? traitsOf(cat, a).some((t) => t.id === f.id) : a.tags.includes(f.id) || !!target?.tags.includes(f.id);
    check(exists, 'no_such_factor', { factor: f.id });
  }
}

/** A proposed trait's positive aspect counts as the pack's own factors do (factorsFor): once argued for this word, or unasked where the pack says so. */
function counted(cat: Catalog, state: WorldState, call: ToolCall, factors: Factor[]): Factor[] {
  if (!traitsArgued(cat)) return factors;
  const a = state.actors[call.actor];
  return factors.filter((f) => f.kind !== 'trait' || f.sign < 0 || isArgued(a, f.id, callWord(call)));
}

/** One factor counts once, however often it is named. */
function dedupe(factors: ProposedCheck['factors']): Factor[] {
  const seen = new Set<string>();
  return factors.filter((f) => !seen.has(`${f.kind}|${f.id}|${f.sign}`) && !!seen.add(`${f.kind}|${f.id}|${f.sign}`));
}

/**
 * The band rolled binds the consequence, whoever proposed it: a failure brings the actor nothing in
 * their favour, a success at a cost takes the pack's extra energy. The rule engine proposes exactly
 * this; a model that does not is refused (and repaired, or replaced by the rules).
 */
export function favours(c: WorldChange, actor: string): boolean {
  switch (c.type) {
    case 'resource_transfer':
      return c.to === actor;
    case 'money_source':
      return c.to === actor;
    case 'resource_gain':
      return c.actor === actor && c.amount > 0;
    case 'relationship_change':
      return (c.from === actor || c.to === actor) && c.delta > 0;
    case 'reputation_change':
      return c.actor === actor && c.delta > 0;
    case 'tag_added':
      return c.actor === actor;
    default:
      return false;
  }
}

export function heldToBand(roll: Check | null, change: WorldChange, actor: string): void {
  if (roll?.band === 'fail') check(!favours(change, actor), 'band_failed');
}

/** `spent`: the energy the actor's own resource changes take (positive). */
export function paidForBand(roll: Check | null, spent: number, extra: number): void {
  if (roll?.band === 'partial') check(spent >= extra, 'band_cost', { energy: extra });
}
