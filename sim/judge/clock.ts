import type { Catalog } from '../scenario/catalog.ts';
import { membersOf } from '../state/members.ts';
import { seated } from '../state/seats.ts';
import type { WorldState } from '../state/types.ts';
import { proposers } from './changes.ts';
import { burnt, WARNINGS, warnBelow } from '../model/needs.ts';
import type { TickJudge } from './judge.ts';
import { runHarm } from './harm.ts';
import { decayed, runNeeds } from './needs.ts';
import { asleepAway } from './presence.ts';
import { heldJob } from '../model/jobs.ts';

/**
 * The Judge's own clock: bodies get hungry, the unconscious come round, and a dying actor nobody
 * saved within the window dies. This is the only path to `dead`. Then the harm of the tick
 * (./harm.ts): blows the dice dealt, harm that healed with time, and who a fresh blow strikes down.
 */
export function runClock(cat: Catalog, state: WorldState, tick: number, judge: TickJudge, acted: string[]): void {
  const needs = cat.scenario.meta.rules.needs;
  const time = cat.scenario.vocabulary.time;
  const ids = charged(cat, state, acted);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const a = state.actors[id];
    // hunger runs while one is awake; the pack's sleeping hours cost nothing; so does every need the pack declares
    const more = cat.needs.size ? decayed(cat, a, tick) : undefined;
    judge.needs(id, -Math.min(a.energy, burnt(needs.energyPerDay, a.needsAt, tick, time)), more);
    // each line the body is below (by hunger or by toil) is told once, in order, until it is lifted
    if (a.status === 'alive') {
      for (const w of WARNINGS) {
        const line = warnBelow(w.below, needs.energyMax);
        if (a.energy < line && !a.warned?.some((x) => x.level === w.level)) judge.warn(id, w.level, line);
      }
    }
    if (cat.needs.size) runNeeds(cat, state, tick, judge, id);
    // one brought back this tick has a tick's grace to eat, or a rescue would be undone at once
    if (a.energy > 0 || a.status !== 'alive' || a.statusSince === tick) continue;
    // an empty body first collapses; if it wakes still empty it starts dying
    const next = a.tags.includes('collapsed') ? 'dying' : 'unconscious';
    judge.proposal(proposers.clock(a.location), [
      { type: 'status_change', actor: id, to: next, reason: 'starving' },
      { type: 'tag_added', actor: id, tag: 'collapsed' },
    ]);
  }
  const faint = warnBelow(WARNINGS[WARNINGS.length - 1].below, needs.energyMax);
  const actors = membersOf(state.actors);
  for (let i = 0; i < actors.length; i++) {
    const a = actors[i];
    const id = a.id;
    // an away player's sleeping body: its windows stand still until they are back
    if (a.player && asleepAway(cat, a)) continue;
    if (a.status === 'unconscious' && tick - a.statusSince >= needs.unconsciousTicks) {
      judge.proposal(proposers.clock(a.location), [{ type: 'status_change', actor: id, to: 'alive', reason: 'came_round' }]);
    } else if (a.status === 'dying' && tick - a.statusSince >= needs.dyingWindowTicks) {
      judge.proposal(proposers.clock(a.location), [{ type: 'status_change', actor: id, to: 'dead', reason: 'not_saved' }]);
    } else if (a.status === 'alive' && a.energy > 20 && a.tags.includes('collapsed')) {
      judge.proposal(proposers.clock(a.location), [{ type: 'tag_removed', actor: id, tag: 'collapsed' }]);
    } else if (
      a.leaveAt !== undefined &&
      (tick >= a.leaveAt || a.energy < faint) &&
      a.status === 'alive' &&
      a.money < cat.levels.meal &&
      !heldJob(a.tags)
    ) {
      // a newcomer who found no work and cannot pay for a meal moves on, rather than starve here: once
      // their time to settle is up, or sooner if hunger is about to fell them
      judge.proposal(proposers.clock(a.location), [{ type: 'status_change', actor: id, to: 'restrained_permanent', reason: 'left' }]);
    }
  }
  runHarm(cat, state, tick, judge);
}

/**
 * Whose needs are charged this tick: every actor that acted (a bot's body is charged lazily, when
 * it wakes, for all the ticks since) and every player who could have, acting or not, so that a
 * player's body and its warnings keep time with the world they watch.
 */
function charged(cat: Catalog, state: WorldState, acted: string[]): string[] {
  let out: Set<string> | null = null;
  const actors = membersOf(state.actors);
  for (let i = 0; i < actors.length; i++) {
    const a = actors[i];
    if (seated(a) && (a.status === 'alive' || a.status === 'dying') && !asleepAway(cat, a)) (out ??= new Set(acted)).add(a.id);
  }
  // no player in a world of bots: the tick's actors as the caller gives them (sorted, each once)
  return out === null ? acted : [...out].sort();
}
