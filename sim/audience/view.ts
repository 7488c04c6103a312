import type { Event, EventType } from '../model/events.ts';
import type { Audience } from './audience.ts';
import { EVENT_RULES, METRIC_SECRETS, type Rule, type Shown } from './secrets.ts';

/**
 * The one function deciding what an audience sees of a committed event: the event itself, the event
 * without its secret fields, or nothing. Every audience that sees an event the same way gets the same
 * object (a cut is made once per event), so a caller can render it once for all of them.
 */
export function viewEvent(e: Event, to: Audience): Shown | null {
  if (to.kind === 'admin') return e;
  if (!sees(e, to)) return null;
  const rule = EVENT_RULES[e.type] as Rule<EventType>;
  if (rule.who === 'admin' || !rule.hide) return e;
  let shown = cut.get(e);
  if (!shown) cut.set(e, (shown = rule.hide(e as never)));
  return shown;
}

const cut = new WeakMap<Event, Shown>();

/** Whether an audience sees anything of an event: for views built from the events themselves (a player's story, narration). */
export function sees(e: Event, to: Audience): boolean {
  if (to.kind === 'admin') return true;
  const rule = EVENT_RULES[e.type] as Rule<EventType>;
  if (rule.who === 'everyone') return true;
  if (rule.who !== 'owner' || to.kind !== 'player') return false;
  const owner = rule.owner(e as never);
  return typeof owner === 'string' ? owner === to.actor : owner.includes(to.actor);
}

/** Whether an audience may see anything of events of this type (for queries filtered by type). */
export function mayEverSee(type: EventType, to: Audience): boolean {
  return to.kind === 'admin' || EVENT_RULES[type].who === 'everyone' || (EVENT_RULES[type].who === 'owner' && to.kind === 'player');
}

/** A row of figures as an audience sees it: the counts of claim verdicts are the admin's. */
export function viewMetrics<M extends object>(row: M, to: Audience): M {
  if (to.kind === 'admin') return row;
  const out = { ...row } as Record<string, unknown>;
  for (const k of METRIC_SECRETS) delete out[k];
  return out as M;
}
