import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { Renderer } from '../../../sim/i18n/render.ts';
import { quoted, said } from '../../../adapters/llm/fence.ts';
import { isRiskyWord } from '../../../sim/judge/argue.ts';
import { traitsOf } from '../../../sim/model/check.ts';
import type { Lang } from '../../../sim/model/text.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import type { MemoryItem, WorldState } from '../../../sim/state/types.ts';
import { retrieve } from '../../memory.ts';
import { closedLately, unpaidLately } from '../../lessons.ts';
import type { Perception } from '../../perception.ts';
import { clip, constantLore, matchingLore } from './lore.ts';
import { needLevel } from '../../../sim/model/needs.ts';

/**
 * Every token here is paid on every decision (the goal is at most 1,500 per decision in the shipped packs),
 * so lists are capped to the most relevant few, with a count of the rest.
 */
const PEOPLE = 5;
const RECENT = 3;
const MEMORIES = 4;
/** token budgets, counted as the model counts them (adapters/llm/usage.ts) */
const ABOUT_TOKENS = 40;
const LORE_TOKENS = 50;

/** Who the bot is: its soul in the pack, or, for a character a player left to itself, what the player said, quoted. */
function persona(cat: Catalog, p: Perception, r: Renderer): Record<string, string> {
  const soul = cat.souls.get(p.self.soul)?.soul;
  if (!soul) {
    const you = p.self.player;
    return {
      name: quoted(r.text(you?.name) || p.self.id),
      id: p.self.id,
      description: quoted(you?.concept ?? ''),
      personality: '',
      speech: '',
      examples: '',
    };
  }
  return {
    name: r.text(soul.name),
    id: p.self.id,
    description: r.text(soul.description),
    personality: r.text(soul.personality),
    speech: r.text(soul.speechStyle),
    // one exchange is enough to set the voice
    examples: soul.exampleDialogue
      .slice(0, 1)
      .map((d) => `${r.text(d.user)} / ${r.text(d.char)}`)
      .join('\n'),
  };
}

/**
 * The messages for one decision. Stable first, so a provider's prompt cache serves it: the rules
 * (the same for every bot), the world's constant lore (same), then the persona (same for this bot
 * every heartbeat); only the last message, the situation, changes.
 */
export function brainMessages(cat: Catalog, p: Perception, lang: Lang): ChatCompletionMessageParam[] {
  // names and words from outside the pack are quoted wherever they appear
  const r = new Renderer(lang, cat, viewOf(p), { quote: (x) => quoted(x) });
  const t = r.t;
  const system = [
    t('llm.brain.rules', { world: r.text(cat.scenario.meta.name) }),
    t('llm.brain.lore', { lore: constantLore(cat, lang).join('\n') }),
    t('llm.brain.persona', persona(cat, p, r)),
    ...traitsText(cat, p, r),
  ].join('\n\n');
  const { text: situation, scan } = situationText(cat, p, r);
  // one entry: about the place if there is one, else the first the situation mentions; lore is background
  const place = `${p.place.id} ${r.place(p.place.id)}`;
  const lore = [...matchingLore(cat, lang, place, 1), ...matchingLore(cat, lang, scan, 1)][0];
  const user = lore ? `${situation}\n${t('llm.brain.lore_here', { lore: clip(lore, LORE_TOKENS) })}` : situation;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

const named = (name: string, id: string) => `${name} [${id}]`;

/**
 * The bot's traits (docs/design.md, Traits and tags) and what it may do with them: the pack's risky calls are rolled, and
 * for one of those it may argue that a trait fits (an `argue` beside the call). By id alone (the
 * pack's ids are words: `stubborn`): the persona's personality already tells what kind of person it
 * is, and every token is paid at every decision. Nothing for a bot without traits. Part of the persona: the same at every heartbeat.
 */
function traitsText(cat: Catalog, p: Perception, r: Renderer): string[] {
  const traits = traitsOf(cat, p.self);
  if (!traits.length) return [];
  const risky = [...cat.words.ids('manners'), ...cat.words.ids('purposes')].filter((w) => isRiskyWord(cat, w));
  const list = traits.map((x) => `[${x.id}]`);
  return [
    r.t('llm.brain.traits', { list: list.join(', ') }) +
      (risky.length ? ` ${r.t('llm.brain.argue', { risky: risky.map((w) => `[${w}]`).join(', ') })}` : ''),
  ];
}

/**
 * Who a remembered text came from: what one was told, from whoever spoke (the fold puts the speaker
 * in `about`: first for `told`, last for `learned`); anything else is the engine's narration.
 */
function speakerOf(r: Renderer, m: MemoryItem): string {
  const id = m.kind === 'told' ? m.about[0] : m.kind === 'learned' ? m.about.at(-1) : undefined;
  return id ? named(r.actor(id), id) : r.t('llm.fence.narration');
}
/** a place or a thing: `[id]` alone when the name says no more (a place called "Harbour" is `harbour`); people keep their names to be spoken to */
const short = (name: string, id: string) => (name.toLowerCase().replace(/[\s-]+/g, '_') === id ? `[${id}]` : named(name, id));

/**
 * The isolated perception in lines: nothing here that the perception does not hold, and an empty
 * section is left out rather than spelled "none".
 */
function situationText(cat: Catalog, p: Perception, r: Renderer): { text: string; scan: string } {
  const t = r.t;
  const s = p.self;
  const lines: string[] = [];
  /** `key` with the list joined, unless the list is empty; `more` of them not shown are counted */
  const section = (key: string, xs: string[], sep = ', ', more = 0) => {
    if (!xs.length) return;
    const rest = more > 0 ? `${sep}${t('llm.brain.more', { count: more })}` : '';
    lines.push(t(key, { list: xs.join(sep) + rest }));
  };
  const capped = (key: string, xs: string[], max: number, sep?: string) =>
    section(key, xs.slice(0, max), sep, Math.max(0, xs.length - max));

  lines.push(
    t('llm.brain.self', { tick: p.tick, status: r.param(s.status), money: r.money(s.money), energy: s.energy, reputation: s.reputation }),
  );
  // the pack's own needs, each by name with its level and what restores it (use it up with the eating purpose)
  section(
    'llm.brain.needs',
    [...cat.needs.values()].map((n) => {
      const by = [...cat.items.values()].filter((i) => i.satisfies && Object.hasOwn(i.satisfies, n.id));
      return `${r.text(n.name)} ${needLevel(n, s)}/${n.max} (${by.map((i) => short(r.param({ ref: 'item', id: i.id }), i.id)).join(' / ')})`;
    }),
    '; ',
  );
  section(
    'llm.brain.carry',
    Object.entries(s.inventory).map(([k, n]) => `${short(r.param({ ref: 'item', id: k }), k)} x${n}`),
  );
  section('llm.brain.tags', s.tags);
  lines.push(
    t('llm.brain.place', {
      place: short(r.place(p.place.id), p.place.id),
      mood: p.place.mood,
      about: clip(r.text(cat.places.get(p.place.id)?.description), ABOUT_TOKENS),
    }).trimEnd(),
  );
  section(
    'llm.brain.sells',
    p.place.sells.map((i) => short(r.param({ ref: 'item', id: i }), i)),
  );
  section(
    'llm.brain.links',
    p.place.links.map((l) => `${short(r.place(l.to), l.to)} ${l.distance}`),
  );
  // those it has feelings about first (strongest first), then the others as perceived
  const people = p.people
    .map((n, i) => ({ n, i }))
    .sort((a, b) => Math.abs(b.n.relation) - Math.abs(a.n.relation) || a.i - b.i)
    .map(({ n }) =>
      [
        `${named(r.actor(n.id), n.id)} ${n.reputation}${n.relation ? t('llm.brain.feeling', { relation: n.relation }) : ''}`,
        n.status === 'alive' ? '' : r.param(n.status),
        ...n.roles.map((x) => r.param(x)),
      ]
        .filter(Boolean)
        .join(' '),
    );
  capped('llm.brain.people', people, PEOPLE, '; ');
  section(
    'llm.brain.things',
    p.entities.map((e) => short(r.entity(e.id), e.id)),
  );
  section(
    'llm.brain.owned',
    p.owned.map((e) => `${short(r.entity(e.id), e.id)} @ ${r.place(e.location)}`),
  );
  // a thing of one's own that found no takers lately is told, for as long as the policy brain waits
  section(
    'llm.brain.closed',
    Object.entries(s.closed ?? {})
      .filter(([id]) => closedLately(cat, s, id, p.tick))
      .map(([id, at]) => `${short(r.param({ ref: 'template', id }), id)} [${at}]`),
  );
  // an employer who could not pay lately is told, for as long as the policy brain stays away
  section(
    'llm.brain.unpaid',
    Object.entries(s.unpaid ?? {})
      .filter(([id]) => unpaidLately(cat, s, id, p.tick))
      .map(([id, at]) => `${named(r.actor(id), id)} [${at}]`),
  );
  // the newest few, after a count of the older ones
  if (p.recent.length) {
    const older = p.recent.length - RECENT;
    // what happens here is told by the engine: model-written text is fenced as its narration
    const list = p.recent
      .slice(-RECENT)
      .map((o) => `\n- ${said(r, o.msg, t('llm.fence.narration'))}`)
      .join('');
    lines.push(t('llm.brain.recent', { list: older > 0 ? ` ${t('llm.brain.earlier', { count: older })}${list}` : list }));
  }
  const query = [p.place.id, ...p.people.map((x) => x.id), ...p.entities.map((e) => e.id)];
  section(
    'llm.brain.memories',
    retrieve(s.memory, query, p.tick, MEMORIES).map((m) => `\n- [${m.tick}] ${said(r, m.msg, speakerOf(r, m))}`),
    '',
  );
  if (p.lastFailure) lines.push(t('llm.brain.failure', { tick: p.lastFailure.tick, reason: r.render(p.lastFailure.reason) }));
  // the game master's turn: a player spoke to it, and it answers now
  if (p.answering) {
    lines.push(
      t('llm.brain.answering', {
        who: named(r.actor(p.answering.to), p.answering.to),
        said: said(r, p.answering.said, r.actor(p.answering.to)),
      }),
    );
    // what the answer holds to: the work really open, and only the facts it has heard (bots/work-lead.ts)
    const basis = p.answering.basis;
    if (basis) {
      const w = basis.work;
      lines.push(
        w
          ? t('llm.brain.answer_work', {
              employer: named(r.actor(w.employer), w.employer),
              job: r.param({ ref: 'job', id: w.job }),
              place: short(r.place(w.place), w.place),
              money: r.money(w.wage),
            })
          : t('llm.brain.answer_no_work'),
      );
      if (basis.known.length)
        section(
          'llm.brain.answer_known',
          basis.known.map((k) => `\n- ${said(r, k.content, t('llm.fence.narration'))}`),
          '',
        );
      else lines.push(t('llm.brain.answer_nothing_known'));
    }
  }
  // lore matches what is going on, not the list of templates (the same for everyone)
  const scan = lines.join('\n');
  // what it could make now, within its money and energy; by id alone: the ids say what they are
  section(
    'llm.brain.creatable',
    cat.scenario.templates
      .filter((x) => cat.words.kind(x.kind)?.made !== false && x.cost.money <= s.money && x.cost.energy <= s.energy)
      .map((x) => `[${x.id}] ${x.cost.money}/${x.cost.energy}`),
  );
  return { text: lines.join('\n'), scan };
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
