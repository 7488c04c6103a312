import { own } from '../../sim/model/ids.ts';
import type { MemoryRecord, SessionMessage } from '../../sim/model/records.ts';
import type { QuestState } from '../../sim/model/quests.ts';
import type { WorldHost } from './host.ts';
import type { MemoryView, MessageView, QuestLogEntry, SessionQuery, SessionReply, StorySessionView } from './protocol-session.ts';
import type { StorySession } from '../../sim/model/session.ts';
import { endingWords } from '../../sim/story/ending.ts';
import { storyWords } from '../../world-engine/story/texts.ts';

/** Whether `id` is a player of this world (joined, or a join still queued). */
export function isPlayer(host: WorldHost, id: string): boolean {
  return !!own(host.world.state.actors, id)?.player || host.hasPendingJoin(id);
}

/**
 * A player's session as the API and the socket give it: the story session and its situation scores
 * from the world state (folded from the log), the quests taken by or offered to them, and their
 * messages and memory records from the store. Null for an id that is not a player's.
 */
export async function sessionReply(
  host: WorldHost,
  player: string,
  q: Pick<SessionQuery, 'before' | 'after' | 'limit' | 'memory'>,
): Promise<SessionReply | null> {
  if (!isPlayer(host, player)) return null;
  const { state, store } = host.world;
  const st = state.stories ? own(state.stories, player) : undefined;
  const page = q.after !== undefined ? { after: q.after, limit: q.limit + 1 } : { before: q.before, limit: q.limit + 1 };
  const got = await store.readRecords('messages', player, page);
  const more = got.length > q.limit;
  // the one read beyond the page only says whether there is more: drop it from the far end
  const items = q.after !== undefined ? got.slice(0, q.limit) : got.slice(got.length - Math.min(got.length, q.limit));
  const next = !more || !items.length ? null : q.after !== undefined ? items[items.length - 1].n : items[0].n;
  const memory = q.memory > 0 ? await store.readRecords('memory', player, { limit: q.memory }) : [];
  return {
    player,
    tick: state.tick,
    session: st
      ? {
          story: st.story,
          chapter: st.chapter,
          situation: st.situation,
          variables: { ...st.variables },
          startedAt: st.startedAt,
          turns: st.turns,
          words: storyNow(host, player, st),
          ended: st.ended ? endedView(host, st.ended) : null,
        }
      : null,
    situations: st ? st.scores.map((s) => ({ tick: s.tick, score: s.score, chapter: s.chapter })) : [],
    quests: questLog(host, player),
    messages: { items: items.map(messageView), next },
    memory: memory.map(memoryView),
  };
}

/** The chapter's and situation's words the world backs now (story.json variants by the bound variables), or null. */
function storyNow(host: WorldHost, player: string, st: StorySession): StorySessionView['words'] {
  const { cat } = host.views;
  const ls = cat.scenario.story;
  const words = (table: Record<string, { name: Parameters<typeof storyWords>[3] }> | undefined, id: string) => {
    const def = table && own(table, id);
    return def && ls?.id === st.story ? storyWords(cat, host.world.state, player, def.name, { cached: true }) : null;
  };
  return { chapter: words(ls?.chapters, st.chapter), situation: words(ls?.situations, st.situation) };
}

/** How the story ended, in the ending's authored words (committed with it), never its id. */
function endedView(host: WorldHost, e: NonNullable<StorySession['ended']>): NonNullable<StorySessionView['ended']> {
  const w = endingWords(host.views.cat, e);
  return { ending: e.ending, tick: e.tick, name: w.name, summary: w.summary ?? host.views.message(e.summary) };
}

/** Quests taken by the player or offered to them, oldest first; built field by field so the hidden risk cannot come along. */
function questLog(host: WorldHost, player: string): QuestLogEntry[] {
  const quests = host.world.state.quests;
  if (!quests) return [];
  const { views } = host;
  const { state } = host.world;
  const out: QuestLogEntry[] = [];
  for (const id in quests) {
    const q: QuestState = quests[id];
    const mine = q.taker === player ? 'taken' : q.taker === null && q.status === 'offered' && q.offeredTo === player ? 'offered' : null;
    if (!mine) continue;
    out.push({
      id: q.id,
      giver: q.giver,
      giverName: views.both((r) => r.actor(q.giver)),
      stated: views.message(q.stated),
      // what each source claims, as the fact reads; never whether it is true
      sources: q.sources.flatMap((s) => {
        const fact = own(state.facts, s.fact);
        return fact ? [{ source: s.source, name: views.both((r) => r.actor(s.source)), claim: views.message(fact.content) }] : [];
      }),
      status: q.status,
      progress: q.progress,
      reward: q.reward.amount,
      offeredAt: q.offeredAt,
      deadline: q.deadline,
      mine,
    });
  }
  return out.sort((a, b) => a.offeredAt - b.offeredAt || (a.id < b.id ? -1 : 1));
}

function messageView(m: SessionMessage): MessageView {
  const { player: _p, ...rest } = m;
  return rest as MessageView;
}

function memoryView(m: MemoryRecord): MemoryView {
  return {
    n: m.n,
    tick: m.tick,
    kind: m.kind,
    summary: m.summary,
    importance: m.importance,
    chapter: m.chapter,
    ...(m.status ? { status: m.status } : {}),
    embedded: Array.isArray(m.embedding) && m.embedding.length > 0,
  };
}
