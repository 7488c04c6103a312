import type { Renderer } from '../i18n/render.ts';
import type { EventOf } from '../model/events.ts';
import type { QuestState } from '../model/quests.ts';
import type { Part } from './lines.ts';

/** Who the story is about and where they stand (the story's own fold, never the live state). */
interface Ctx {
  me: string;
  place?: string;
}

const t = (r: Renderer, key: string, p: Record<string, unknown> = {}) => r.t(`story.quest.${key}`, p);
const quest = (r: Renderer, id: string): QuestState | undefined => r.state.quests?.[id];
const giverOf = (r: Renderer, id: string) => {
  const q = quest(r, id);
  return q ? r.actor(q.giver) : '';
};

/**
 * A player's lines of the quests (sim/judge/quests.ts): an offer made to them by name, with its stated
 * goal and what each source says; their own taking, progress and ending. Never the risk, never whether
 * a source was right: those are the admin's.
 */
export const questLines = {
  offered(r: Renderer, c: Ctx, e: EventOf<'quest_offered'>): Part {
    const q = e.quest;
    // told "offers you" only when it is: the quest panel lists exactly these, and holds them for the player
    if (q.giver === c.me || q.offeredTo !== c.me) return null;
    const said = q.sources.map((s) => t(r, 'source', { source: r.actor(s.source), claim: r.render(s.claim) }));
    return ['said', [t(r, 'offered', { giver: r.actor(q.giver), stated: r.render(q.stated) }), ...said].join(' ')];
  },
  taken(r: Renderer, c: Ctx, e: EventOf<'quest_taken'>): Part {
    const q = quest(r, e.quest);
    return e.actor === c.me && q ? ['did', t(r, 'taken', { giver: r.actor(q.giver), stated: r.render(q.stated) })] : null;
  },
  progressed: (r: Renderer, c: Ctx, e: EventOf<'quest_progressed'>): Part =>
    e.actor === c.me ? ['did', t(r, 'progressed', { giver: giverOf(r, e.quest), progress: e.progress })] : null,
  completed: (r: Renderer, c: Ctx, e: EventOf<'quest_completed'>): Part =>
    e.actor === c.me ? ['did', t(r, 'completed', { giver: giverOf(r, e.quest) })] : null,
  failed: (r: Renderer, c: Ctx, e: EventOf<'quest_failed'>): Part =>
    e.actor === c.me ? ['failed', t(r, 'failed', { giver: giverOf(r, e.quest), why: r.t(`quest.why.${e.reason}`) })] : null,
};
