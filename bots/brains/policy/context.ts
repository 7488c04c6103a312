import type { Strategy } from '../../../sim/model/strategy.ts';
import type { ToolCall } from '../../../sim/model/tools.ts';
import type { Rng } from '../../../sim/rng.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import type { ActorState } from '../../../sim/state/types.ts';
import type { Perception } from '../../perception.ts';

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
  callId: string;
  /** people present and alive, computed on first use */
  alive?: Perception['people'];
  /** whom the actor talked with lately (recent.ts), computed on first use */
  talked?: (string | undefined)[];
}

/** A possible action and how much the actor wants it. */
export interface Candidate {
  strategy: Strategy;
  score: number;
  call: ToolCall;
}

export type Option = (ctx: Ctx) => Candidate | Candidate[] | null;

type Args<T extends ToolCall['tool']> = Extract<ToolCall, { tool: T }>['args'];

export function propose<T extends ToolCall['tool']>(ctx: Ctx, strategy: Strategy, base: number, tool: T, args: Args<T>): Candidate {
  // strategy weights are what reflection learns; the drive-shaped base is who the actor is;
  // the need for purpose lifts everything that is work or making
  const score = base * ctx.self.strategy[strategy] * (PURPOSEFUL.has(strategy) ? 1 + 0.5 * ctx.needs.purpose : 1);
  return { strategy, score, call: { id: ctx.callId, actor: ctx.self.id, tool, args } as ToolCall };
}

const PURPOSEFUL = new Set<Strategy>(['work', 'trade', 'art', 'teach']);

export const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
