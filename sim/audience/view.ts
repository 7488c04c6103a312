import type { Event, EventType } from '../model/events.ts';
import type { Audience } from './audience.ts';
import { EVENT_RULES, METRIC_SECRETS, type Rule, type Shown } from './secrets.ts';

/**
 * The one function deciding what an audience sees of a committed event: the event itself, the event
 * without its secret fields, or nothing. An event everyone sees whole comes back as the same object,
 * so a caller can render it once for every audience.
 */
export function viewEvent(e: Event, to: Audience): Shown | null {
  if (to.kind === 'admin') return e;
  const rule = EVENT_RULES[e.type] as Rule<EventType>;
  switch (rule.who) {
    case 'everyone':
      return rule.hide ? rule.hide(e as never) : e;
    case 'owner':
      if (to.kind !== 'player' || rule.owner(e as never) !== to.actor) return null;
      return rule.hide ? rule.hide(e as never) : e;
    case 'admin':
      return null;
  }
}

/** Whether an audience sees anything of an event: for views built from the events themselves (a player's story, narration). */
export function sees(e: Event, to: Audience): boolean {
  return viewEvent(e, to) !== null;
}

/** The events of a list that an audience sees, as it sees them, in order. */
export function viewEvents(events: readonly Event[], to: Audience): Shown[] {
  const out: Shown[] = [];
  for (const e of events) {
    const v = viewEvent(e, to);
    if (v) out.push(v);
  }
  return out;
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
