import type { EventOf } from '../model/events.ts';
import type { Renderer } from './render.ts';

const giverOf = (r: Renderer, quest: string) => {
  const q = r.state.quests?.[quest];
  return q ? r.actor(q.giver) : '';
};

/** The feed's lines of the quests: the stated goal and who takes it, never the withheld risk (the admin's route shows that). */
export const questFeed = {
  quest_offered: (r: Renderer, e: EventOf<'quest_offered'>) =>
    r.t('feed.quest_offered', { giver: r.actor(e.quest.giver), stated: r.render(e.quest.stated) }),
  quest_taken: (r: Renderer, e: EventOf<'quest_taken'>) => r.t('feed.quest_taken', { actor: r.actor(e.actor), giver: giverOf(r, e.quest) }),
  quest_progressed: (r: Renderer, e: EventOf<'quest_progressed'>) =>
    r.t('feed.quest_progressed', { actor: r.actor(e.actor), giver: giverOf(r, e.quest), progress: e.progress }),
  quest_completed: (r: Renderer, e: EventOf<'quest_completed'>) =>
    r.t('feed.quest_completed', { actor: r.actor(e.actor), giver: giverOf(r, e.quest) }),
  quest_failed: (r: Renderer, e: EventOf<'quest_failed'>) =>
    r.t('feed.quest_failed', { giver: giverOf(r, e.quest), why: r.t(`quest.why.${e.reason}`) }),
};
