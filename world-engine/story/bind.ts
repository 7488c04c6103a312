import { knownAbout } from '../../sim/judge/facts-about.ts';
import type { Binding, InkValue, LoadedStory } from '../../sim/model/session.ts';
import { clockOf } from '../../sim/model/clock.ts';
import { own } from '../../sim/model/ids.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';

/** One binding's value in the committed world, for the player `actor`. */
export function measure(cat: Catalog, state: WorldState, actor: string, b: Binding, tick: number): InkValue {
  const a = state.actors[actor];
  switch (b.measure) {
    case 'money':
      return a.money;
    case 'energy':
      return a.energy;
    case 'reputation':
      return a.reputation;
    case 'tick':
      return tick;
    case 'day':
      return clockOf(tick, cat.scenario.vocabulary.time).day;
    case 'place':
      return a.location;
    case 'tag':
      return b.prefix ? a.tags.some((t) => t.startsWith(b.tag)) : a.tags.includes(b.tag);
    case 'item':
      return own(a.inventory, b.item) ?? 0;
    case 'relation':
      return own(a.relations, b.with) ?? 0;
    case 'known':
      return knownAbout(state, b.about === 'self' ? actor : b.about);
    case 'quest':
      return questOf(state, actor, b.quest);
  }
}

/** Every bound variable of the story, read from the committed world at `tick` (default: the state's last committed tick). */
export function bindings(cat: Catalog, state: WorldState, actor: string, story: LoadedStory, tick = state.tick): Record<string, InkValue> {
  const out: Record<string, InkValue> = {};
  for (const name of Object.keys(story.bindings).sort()) out[name] = measure(cat, state, actor, story.bindings[name], tick);
  return out;
}

/**
 * Each running story's bound variables as the world stands before a tick's calls are judged: the
 * options a player chose from were offered in that world, so their choice is read against it.
 */
export function bindingsBefore(cat: Catalog, state: WorldState, tick: number): Map<string, Record<string, InkValue>> {
  const out = new Map<string, Record<string, InkValue>>();
  const ls = cat.scenario.story;
  if (!ls || !state.stories) return out;
  for (const id in state.stories) if (!state.stories[id].ended && state.actors[id]) out.set(id, bindings(cat, state, id, ls, tick));
  return out;
}

/** The state of the player's quest made from the pack's quest `def` ('none' until there is one, or before quests exist). */
function questOf(state: WorldState, actor: string, def: string): string {
  let found = 'none';
  for (const id in state.quests ?? {}) {
    const q = state.quests![id];
    if (q.def === def && (q.taker === actor || (q.taker === null && q.offeredTo === actor))) found = q.status;
  }
  return found;
}
