import type { Event, EventOf, EventType } from '../model/events.ts';

/**
 * Every kind of committed event, and who may see it. This table is the list of secrets: `tsc` keeps it
 * complete, so a new event type does not compile until it is classified here.
 *
 * - `everyone`: a bystander could see it; `hide`, when given, is what everyone but the admin sees.
 * - `owner`: only the actor it concerns (as `hide` leaves it) and the admin.
 * - `admin`: the admin (and the export) alone.
 *
 * The secrets: a fact's truth, the Judge's verdict on a claim and what it held back as unbacked, a
 * quest's hidden risk, a player's story (its ink state, variables, scores and the judge's rationale),
 * and the director's workings (its proposals with tension, measures and reasons, and its pace).
 */
export type Rule<T extends EventType> =
  | { who: 'everyone'; hide?: (e: EventOf<T>) => Shown }
  | { who: 'owner'; owner: (e: EventOf<T>) => string | readonly string[]; hide?: (e: EventOf<T>) => Shown }
  | { who: 'admin' };

/** an event as an audience sees it: the committed event, perhaps with secret fields left out */
export type Shown = Pick<Event, 'type' | 'tick' | 'seq'> & Readonly<Record<string, unknown>>;

const everyone = { who: 'everyone' } as const;
const admin = { who: 'admin' } as const;
// the ink runtime's serialized state is the story's machinery: the player reads their story as lines
const ownStory = {
  who: 'owner',
  owner: (e: { actor: string }) => e.actor,
  hide: (e: { ink: string }) => without(e, 'ink') as never,
} as const;
const owner = <T extends EventType>(of: (e: EventOf<T>) => string): Rule<T> => ({ who: 'owner', owner: of });

export const EVENT_RULES: { readonly [T in EventType]: Rule<T> } = {
  // words for one listener (an express with `to`): everyone sees that they were said, to whom, not what
  action: { who: 'everyone', hide: (e) => (e.call.tool === 'express' && e.call.args.to !== undefined ? unheard(e) : without(e, 'held')) },
  check_rolled: everyone,
  claimed: admin,
  call_failed: everyone,
  money_created: everyone,
  money_destroyed: everyone,
  transfer: everyone,
  unpaid: everyone,
  fund_paid_in: everyone,
  fund_paid_out: everyone,
  resource_changed: everyone,
  needs: everyone,
  warned: everyone,
  moved: everyone,
  entity_created: everyone,
  entity_updated: everyone,
  entity_removed: everyone,
  reputation_changed: everyone,
  relationship_changed: everyone,
  tag_added: everyone,
  tag_removed: everyone,
  status_changed: everyone,
  location_created: everyone,
  fact_created: { who: 'everyone', hide: (e) => ({ ...e, fact: without(e.fact, 'truth') }) },
  fact_learned: everyone,
  place_mood: everyone,
  addressed: everyone,
  whispered: { who: 'owner', owner: (e) => [e.actor, e.by] },
  reflected: everyone,
  tick_summary: everyone,
  joined: everyone,
  seat_freed: everyone,
  player_away: everyone,
  player_back: everyone,
  trait_argued: everyone,
  trait_declared: everyone,
  intervened: everyone,
  // nothing happened in the world: the researcher's affair, not a bystander's
  intervention_refused: admin,
  quest_offered: { who: 'everyone', hide: (e) => ({ ...e, quest: without(e.quest, 'risk') }) },
  quest_taken: everyone,
  quest_progressed: everyone,
  quest_completed: everyone,
  quest_failed: everyone,
  director_proposed: admin,
  phase_changed: admin,
  story_started: ownStory,
  story_turned: ownStory,
  situation_scored: owner((e) => e.actor),
  chapter_advanced: owner((e) => e.actor),
  story_ended: owner((e) => e.actor),
};

/** an action of words for one listener, as everyone else sees it: the words are a placeholder that says they were not heard */
function unheard(e: EventOf<'action'>): Shown {
  const call = e.call as Extract<EventOf<'action'>['call'], { tool: 'express' }>;
  return { ...without(e, 'held'), call: { ...call, args: { ...call.args, content: { key: 'feed.unheard' } } } };
}

/** a copy of `o` without the named fields */
export function without<O extends object, K extends keyof O>(o: O, ...keys: K[]): Omit<O, K> {
  const out = { ...o };
  for (const k of keys) delete out[k];
  return out;
}

/** Figures per tick that count the Judge's verdicts on claims: with one claim in a tick, a count is its verdict. */
export const METRIC_SECRETS = ['claims'] as const;
