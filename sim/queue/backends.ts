import { policyBrain } from '../../bots/brains/policy/index.ts';
import type { Brain } from '../../bots/brains/types.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import type { WorldEngine } from '../../world-engine/types.ts';

/**
 * Brains and World Engines by name, so a job can say which one to run and a worker can build it.
 * A plain name -> factory map: new backends (language models) are added here.
 */
export const BRAINS: Record<string, () => Brain> = {
  policy: policyBrain,
};

export const ENGINES: Record<string, () => WorldEngine> = {
  rules: ruleEngine,
};
