import { Renderer } from '../../sim/i18n/render.ts';
import { translator } from '../../sim/i18n/translator.ts';
import type { LlmClient } from '../../adapters/llm/client.ts';
import type { AnswerMessage } from '../../adapters/llm/answer.ts';
import { fence, quoted } from '../../adapters/llm/fence.ts';
import { askWithRepair, type Reading } from '../../adapters/llm/repair.ts';
import type { LlmStats } from '../../adapters/llm/stats.ts';
import type { Lang } from '../../sim/model/text.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import { indexPlaces } from '../../sim/state/place-index.ts';
import { functionTools, readToolCall } from '../brains/llm/tools.ts';
import { perceive } from '../perception.ts';
import type { Intent, IntentInput, IntentParser } from './types.ts';
import { describeCall } from './understood.ts';

export interface LlmIntentOptions {
  client: LlmClient;
  stats: LlmStats;
  fallback: IntentParser;
  lang: Lang;
}

/** The sixth tool offered to the model: the player asks what is around (no call; the scene panel). */
const LOOK = 'look_around';

/**
 * A language model reads what the offline parser could not: words it did not understand, or that fit
 * several calls. The model is offered the five tools (and looking around), with what the player
 * perceives as context (the same isolated view a bot gets). Its answer is parsed with the tools' zod
 * schemas and then checked against the world by the rules (`refused`): someone not here, a thing or
 * place not of this pack, words turned into talking to oneself are refused like a malformed answer:
 * one repair, then the offline reading stands whole (a not-understood with its suggestions included).
 * The player still confirms the call, and the Judge still judges it.
 */
export function llmIntentParser(o: LlmIntentOptions): IntentParser {
  const t = translator(o.lang);
  return {
    name: 'llm',
    async parse(input: IntentInput): Promise<Intent> {
      const offline = await o.fallback.parse(input);
      if (!offline.notUnderstood && !offline.choices) return offline;
      const { cat, state, actor, id } = input;
      const meta = { role: 'intent' as const, actor, tick: state.tick + 1 };
      const messages = [
        { role: 'system' as const, content: t('llm.intent.rules') },
        {
          role: 'user' as const,
          content: `${situation(input)}\n\n${t('llm.intent.words', { text: fence(t, t('llm.fence.player'), input.text) })}`,
        },
      ];
      const look = {
        type: 'function' as const,
        function: { name: LOOK, description: t('intent.llm.look'), parameters: { type: 'object', properties: {} } },
      };
      const read = (m: AnswerMessage): Reading<ToolCall | typeof LOOK> => {
        if (m.tool_calls?.[0]?.function.name === LOOK) return { ok: true, value: LOOK };
        const r = readToolCall(m, actor, id, cat.words);
        if (!r.ok) return r;
        const why = refused(input, r.value);
        return why ? { ok: false, reason: 'refused', error: t(`intent.llm.refused.${why.key}`, why.params) } : r;
      };
      let fell = false;
      const got = await askWithRepair(
        { client: o.client, stats: o.stats, t },
        meta,
        { messages, tools: [...functionTools(t, cat.words), look], tool_choice: 'required', parallel_tool_calls: false },
        read,
        () => ((fell = true), offline.call),
      );
      if (fell) return offline;
      if (got === LOOK) return { call: offline.call, understood: describeLook(input), look: true };
      return { call: got, understood: describeCall(cat, state, got) };
    },
  };
}

/**
 * What the rules refuse of a model's call, before the player sees it: someone who is not where the player
 * stands, an item, template or place this world does not have, or talking to oneself (the model may not
 * turn words it was asked to read into a remark).
 */
export function refused(input: IntentInput, call: ToolCall): { key: string; params: Record<string, string> } | null {
  const { cat, state, actor } = input;
  const here = state.actors[actor].location;
  const present = (who: string) => {
    const a = Object.hasOwn(state.actors, who) ? state.actors[who] : undefined;
    return !!a && who !== actor && a.location === here && a.status !== 'dead';
  };
  const target = 'target' in call.args ? call.args.target : undefined;
  if (target !== undefined && call.tool !== 'move' && !present(target) && !Object.hasOwn(state.entities, target))
    return { key: 'not_here', params: { id: target } };
  switch (call.tool) {
    case 'use_resource': {
      const item = call.args.resource.startsWith('item:') ? call.args.resource.slice(5) : null;
      return item && !cat.items.has(item) ? { key: 'no_item', params: { id: item } } : null;
    }
    case 'move':
      return cat.places.has(call.args.destination) || state.generatedPlaces.some((g) => g.id === call.args.destination)
        ? null
        : { key: 'no_place', params: { id: call.args.destination } };
    case 'create':
      return cat.templates.has(call.args.what) ? null : { key: 'no_template', params: { id: call.args.what } };
    case 'express':
      return cat.words.channel(call.args.channel)?.reach === 'self' ? { key: 'self', params: {} } : null;
    default:
      return null;
  }
}

function describeLook(input: IntentInput) {
  const r = (lang: Lang) => new Renderer(lang, input.cat, input.state).t('intent.understood.look');
  return { cn: r('cn'), en: r('en') };
}

/** Where the player stands and what is in reach, with ids, from the player's own perception. */
function situation(input: IntentInput): string {
  const { cat, state, actor } = input;
  const p = perceive(cat, state, indexPlaces(cat, state), actor, state.tick + 1);
  const r = new Renderer(input.lang, cat, state, { quote: (x) => quoted(x) });
  const named = (name: string, id: string) => `${name} [${id}]`;
  const none = r.t('llm.brain.none');
  const join = (xs: string[]) => xs.join(', ') || none;
  return r.t('llm.intent.situation', {
    place: named(r.place(p.place.id), p.place.id),
    money: r.money(p.self.money),
    energy: p.self.energy,
    links: join(p.place.links.map((l) => named(r.place(l.to), l.to))),
    people: join(p.people.map((n) => named(r.actor(n.id), n.id))),
    things: join(p.entities.map((e) => named(r.entity(e.id), e.id))),
    items: join([...cat.items.values()].map((i) => named(r.text(i.name), i.id))),
    templates: join(cat.scenario.templates.filter((x) => cat.words.kind(x.kind)?.made !== false).map((x) => named(r.text(x.name), x.id))),
  });
}
