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
 * starts no fact or place of its own; nor may it bring anyone toward death. The Judge refuses a director's
 * template by this before its changes meet the ordinary validators, and `validate` names a template it
 * would refuse (sim/scenario/director.ts).
 */
export function refusedFromDirector(h: Harm, c: DirectorChange): Refusal | null {
  switch (c.type) {
    case 'tag_added':
      return judgedTag(h, c.tag) ? { code: 'harm_by_dice', params: {} } : null;
    case 'tag_removed':
      return judgedTag(h, c.tag) ? { code: 'harm_not_healed', params: {} } : null;
    case 'status_change':
      return NEVER_BY_DIRECTOR.includes(c.to) ? { code: 'director_cannot_kill', params: { status: c.to } } : null;
    case 'hp_delta':
      return { code: c.delta > 0 ? 'harm_not_healed' : 'not_yours', params: {} };
    case 'money_source':
      return { code: 'money_from_nowhere', params: { source: c.source } };
    case 'money_sink':
    case 'need_gain':
    case 'new_fact':
    case 'new_location':
      return { code: 'not_yours', params: {} };
    case 'resource_gain':
      return c.resource === 'money' ? { code: 'money_from_nowhere', params: { source: 'resource_gain' } } : null;
    default:
      return null;
  }
}

/** A refusal as the Judge gives it: the reason's code (`reason.<code>` in locales/) and its parameters. */
export interface Refusal {
  code: string;
  params: Record<string, string>;
}
