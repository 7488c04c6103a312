import type { Logger } from '../../sim/log.ts';
import type { Lang } from '../../sim/model/text.ts';
import { LlmClient } from './client.ts';
import { readManifest, writeManifest } from './cassette.ts';
import { type LlmConfig, loadLlmConfig, useStrictOutput } from './config.ts';
import { LlmStats } from './stats.ts';
import { TokenLedger } from './usage.ts';

/** One process's language-model runtime: a client, its counters and its token ledger, shared by brain and engine. */
export interface LlmRuntime {
  config: LlmConfig;
  client: LlmClient;
  stats: LlmStats;
  ledger: TokenLedger;
  /** language of the prompt templates */
  lang: Lang;
}

export interface RuntimeOptions {
  config?: LlmConfig;
  log?: Logger | null;
  lang?: Lang;
  /** for tests: wall clock and timers of the client */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Build the runtime; without a config, from the environment (OPENAI_API_KEY, OPENAI_BASE_URL, ASTINUS_MODEL...). */
export function createLlm(o: RuntimeOptions = {}): LlmRuntime {
  const config = withRecordedShape(o.config ?? loadLlmConfig(process.env));
  const stats = new LlmStats(o.log ?? null);
  const ledger = new TokenLedger(config.maxRunTokens);
  const client = new LlmClient(config, { stats, ledger, log: o.log ?? null, now: o.now, sleep: o.sleep });
  return { config, client, stats, ledger, lang: o.lang ?? 'en' };
}

/**
 * A recording notes how its requests were shaped where that depends on the endpoint (strict
 * structured output is on by default only against OpenAI itself); a replay shapes them the same
 * way, whatever endpoint is (or is not) configured now, unless strict output is set explicitly.
 */
function withRecordedShape(config: LlmConfig): LlmConfig {
  if (config.record) writeManifest(config.record, { strictOutput: useStrictOutput(config) });
  const m = config.replay ? readManifest(config.replay) : null;
  return m && config.strictOutput === undefined ? { ...config, strictOutput: m.strictOutput } : config;
}
