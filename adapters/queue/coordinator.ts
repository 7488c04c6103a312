import type { Logger } from '../../sim/log.ts';
import type { Scenario } from '../../sim/model/scenario.ts';
import type { Lang } from '../../sim/model/text.ts';
import type { WorldEngine } from '../../world-engine/types.ts';
import { canonicalJson, digest } from '../../sim/lib/canonical.ts';
import { checkRedis, queueName, redact } from './connection.ts';
import { type QueueDeliberation, queueDeliberation } from './deliberation.ts';

/**
 * The world's key in job ids: what makes a job's answer the same wherever it runs (the pack's
 * content, the seed, the population, the brain and engine, and the language a model is prompted in), so two runs that must agree share
 * their jobs and two that differ never do.
 */
export function worldKey(
  scenario: Scenario,
  seed: number,
  population: number | null,
  brain: string,
  engine: string,
  lang: Lang = 'en',
): string {
  return `${scenario.meta.id}.${digest(canonicalJson({ hash: scenario.hash, seed, population, brain, engine, lang }))}`;
}

/**
 * The coordinator's side, from the environment: with REDIS_URL set, deliberation through BullMQ on
 * the queue ASTINUS_QUEUE (default `astinus`); otherwise null (embedded). Refuses an unreachable
 * Redis at once with a clear message (LocalizedError) instead of waiting.
 */
export async function deliberationFromEnv(o: {
  env?: NodeJS.ProcessEnv;
  scenario: Scenario;
  scenarioPath: string;
  seed: number;
  population: number | null;
  brain: string;
  engine: string;
  lang?: Lang;
  log?: Logger;
  say?: (key: string, params: Record<string, unknown>) => void;
  /** an engine cheap enough to run here rather than as a job (the rules) */
  resolveHere?: WorldEngine;
}): Promise<QueueDeliberation | null> {
  const env = o.env ?? process.env;
  const url = env.REDIS_URL;
  if (!url) return null;
  await checkRedis(url);
  const queue = queueName(env);
  const d = await queueDeliberation({
    url,
    queue,
    world: worldKey(o.scenario, o.seed, o.population, o.brain, o.engine, o.lang),
    scenarioPath: o.scenarioPath,
    brain: o.brain,
    engine: o.engine,
    lang: o.lang,
    resolveHere: o.resolveHere,
  });
  o.log?.info({ queue, redis: redact(url) }, 'deliberation through BullMQ');
  o.say?.('backends.run.queue', { queue, url: redact(url) });
  if ((await d.queue.getWorkersCount().catch(() => 1)) === 0) o.say?.('backends.run.no_workers', { queue });
  return d;
}
