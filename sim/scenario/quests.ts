import { GOAL_SLOTS, type QuestsFile } from '../model/quests.ts';
import type { At, ParsedPack } from './crossref.ts';

const FILE = 'quests.json';

/**
 * What the schema of `quests.json` cannot see: its givers, sources and goal's person are people of the
 * pack, its item, place and money source are declared, a source's rumour is a rumour template, the
 * reward fits the pack's cap, and the stated words show exactly the goal: every slot of the goal, and
 * no slot it does not have, in both languages.
 */
export function questChecks(s: ParsedPack, quests: QuestsFile, at: At): void {
  const has = <T extends { id: string }>(list: T[] | null | undefined, id: string) => !list || list.some((x) => x.id === id);
  const person = (path: PropertyKey[], id: string) => {
    if (!has(s.actors, id)) at(FILE, path, 'unknown_actor', { id });
  };
  const seen = new Set<string>();
  quests.quests.forEach((q, i) => {
    const here = ['quests', i];
    if (seen.has(q.id)) at(FILE, [...here, 'id'], 'duplicate', { id: q.id });
    seen.add(q.id);
    person([...here, 'giver'], q.giver);
    const g = q.goal;
    const goalPerson = (path: PropertyKey[], id: string) => {
      if (id !== 'giver') person(path, id);
    };
    if (g.kind === 'bring') {
      if (!has(s.meta?.items, g.item)) at(FILE, [...here, 'goal', 'item'], 'unknown_item', { id: g.item });
      goalPerson([...here, 'goal', 'to'], g.to);
    } else if (g.kind === 'visit') {
      if (!has(s.places, g.place)) at(FILE, [...here, 'goal', 'place'], 'unknown_place', { id: g.place });
    } else if (g.kind === 'learn') {
      goalPerson([...here, 'goal', 'about'], g.about);
    }
    if (q.offer.place !== undefined && !has(s.places, q.offer.place))
      at(FILE, [...here, 'offer', 'place'], 'unknown_place', { id: q.offer.place });
    q.sources.forEach((src, j) => {
      src.people.forEach((p, k) => person([...here, 'sources', j, 'people', k], p));
      const t = s.templates?.find((x) => x.id === src.rumour);
      if (s.templates && !t) at(FILE, [...here, 'sources', j, 'rumour'], 'unknown_template', { id: src.rumour });
      else if (t && !t.effects.some((e) => e.type === 'rumour'))
        at(FILE, [...here, 'sources', j, 'rumour'], 'quest_not_rumour', { id: src.rumour });
      if (src.aboutGoal && (g.kind === 'visit' || g.kind === 'earn'))
        at(FILE, [...here, 'sources', j, 'aboutGoal'], 'quest_about_nobody', { kind: g.kind });
    });
    if (q.reward.source !== undefined && !has(s.meta?.rules.money.sources, q.reward.source)) {
      at(FILE, [...here, 'reward', 'source'], 'unknown_source', { id: q.reward.source });
    }
    const cap = s.meta?.rules.caps.moneyPerAction;
    if (cap !== undefined && q.reward.amount > cap)
      at(FILE, [...here, 'reward', 'amount'], 'quest_reward_cap', { amount: String(q.reward.amount), cap: String(cap) });
    const slots = new Set([...GOAL_SLOTS[g.kind], 'reward', 'deadline']);
    for (const lang of ['cn', 'en'] as const) {
      const used = new Set([...q.stated[lang].matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]));
      for (const u of used) if (!slots.has(u)) at(FILE, [...here, 'stated', lang], 'quest_unknown_slot', { slot: u, kind: g.kind });
      for (const need of GOAL_SLOTS[g.kind]) if (!used.has(need)) at(FILE, [...here, 'stated', lang], 'quest_missing_slot', { slot: need });
    }
  });
}
