import type { ToolCall } from '../../sim/model/tools.ts';
import type { Brain } from './types.ts';

/**
 * What players have asked to do, one call per player, taken when their actor is next due. Calls
 * enter here already parsed (zod) and with the player's own actor id: the server sees to both.
 */
export class PlayerQueue {
  private readonly calls = new Map<string, ToolCall>();

  /** queue (or replace) a player's next call */
  put(call: ToolCall): void {
    this.calls.set(call.actor, call);
  }

  take(actor: string): ToolCall | null {
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
 * nothing is queued) and the bot brain never decides for it; everyone else gets the bot brain.
 * Players are known from the committed state (`player` is set only by a `joined` event).
 */
export function withPlayers(bot: Brain, queue: PlayerQueue): Brain {
  return {
    name: `${bot.name}+players`,
    // queued calls were parsed when they were queued, so the bot brain's trust carries over
    trusted: bot.trusted,
    decide: (cat, p, seed) => (p.self.player ? queue.take(p.self.id) : bot.decide(cat, p, seed)),
  };
}
