import { translator } from '../../../sim/i18n/translator.ts';
import type { LlmClient } from '../../../sim/llm/client.ts';
import { askWithRepair } from '../../../sim/llm/repair.ts';
import type { LlmStats } from '../../../sim/llm/stats.ts';
import type { Lang } from '../../../sim/model/text.ts';
import type { ToolCall } from '../../../sim/model/tools.ts';
import { callIdOf } from '../../perception.ts';
import type { Brain } from '../types.ts';
import { brainMessages } from './prompt.ts';
import { functionTools, readToolCall } from './tools.ts';

export interface LlmBrainOptions { client: LlmClient; stats: LlmStats; fallback: Brain; lang: Lang }

/**
 * A language model decides: the five tools offered as function tools, the bot's isolated
 * perception, persona, memories and lore in the prompt. An answer that does not read as one valid
 * call gets one repair; then (or with no answer, or past the run's token cap) the fallback brain
 * decides, so what leaves here is a parsed call or the fallback's. Still untrusted: the deliberation
 * parses it again and the Judge judges it.
 */
export function llmBrain(o: LlmBrainOptions): Brain {
  const t = translator(o.lang);
  return {
    name: 'llm',
    trusted: false,
    async decide(cat, p, seed): Promise<ToolCall | null> {
      const meta = { role: 'bot' as const, actor: p.self.id, tick: p.tick };
      const id = callIdOf(p);
      return askWithRepair({ client: o.client, stats: o.stats, t }, meta,
        // no parallel_tool_calls: not every compatible server knows it, and only the first call counts anyway
        { messages: brainMessages(cat, p, o.lang), tools: functionTools(t, cat.words), tool_choice: 'auto' },
        (m) => readToolCall(m, p.self.id, id, cat.words),
        () => o.fallback.decide(cat, p, seed));
    },
  };
}
