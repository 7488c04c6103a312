import type { SessionReply } from './storyTypes.ts';
import type { DraftCall, PlayerLine } from './types.ts';

/**
 * The turn log as the server kept it (the session's messages: the player's calls, the game master's
 * narration and rejections), newest first, so what happened and what the player will do survive a
 * reload. A later call for the same tick replaced the earlier one, as the live log marks it.
 */
export function linesOf(messages: SessionReply['messages']['items'], max: number): PlayerLine[] {
  const out: PlayerLine[] = [];
  const called = new Set<number>();
  for (let i = messages.length - 1; i >= 0 && out.length < max; i--) {
    const m = messages[i];
    if (m.kind === 'narration') out.push({ kind: 'narration', tick: m.tick, text: m.text });
    else if (m.kind === 'rejection') out.push({ kind: 'rejection', tick: m.tick, text: m.reason });
    else if (m.kind === 'call') {
      out.push({
        kind: 'queued',
        tick: m.tick,
        call: { tool: m.call.tool, args: m.call.args } as DraftCall,
        ...(called.has(m.tick) ? { replaced: true } : {}),
      });
      called.add(m.tick);
    }
  }
  return out;
}
