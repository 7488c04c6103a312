import { translator } from '../../../sim/i18n/translator.ts';
import type { LlmClient } from '../../../adapters/llm/client.ts';
import { askWithRepair } from '../../../adapters/llm/repair.ts';
import type { LlmStats } from '../../../adapters/llm/stats.ts';
import type { Lang } from '../../../sim/model/text.ts';
import { callIdOf } from '../../perception.ts';
import type { Brain, Decided } from '../types.ts';
import { withArgument } from './argue.ts';
import { brainMessages } from './prompt.ts';
import { functionTools, readToolCall } from './tools.ts';

export interface LlmBrainOptions {
  client: LlmClient;
  stats: LlmStats;
  fallback: Brain;
  lang: Lang;
}

/**
 * A language model decides: the five tools offered as function tools, the bot's isolated
 * perception, persona, traits, memories and lore in the prompt. An answer that does not read as one
 * valid call gets one repair; then (or with no answer, or past the run's token cap) the fallback brain
 * decides, so what leaves here is a parsed call or the fallback's. A risky call may carry the bot's
 * argument for one of its traits; one that does not hold (bots/brains/llm/argue.ts) is dropped and
 * counted, and the call stands. Still untrusted: the deliberation parses it again and the Judge judges it.
 */
export function llmBrain(o: LlmBrainOptions): Brain {
  const t = translator(o.lang);
  return {
    name: 'llm',
    trusted: false,
    async decide(cat, p, seed): Promise<Decided | null> {
      const meta = { role: 'bot' as const, actor: p.self.id, tick: p.tick };
      const id = callIdOf(p);
      return askWithRepair(
        { client: o.client, stats: o.stats, t },
        meta,
        // no parallel_tool_calls: not every compatible server knows it, and only the first call counts anyway
        { messages: brainMessages(cat, p, o.lang), tools: functionTools(t, cat.words, true), tool_choice: 'auto' },
        (m) => {
          const r = readToolCall(m, p.self.id, id, cat.words, true);
          if (!r.ok) return r;
          // the answer that reads is the one used: its dropped argument is counted once
          const { value, dropped } = withArgument(cat, p.self, r.value);
          if (dropped) o.stats.drop(meta, dropped.reason, dropped.error);
          return { ok: true, value };
        },
        () => o.fallback.decide(cat, p, seed),
      );
    },
  };
}
