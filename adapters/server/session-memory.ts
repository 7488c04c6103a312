import type { Event } from '../../sim/model/events.ts';
import type { MemoryKind, NewRecord } from '../../sim/model/records.ts';
import type { Status } from '../../sim/model/status.ts';
import { own } from '../../sim/model/ids.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { Renderer } from '../../sim/i18n/render.ts';
import type { Views } from './views.ts';
import { endingWords } from '../../sim/story/ending.ts';

/**
 * What a player should remember from a tick (its memory records): the turns of their story,
 * their quests, their body's status. Read from the tick's committed events and the state after it,
 * so the same log gives the same records; weighed 0..10 as the actors' own memories are.
 */
const WEIGHT: Record<Exclude<MemoryKind, 'status_changed'>, number> = {
  story_started: 4,
  chapter_advanced: 7,
  story_ended: 10,
  quest_taken: 5,
  quest_completed: 8,
  quest_failed: 7,
};
const STATUS_WEIGHT: Record<Status, number> = { alive: 6, unconscious: 8, dying: 9, restrained_permanent: 9, dead: 10 };

export function memoriesOf(views: Views, state: WorldState, events: readonly Event[]): NewRecord<'memory'>[] {
  const out: NewRecord<'memory'>[] = [];
  const isPlayer = (id: string | null | undefined): id is string => !!id && !!own(state.actors, id)?.player;
  const chapterOf = (id: string) => (state.stories && own(state.stories, id)?.chapter) ?? null;
  const add = (
    player: string,
    tick: number,
    kind: MemoryKind,
    key: string,
    params: (r: Renderer) => Record<string, string> = () => ({}),
    extra: Partial<NewRecord<'memory'>> = {},
  ) => {
    out.push({
      player,
      tick,
      kind,
      summary: views.both((r) => r.t(`session.memory.${key}`, params(r))),
      chapter: chapterOf(player),
      importance: kind === 'status_changed' ? STATUS_WEIGHT[extra.status!] : WEIGHT[kind],
      ...extra,
    } as NewRecord<'memory'>);
  };
  const quest = (id: string) => (state.quests && own(state.quests, id)) || null;
  for (const e of events) {
    switch (e.type) {
      case 'story_started':
        if (isPlayer(e.actor)) add(e.actor, e.tick, 'story_started', 'story_started', undefined, { chapter: e.chapter });
        break;
      case 'chapter_advanced':
        if (isPlayer(e.actor)) add(e.actor, e.tick, 'chapter_advanced', 'chapter_advanced', undefined, { chapter: e.to });
        break;
      case 'story_ended':
        if (isPlayer(e.actor)) {
          // the ending's authored words, never its id
          const w = endingWords(views.cat, e);
          add(e.actor, e.tick, 'story_ended', 'story_ended', (r) => ({ summary: r.text(w.summary ?? w.name) || r.render(e.summary) }));
        }
        break;
      case 'quest_taken':
      case 'quest_completed':
      case 'quest_failed': {
        const q = quest(e.quest);
        const who = e.actor ?? q?.taker ?? null;
        if (q && isPlayer(who)) add(who, e.tick, e.type, e.type, (r) => ({ giver: r.actor(q.giver), goal: r.render(q.stated) }));
        break;
      }
      case 'status_changed':
        if (isPlayer(e.actor)) add(e.actor, e.tick, 'status_changed', `status.${e.to}`, undefined, { status: e.to });
        break;
      default:
        break;
    }
  }
  return out;
}
