import { own } from '../../sim/model/ids.ts';
import { goalFor, type QuestDef, type QuestSource } from '../../sim/model/quests.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';

type SourceDef = QuestDef['sources'][number];

/** The person a goal is about (a bring goal's recipient, a learn goal's subject), for sources `aboutGoal`. */
function goalPerson(def: QuestDef): string | null {
  const g = goalFor(def);
  return g.kind === 'bring' ? g.to : g.kind === 'learn' ? g.about : null;
}

/**
 * The sources a giver may cite for one spec: each of its people in play who really knows a fact told
 * from the spec's rumour (about the goal's person when asked), with that fact as they heard it. The
 * newest such fact each knows; people in the def's order. Nothing here reads whether a fact is true.
 */
export function sourcesFor(_cat: Catalog, state: WorldState, def: QuestDef, spec: SourceDef): QuestSource[] {
  const about = spec.aboutGoal ? goalPerson(def) : null;
  const out: QuestSource[] = [];
  for (const id of spec.people) {
    const a = own(state.actors, id);
    if (!a || a.status === 'dead' || a.status === 'restrained_permanent') continue;
    for (let i = a.knows.length - 1; i >= 0; i--) {
      const f = state.facts[a.knows[i]];
      if (!f || !('key' in f.content) || f.content.key !== 'fact.rumour') continue;
      const t = f.content.params?.template;
      if (typeof t !== 'object' || t.id !== spec.rumour || (about !== null && f.about !== about)) continue;
      out.push({ source: id, fact: f.id, claim: structuredClone(f.content) });
      break;
    }
  }
  return out;
}
