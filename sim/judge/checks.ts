import type { Check } from '../model/check.ts';
import type { WorldChange } from '../model/consequence.ts';
import { check } from './reasons.ts';

/**
 * The band rolled binds the consequence, whoever proposed it: a failure brings the actor nothing in
 * their favour, a success at a cost takes the pack's extra energy. The rule engine proposes exactly
 * this; a model that does not is refused (and repaired, or replaced by the rules).
 */
export function favours(c: WorldChange, actor: string): boolean {
  switch (c.type) {
    case 'resource_transfer': return c.to === actor;
    case 'money_source': return c.to === actor;
    case 'resource_gain': return c.actor === actor && c.amount > 0;
    case 'relationship_change': return (c.from === actor || c.to === actor) && c.delta > 0;
    case 'reputation_change': return c.actor === actor && c.delta > 0;
    case 'tag_added': return c.actor === actor;
    default: return false;
  }
}

export function heldToBand(roll: Check | null, change: WorldChange, actor: string): void {
  if (roll?.band === 'fail') check(!favours(change, actor), 'band_failed');
}

/** `spent`: the energy the actor's own resource changes take (positive). */
export function paidForBand(roll: Check | null, spent: number, extra: number): void {
  if (roll?.band === 'partial') check(spent >= extra, 'band_cost', { energy: extra });
}
