import { own } from '../model/ids.ts';
import { heldJob, onShift, paidThisShift } from '../model/jobs.ts';
import type { EventBody } from '../model/events.ts';
import type { ToolCall } from '../model/tools.ts';
import type { Catalog } from '../scenario/catalog.ts';
import { wageNow } from '../state/overrides.ts';
import type { WorldState } from '../state/types.ts';

/**
 * The Judge's own finding that a work call went unpaid: work at the job the caller holds, at its place,
 * in its shift and not yet paid for this shift, for an employer who pays it out of their own money
 * and holds less than it pays now. It is read from the state, whatever an engine proposed, so nothing
 * else can mark anyone unpaid; the worker remembers it for days (bots/lessons.ts).
 */
export function unpaidWork(cat: Catalog, state: WorldState, tick: number, call: ToolCall): Extract<EventBody, { type: 'unpaid' }> | null {
  if (call.tool !== 'use_resource' || cat.words.purposeDoes(call.args.purpose) !== 'work') return null;
  const a = state.actors[call.actor];
  const held = heldJob(a.tags);
  const job = held && cat.scenario.meta.jobs.find((j) => j.id === held.job && j.place === a.location);
  if (!job || job.source !== undefined) return null;
  const clock = cat.scenario.vocabulary.time;
  if (!onShift(job, tick, clock) || paidThisShift(job, a, tick, clock)) return null;
  const money = own(state.actors, held.employer)?.money ?? 0;
  return money < wageNow(job, state, money) ? { type: 'unpaid', actor: a.id, employer: held.employer, job: job.id } : null;
}
