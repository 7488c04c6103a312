import { translator } from '../../../sim/i18n/translator.ts';
import type { LlmClient } from '../../../adapters/llm/client.ts';
import { askWithRepair } from '../../../adapters/llm/repair.ts';
import type { LlmStats } from '../../../adapters/llm/stats.ts';
import type { Lang } from '../../../sim/model/text.ts';
import { callIdOf } from '../../perception.ts';
import type { Brain, Decided, DecisionSink } from '../types.ts';
import { withArgument } from './argue.ts';
import { brainMessages } from './prompt.ts';
import { functionTools, readToolCall } from './tools.ts';

export interface LlmBrainOptions {
  client: LlmClient;
  stats: LlmStats;
  fallback: Brain;
  lang: Lang;
  /** the decision log (`run --decisions`): the model is offered a short `why` beside its call, and each call it made is reported with it */
  onDecision?: DecisionSink;
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
      const logged = o.onDecision !== undefined;
      // the reason given with the answer that was used (a repaired answer's, if it was repaired)
      let said: { why?: string } | null = null;
      const decided = await askWithRepair(
        { client: o.client, stats: o.stats, t },
        meta,
        // no parallel_tool_calls: not every compatible server knows it, and only the first call counts anyway
        { messages: brainMessages(cat, p, o.lang), tools: functionTools(t, cat.words, true, logged), tool_choice: 'auto' },
        (m) => {
          const r = readToolCall(m, p.self.id, id, cat.words, true);
          if (!r.ok) return r;
          // the reason is only logged: it never travels with the call
          const { why, ...read } = r.value;
          said = why === undefined ? {} : { why };
          // the answer that reads is the one used: its dropped argument is counted once
          const { value, dropped } = withArgument(cat, p.self, read);
          if (dropped) o.stats.drop(meta, dropped.reason, dropped.error);
          return { ok: true, value };
        },
        // the fallback reports its own decision (the policy brain, made with the same sink)
        () => {
          said = null;
          return o.fallback.decide(cat, p, seed);
        },
      );
      if (o.onDecision && said !== null) {
        const { argue: _, ...call } = decided as Decided;
        o.onDecision({ tick: p.tick, actor: p.self.id, brain: 'llm', call, ...(said as { why?: string }) });
      }
      return decided;
    },
  };
}
