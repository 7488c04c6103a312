import { z } from 'zod';

/** The roles a language model plays; each may use its own model. */
export const ROLES = ['bot', 'engine', 'narrator', 'intent'] as const;
export type Role = (typeof ROLES)[number];

const num = (min: number) => z.coerce.number().int().min(min);

/**
 * Everything the client needs, from the environment and flags (flags win). Defaults suit a local
 * server: a few parallel requests, no rate limit, a generous timeout.
 */
export const LlmConfig = z.object({
  baseURL: z.string().url().optional(),
  /** Ollama and most local servers ignore the key, but the SDK wants one */
  apiKey: z.string().min(1).default('none'),
  models: z.record(z.enum(ROLES), z.string().min(1)),
  timeoutMs: num(1).default(60_000),
  /** retries after the first attempt, on 429, 5xx, timeouts and dropped connections */
  retries: num(0).default(3),
  backoffMs: num(0).default(500),
  /** a server asking to wait longer than this is waited for this long at most */
  maxRetryAfterMs: num(0).default(60_000),
  concurrency: num(1).default(4),
  /** requests and tokens per minute; 0 means no limit */
  rpm: num(0).default(0),
  tpm: num(0).default(0),
  /** completion tokens asked per call */
  maxCompletionTokens: num(1).default(512),
  /** tokens (prompt + completion) for the whole run; 0 means no cap */
  maxRunTokens: num(0).default(0),
  record: z.string().min(1).optional(),
  replay: z.string().min(1).optional(),
  /** a replay miss falls back (and is counted) instead of stopping the run */
  replayFallback: z.union([z.boolean(), z.enum(['0', '1']).transform((v) => v === '1')]).default(false),
  temperature: z.coerce.number().min(0).max(2).default(0),
  /** OpenAI's strict structured output (see world-engine/llm/strict.ts); by default only against OpenAI itself */
  strictOutput: z.union([z.boolean(), z.enum(['0', '1']).transform((v) => v === '1')]).optional(),
});
export type LlmConfig = z.infer<typeof LlmConfig>;

/** What a command line may set; anything left undefined comes from the environment. */
export interface LlmFlags {
  model?: string;
  engineModel?: string;
  baseURL?: string;
  timeoutMs?: number;
  concurrency?: number;
  rpm?: number;
  tpm?: number;
  maxTokens?: number;
  record?: string;
  replay?: string;
  replayFallback?: boolean;
}

const DEFAULT_MODEL = 'gpt-4o-mini';

/**
 * OPENAI_API_KEY, OPENAI_BASE_URL; ASTINUS_MODEL for every role, ASTINUS_MODEL_<ROLE> for one
 * (BOT, ENGINE, NARRATOR, INTENT); ASTINUS_LLM_TIMEOUT_MS, _RETRIES, _CONCURRENCY, _RPM, _TPM,
 * ASTINUS_LLM_TEMPERATURE, _COMPLETION_TOKENS, _STRICT (1 or 0), ASTINUS_MAX_TOKENS, ASTINUS_LLM_RECORD, ASTINUS_LLM_REPLAY,
 * ASTINUS_LLM_REPLAY_FALLBACK (1 or 0).
 * Throws a ZodError on a bad value.
 */
export function loadLlmConfig(env: NodeJS.ProcessEnv = process.env, flags: LlmFlags = {}): LlmConfig {
  const base = flags.model ?? env.ASTINUS_MODEL ?? DEFAULT_MODEL;
  const models = Object.fromEntries(ROLES.map((r) => [r, env[`ASTINUS_MODEL_${r.toUpperCase()}`] ?? base])) as Record<Role, string>;
  if (flags.model) models.bot = flags.model;
  if (flags.engineModel) models.engine = flags.engineModel;
  const pick = <T>(flag: T | undefined, name: string) => flag ?? (env[name] === '' ? undefined : env[name]);
  return LlmConfig.parse({
    baseURL: pick(flags.baseURL, 'OPENAI_BASE_URL'),
    apiKey: env.OPENAI_API_KEY || undefined,
    models,
    timeoutMs: pick(flags.timeoutMs, 'ASTINUS_LLM_TIMEOUT_MS'),
    retries: pick(undefined, 'ASTINUS_LLM_RETRIES'),
    concurrency: pick(flags.concurrency, 'ASTINUS_LLM_CONCURRENCY'),
    rpm: pick(flags.rpm, 'ASTINUS_LLM_RPM'),
    tpm: pick(flags.tpm, 'ASTINUS_LLM_TPM'),
    maxRunTokens: pick(flags.maxTokens, 'ASTINUS_MAX_TOKENS'),
    record: pick(flags.record, 'ASTINUS_LLM_RECORD'),
    replay: pick(flags.replay, 'ASTINUS_LLM_REPLAY'),
    replayFallback: pick(flags.replayFallback || undefined, 'ASTINUS_LLM_REPLAY_FALLBACK'),
    temperature: pick(undefined, 'ASTINUS_LLM_TEMPERATURE'),
    maxCompletionTokens: pick(undefined, 'ASTINUS_LLM_COMPLETION_TOKENS'),
    strictOutput: pick(undefined, 'ASTINUS_LLM_STRICT'),
  });
}

/** Is this OpenAI's own API (no base URL, or api.openai.com)? It differs from compatible servers in a few parameters. */
export const openAiItself = (c: Pick<LlmConfig, 'baseURL'>): boolean =>
  c.baseURL === undefined || /^https:\/\/api\.openai\.com\//.test(c.baseURL);

export const useStrictOutput = (c: LlmConfig): boolean => c.strictOutput ?? openAiItself(c);
