import { traitsOf } from '../../sim/model/check.ts';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { constantLore } from '../../bots/brains/llm/lore.ts';
import type { T } from '../../sim/i18n/translator.ts';
import type { ActorState } from '../../sim/state/types.ts';
import type { Lang } from '../../sim/model/text.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import { neutraliseAll } from '../../adapters/llm/fence.ts';
import { canonicalJson } from '../../sim/lib/canonical.ts';
import type { Slice } from '../types.ts';
import { own } from '../../sim/model/ids.ts';
import { needLevel } from '../../sim/model/needs.ts';

/**
 * The rules of the world first (the same for every call, so providers cache them), then the call
 * and the slice as canonical JSON. Fact truth stays out: only the Judge knows it.
 */
export function engineMessages(cat: Catalog, t: T, lang: Lang, slice: Slice, call: ToolCall): ChatCompletionMessageParam[] {
  const rules = cat.scenario.meta.rules;
  const system = [
    t('llm.engine.rules', {
      world: cat.scenario.meta.name[lang],
      caps: canonicalJson(rules.caps),
      sources: rules.money.sources.map((s) => s.id).join(', '),
      sinks: rules.money.sinks.map((s) => s.id).join(', '),
      templates: cat.scenario.templates.map((x) => `${x.id} (${x.kind})`).join(', '),
    }),
    ...(cat.needs.size ? [t('llm.engine.needs', { needs: needRules(cat) })] : []),
    t('llm.brain.lore', { lore: constantLore(cat, lang).join('\n') }),
  ].join('\n\n');
  const view = {
    actor: {
      ...body(slice.actor),
      // a pack's own needs, each as its level now (a pack without them shows exactly what it always did)
      ...(cat.needs.size ? { needs: needLevels(cat, slice.actor) } : {}),
      traits: traitsOf(cat, slice.actor).map((x) => ({
        id: x.id,
        name: x.name[lang],
        positive: x.positive[lang],
        negative: x.negative[lang],
      })),
    },
    place: slice.place,
    target:
      slice.target === null
        ? null
        : slice.target.kind === 'actor'
          ? { kind: 'actor', ...body(slice.target.actor) }
          : { kind: 'entity', ...slice.target.entity },
    entities_here: slice.entitiesHere,
    known_facts: slice.known.map((f) => ({ id: f.id, content: f.content, about: f.about })),
    listeners: slice.listeners.map((a) => ({ id: a.id, status: a.status })),
    travel: slice.travel,
    // a risky call was rolled already: the consequence is that band's (the Judge holds it to it)
    ...(slice.check
      ? { check: { band: slice.check.band, total: slice.check.total, partial_energy: cat.scenario.vocabulary.checks.partialEnergy } }
      : {}),
  };
  return [
    { role: 'system', content: system },
    // the call and the slice hold others' words and names: JSON quotes them, and each is one short line
    {
      role: 'user',
      content: t('llm.engine.call', {
        tick: slice.tick,
        call: canonicalJson(neutraliseAll(call)),
        slice: canonicalJson(neutraliseAll(view)),
      }),
    },
  ];
}

/** Each need the pack declares, its range and what satisfies it by how much: the rules a need_gain is judged by. */
const needRules = (cat: Catalog): string =>
  [...cat.needs.values()]
    .map((n) => {
      const by = [...cat.items.values()].flatMap((i) =>
        i.satisfies && own(i.satisfies, n.id) ? [`${i.id} +${own(i.satisfies, n.id)}`] : [],
      );
      return `${n.id} 0..${n.max} (${by.join(', ')})`;
    })
    .join('; ');

const needLevels = (cat: Catalog, a: ActorState): Record<string, number> =>
  Object.fromEntries([...cat.needs.values()].map((n) => [n.id, needLevel(n, a)]));

const body = (a: ActorState) => ({
  id: a.id,
  location: a.location,
  money: a.money,
  energy: a.energy,
  inventory: a.inventory,
  status: a.status,
  tags: a.tags,
  reputation: a.reputation,
  roles: a.roles,
});
