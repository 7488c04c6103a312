import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { Renderer } from '../../../sim/i18n/render.ts';
import type { Lang } from '../../../sim/model/text.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import type { WorldState } from '../../../sim/state/types.ts';
import { retrieve } from '../../memory.ts';
import type { Perception } from '../../perception.ts';
import { constantLore, matchingLore } from './lore.ts';

/**
 * The messages for one decision. Stable first, so a provider's prompt cache serves it: the rules
 * (the same for every bot), the world's constant lore (same), then the persona (same for this bot
 * every heartbeat); only the last message, the situation, changes.
 */
export function brainMessages(cat: Catalog, p: Perception, lang: Lang): ChatCompletionMessageParam[] {
  const r = new Renderer(lang, cat, viewOf(p));
  const t = r.t;
  const soul = cat.souls.get(p.self.soul)!.soul;
  const system = [
    t('llm.brain.rules', { world: r.text(cat.scenario.meta.name) }),
    t('llm.brain.lore', { lore: constantLore(cat, lang).join('\n') }),
    t('llm.brain.persona', {
      name: r.text(soul.name), id: p.self.id, description: r.text(soul.description), personality: r.text(soul.personality),
      speech: r.text(soul.speechStyle),
      examples: soul.exampleDialogue.map((d) => `- ${r.text(d.user)} / ${r.text(d.char)}`).join('\n'),
    }),
  ].join('\n\n');
  const situation = situationText(cat, p, r);
  // one entry, the first that matches: lore is background, and every token is paid on every decision
  const lore = matchingLore(cat, lang, situation, 1);
  const user = lore.length ? `${situation}\n\n${t('llm.brain.lore_here', { lore: lore.join('\n') })}` : situation;
  return [{ role: 'system', content: system }, { role: 'user', content: user }];
}

const named = (name: string, id: string) => (name === id ? id : `${name} [${id}]`);
const list = (xs: string[], none: string) => (xs.length ? xs.map((x) => `- ${x}`).join('\n') : none);

/** The isolated perception in words: nothing here that the perception does not hold. */
function situationText(cat: Catalog, p: Perception, r: Renderer): string {
  const t = r.t;
  const none = t('llm.brain.none');
  const s = p.self;
  const query = [p.place.id, ...p.people.map((x) => x.id), ...p.entities.map((e) => e.id)];
  const memories = retrieve(s.memory, query, p.tick).map((m) => `[${m.tick}] ${r.render(m.msg)}`);
  // what it could make now: within its money and energy
  const creatable = cat.scenario.templates.filter((x) => x.kind !== 'facility' && x.cost.money <= s.money && x.cost.energy <= s.energy)
    .map((x) => `${named(r.text(x.name), x.id)} (${t('llm.brain.cost', { money: x.cost.money, energy: x.cost.energy })})`);
  return t('llm.brain.situation', {
    tick: p.tick,
    status: r.param(s.status),
    money: s.money, energy: s.energy, reputation: s.reputation,
    inventory: Object.entries(s.inventory).map(([k, n]) => `${named(r.param({ ref: 'item', id: k }), k)} x${n}`).join(', ') || none,
    tags: s.tags.join(', ') || none,
    place: named(r.place(p.place.id), p.place.id), mood: p.place.mood,
    about: r.text(cat.places.get(p.place.id)?.description),
    links: list(p.place.links.map((l) => t('llm.brain.link', { place: named(r.place(l.to), l.to), distance: l.distance })), none),
    sells: p.place.sells.map((i) => named(r.param({ ref: 'item', id: i }), i)).join(', ') || none,
    people: list(p.people.map((n) => t('llm.brain.person', {
      who: named(r.actor(n.id), n.id), relation: n.relation, reputation: n.reputation, status: r.param(n.status), roles: n.roles.join(', ') || none,
    })), none),
    things: list(p.entities.map((e) => named(r.entity(e.id), e.id)), none),
    owned: list(p.owned.map((e) => `${named(r.entity(e.id), e.id)} @ ${r.place(e.location)}`), none),
    recent: list(p.recent.map((o) => `[${o.tick}] ${r.render(o.msg)}`), none),
    memories: list(memories, none),
    creatable: list(creatable, none),
    failure: p.lastFailure ? t('llm.brain.failure', { tick: p.lastFailure.tick, reason: r.render(p.lastFailure.reason) }) : none,
  });
}

/**
 * A stand-in world state holding only what the perception holds, so messages render with names
 * and nothing the bot could not know is ever looked up.
 */
function viewOf(p: Perception): WorldState {
  const actors: Record<string, unknown> = { [p.self.id]: p.self };
  for (const n of p.people) actors[n.id] = { soul: n.soul, clone: 0 };
  const entities = Object.fromEntries([...p.entities, ...p.owned].map((e) => [e.id, e]));
  return { actors, entities, facts: {}, generatedPlaces: [] } as unknown as WorldState;
}
