import { translator } from '../../sim/i18n/translator.ts';
import type { LlmClient } from '../../sim/llm/client.ts';
import { askWithRepair } from '../../sim/llm/repair.ts';
import type { LlmStats } from '../../sim/llm/stats.ts';
import type { Lang } from '../../sim/model/text.ts';
import type { WorldEngine } from '../types.ts';
import { engineMessages } from './prompt.ts';
import { consequenceFormat, readConsequence } from './schema.ts';

export interface LlmEngineOptions { client: LlmClient; stats: LlmStats; fallback: WorldEngine; lang: Lang }

/**
 * A language model resolves calls into consequences through structured output. An answer that
 * does not parse or breaks the schema gets one repair; then (or with no answer, or past the token
 * cap) the fallback engine resolves the call. Untrusted: parsed again and judged.
 */
export function llmEngine(o: LlmEngineOptions): WorldEngine {
  const t = translator(o.lang);
  const format = consequenceFormat();
  return {
    name: 'llm',
    trusted: false,
    resolve(cat, slice, call) {
      const meta = { role: 'engine' as const, actor: call.actor, tick: slice.tick };
      return askWithRepair({ client: o.client, stats: o.stats, t }, meta,
        { messages: engineMessages(cat, t, o.lang, slice, call), response_format: format },
        readConsequence,
        () => o.fallback.resolve(cat, slice, call));
    },
  };
}
