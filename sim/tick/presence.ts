import { proposers } from '../judge/changes.ts';
import { judgeAway, judgeBack, type PresenceRequest } from '../judge/presence.ts';
import type { RequestKind } from './inbox.ts';
import { judgeEach, type Phase } from './phase.ts';

/** The server's finding that a player has gone away (a turn let pass, or their last connection closed). */
export const AWAY: RequestKind<PresenceRequest> = { id: 'away', askedBy: () => null };
/** The server's finding that an away player is back (they acted or connected again). */
export const BACK: RequestKind<PresenceRequest> = { id: 'back', askedBy: () => null };

/** Who is here and who is away, before anyone perceives: one back acts at this very tick. */
export const presencePhase: Phase = {
  id: 'presence',
  at: 'open',
  run: (ctx) => {
    const { judge, state } = ctx;
    judgeEach(ctx, AWAY, (r) => {
      const no = judgeAway(state, r);
      return (
        no ??
        judge.judged(proposers.clock(state.actors[r.actor].location), (d) =>
          d.emit({ type: 'player_away', actor: r.actor, why: r.why ?? 'quiet' }),
        )
      );
    });
    judgeEach(ctx, BACK, (r) => {
      const no = judgeBack(state, r);
      return no ?? judge.judged(proposers.clock(state.actors[r.actor].location), (d) => d.emit({ type: 'player_back', actor: r.actor }));
    });
  },
};
