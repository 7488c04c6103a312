import type { ToolCall } from '../../sim/model/tools.ts';
import type { Decision, Deliberation } from '../../sim/tick/deliberation.ts';
import { seated } from '../../sim/state/seats.ts';
import type { Perception } from '../perception.ts';

/**
 * What players have asked to do, one call per player, taken when their actor is next due. Calls
 * enter here already parsed (zod) and with the player's own actor id: the server sees to both.
 */
export class PlayerQueue {
  private readonly calls = new Map<string, { call: ToolCall; choice?: number }>();

  /** queue (or replace) a player's next call, with the story option it takes, if any */
  put(call: ToolCall, choice?: number): void {
    this.calls.set(call.actor, choice === undefined ? { call } : { call, choice });
  }

  take(actor: string): { call: ToolCall; choice?: number } | null {
    const c = this.calls.get(actor) ?? null;
    this.calls.delete(actor);
    return c;
  }

  has(actor: string): boolean {
    return this.calls.has(actor);
  }
}

/**
 * Players and bots under the same rules: a player's actor gets its queued call (or nothing, when
 * nothing is queued) and no bot brain ever decides for it, wherever the bots' brains run (in this
 * process or on BullMQ workers); everyone else goes to the bots' deliberation, a character whose
 * player's seat was freed among them. Players are known from the committed state (`player` is set
 * only by a `joined` event, `player.freed` only by `seat_freed`). Queued calls were parsed when
 * they were queued; the Judge still judges them.
 */
export function withPlayers(bots: Deliberation, queue: PlayerQueue): Deliberation {
  return {
    async decide(cat, perceptions, seed) {
      // an away player's body, where the pack says the bots' brain plays it, is decided like a bot's
      const bot = (a: Perception['self']) => !seated(a) || (a.player!.away !== undefined && cat.scenario.meta.rules.players.away === 'bot');
      const others = perceptions.filter((p) => bot(p.self));
      if (others.length === perceptions.length) return bots.decide(cat, perceptions, seed);
      const decided = others.length ? await bots.decide(cat, others, seed) : [];
      let next = 0;
      return perceptions.map((p): Decision => {
        if (bot(p.self)) return decided[next++];
        const queued = queue.take(p.self.id);
        return queued ? { ok: true, ...queued } : null;
      });
    },
    resolve: (cat, work) => bots.resolve(cat, work),
  };
}
