import { rngFor } from '../../../sim/rng.ts';
import { closedRefuses } from '../../../sim/state/overrides.ts';
import { canonicalJson } from '../../../sim/lib/canonical.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import { callIdOf, type Perception } from '../../perception.ts';
import type { Brain, DecisionSink } from '../types.ts';
import { type Candidate, clamp01, type Ctx } from './context.ts';
import { ANSWER_OPTIONS, DYING_OPTIONS, OPTIONS } from './options.ts';
import { tendNeed } from './needs.ts';

const NOISE = 0.35;

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
      weigh(cat, p, seed, (c, score) => {
        if (score > top) {
          best = c;
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
  weigh(cat, p, seed, (c, score) => {
    if (top.length === LOGGED_OPTIONS && score <= top[top.length - 1].score) return;
    let i = top.length;
    while (i > 0 && top[i - 1].score < score) i--;
    top.splice(i, 0, { c, score });
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
  weigh(cat, p, seed, (c, score) => out.push({ c, score, n: out.length }));
  // the earliest of equal scores first, as the brain chooses
  return out.sort((a, b) => b.score - a.score || a.n - b.n).map((x) => x.c);
}

/** Score each option in turn, with its seeded noise, in the options' order; a call just refused is not offered again unchanged. */
function weigh(cat: Catalog, p: Perception, seed: number, take: (c: Candidate, score: number) => void): void {
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
    callId: callIdOf(p),
    // filled on first use, but present from the start: one shape for every context the options read
    alive: undefined,
    talked: undefined,
  };
  // a player spoke to it: its turn is the answer, and nothing else
  const options = p.answering ? ANSWERING : self.status === 'dying' ? DYING : ALL;
  for (const option of options) {
    const got = option(ctx);
    // most options offer one candidate or none: no array made for them
    if (Array.isArray(got)) for (const c of got) consider(ctx, c, take);
    else if (got !== null) consider(ctx, got, take);
  }
}

/** A function of its own, not a closure made per decision (thousands a tick). */
function consider(ctx: Ctx, c: Candidate, take: (c: Candidate, score: number) => void): void {
  // what a closed place would refuse is not offered: a trip into one, and trade or making inside one
  if (ctx.p.shut && shutOut(ctx, c)) return;
  const failed = ctx.p.lastFailure;
  // the arguments' JSON only for a candidate of the refused call's tool: a failure stands until the next accepted call
  if (failed && sameTool(failed.sig, c.call.tool) && failed.sig === `${c.call.tool}|${canonicalJson(c.call.args)}`) return;
  take(c, c.score + NOISE * ctx.rng.next());
}

/** Whether a failure's signature (`tool|args`) is of this tool. */
const sameTool = (sig: string, tool: string): boolean => sig.charCodeAt(tool.length) === 124 && sig.startsWith(tool);

/** Whether the Judge would refuse a candidate for a place an intervention closed (sim/state/overrides.ts). */
function shutOut(ctx: Ctx, c: Candidate): boolean {
  const shut = ctx.p.shut!;
  if (c.call.tool === 'move') return shut.includes(c.call.args.destination);
  return shut.includes(ctx.p.place.id) && closedRefuses(ctx.cat, c.call);
}
