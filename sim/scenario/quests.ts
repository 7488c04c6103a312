import { GOAL_SLOTS, type QuestsFile } from '../model/quests.ts';
import { bothLanguages, type PhraseFinder } from '../i18n/phrases.ts';
import type { ParsedPack } from './crossref.ts';
import { type At, type PackRefs, refCheck } from './refs.ts';

const FILE = 'quests.json';

/** What stated words may not assert (locales/{cn,en}/quests.json, `quest.assurances`): the goal says none of it, and every quest hides a risk. */
const ASSURANCES = ['safety', 'certainty'] as const;
let assurances: { kind: (typeof ASSURANCES)[number]; find: PhraseFinder }[] | null = null;
const assuranceFinders = () => (assurances ??= ASSURANCES.map((kind) => ({ kind, find: bothLanguages(`quest.assurances.${kind}`) })));

/**
 * What the schema of `quests.json` cannot see: its givers, sources and goal's person are people of the
 * pack, its item, place and money source are declared, a source's rumour is a rumour template, the
 * reward fits the pack's cap, and the stated words show exactly the goal: every slot of the goal, and
 * no slot it does not have, in both languages, and around the slots no words that assure the taker
 * of safety or certainty (a quest may mislead, never lie: its risk is hidden, so no word may deny it).
 */
export function questChecks(s: ParsedPack, quests: QuestsFile, refs: PackRefs, at: At): void {
  const person = (path: PropertyKey[], id: string) => refCheck(at, FILE, path, 'unknown_actor', id, refs.actors);
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
      refCheck(at, FILE, [...here, 'goal', 'item'], 'unknown_item', g.item, refs.items);
      goalPerson([...here, 'goal', 'to'], g.to);
    } else if (g.kind === 'visit') {
      refCheck(at, FILE, [...here, 'goal', 'place'], 'unknown_place', g.place, refs.places);
    } else if (g.kind === 'learn') {
      goalPerson([...here, 'goal', 'about'], g.about);
    }
    if (q.offer.place !== undefined) refCheck(at, FILE, [...here, 'offer', 'place'], 'unknown_place', q.offer.place, refs.places);
    q.sources.forEach((src, j) => {
      src.people.forEach((p, k) => person([...here, 'sources', j, 'people', k], p));
      const t = s.templates?.find((x) => x.id === src.rumour);
      const known = refCheck(at, FILE, [...here, 'sources', j, 'rumour'], 'unknown_template', src.rumour, refs.templates);
      if (known && t && !t.effects.some((e) => e.type === 'rumour'))
        at(FILE, [...here, 'sources', j, 'rumour'], 'quest_not_rumour', { id: src.rumour });
      if (src.aboutGoal && (g.kind === 'visit' || g.kind === 'earn'))
        at(FILE, [...here, 'sources', j, 'aboutGoal'], 'quest_about_nobody', { kind: g.kind });
    });
    if (q.reward.source !== undefined) refCheck(at, FILE, [...here, 'reward', 'source'], 'unknown_source', q.reward.source, refs.sources);
    const cap = s.meta?.rules.caps.moneyPerAction;
    if (cap !== undefined && q.reward.amount > cap)
      at(FILE, [...here, 'reward', 'amount'], 'quest_reward_cap', { amount: String(q.reward.amount), cap: String(cap) });
    const slots = new Set([...GOAL_SLOTS[g.kind], 'reward', 'deadline']);
    for (const lang of ['cn', 'en'] as const) {
      const text = q.stated[lang];
      const used = new Set([...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]));
      for (const u of used) if (!slots.has(u)) at(FILE, [...here, 'stated', lang], 'quest_unknown_slot', { slot: u, kind: g.kind });
      for (const need of GOAL_SLOTS[g.kind]) if (!used.has(need)) at(FILE, [...here, 'stated', lang], 'quest_missing_slot', { slot: need });
      // the giver's own words, between the slots the goal fills
      const free = text.replace(/\{\{[^}]*\}\}/g, ' ');
      for (const { kind, find } of assuranceFinders()) {
        const phrase = find(free);
        if (phrase !== null) at(FILE, [...here, 'stated', lang], 'quest_assurance', { quest: q.id, phrase, kind });
      }
    }
  });
}
