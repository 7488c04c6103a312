import type { Brain } from '../../bots/brains/types.ts';
import type { WorldEngine } from '../../world-engine/types.ts';
import { createBrain, createEngine, createLlm, type LlmRuntime } from '../llm/backends.ts';

// one language-model runtime per worker process, from its environment, made when first needed
let llm: LlmRuntime | null = null;
const runtime = () => (llm ??= createLlm());

/**
 * Brains and World Engines by name, so a job can say which one to run and a worker can build it.
 * The language-model ones read OPENAI_* and ASTINUS_* from the worker's own environment.
 */
export const BRAINS: Record<string, () => Brain> = {
  policy: () => createBrain('policy', null),
  llm: () => createBrain('llm', runtime()),
  hybrid: () => createBrain('hybrid', runtime()),
};

export const ENGINES: Record<string, () => WorldEngine> = {
  rules: () => createEngine('rules', null),
  llm: () => createEngine('llm', runtime()),
};
