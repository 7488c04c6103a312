import type { LlmStats } from '../../adapters/llm/stats.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import type { Perception } from '../perception.ts';
import type { Brain } from './types.ts';

/**
 * Why a decision goes to the model, or null when it is routine. The rule (README, "Language
 * models"): the policy brain proposes first; the model takes the decision when it is
 *  - social: the policy's call is `interact` or `express`, or someone spoke to the actor since its
 *    last heartbeat (a `told` memory);
 *  - novel: the actor's last call was rejected since its last heartbeat, or it arrived where it is
 *    since then (new surroundings).
 * Everything else (working, eating, buying, travelling, building in a familiar place) stays with
 * the policy, and so does a dying actor (its options are few and the policy knows them all).
 */
export function routeReason(p: Perception, policyCall: ToolCall | null): 'social' | 'spoken_to' | 'rejected' | 'arrived' | null {
  const self = p.self;
  if (self.status === 'dying') return null;
  const since = p.tick - self.heartbeat;
  if (policyCall && (policyCall.tool === 'interact' || policyCall.tool === 'express')) return 'social';
  if (self.memory.some((m) => m.kind === 'told' && m.tick >= since)) return 'spoken_to';
  if (p.lastFailure && p.lastFailure.tick >= since) return 'rejected';
  if (self.arrivedAt >= since && self.arrivedAt > 0) return 'arrived';
  return null;
}

/** Routine decisions by the policy brain, novel or social ones by the model brain (which falls back to the policy itself). */
export function hybridBrain(policy: Brain, model: Brain, stats: LlmStats): Brain {
  return {
    name: 'hybrid',
    trusted: false,
    async decide(cat, p, seed) {
      const routine = await policy.decide(cat, p, seed);
      const why = routeReason(p, routine);
      stats.route(why === null ? 'policy' : 'model', p.self.id, p.tick, why);
      if (why === null) return routine;
      return model.decide(cat, p, seed);
    },
  };
}
