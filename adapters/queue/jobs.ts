import { z } from 'zod';
import { Lang } from '../../sim/model/text.ts';

/** Where the worker finds the scenario, and which content it must have. */
const ScenarioRef = z.object({ path: z.string(), hash: z.string() });
/** the coordinator's engine source hash (adapters/provenance): a worker running other code refuses the job */
const EngineHash = z.string().regex(/^[0-9a-f]{64}$/);

/** One actor's decision: perception in, a tool call (or null) out. */
export const DecideJob = z.object({
  kind: z.literal('decide'),
  scenario: ScenarioRef,
  engineHash: EngineHash,
  brain: z.string(),
  /** the run's language: a language model's prompts are written in it */
  lang: Lang,
  seed: z.number().int(),
  perception: z.record(z.string(), z.unknown()),
});
/** One call's consequences: slice and call in, a consequence out. */
export const ResolveJob = z.object({
  kind: z.literal('resolve'),
  scenario: ScenarioRef,
  engineHash: EngineHash,
  engine: z.string(),
  lang: Lang,
  slice: z.record(z.string(), z.unknown()),
  call: z.record(z.string(), z.unknown()),
});
export const JobData = z.discriminatedUnion('kind', [DecideJob, ResolveJob]);
export type DecideJob = z.infer<typeof DecideJob>;
export type ResolveJob = z.infer<typeof ResolveJob>;
export type JobData = z.infer<typeof JobData>;

/**
 * What a job returns. A brain or engine that throws is an answer too (`ok: false`), judged like
 * an invalid call; only trouble with the job itself (unknown backend, wrong scenario) fails it.
 */
export const JobResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type JobResult = z.infer<typeof JobResult>;

/**
 * The deterministic job id of (world, tick, actor, kind): adding it again while it exists is a
 * no-op, so a retried tick or a duplicated job changes nothing. BullMQ refuses ':' in custom ids,
 * so each part is URI-encoded and the parts joined by '/'.
 */
export function jobId(world: string, tick: number, actor: string, kind: JobData['kind'], answer = false): string {
  // an answer to a player is a second turn in the same tick: its own job, never the first one's result
  return [world, String(tick), actor, kind, ...(answer ? ['answer'] : [])].map(encodeURIComponent).join('/');
}
