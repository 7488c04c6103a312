import type { DirectorWindow } from '../../world-engine/director/window.ts';
import type { Advisors } from './advisors.ts';
import type { Inbox, Refusal } from './inbox.ts';

/** What a tick takes from outside the world (only the server and a run's plan have requests). */
export interface TickInput {
  /** requests that arrived since the last tick, each judged by the phase that owns its kind */
  requests?: Inbox;
  /** told every request the Judge refused this tick, with why */
  onRefused?: (refused: readonly Refusal[]) => void;
  advisors?: Advisors;
  /** the recent ticks the director measures (the World keeps them) */
  recent?: DirectorWindow;
  /** the model's tokens spent on a tick so far (the run's ledger), booked on its summary */
  tokens?: (tick: number) => number;
}
