import type { Event } from '../../sim/model/events.ts';

/** Events that start something else in a tick: another call, the clock, reflection, the books. */
const BOUNDARY = new Set<Event['type']>([
  'action',
  'call_failed',
  'needs',
  'reflected',
  'tick_summary',
  'entity_updated',
  'entity_removed',
  'joined',
  'seat_freed',
  'player_away',
  'player_back',
]);

/** Whether an event ends the run of a call's consequences: another call starts, or the clock, or a thing's income (not what the call did). */
export function endsCall(e: Event): boolean {
  return BOUNDARY.has(e.type) || (e.type === 'money_created' && e.entity !== null);
}

/**
 * The committed events of `actor`'s own call in one tick: its `action` (or `call_failed`) and what
 * the Judge committed with it, up to the next call or the lasting effects and clocks, keeping those
 * that concern the actor. Empty when the actor made no call.
 */
export function eventsOfCall(events: Event[], actor: string): Event[] {
  const start = events.findIndex((e) => (e.type === 'action' || e.type === 'call_failed') && e.actor === actor);
  if (start < 0) return [];
  const out: Event[] = [events[start]];
  for (let i = start + 1; i < events.length; i++) {
    const e = events[i];
    if (endsCall(e)) break;
    if (actorsOf(e).includes(actor)) out.push(e);
  }
  return out;
}

/** Everyone an event is about (for the actor filter and for "changed actors"). */
export function actorsOf(e: Event): string[] {
  switch (e.type) {
    case 'transfer':
    case 'relationship_changed':
      return [e.from, e.to];
    case 'money_created':
    case 'fund_paid_out':
      return [e.to];
    case 'money_destroyed':
    case 'fund_paid_in':
      return [e.from];
    case 'addressed':
      return [e.actor, e.by];
    case 'entity_created':
      return e.by ? [e.by] : [];
    case 'entity_removed':
      return e.owner ? [e.owner] : [];
    case 'fact_created':
      return [e.fact.origin.actor];
    case 'fact_learned':
      return [e.actor, e.from];
    case 'location_created':
      return [e.by];
    case 'intervened':
    case 'quest_failed':
      return e.actor ? [e.actor] : [];
    case 'quest_offered':
      return [e.quest.giver, ...(e.quest.offeredTo ? [e.quest.offeredTo] : [])];
    default:
      return 'actor' in e ? [e.actor] : [];
  }
}
