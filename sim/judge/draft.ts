import type { Check } from '../model/check.ts';
import type { EntityState, EventBody, FactState } from '../model/events.ts';
import { table } from '../model/ids.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { check, reject } from './reasons.ts';

/**
 * One proposal being judged: the events it would commit and the balance changes they add up to.
 * Nothing touches the state until every change of the proposal has passed, so a proposal is
 * accepted or rejected whole. Its changes are a sequence: each meets the things and facts as the
 * earlier ones left them (`entity`, `fact`), so what one removed is gone for the next.
 */
export class Draft {
  readonly events: EventBody[] = [];
  /** made on first use: most proposals move no balance twice and create nothing */
  private deltas: Map<string, number> | null = null;
  /** bounded scores this proposal moved, apart from the balances that must not go negative */
  private scores: Map<string, number> | null = null;
  /** ids given to things this proposal creates, for "$new:n" references */
  readonly created: string[] = [];
  private counters: { entity: number; fact: number; place: number } | null = null;
  /** the check the Judge rolled for the call being judged, if it is risky */
  check: Check | null = null;
  /** things this proposal made, changed (a copy) or removed (null); made on first use */
  private things: Map<string, EntityState | null> | null = null;
  private facts: Map<string, FactState> | null = null;

  constructor(
    readonly cat: Catalog,
    readonly state: WorldState,
    readonly tick: number,
    readonly actor: string | null,
  ) {}

  emit(e: EventBody): void {
    this.events.push(e);
    // follow what the fold will do to things and facts, never writing the event (the log keeps it as emitted)
    if (e.type === 'entity_created') (this.things ??= new Map()).set(e.entity.id, e.entity);
    else if (e.type === 'entity_removed') (this.things ??= new Map()).set(e.entity, null);
    else if (e.type === 'entity_updated') {
      const was = this.entity(e.entity);
      if (was) (this.things ??= new Map()).set(e.entity, { ...was, properties: Object.assign(table(was.properties), e.properties) });
    } else if (e.type === 'fact_created') (this.facts ??= new Map()).set(e.fact.id, e.fact);
  }

  /** A thing as the proposal's earlier changes leave it: undefined if there is none, or they removed it. */
  entity(id: string): EntityState | undefined {
    const mine = this.things?.get(id);
    return mine === undefined ? this.state.entities[id] : (mine ?? undefined);
  }

  /** Whether an earlier change of this proposal removed the thing. */
  removed(id: string): boolean {
    return this.things?.get(id) === null;
  }

  /** A fact in the world or made by this proposal. */
  fact(id: string): FactState | undefined {
    return this.facts?.get(id) ?? this.state.facts[id];
  }

  /** Add to the running balance of one actor's resource. */
  move(actor: string, resource: string, delta: number): void {
    const k = `${actor}\u0000${resource}`;
    this.deltas ??= new Map();
    this.deltas.set(k, (this.deltas.get(k) ?? 0) + delta);
  }

  /**
   * Move a bounded score (a relation, a reputation) that stands at `now` before this proposal: only
   * what keeps it within -100..100 applies, and two changes to one score in a proposal clamp together.
   * Returns the delta that applies (0: none).
   */
  score(key: string, now: number, delta: number): number {
    this.scores ??= new Map();
    const before = now + (this.scores.get(key) ?? 0);
    const applied = Math.max(-100, Math.min(100, before + delta)) - before;
    if (applied !== 0) this.scores.set(key, before - now + applied);
    return applied;
  }

  pending(actor: string, resource: string): number {
    return this.deltas?.get(`${actor}\u0000${resource}`) ?? 0;
  }

  nextId(kind: 'entity' | 'fact' | 'place'): string {
    this.counters ??= { ...this.state.counters };
    const id = `${kind[0]}:${++this.counters[kind]}`;
    this.created.push(id);
    return id;
  }

  /** Resolve "$new:n" to the id of the n-th thing created in this proposal. */
  resolve(id: string): string {
    if (!id.startsWith('$new:')) return id;
    const made = this.created[Number(id.slice(5))];
    check(made, 'unknown_reference', { id });
    return made;
  }

  /** Conservation: no balance may end below zero. */
  settle(): void {
    // forEach with a function made once: a for-of over the map allocated an entry per balance, for every proposal
    this.deltas?.forEach(settleOne, this.state);
  }
}

/** One balance of a proposal, in the order the proposal moved them: none may end below zero. */
function settleOne(this: WorldState, delta: number, k: string): void {
  if (delta >= 0) return;
  // the key's two parts (`move`), as split would give them, without the array
  const cut = k.indexOf('\u0000');
  const end = k.indexOf('\u0000', cut + 1);
  const actor = k.slice(0, cut);
  const resource = end < 0 ? k.slice(cut + 1) : k.slice(cut + 1, end);
  const have = holding(this, actor, resource);
  // the refusal's parameters are built only when it refuses: this runs for every balance of every proposal
  if (!(have + delta >= 0))
    reject(resource === 'money' ? 'insufficient_money' : 'insufficient_resource', {
      actor: { ref: 'actor', id: actor },
      resource,
      need: -delta,
      have,
    });
}

export function holding(state: WorldState, actor: string, resource: string): number {
  const a = state.actors[actor];
  if (resource === 'money') return a.money;
  if (resource === 'energy') return a.energy;
  if (resource === 'time') return Number.POSITIVE_INFINITY;
  return a.inventory[resource.slice(5)] ?? 0;
}
