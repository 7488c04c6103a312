import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';

/** A command-line mistake, as locale keys with parameters: shown with the command's usage, exit code 2. */
export class UsageError extends Error {
  constructor(readonly problems: { key: string; params?: Record<string, unknown> }[]) {
    super(problems.map((p) => p.key).join(', '));
    this.name = 'UsageError';
  }
}

const int = (name: string, min: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: 'custom', message: 'cli.error.int', params: { name, min, value: v } });
        return z.NEVER;
      }
      return n;
    });

const LogLevel = z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], { error: 'cli.error.log_level' }).default('warn');

/** What opens a world and its backends: shared by `run` and `serve` (adapters/cli/open.ts). */
export const WorldArgs = z.object({
  scenario: z.string({ error: 'cli.error.scenario_required' }),
  seed: int('seed', 0),
  data: z.string().optional(),
  population: int('population', 1),
  lang: z.enum(['cn', 'en'], { error: 'cli.error.lang' }).default('en'),
  'log-level': LogLevel,
  'log-file': z.string().optional(),
  // language models (adapters/llm/README.md); the rest of their settings come from the environment
  brain: z.enum(['policy', 'llm', 'hybrid'], { error: 'llm.error.brain' }).default('policy'),
  engine: z.enum(['rules', 'llm'], { error: 'llm.error.engine' }).default('rules'),
  model: z.string().min(1).optional(),
  'engine-model': z.string().min(1).optional(),
  'llm-base-url': z.string().min(1).optional(),
  'max-tokens': int('max-tokens', 1),
  'llm-record': z.string().min(1).optional(),
  'llm-replay': z.string().min(1).optional(),
  'llm-replay-fallback': z.boolean().default(false),
  'llm-timeout': int('llm-timeout', 1),
  'llm-concurrency': int('llm-concurrency', 1),
  'llm-rpm': int('llm-rpm', 0),
  'llm-tpm': int('llm-tpm', 0),
});
export type WorldArgs = z.infer<typeof WorldArgs>;
const WORLD_OPTIONS: ParseArgsConfig['options'] = {
  seed: { type: 'string' },
  data: { type: 'string' },
  population: { type: 'string' },
  lang: { type: 'string' },
  'log-level': { type: 'string' },
  'log-file': { type: 'string' },
  brain: { type: 'string' },
  engine: { type: 'string' },
  model: { type: 'string' },
  'engine-model': { type: 'string' },
  'llm-base-url': { type: 'string' },
  'max-tokens': { type: 'string' },
  'llm-record': { type: 'string' },
  'llm-replay': { type: 'string' },
  'llm-replay-fallback': { type: 'boolean' },
  'llm-timeout': { type: 'string' },
  'llm-concurrency': { type: 'string' },
  'llm-rpm': { type: 'string' },
  'llm-tpm': { type: 'string' },
};

export const RunArgs = WorldArgs.extend({
  ticks: int('ticks', 1).pipe(z.number({ error: 'cli.error.ticks_required' })),
  quiet: z.boolean().default(false),
  feed: int('feed', 0),
  pace: int('pace', 0),
  /** write the run's metrics files (sim/metrics/README.md) into this folder when it stops */
  metrics: z.string().min(1).optional(),
  interventions: z.string().min(1).optional(),
  /** write one JSON line per bot decision into this file (adapters/cli/decisions.ts) */
  decisions: z.string().min(1).optional(),
  /** continue a data directory another engine wrote (its manifest then lists both) */
  'allow-mixed': z.boolean().default(false),
});

export const ServeArgs = WorldArgs.extend({
  port: int('port', 0).default(3000),
  host: z.string().default('127.0.0.1'),
  'tick-ms': int('tick-ms', 10).default(1000),
  'turn-based': z.boolean().default(false),
  /** how long a tick waits for players who have not acted before they count as away; 0: the clock alone */
  'wait-ms': int('wait-ms', 0).default(60_000),
  private: z.boolean().default(false),
});
export type ServeArgs = z.infer<typeof ServeArgs>;
export const SERVE_OPTIONS: ParseArgsConfig['options'] = {
  ...WORLD_OPTIONS,
  port: { type: 'string' },
  host: { type: 'string' },
  'tick-ms': { type: 'string' },
  'turn-based': { type: 'boolean' },
  'wait-ms': { type: 'string' },
  private: { type: 'boolean' },
};

export const LangArg = z.enum(['cn', 'en'], { error: 'cli.error.lang' }).default('en');
export const ExportArgs = z.object({
  data: z.string({ error: 'cli.error.data_required' }),
  from: int('from', 0),
  to: int('to', 0),
  scenario: z.string().min(1).optional(),
});
export const EXPORT_OPTIONS: ParseArgsConfig['options'] = {
  from: { type: 'string' },
  to: { type: 'string' },
  scenario: { type: 'string' },
};
export const MetricsArgs = z.object({
  data: z.string({ error: 'cli.error.data_required' }),
  out: z.string().min(1).optional(),
  scenario: z.string().min(1).optional(),
  lang: LangArg,
});
export const METRICS_OPTIONS: ParseArgsConfig['options'] = {
  out: { type: 'string' },
  scenario: { type: 'string' },
  lang: { type: 'string' },
};
/** `astinus panel` and `astinus edges` (adapters/cli/panel.ts): one CSV file each. */
export const PanelArgs = MetricsArgs;
export const PANEL_OPTIONS = METRICS_OPTIONS;
export const ValidateArgs = z.object({ scenario: z.string({ error: 'cli.error.scenario_required' }), lang: LangArg });
export const VALIDATE_OPTIONS: ParseArgsConfig['options'] = { lang: { type: 'string' } };
export type RunArgs = z.infer<typeof RunArgs>;

export const RUN_OPTIONS: ParseArgsConfig['options'] = {
  ...WORLD_OPTIONS,
  ticks: { type: 'string' },
  quiet: { type: 'boolean' },
  feed: { type: 'string' },
  pace: { type: 'string' },
  metrics: { type: 'string' },
  interventions: { type: 'string' },
  decisions: { type: 'string' },
  'allow-mixed': { type: 'boolean' },
};

/** `astinus experiment` (adapters/cli/experiment.ts): --population and --brain are defaults a condition may override. */
export const ExperimentArgs = z.object({
  scenario: z.string({ error: 'cli.error.scenario_required' }),
  seeds: z.string({ error: 'experiment.error.seeds_required' }),
  conditions: z.string().min(1).optional(),
  ticks: int('ticks', 1).pipe(z.number({ error: 'cli.error.ticks_required' })),
  out: z.string({ error: 'experiment.error.out_required' }).min(1),
  jobs: int('jobs', 1),
  population: int('population', 1),
  brain: z.enum(['policy', 'llm', 'hybrid'], { error: 'llm.error.brain' }).optional(),
  figure: z.string().min(1).optional(),
  lang: z.enum(['cn', 'en'], { error: 'cli.error.lang' }).default('en'),
  /** at most two: one value per condition, or a grid of two */
  sweep: z.array(z.string()).max(2, { error: 'experiment.error.sweep_count' }).default([]),
  baseline: z.string().min(1).optional(),
  'allow-mixed': z.boolean().default(false),
});
export const EXPERIMENT_OPTIONS: ParseArgsConfig['options'] = {
  seeds: { type: 'string' },
  conditions: { type: 'string' },
  ticks: { type: 'string' },
  out: { type: 'string' },
  jobs: { type: 'string' },
  population: { type: 'string' },
  brain: { type: 'string' },
  figure: { type: 'string' },
  lang: { type: 'string' },
  sweep: { type: 'string', multiple: true },
  baseline: { type: 'string' },
  'allow-mixed': { type: 'boolean' },
};

/** `astinus fork <data-dir> --at T --out DIR`: a new world that continues the original from tick T. */
export const ForkArgs = z.object({
  data: z.string({ error: 'cli.error.data_required' }),
  at: int('at', 0).pipe(z.number({ error: 'cli.error.at_required' })),
  out: z.string({ error: 'cli.error.out_required' }).min(1),
  seed: int('seed', 0),
  interventions: z.string().min(1).optional(),
  scenario: z.string().min(1).optional(),
  lang: LangArg,
  'allow-mixed': z.boolean().default(false),
});
export type ForkArgs = z.infer<typeof ForkArgs>;
export const FORK_OPTIONS: ParseArgsConfig['options'] = {
  at: { type: 'string' },
  out: { type: 'string' },
  seed: { type: 'string' },
  interventions: { type: 'string' },
  scenario: { type: 'string' },
  lang: { type: 'string' },
  'allow-mixed': { type: 'boolean' },
};

/** `astinus worker`: flags win over the environment (REDIS_URL, ASTINUS_QUEUE, WORKER_CONCURRENCY, RATE_LIMIT_MAX, RATE_LIMIT_MS). */
export const WorkerArgs = z.object({
  queue: z.string().optional(),
  name: z.string().optional(),
  concurrency: int('concurrency', 1),
  'rate-max': int('rate-max', 1),
  'rate-ms': int('rate-ms', 1),
  'lock-ms': int('lock-ms', 100),
  'stalled-ms': int('stalled-ms', 100),
  'job-delay': int('job-delay', 0),
  'grace-ms': int('grace-ms', 0),
  runs: int('runs', 1),
  lang: z.enum(['cn', 'en'], { error: 'cli.error.lang' }).default('en'),
  'log-level': LogLevel,
  'log-file': z.string().optional(),
});
export type WorkerArgs = z.infer<typeof WorkerArgs>;
export const WORKER_OPTIONS: ParseArgsConfig['options'] = {
  queue: { type: 'string' },
  name: { type: 'string' },
  concurrency: { type: 'string' },
  'rate-max': { type: 'string' },
  'rate-ms': { type: 'string' },
  'lock-ms': { type: 'string' },
  'stalled-ms': { type: 'string' },
  'job-delay': { type: 'string' },
  'grace-ms': { type: 'string' },
  runs: { type: 'string' },
  lang: { type: 'string' },
  'log-level': { type: 'string' },
  'log-file': { type: 'string' },
};

/** parseArgs, then zod: unknown flags and bad values become a UsageError that says which and why. */
export function parse<S extends z.ZodTypeAny>(
  argv: string[],
  options: ParseArgsConfig['options'],
  positional: string[],
  schema: S,
): z.infer<S> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError([{ key: 'cli.error.args', params: { detail: (err as Error).message } }]);
  }
  if (parsed.positionals.length > positional.length)
    throw new UsageError([{ key: 'cli.error.extra', params: { value: parsed.positionals[positional.length] } }]);
  const input: Record<string, unknown> = { ...parsed.values };
  positional.forEach((name, i) => {
    if (parsed.positionals[i] !== undefined) input[name] = parsed.positionals[i];
  });
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new UsageError(result.error.issues.map((i) => ({ key: i.message, params: (i as { params?: Record<string, unknown> }).params })));
  }
  return result.data;
}
