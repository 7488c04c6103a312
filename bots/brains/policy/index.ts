import { rngFor } from '../../../sim/rng.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import type { Perception } from '../../perception.ts';
import type { Brain, DecisionSink } from '../types.ts';
import { type Candidate, clamp01, type Ctx, made, newDraft } from './context.ts';
import { ANSWER_OPTIONS, DYING_OPTIONS, OPTIONS } from './options.ts';
import { tendNeed } from './needs.ts';

// each set of options as a list in its declared order, walked on every decision without a key lookup per option
// a declared need's option last: a pack without declared needs draws exactly the noise it always did
const ALL = [...Object.values(OPTIONS), tendNeed];
const DYING = Object.values(DYING_OPTIONS);
const ANSWERING = Object.values(ANSWER_OPTIONS);

/** How many of its best options the policy brain writes to a decision log. */
export const LOGGED_OPTIONS = 5;

/**
 * The deterministic brain: every option an actor has is scored by need, personality and learned
 * strategy weight, plus seeded noise; the best one is the call. A call just rejected is not made
 * again unchanged. With `onDecision`, each decision's best options and their scores are reported
 * too: the same scores and the same draws, so the call is the one it makes without it.
 */
export function policyBrain(o: { onDecision?: DecisionSink } = {}): Brain {
  const sink = o.onDecision;
  return {
    name: 'policy',
    trusted: true,
    decide(cat: Catalog, p: Perception, seed: number) {
      if (sink) return noted(cat, p, seed, sink);
      // the best only: no list is kept on the hot path (thousands of bots a tick)
      let best: Candidate | null = null;
      let top = -Infinity;
      // only a candidate that beats the best so far has its call made
      weigh(cat, p, seed, (ctx, score) => {
        if (score > top) {
          best = made(ctx);
          top = score;
        }
      });
      return (best as Candidate | null)?.call ?? null;
    },
  };
}

/** A decision with its best options kept, the earliest of equal scores first (as the brain chooses), and reported. */
function noted(cat: Catalog, p: Perception, seed: number, sink: DecisionSink) {
  const top: { c: Candidate; score: number }[] = [];
  weigh(cat, p, seed, (ctx, score) => {
    if (top.length === LOGGED_OPTIONS && score <= top[top.length - 1].score) return;
    let i = top.length;
    while (i > 0 && top[i - 1].score < score) i--;
    top.splice(i, 0, { c: made(ctx), score });
    if (top.length > LOGGED_OPTIONS) top.pop();
  });
  const call = top[0]?.c.call ?? null;
  sink({
    tick: p.tick,
    actor: p.self.id,
    brain: 'policy',
    call,
    options: top.map((x) => ({ call: x.c.call, strategy: x.c.strategy, score: x.score })),
  });
  return call;
}

/**
 * Every option the actor has, best first, each scored with its seeded noise (the first is the
 * brain's call): the game master offers a player the next few as their next actions.
 */
export function scored(cat: Catalog, p: Perception, seed: number): Candidate[] {
  const out: { c: Candidate; score: number; n: number }[] = [];
  weigh(cat, p, seed, (ctx, score) => out.push({ c: made(ctx), score, n: out.length }));
  // the earliest of equal scores first, as the brain chooses
  return out.sort((a, b) => b.score - a.score || a.n - b.n).map((x) => x.c);
}

/** Score each option in turn, with its seeded noise, in the options' order; a call just refused is not offered again unchanged. */
function weigh(cat: Catalog, p: Perception, seed: number, take: Ctx['take']): void {
  const self = p.self;
  const needs = cat.scenario.meta.rules.needs;
  const ctx: Ctx = {
    cat,
    p,
    self,
    needs: {
      hunger: clamp01((60 - self.energy) / 60),
      poverty: clamp01((300 - self.money) / 300),
      loneliness: clamp01((p.tick - self.lastSocial) / needs.lonelyAfterTicks),
      // idle hands: the longer since one worked or made something, the more it is wanted
      purpose: clamp01((p.tick - self.lastPurpose) / (2 * needs.lonelyAfterTicks)),
    },
    rng: rngFor(seed, p.tick, self.id, 'decide'),
    callId: undefined,
    // filled on first use, but present from the start: one shape for every context the options read
    alive: undefined,
    talked: undefined,
    draft: newDraft(),
    take,
  };
  // a player spoke to it: its turn is the answer, and nothing else
  const options = p.answering ? ANSWERING : self.status === 'dying' ? DYING : ALL;
  // each option offers its candidates as it finds them (propose, context.ts)
  for (const option of options) option(ctx);
}
