import type { Brain } from '../../bots/brains/types.ts';
import type { WorldEngine } from '../../world-engine/types.ts';
import { createBrain, createEngine, createLlm, type LlmRuntime } from '../llm/backends.ts';
import type { Lang } from '../model/text.ts';

// one language-model runtime per worker process, from its environment, made when first needed;
// its client, limits and token ledger are shared by the brains and engines of every language
let llm: LlmRuntime | null = null;
const runtime = (lang: Lang): LlmRuntime => ({ ...(llm ??= createLlm()), lang });

/**
 * Brains and World Engines by name, so a job can say which one to run and a worker can build it,
 * in the job's language. The language-model ones read OPENAI_* and ASTINUS_* from the worker's own
 * environment.
 */
export const BRAINS: Record<string, (lang: Lang) => Brain> = {
  policy: () => createBrain('policy', null),
  llm: (lang) => createBrain('llm', runtime(lang)),
  hybrid: (lang) => createBrain('hybrid', runtime(lang)),
};

export const ENGINES: Record<string, (lang: Lang) => WorldEngine> = {
  rules: () => createEngine('rules', null),
  llm: (lang) => createEngine('llm', runtime(lang)),
};
