import type { EventBody } from '../model/events.ts';
import type { Claim, ClaimKind } from '../model/claims.ts';
import type { Message } from '../model/text.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { cacheOf, namesIn, textsOf, vocabulary } from './claim-text.ts';
import { knownAbout } from './facts-about.ts';

/**
 * Claims about the world in free text, found without a model: a small declared vocabulary of kinds
 * whose trigger words live in locales/{cn,en} (`claims.triggers.<kind>`, "|"-separated), matched
 * clause by clause with the names of the actors, places and things of the world the clause names.
 * One mechanism for every untrusted text: the World Engine's narrative and side effects, player
 * narration and bot speech.
 */

type Backing = {
  [K in ClaimKind]: {
    /** the ids an event that carries such a claim involves, or null if it carries none */
    by: (e: EventBody) => string[] | null;
    /** whether the committed state bears out the claim about the named ids (null: it cannot tell) */
    holds: (s: WorldState, about: string[]) => boolean | null;
  };
};

const down = (to: string[]) => (e: EventBody) => (e.type === 'status_changed' && to.includes(e.to) ? [e.actor] : null);
const statusIs = (to: string[]) => (s: WorldState, about: string[]) => {
  const people = about.filter((id) => Object.hasOwn(s.actors, id));
  return people.length ? people.some((id) => to.includes(s.actors[id].status)) : null;
};
const removed = (e: EventBody) => (e.type === 'entity_removed' ? [e.entity, ...(e.owner ? [e.owner] : [])] : null);
const whereIs = (there: boolean) => (s: WorldState, about: string[]) => {
  const people = about.filter((id) => Object.hasOwn(s.actors, id));
  const places = about.filter((id) => Object.hasOwn(s.places, id));
  if (!people.length || !places.length) return null;
  return people.some((a) => places.includes(s.actors[a].location) === there);
};

/** Which committed events back each kind of claim; tsc keeps it complete. */
const BACKING: Backing = {
  death: { by: down(['dying', 'dead']), holds: statusIs(['dying', 'dead']) },
  collapse: { by: down(['dying', 'unconscious', 'dead']), holds: statusIs(['dying', 'unconscious', 'dead']) },
  loss: {
    by: (e) =>
      e.type === 'transfer'
        ? [e.from, e.to]
        : e.type === 'money_destroyed' || e.type === 'fund_paid_in'
          ? [e.from]
          : e.type === 'resource_changed' && e.delta < 0
            ? [e.actor]
            : removed(e),
    holds: () => null,
  },
  transfer: {
    by: (e) =>
      e.type === 'transfer'
        ? [e.from, e.to]
        : e.type === 'money_created'
          ? [e.to, ...(e.entity ? [e.entity] : [])]
          : e.type === 'money_destroyed' || e.type === 'fund_paid_in'
            ? [e.from]
            : e.type === 'fund_paid_out'
              ? [e.to]
              : null,
    holds: () => null,
  },
  // a person comes, or a thing is set up where it now stands ("her stall appears at the market")
  // (a newcomer an intervention or the director brings in arrives too)
  arrival: {
    by: (e) =>
      e.type === 'moved'
        ? [e.actor, e.to]
        : e.type === 'joined'
          ? [e.actor, e.place]
          : e.type === 'intervened' && e.kind === 'arrive'
            ? [e.actor!, e.place!]
            : e.type === 'entity_created'
              ? [e.entity.id, e.entity.template, e.entity.location]
              : null,
    holds: whereIs(true),
  },
  departure: { by: (e) => (e.type === 'moved' ? [e.actor, e.from] : null), holds: whereIs(false) },
  destruction: {
    by: removed,
    // a thing the text can name still exists, so saying it was destroyed contradicts the state
    holds: (s, about) => (about.some((id) => Object.hasOwn(s.entities, id)) ? false : null),
  },
  // that people know someone by name: what others know of them is state, never one event
  renown: {
    by: () => null,
    holds: (s, about) => {
      const people = about.filter((id) => Object.hasOwn(s.actors, id));
      return people.length ? people.some((id) => knownAbout(s, id) > 0) : null;
    },
  },
};

/** The claims a text makes, clause by clause. Names are looked up only in clauses that claim something. */
export function claimsIn(text: string, cat: Catalog, state: WorldState): readonly Claim[] {
  // one rumour is passed on by many in a tick: read each text once a tick
  const c = cacheOf(cat, state);
  let out = c.claims.get(text);
  if (!out) c.claims.set(text, (out = readClaims(text, cat, state)));
  return out;
}

/** A text's clauses, at the sentence marks of either language: a claim is read clause by clause. */
export const clausesOf = (text: string): string[] => text.split(/[.!?;\n。！？；]+/);

function readClaims(text: string, cat: Catalog, state: WorldState): Claim[] {
  const out: Claim[] = [];
  for (const clause of clausesOf(text)) {
    const kinds = [
      ...new Set(
        vocabulary()
          .filter((v) => v.match(clause))
          .map((v) => v.kind),
      ),
    ];
    if (!kinds.length) continue;
    let rest = clause.toLowerCase();
    const about: string[] = [];
    for (const { name, id } of namesIn(rest, cat, state)) {
      if (!rest.includes(name)) continue;
      rest = rest.split(name).join(' ');
      if (!about.includes(id)) about.push(id);
    }
    for (const kind of kinds) out.push({ kind, about, clause: clause.trim() });
  }
  return out;
}

/** A claim is backed when an event of its kind involves what the clause names (or, naming nothing, exists at all). */
export function backed(claim: Claim, events: readonly EventBody[]): boolean {
  return events.some((e) => {
    const ids = BACKING[claim.kind].by(e);
    return ids !== null && (claim.about.length === 0 || claim.about.some((id) => ids.includes(id)));
  });
}

/** The claims of a message that the given events do not carry. */
export function unbackedClaims(m: Message, events: readonly EventBody[], cat: Catalog, state: WorldState): Claim[] {
  return textsOf(m, cat, state)
    .flatMap((t) => claimsIn(t, cat, state))
    .filter((c) => !backed(c, events));
}

/** Whether the committed state gives the lie to a claim (false also when it cannot tell). */
export function contradicts(claim: Claim, state: WorldState): boolean {
  return BACKING[claim.kind].holds(state, claim.about) === false;
}

/** Whether the committed state bears a claim out (null: it cannot tell, as of a payment, which only an event carries). */
export const holdsNow = (claim: Claim, state: WorldState): boolean | null => BACKING[claim.kind].holds(state, claim.about);

/** A claim as a model should read it when asked to repair: its kind and what it names. */
export const claimLabel = (c: Claim) => (c.about.length ? `${c.kind} (${c.about.join(', ')})` : c.kind);
