import { Renderer } from '../../sim/i18n/render.ts';
import { translator } from '../../sim/i18n/translator.ts';
import type { LlmClient } from '../../adapters/llm/client.ts';
import { fence, quoted } from '../../adapters/llm/fence.ts';
import { askWithRepair } from '../../adapters/llm/repair.ts';
import type { LlmStats } from '../../adapters/llm/stats.ts';
import type { Lang } from '../../sim/model/text.ts';
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

/**
 * A language model reads the player's words as one of the five tools, offered as function tools,
 * with what the player perceives as context (the same isolated view a bot gets). An answer that is
 * not one valid call gets one repair; then the offline parser reads the words. The player still
 * confirms the call, and the Judge still judges it.
 */
export function llmIntentParser(o: LlmIntentOptions): IntentParser {
  const t = translator(o.lang);
  return {
    name: 'llm',
    async parse(input: IntentInput): Promise<Intent> {
      const { cat, state, actor, id } = input;
      const meta = { role: 'intent' as const, actor, tick: state.tick + 1 };
      const messages = [
        { role: 'system' as const, content: t('llm.intent.rules') },
        {
          role: 'user' as const,
          content: `${situation(input)}\n\n${t('llm.intent.words', { text: fence(t, t('llm.fence.player'), input.text) })}`,
        },
      ];
      // when the offline parser answers, its whole reading stands (a not-found included)
      let offline: Intent | null = null;
      const call = await askWithRepair(
        { client: o.client, stats: o.stats, t },
        meta,
        { messages, tools: functionTools(t, cat.words), tool_choice: 'required', parallel_tool_calls: false },
        (m) => readToolCall(m, actor, id, cat.words),
        async () => (offline = await o.fallback.parse(input)).call,
      );
      return offline ?? { call, understood: describeCall(cat, state, call) };
    },
  };
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
