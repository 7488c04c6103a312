import type { MemoryItem } from '../../../sim/state/types.ts';
import type { Ctx } from './context.ts';

/**
 * What the actor's own recent memory says about what it just did and heard, so that it does not
 * repeat itself: a conversation is an exchange, a pair does not talk at every heartbeat, and news
 * is shouted once. Memory only (no global view), so it holds for any brain that reads it.
 */

/** Ticks after talking with someone before one seeks them out again. */
export const PAIR_COOLDOWN = 8;
/** How long something said to one still wants an answer. */
const ANSWER_WITHIN = 2;

// small talk and the replies to it (bots/brains/policy/replies.ts): what a conversation is made of
const said = (m: MemoryItem) =>
  m.kind === 'told' && m.importance < 6 && 'key' in m.msg && (m.msg.key.startsWith('topic.') || m.msg.key.startsWith('reply.'));

/** Whether the actor talked with this person (either way) within the cooldown. */
export function talkedWith(ctx: Ctx, id: string): boolean {
  // one pass over the memory per decision, not one per person present
  if (!ctx.talked) {
    ctx.talked = [];
    for (const m of ctx.self.memory) if (ctx.p.tick - m.tick <= PAIR_COOLDOWN && (m.kind === 'did' || said(m))) ctx.talked.push(m.about[0]);
  }
  return ctx.talked.includes(id);
}

/**
 * Someone present who just spoke to the actor, unprompted (the actor had not been talking to them),
 * and what they spoke of: the one to answer. Their answer to it is not answered again, so an
 * exchange is two lines, not a loop.
 */
export function toAnswer(ctx: Ctx, present: (ctx: Ctx, id: string) => boolean): { id: string; topic: string } | null {
  const mem = ctx.self.memory;
  for (let i = mem.length - 1; i >= 0; i--) {
    const m = mem[i];
    if (ctx.p.tick - m.tick > ANSWER_WITHIN) break;
    if (!said(m) || !present(ctx, m.about[0])) continue;
    const by = m.about[0];
    const started = mem.some((d) => d.kind === 'did' && d.about[0] === by && d.tick < m.tick && m.tick - d.tick <= PAIR_COOLDOWN);
    const answered = mem.some((d) => d.kind === 'did' && d.about[0] === by && d.tick >= m.tick);
    if (!started && !answered) return { id: by, topic: (m.msg as { key: string }).key };
  }
  return null;
}

/** Whether the actor has spoken on this channel since the given tick. */
export function spokeSince(ctx: Ctx, channel: string, tick: number): boolean {
  for (const m of ctx.self.memory) if (m.kind === 'did' && m.tick >= tick && m.about[0] === channel) return true;
  return false;
}

/** The newest memory of something learned at most `within` ticks ago. */
export function learnedWithin(ctx: Ctx, within: number): MemoryItem | undefined {
  const mem = ctx.self.memory;
  for (let i = mem.length - 1; i >= 0; i--) if (mem[i].kind === 'learned' && ctx.p.tick - mem[i].tick <= within) return mem[i];
  return undefined;
}
