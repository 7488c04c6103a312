import type { Argument } from '../judge/argue.ts';
import type { Declaration } from '../judge/declare.ts';
import type { JoinRequest } from '../judge/judge.ts';
import type { SeatRequest } from '../judge/seats.ts';
import type { Intervention } from '../model/interventions.ts';
import type { RequestKind } from './inbox.ts';
import { judgeEach, type Phase } from './phase.ts';

/*
 * What arrived from outside for this tick, judged before anyone perceives. Interventions first: the
 * tick's people decide in the world they made; seats are freed (the admin's, then the idle) before
 * joins, so a freed seat takes a newcomer at once; players who join enter before the tick's actors
 * are chosen, so they can act at this very tick.
 */

/** A researcher's labelled intervention (sim/judge/interventions.ts), committed first, in the order given. */
export const INTERVENE: RequestKind<Intervention> = { id: 'intervene', askedBy: () => null };
/** The admin's freeing of a player's seat (sim/judge/seats.ts). */
export const FREE: RequestKind<SeatRequest> = { id: 'free', askedBy: () => null };
/** A player joining; `closed` when the admin closed joining after it was queued. */
export const JOIN: RequestKind<JoinRequest & { closed?: true }> = { id: 'join', askedBy: (r) => r.actor };
/** A trait a player declared in play (sim/judge/declare.ts). */
export const DECLARE: RequestKind<Declaration> = { id: 'declare', askedBy: (r) => r.actor };
/** A player's argument that a trait fits a risky word (sim/judge/argue.ts), weighed already by the server's argue judge. */
export const ARGUE: RequestKind<Argument> = { id: 'argue', askedBy: (r) => r.actor };

export const interventionsPhase: Phase = {
  id: 'interventions',
  at: 'open',
  run: (ctx) => judgeEach(ctx, INTERVENE, (iv) => ctx.judge.intervene(iv)),
};

export const seatsPhase: Phase = {
  id: 'seats',
  at: 'open',
  run: (ctx) => {
    judgeEach(ctx, FREE, (f) => ctx.judge.free(f));
    ctx.judge.freeIdle();
  },
};

export const joinsPhase: Phase = {
  id: 'joins',
  at: 'open',
  run: (ctx) => judgeEach(ctx, JOIN, (j) => ctx.judge.join(j, !j.closed)),
};

export const declaresPhase: Phase = {
  id: 'declares',
  at: 'open',
  run: (ctx) => judgeEach(ctx, DECLARE, (d) => ctx.judge.declare(d)),
};

export const arguesPhase: Phase = {
  id: 'argues',
  at: 'open',
  run: (ctx) => judgeEach(ctx, ARGUE, (a) => ctx.judge.argue(a)),
};
