import { runFunds } from '../judge/funds.ts';
import type { Phase } from './phase.ts';

/** The funds' payout rules (sim/judge/funds.ts), in the world the tick's calls and lasting effects left. */
export const fundsPhase: Phase = {
  id: 'funds',
  at: 'close',
  run: ({ cat, state, tick, judge }) => runFunds(cat, state, tick, judge),
};
