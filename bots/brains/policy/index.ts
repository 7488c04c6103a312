import { rngFor } from '../../../sim/rng.ts';
import { canonicalJson } from '../../../sim/store/canonical.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import { callIdOf, type Perception } from '../../perception.ts';
import type { Brain } from '../types.ts';
import { type Candidate, clamp01, type Ctx } from './context.ts';
import { ANSWER_OPTIONS, DYING_OPTIONS, OPTIONS } from './options.ts';

const NOISE = 0.35;

/**
 * The deterministic brain: every option an actor has is scored by need, personality and learned
 * strategy weight, plus seeded noise; the best one is the call. A call just rejected is not made
 * again unchanged.
 */
export function policyBrain(): Brain {
  return {
    name: 'policy',
    trusted: true,
    decide(cat: Catalog, p: Perception, seed: number) {
      const self = p.self;
      const needs = cat.scenario.meta.rules.needs;
      const ctx: Ctx = {
        cat, p, self,
        needs: {
          hunger: clamp01((60 - self.energy) / 60),
          poverty: clamp01((300 - self.money) / 300),
          loneliness: clamp01((p.tick - self.lastSocial) / needs.lonelyAfterTicks),
          // idle hands: the longer since one worked or made something, the more it is wanted
          purpose: clamp01((p.tick - self.lastPurpose) / (2 * needs.lonelyAfterTicks)),
        },
        rng: rngFor(seed, p.tick, self.id, 'decide'),
        callId: callIdOf(p),
      };
      // a player spoke to it: its turn is the answer, and nothing else
      const options = p.answering ? ANSWER_OPTIONS : self.status === 'dying' ? DYING_OPTIONS : OPTIONS;
      let best: Candidate | null = null;
      let bestScore = -Infinity;
      const consider = (c: Candidate) => {
        if (p.lastFailure && p.lastFailure.sig === `${c.call.tool}|${canonicalJson(c.call.args)}`) return;
        const score = c.score + NOISE * ctx.rng.next();
        if (score > bestScore) {
          best = c;
          bestScore = score;
        }
      };
      for (const name in options) {
        const got = options[name](ctx);
        // most options offer one candidate or none: no array made for them
        if (Array.isArray(got)) for (const c of got) consider(c);
        else if (got !== null) consider(got);
      }
      return (best as Candidate | null)?.call ?? null;
    },
  };
}
