import { jobHeldAt, onShift, paidThisShift } from '../model/jobs.ts';
import type { EventBody } from '../model/events.ts';
import type { ToolCall } from '../model/tools.ts';
import { own } from '../model/ids.ts';
import { wageNow } from '../state/overrides.ts';
import type { Draft } from './draft.ts';

/**
 * The Judge's own finding that a work call went unpaid: work at the job the caller holds, at its place,
 * in its shift and not yet paid for this shift, for an employer who pays it out of their own money,
 * holds less than it pays now, and paid no wage in this proposal. It is read from the state, whatever
 * an engine narrated, so nothing else can mark anyone unpaid; the worker heeds it for days (bots/lessons.ts).
 */
export function unpaidWork(d: Draft, call: ToolCall): Extract<EventBody, { type: 'unpaid' }> | null {
  if (call.tool !== 'use_resource' || d.cat.words.purposeDoes(call.args.purpose) !== 'work') return null;
  const a = d.state.actors[call.actor];
  const worked = jobHeldAt(d.cat.scenario.meta.jobs, a.tags, a.location);
  if (!worked || worked.job.source !== undefined) return null;
  const { job, employer } = worked;
  const clock = d.cat.scenario.vocabulary.time;
  if (!onShift(job, d.tick, clock) || paidThisShift(job, a, d.tick, clock)) return null;
  const money = own(d.state.actors, employer)?.money ?? 0;
  if (money >= wageNow(job, d.state, money)) return null;
  // an engine may still have paid what little there was: that work was paid
  if (d.events.some((e) => e.type === 'transfer' && e.reason === 'wage' && e.to === a.id)) return null;
  return { type: 'unpaid', actor: a.id, employer, job: job.id };
}
