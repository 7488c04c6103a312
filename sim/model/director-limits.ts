import type { DirectorChange } from './director.ts';
import { judgedTag } from './harm.ts';
import type { Harm } from './vocabulary.ts';

/** The statuses a director may bring nobody to: it can never kill (sim/judge/director.ts). */
export const NEVER_BY_DIRECTOR: readonly string[] = ['dying', 'dead', 'restrained_permanent'];

/**
 * The reason code the Judge refuses a director's change with in any world, or null when it depends on the
 * world of the moment. The director acts for no one and is not the clock (sim/judge/changes.ts): harm and
 * the mark of the caught come only from the dice (`judgedTag`, the Judge's own test) and go only by a rest
 * or a care, which it gives nobody; it makes, takes or spends no money, deals or heals no hit points, and
 * starts no fact or place of its own; nor may it bring anyone toward death.
 */
export function refusedFromDirector(h: Harm, c: DirectorChange): string | null {
  switch (c.type) {
    case 'tag_added':
      return judgedTag(h, c.tag) ? 'harm_by_dice' : null;
    case 'tag_removed':
      return judgedTag(h, c.tag) ? 'harm_not_healed' : null;
    case 'status_change':
      return NEVER_BY_DIRECTOR.includes(c.to) ? 'director_cannot_kill' : null;
    case 'hp_delta':
      return c.delta > 0 ? 'harm_not_healed' : 'not_yours';
    case 'money_source':
      return 'money_from_nowhere';
    case 'money_sink':
    case 'new_fact':
    case 'new_location':
      return 'not_yours';
    case 'resource_gain':
      return c.resource === 'money' ? 'money_from_nowhere' : null;
    default:
      return null;
  }
}
