import type { Catalog } from '../scenario/catalog.ts';
import type { ActorState, WorldState } from '../state/types.ts';
import { burnt, needLevel, WARNINGS, WEAK, warnBelow } from '../model/needs.ts';
import { proposers } from './changes.ts';
import { blow } from './harm.ts';
import type { TickJudge } from './judge.ts';

/**
 * What each need a pack declares beyond energy loses over [needsAt, tick), by need id: the same whole-unit
 * accounting as hunger, so the total never depends on how often a body is charged. Undefined when the pack
 * declares none or nothing was lost, so a `needs` event of a pack without them is exactly as it always was.
 */
export function decayed(cat: Catalog, a: ActorState, tick: number): Record<string, number> | undefined {
  let out: Record<string, number> | undefined;
  for (const need of cat.needs.values()) {
    const lost = Math.min(needLevel(need, a), burnt(need.perDay, a.needsAt, tick, cat.scenario.vocabulary.time));
    if (lost > 0) (out ??= {})[need.id] = -lost;
  }
  return out;
}

/**
 * The clock's turn for the declared needs of one charged body: each line it fell below is told once, in
 * order, and a need at zero does what the pack says. A collapse is only ever unconsciousness (the body
 * comes round, and falls again while still empty): a need never kills by itself; harm goes the harm path.
 */
export function runNeeds(cat: Catalog, state: WorldState, tick: number, judge: TickJudge, id: string): void {
  const a = state.actors[id];
  if (a.status !== 'alive') return;
  let empty = false;
  for (const need of cat.needs.values()) {
    const level = needLevel(need, a);
    for (const w of WARNINGS) {
      const line = warnBelow(w.below, need.max);
      if (level < line && !a.warned?.some((x) => x.need === need.id && x.level === w.need)) judge.warnNeed(id, need, w.need, line);
    }
    if (level > 0) continue;
    if (need.atZero === 'weak') empty = true;
    else if (need.atZero === 'collapse') {
      // one brought back this tick has a tick's grace to breathe, or a rescue would be undone at once
      if (a.status === 'alive' && a.statusSince !== tick)
        judge.proposal(proposers.clock(a.location), [{ type: 'status_change', actor: id, to: 'unconscious', reason: 'need_out' }]);
    } else if (!a.tags.includes(need.atZero.harm)) blow(state, judge, cat.scenario.vocabulary.harm, id, need.atZero.harm);
  }
  weakness(cat, state, judge, id, empty);
}

/** `weak` stands while some need whose `atZero` is weakness is empty, and goes once none is. */
function weakness(cat: Catalog, state: WorldState, judge: TickJudge, id: string, empty: boolean): void {
  const a = state.actors[id];
  const has = a.tags.includes(WEAK);
  if (empty === has) return;
  if (!empty && ![...cat.needs.values()].some((n) => n.atZero === 'weak')) return;
  judge.proposal(proposers.clock(a.location), [
    empty ? { type: 'tag_added', actor: id, tag: WEAK } : { type: 'tag_removed', actor: id, tag: WEAK },
  ]);
}
