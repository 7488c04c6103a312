import type { TickJudge } from '../judge/judge.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import type { Deliberation } from './deliberation.ts';
import type { TickInput } from './input.ts';

/**
 * Where in a tick a phase runs (docs/design.md, The tick): `open`, before anyone perceives (what
 * arrived from outside, judged first); then the runner's own step, where the due actors perceive,
 * decide, are resolved and judged; then `close`, in the world that step left.
 */
export type Slot = 'open' | 'close';

/** What a phase works with: the tick's world, its Judge (the only way to change the world), its inputs. */
export interface TickContext {
  readonly cat: Catalog;
  readonly state: WorldState;
  readonly tick: number;
  readonly judge: TickJudge;
  readonly delib: Deliberation;
  readonly input: TickInput;
  /** the actors due at this tick (set by the runner's step; empty during `open`) */
  due: readonly string[];
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
