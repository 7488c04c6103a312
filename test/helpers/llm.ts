import { createLlm, type LlmRuntime } from '../../adapters/llm/runtime.ts';
import { LlmConfig } from '../../adapters/llm/config.ts';
import type { Lang } from '../../sim/model/text.ts';

/** A config for the loopback server; waits between retries are recorded, not slept. */
export function testConfig(url: string, over: Partial<LlmConfig> = {}): LlmConfig {
  return LlmConfig.parse({
    baseURL: url,
    apiKey: 'test-key',
    models: { bot: 'bot-model', engine: 'engine-model', narrator: 'n', intent: 'i' },
    timeoutMs: 10_000,
    retries: 2,
    backoffMs: 10,
    ...over,
  });
}

/** A runtime whose sleeps are recorded and skipped: tests assert on waits and order, never on time. */
export function testRuntime(url: string, over: Partial<LlmConfig> = {}, lang: Lang = 'en'): LlmRuntime & { waits: number[] } {
  const waits: number[] = [];
  const rt = createLlm({
    config: testConfig(url, over),
    lang,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return Object.assign(rt, { waits });
}
