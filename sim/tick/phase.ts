import type { DirectorWindow } from '../../world-engine/director/window.ts';
import type { TickJudge } from '../judge/judge.ts';
import type { Reason } from '../model/events.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import type { Advisors } from './advisors.ts';
import type { Decision, Deliberation } from './deliberation.ts';
import type { Inbox, Refusal, RequestKind } from './inbox.ts';

/**
 * Where in a tick a phase runs (docs/design.md, The tick): `open`, before anyone perceives (what
 * arrived from outside, judged first); then the runner's own step, where the due actors perceive,
 * decide, are resolved and judged; then `close`, in the world that step left.
 */
export type Slot = 'open' | 'close';

/** What a phase works with: the tick's world, its Judge (the only way to change the world), its requests. */
export interface TickContext {
  readonly cat: Catalog;
  readonly state: WorldState;
  readonly tick: number;
  readonly judge: TickJudge;
  readonly delib: Deliberation;
  /** what arrived from outside since the last tick: a phase takes the kinds it owns */
  readonly requests: Inbox;
  /** what the Judge refused of them, told to whoever asked once the tick is committed */
  readonly refused: Refusal[];
  readonly advisors: Advisors;
  readonly recent: DirectorWindow | undefined;
  /** the actors due at this tick (set by the runner's step; empty during `open`) */
  due: readonly string[];
  /** what each due actor decided, by the index of `due` (a player's call carries the story choice sent with it) */
  decisions: readonly Decision[];
  /** who acted this tick, sorted before `close` runs; a phase that makes someone act adds them */
  readonly acted: string[];
  /** how many events the Judge held when the due actors' calls began to be judged */
  judgedFrom: number;
}

/**
 * A feature's turn in the tick. It proposes through `ctx.judge` alone, so the Judge stays the only
 * authority; a feature is its phases in the registry (`phases.ts`), and the runner does not change.
 */
export interface Phase {
  readonly id: string;
  readonly at: Slot;
  run(ctx: TickContext): void | Promise<void>;
}

/** Judge every waiting request of a kind, one verdict each, in the order they came; note the refusals. */
export function judgeEach<R>(ctx: TickContext, kind: RequestKind<R>, verdict: (r: R) => Reason | null): void {
  for (const r of ctx.requests.take(kind)) {
    const reason = verdict(r);
    if (reason) ctx.refused.push({ kind: kind.id, askedBy: kind.askedBy(r), request: r, reason });
  }
}
