import { traitsOf } from '../model/check.ts';
import type { Reason } from '../model/events.ts';
import { msg, type Param } from '../model/text.ts';
import { MAX_TRAITS, Trait } from '../model/traits.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';

/**
 * Declaring a new trait in play (docs/design.md, Traits and tags), where the pack allows it (`checks.traitsInPlay`). The
 * server checks the request when it takes it and queues it; the Judge checks it again here, against
 * the state of the tick that commits it, as it checks the traits of a join.
 */
export interface Declaration {
  actor: string;
  trait: Trait;
}

/** Why a declaration cannot be committed now, or null when it can. */
export function judgeDeclaration(cat: Catalog, state: WorldState, r: Declaration): Reason | null {
  const refuse = (code: string, params: Record<string, Param> = {}): Reason => ({ code, message: msg(`reason.${code}`, params) });
  if (!cat.scenario.vocabulary.checks.traitsInPlay) return refuse('declare_closed');
  const a = state.actors[r.actor];
  if (!a?.player || (a.status !== 'alive' && a.status !== 'dying')) return refuse('declare_cannot');
  const held = traitsOf(cat, a);
  if (held.length >= MAX_TRAITS) return refuse('declare_full', { max: MAX_TRAITS });
  // the shape of a pack's trait, and only words the pack has: a trait that helps nothing real gives nothing
  const t = Trait.safeParse(r.trait);
  if (!t.success || ![...t.data.helps, ...t.data.hinders].every((w) => !!(cat.words.manner(w) ?? cat.words.purpose(w))))
    return refuse('declare_words');
  if (held.some((x) => x.id === t.data.id)) return refuse('declare_same');
  return null;
}
