import type { Strategy } from '../../../sim/model/strategy.ts';
import type { ToolCall } from '../../../sim/model/tools.ts';
import type { Rng } from '../../../sim/rng.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import type { ActorState } from '../../../sim/state/types.ts';
import { closedRefuses } from '../../../sim/state/overrides.ts';
import { canonicalJson } from '../../../sim/lib/canonical.ts';
import { callIdOf, type Perception } from '../../perception.ts';

/** How pressing each need is, 0 (fine) to 1 (urgent). */
export interface Needs {
  hunger: number;
  poverty: number;
  loneliness: number;
  purpose: number;
}

export interface Ctx {
  cat: Catalog;
  p: Perception;
  self: ActorState;
  needs: Needs;
  rng: Rng;
  /** the id of the call it makes, on first use: only a kept candidate's call is made */
  callId?: string;
  /** people present and alive, computed on first use */
  alive?: Perception['people'];
  /** whom the actor talked with lately (recent.ts), computed on first use */
  talked?: (string | undefined)[];
  /** the candidate being offered (propose), one object refilled for each */
  draft: Draft;
  /** what the weighing does with a candidate offered, given its score with noise (index.ts): `made(ctx)` builds it if kept */
  take: (ctx: Ctx, noisy: number) => void;
}

/** A possible action and how much the actor wants it. */
export interface Candidate {
  strategy: Strategy;
  score: number;
  call: ToolCall;
}

/** Each option offers its candidates through `propose`; what it returns is not read. */
export type Option = (ctx: Ctx) => unknown;

type Tool = ToolCall['tool'];
export type Args<T extends Tool> = Extract<ToolCall, { tool: T }>['args'];

/**
 * Makes a call's arguments from what an option found (up to four values). Called only for a candidate
 * kept, most being outscored: a function of its own, not a closure per candidate (thousands of bots a tick).
 */
export type Build<T extends Tool, A, B, C, D> = (ctx: Ctx, a: A, b: B, c: C, d: D) => Args<T>;

/** A candidate offered, its call not made yet. */
export interface Draft {
  strategy: Strategy;
  score: number;
  tool: Tool;
  build: Build<Tool, unknown, unknown, unknown, unknown>;
  a: unknown;
  b: unknown;
  c: unknown;
  d: unknown;
  /** the candidate, once made */
  made: Candidate | null;
}

/** A draft with nothing offered yet, its fields of the types they take. */
export const newDraft = (): Draft => ({
  strategy: 'rest',
  score: 0.5,
  tool: 'move',
  build: unset,
  a: undefined,
  b: undefined,
  c: undefined,
  d: undefined,
  made: null,
});

const unset = (): Args<Tool> => {
  throw new Error('no candidate offered');
};

const NOISE = 0.35;

/**
 * Offer a candidate: scored, dropped if it would be refused, else handed to the weighing with its seeded
 * noise. Each is offered where the option finds it, so the draws are those of every option run in turn and
 * then its candidates considered in order: no option draws after it proposes.
 */
export function propose<T extends Tool, A, B, C, D>(
  ctx: Ctx,
  strategy: Strategy,
  base: number,
  tool: T,
  build: Build<T, A, B, C, D>,
  a?: A,
  b?: B,
  c?: C,
  d?: D,
): true {
  // strategy weights are what reflection learns; the drive-shaped base is who the actor is;
  // the need for purpose lifts everything that is work or making
  const score = base * ctx.self.strategy[strategy] * (purposeful(strategy) ? 1 + 0.5 * ctx.needs.purpose : 1);
  const draft = ctx.draft;
  draft.strategy = strategy;
  draft.score = score;
  draft.tool = tool;
  draft.build = build as unknown as Draft['build'];
  draft.a = a;
  draft.b = b;
  draft.c = c;
  draft.d = d;
  draft.made = null;
  if (mayRefuse(ctx, tool) && refused(ctx, made(ctx))) return true;
  ctx.take(ctx, score + NOISE * ctx.rng.next());
  return true;
}

/** The candidate being offered, its call made once. */
export function made(ctx: Ctx): Candidate {
  const d = ctx.draft;
  if (d.made) return d.made;
  const call = {
    id: (ctx.callId ??= callIdOf(ctx.p)),
    actor: ctx.self.id,
    tool: d.tool,
    args: d.build(ctx, d.a, d.b, d.c, d.d),
  } as ToolCall;
  return (d.made = { strategy: d.strategy, score: d.score, call });
}

/** Whether a call of this tool could be refused here at all: a closed place, or a failure of the same tool standing. */
function mayRefuse(ctx: Ctx, tool: Tool): boolean {
  const shut = ctx.p.shut;
  if (shut && (tool === 'move' || shut.includes(ctx.p.place.id))) return true;
  const failed = ctx.p.lastFailure;
  return !!failed && sameTool(failed.sig, tool);
}

/** Whether a candidate would be refused: what a closed place refuses, or the very call just refused (a failure stands until the next accepted call). */
function refused(ctx: Ctx, c: Candidate): boolean {
  // what a closed place would refuse is not offered: a trip into one, and trade or making inside one
  if (ctx.p.shut && shutOut(ctx, c)) return true;
  const failed = ctx.p.lastFailure;
  return !!failed && sameTool(failed.sig, c.call.tool) && failed.sig === `${c.call.tool}|${canonicalJson(c.call.args)}`;
}

/** Whether a failure's signature (`tool|args`) is of this tool. */
const sameTool = (sig: string, tool: string): boolean => sig.charCodeAt(tool.length) === 124 && sig.startsWith(tool);

/** Whether the Judge would refuse a candidate for a place an intervention closed (sim/state/overrides.ts). */
function shutOut(ctx: Ctx, c: Candidate): boolean {
  const shut = ctx.p.shut!;
  if (c.call.tool === 'move') return shut.includes(c.call.args.destination);
  return shut.includes(ctx.p.place.id) && closedRefuses(ctx.cat, c.call);
}

/** Work and making (compared, not looked up in a set: every candidate asks). */
const purposeful = (s: Strategy): boolean => s === 'work' || s === 'trade' || s === 'art' || s === 'teach';

export const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
