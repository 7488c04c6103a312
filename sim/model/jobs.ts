/**
 * Holding a job is a tag naming the job and the employer who gave it: `job:<job>:<employer>`.
 * Capacity is per employer, so a grown city with several foremen has several crews.
 */
export const jobTag = (job: string, employer: string) => `job:${job}:${employer}`;

export function parseJobTag(tag: string): { job: string; employer: string } | null {
  if (!tag.startsWith('job:')) return null;
  const [, job, employer] = tag.split(':');
  return job && employer ? { job, employer } : null;
}

/** The job an actor holds, if any. */
export function heldJob(tags: readonly string[]): { job: string; employer: string } | null {
  for (const t of tags) {
    const j = parseJobTag(t);
    if (j) return j;
  }
  return null;
}
