import { own } from '../../sim/model/ids.ts';
import { goalFor, type QuestDef, type QuestSource, type QuestState, riskOf, statedOf } from '../../sim/model/quests.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import { rngFor } from '../../sim/rng.ts';
import { membersOf } from '../../sim/state/members.ts';
import { seated } from '../../sim/state/seats.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { sourcesFor } from './sources.ts';

/**
 * The rules quest giver (docs/design.md, Quests): at a tick, each pack quest whose conditions hold is
 * offered by its giver to whoever is at the giver's place: to a player standing there by name (one
 * drawn by the seed when there are several), held for them for the def's `offer.hold` ticks, else to
 * anyone. It only proposes: the Judge (sim/judge/quests.ts) refuses an offer that is not literally
 * true, and alone records which of the cited facts are false. The giver reads no fact's truth: it
 * cites what its sources really heard.
 */
export function questOffers(cat: Catalog, state: WorldState, tick: number): QuestState[] {
  const defs = cat.scenario.quests?.quests ?? [];
  if (!defs.length) return [];
  const out: QuestState[] = [];
  let present: Map<string, number> | null = null;
  let players: Map<string, string[]> | null = null;
  for (const def of defs) {
    if (!due(state, def, tick)) continue;
    const giver = own(state.actors, def.giver)!;
    present ??= peopleAt(state);
    // nobody to offer it to: the giver keeps it for later
    if ((present.get(giver.location) ?? 0) < 2) continue;
    const rng = rngFor(state.seed, tick, def.giver, `quest:${def.id}`);
    const sources: QuestSource[] = [];
    let missing = false;
    for (const spec of def.sources) {
      const found = sourcesFor(cat, state, def, spec);
      if (!found.length) {
        missing ||= spec.required;
        continue;
      }
      const s = rng.pick(found);
      if (!sources.some((x) => x.source === s.source && x.fact === s.fact)) sources.push(s);
    }
    if (missing) continue;
    const goal = goalFor(def);
    const deadline = tick + def.deadline;
    players ??= playersAt(state);
    const here = (players.get(giver.location) ?? []).filter((p) => p !== def.giver);
    const to = here.length > 1 ? rngFor(state.seed, tick, def.giver, `quest-to:${def.id}`).pick(here) : (here[0] ?? null);
    out.push({
      id: `${def.id}-${tick}`,
      def: def.id,
      giver: def.giver,
      goal,
      stated: statedOf(def.id, goal, def.reward.amount, deadline),
      sources,
      // the Judge fills in which cited facts are false: the giver cannot know
      risk: { kind: def.risk.kind, msg: riskOf(def.id), facts: [] },
      reward: { amount: def.reward.amount, from: def.reward.source ?? def.giver },
      offeredTo: to,
      taker: null,
      status: 'offered',
      progress: 0,
      offeredAt: tick,
      deadline,
      at: giver.location,
      ...(to !== null && { heldUntil: tick + def.offer.hold }),
    });
  }
  return out;
}

/** Whether a quest may be offered now: its giver alive (and where the def wants them), none of it open, its pause over, times left, the reward in hand. */
function due(state: WorldState, def: QuestDef, tick: number): boolean {
  const giver = own(state.actors, def.giver);
  const o = def.offer;
  if (!giver || giver.status !== 'alive' || tick < o.from || (o.place !== undefined && giver.location !== o.place)) return false;
  if (!def.reward.source && giver.money < def.reward.amount) return false;
  let times = 0;
  let last = -Infinity;
  for (const id in state.quests ?? {}) {
    const q = state.quests![id];
    if (q.def !== def.id) continue;
    if (q.status === 'offered' || q.status === 'taken') return false;
    times++;
    last = Math.max(last, q.offeredAt);
  }
  return times < o.times && tick - last >= o.every;
}

/** How many people in play stand at each place. */
function peopleAt(state: WorldState): Map<string, number> {
  const n = new Map<string, number>();
  const actors = membersOf(state.actors);
  for (let i = 0; i < actors.length; i++) {
    const a = actors[i];
    if (a.status === 'alive') n.set(a.location, (n.get(a.location) ?? 0) + 1);
  }
  return n;
}

/** The players who could take an offer now (seated, here and alive) at each place, in id order. */
function playersAt(state: WorldState): Map<string, string[]> {
  const n = new Map<string, string[]>();
  // the few players sorted, not every actor's id (a world of bots has none)
  const ids: string[] = [];
  const actors = membersOf(state.actors);
  for (let i = 0; i < actors.length; i++) {
    const a = actors[i];
    if (seated(a) && a.player!.away === undefined && a.status === 'alive') ids.push(a.id);
  }
  for (const id of ids.sort()) {
    const a = state.actors[id];
    (n.get(a.location) ?? n.set(a.location, []).get(a.location)!).push(id);
  }
  return n;
}
