import { llmBrain } from '../../bots/brains/llm/index.ts';
import { hybridBrain } from '../../bots/brains/hybrid.ts';
import { policyBrain } from '../../bots/brains/policy/index.ts';
import type { Brain, DecisionSink } from '../../bots/brains/types.ts';
import { llmEngine } from '../../world-engine/llm/index.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import type { WorldEngine } from '../../world-engine/types.ts';
import type { Lang } from '../../sim/model/text.ts';
import { createLlm, type LlmRuntime } from '../llm/runtime.ts';

/*
 * The composition root: the one place that builds brains and World Engines (for `run`, `serve` and
 * `astinus worker`), so the tick, the queue and the language-model client never import them.
 */

export const BRAINS = ['policy', 'llm', 'hybrid'] as const;
export const ENGINES = ['rules', 'llm'] as const;
export type BrainKind = (typeof BRAINS)[number];
export type EngineKind = (typeof ENGINES)[number];

/**
 * `policy` needs no runtime; `llm` and `hybrid` need one (and fall back to the policy brain).
 * `onDecision`: the decision log (`run --decisions`), fed by every brain made here.
 */
export function createBrain(kind: BrainKind, llm: LlmRuntime | null, onDecision?: DecisionSink): Brain {
  const policy = policyBrain({ onDecision });
  if (kind === 'policy') return policy;
  if (!llm) throw new Error(`brain ${kind} needs a language-model runtime (createLlm)`);
  const model = llmBrain({ client: llm.client, stats: llm.stats, fallback: policy, lang: llm.lang, onDecision });
  return kind === 'llm' ? model : hybridBrain(policy, model, llm.stats);
}

/** `rules` needs no runtime; `llm` needs one (and falls back to the rule engine). */
export function createEngine(kind: EngineKind, llm: LlmRuntime | null): WorldEngine {
  const rules = ruleEngine();
  if (kind === 'rules') return rules;
  if (!llm) throw new Error(`engine ${kind} needs a language-model runtime (createLlm)`);
  return llmEngine({ client: llm.client, stats: llm.stats, fallback: rules, lang: llm.lang });
}

/** Does this choice talk to a model at all? */
export const needsLlm = (brain: BrainKind, engine: EngineKind): boolean => brain !== 'policy' || engine !== 'rules';

/**
 * A worker's brains and engines by name, each made in a job's language. The language-model ones share
 * one runtime per worker process, from its own environment (OPENAI_* and ASTINUS_*), made when first needed.
 */
export function workerBackends(): { brains: Record<string, (lang: Lang) => Brain>; engines: Record<string, (lang: Lang) => WorldEngine> } {
  let llm: LlmRuntime | null = null;
  const runtime = (lang: Lang): LlmRuntime => ({ ...(llm ??= createLlm()), lang });
  return {
    brains: {
      policy: () => createBrain('policy', null),
      llm: (lang) => createBrain('llm', runtime(lang)),
      hybrid: (lang) => createBrain('hybrid', runtime(lang)),
    },
    engines: { rules: () => createEngine('rules', null), llm: (lang) => createEngine('llm', runtime(lang)) },
  };
}
