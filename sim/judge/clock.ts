import type { Catalog } from '../scenario/catalog.ts';
import { membersOf } from '../state/members.ts';
import type { WorldState } from '../state/types.ts';
import { proposers } from './changes.ts';
import { awakeTicks } from '../model/clock.ts';
import type { TickJudge } from './judge.ts';

/**
 * The Judge's own clock: bodies get hungry, the unconscious come round, and a dying actor nobody
 * saved within the window dies. This is the only path to `dead`.
 */
export function runClock(cat: Catalog, state: WorldState, tick: number, judge: TickJudge, acted: string[]): void {
  const needs = cat.scenario.meta.rules.needs;
  const time = cat.scenario.vocabulary.time;
  for (const id of acted) {
    const a = state.actors[id];
    // hunger runs while one is awake; the pack's sleeping hours cost nothing
    const due = Math.min(a.energy, needs.energyDecayPerTick * awakeTicks(a.needsAt, tick, time));
    judge.needs(id, -due);
    if (a.energy > 0 || a.status !== 'alive') continue;
    // an empty body first collapses; if it wakes still empty it starts dying
    const next = a.tags.includes('collapsed') ? 'dying' : 'unconscious';
    judge.proposal(proposers.clock(a.location), [{ type: 'status_change', actor: id, to: next, reason: 'starving' },
      { type: 'tag_added', actor: id, tag: 'collapsed' }]);
  }
  for (const a of membersOf(state.actors)) {
    const id = a.id;
    if (a.status === 'unconscious' && tick - a.statusSince >= needs.unconsciousTicks) {
      judge.proposal(proposers.clock(a.location), [{ type: 'status_change', actor: id, to: 'alive', reason: 'came_round' }]);
    } else if (a.status === 'dying' && tick - a.statusSince >= needs.dyingWindowTicks) {
      judge.proposal(proposers.clock(a.location), [{ type: 'status_change', actor: id, to: 'dead', reason: 'not_saved' }]);
    } else if (a.status === 'alive' && a.energy > 20 && a.tags.includes('collapsed')) {
      judge.proposal(proposers.clock(a.location), [{ type: 'tag_removed', actor: id, tag: 'collapsed' }]);
    }
  }
}

