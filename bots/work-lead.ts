import type { Message } from '../sim/model/text.ts';
import { heldJob, jobTag } from '../sim/model/jobs.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { wageNow } from '../sim/state/overrides.ts';
import type { WorldState } from '../sim/state/types.ts';

/** Work someone asked about can point to: a job, the person who hires for it, where it is done, and its wage now. */
export interface WorkLead {
  job: string;
  employer: string;
  place: string;
  wage: number;
}

/** What a person answering a player holds to: work that is really open, and what they have heard (sim/tick/answers.ts). */
export interface AnswerBasis {
  /** the nearest work with room in its crew now (one's own first), or null: there is none */
  work: WorkLead | null;
  /** the newest facts the answerer knows, with their words: what they can pass on, and nothing else */
  known: { id: string; content: Message }[];
}

/** Facts a person answering may repeat, newest first. */
const KNOWN_MAX = 3;

/**
 * The ground of an answer, from committed state: asked only for someone answering a player, so no
 * other bot pays for it. Work is true now: an employer in play, whose crew has room, at the job's place,
 * for the wage the Judge would pay.
 */
export function answerBasis(cat: Catalog, state: WorldState, actor: string): AnswerBasis {
  const self = state.actors[actor];
  const known: AnswerBasis['known'] = [];
  for (let i = self.knows.length - 1; i >= 0 && known.length < KNOWN_MAX; i--) {
    const f = state.facts[self.knows[i]];
    if (f) known.push({ id: f.id, content: f.content });
  }
  return { work: openWork(cat, state, actor), known };
}

function openWork(cat: Catalog, state: WorldState, actor: string): WorkLead | null {
  const jobs = cat.scenario.meta.jobs;
  if (!jobs.length) return null;
  const self = state.actors[actor];
  const mine = heldJob(self.tags)?.job;
  const d = cat.dist.get(self.location);
  const far = (place: string) => (place === self.location ? 0 : (d?.get(place) ?? Infinity));
  // one's own job first, then the nearest; the pack's order on a tie
  const order = jobs
    .map((j, i) => ({ j, i }))
    .sort((a, b) => Number(b.j.id === mine) - Number(a.j.id === mine) || far(a.j.place) - far(b.j.place) || a.i - b.i);
  // who hires for each soul, in id order: one pass over the people
  const bosses = new Map<string, string[]>();
  for (const id of Object.keys(state.actors).sort()) {
    const a = state.actors[id];
    if (a.status !== 'alive' || a.player || !cat.jobsByEmployer.has(a.soul) || !cat.words.permits(a.roles, 'hire')) continue;
    const list = bosses.get(a.soul) ?? bosses.set(a.soul, []).get(a.soul)!;
    list.push(id);
  }
  for (const { j } of order) {
    // a soul may employ for one job only (the catalog's one job per employer)
    if (cat.jobsByEmployer.get(j.employer)?.id !== j.id) continue;
    for (const boss of bosses.get(j.employer) ?? [])
      if ((state.jobHolders[jobTag(j.id, boss)] ?? 0) < j.capacity)
        return { job: j.id, employer: boss, place: j.place, wage: wageNow(j, state, state.actors[boss].money) };
  }
  return null;
}
