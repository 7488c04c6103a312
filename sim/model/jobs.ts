import { between, clockOf, type Clock } from './clock.ts';
import { knowsSkill } from './skills.ts';

/**
 * Holding a job is a tag naming the job and the employer who gave it: `job:<job>:<employer>`.
 * Capacity is per employer, so a grown world with several foremen has several crews.
 */
export const jobTag = (job: string, employer: string) => `job:${job}:${employer}`;

export function parseJobTag(tag: string): { job: string; employer: string } | null {
  if (!tag.startsWith('job:')) return null;
  const cut = tag.indexOf(':', 4);
  return cut > 4 && cut < tag.length - 1 ? { job: tag.slice(4, cut), employer: tag.slice(cut + 1) } : null;
}

/** Whether a person may be taken on for a job: the role and the skill it requires, if any (sim/model/skills.ts). */
export function qualifies(
  job: { requires?: { role?: string; skill?: string } },
  a: { roles: readonly string[]; tags: readonly string[]; inventory: Record<string, number> },
): boolean {
  const r = job.requires;
  return !r || ((r.role === undefined || a.roles.includes(r.role)) && (r.skill === undefined || knowsSkill(a, r.skill)));
}

/** The job the tags hold, with the employer who gave it, if it is worked at `place`; null otherwise. */
export function jobHeldAt<J extends { id: string; place: string }>(
  jobs: readonly J[],
  tags: readonly string[],
  place: string,
): { job: J; employer: string } | null {
  const held = heldJob(tags);
  const job = held && jobs.find((j) => j.id === held.job && j.place === place);
  return job ? { job, employer: held.employer } : null;
}

/**
 * What a job pays now, of `most` (its wage, or what an intervention set): a job whose wage follows the
 * employer's purse pays its `share` of what they hold, rounded down, at least its `min`, never above `most`.
 */
export function slidingWage(job: { sliding?: { share: number; min: number } }, most: number, employerMoney: number): number {
  const p = job.sliding;
  return p ? Math.min(most, Math.max(p.min, Math.floor(employerMoney * p.share))) : most;
}

/** Whether the tick falls in the job's shift (any hour for a job without `hours`). */
export function onShift(job: { hours?: { from: number; to: number } }, tick: number, clock: Clock): boolean {
  return !job.hours || between(tick, clock, job.hours.from, job.hours.to);
}

/**
 * The first tick of the shift the tick falls in: of the job's hours, or of the day for a job without
 * them; -1 out of the shift. Walks back at most a day of ticks.
 */
export function shiftStart(job: { hours?: { from: number; to: number } }, tick: number, clock: Clock): number {
  if (!onShift(job, tick, clock)) return -1;
  const day = clockOf(tick, clock).day;
  let t = tick;
  for (let i = 0; i < clock.ticksPerDay && t > 0; i++) {
    const before = t - 1;
    if (job.hours ? !onShift(job, before, clock) : clockOf(before, clock).day !== day) break;
    t = before;
  }
  return t;
}

/** Whether a job paid by the shift (`pay: "shift"`) has already paid this worker for the shift the tick falls in. */
export function paidThisShift(
  job: { id: string; pay?: 'call' | 'shift'; hours?: { from: number; to: number } },
  worker: { shifts?: Record<string, number> },
  tick: number,
  clock: Clock,
): boolean {
  if (job.pay !== 'shift') return false;
  const last = worker.shifts && Object.hasOwn(worker.shifts, job.id) ? worker.shifts[job.id] : undefined;
  return last !== undefined && last === shiftStart(job, tick, clock);
}

/** The job an actor holds, if any. */
export function heldJob(tags: readonly string[]): { job: string; employer: string } | null {
  for (const t of tags) if (t.startsWith('job:')) return parseJobTag(t);
  return null;
}
