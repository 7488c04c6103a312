import { type T, translator } from '../../sim/i18n/translator.ts';
import type { LlmClient } from '../../adapters/llm/client.ts';
import { askWithRepair, type Reading } from '../../adapters/llm/repair.ts';
import type { Consequence } from '../../sim/model/consequence.ts';
import type { LlmStats } from '../../adapters/llm/stats.ts';
import type { Lang, Message } from '../../sim/model/text.ts';
import type { Verify, WorldEngine } from '../types.ts';
import { engineMessages } from './prompt.ts';
import { consequenceFormat, readConsequence } from './schema.ts';
import { readStrictConsequence, strictConsequenceFormat } from './strict.ts';
import { useStrictOutput } from '../../adapters/llm/config.ts';

export interface LlmEngineOptions {
  client: LlmClient;
  stats: LlmStats;
  fallback: WorldEngine;
  lang: Lang;
}

/**
 * What the Judge's dry run sends back for repair: references to what does not exist (or no longer
 * does, by the answer's own earlier changes) and claims the changes do not carry. Other refusals are
 * the Judge's ordinary business (judged as proposed).
 */
const REPAIRABLE = new Set([
  'unknown_actor',
  'unknown_entity',
  'already_removed',
  'unknown_place',
  'unknown_item',
  'unknown_template',
  'unknown_fact',
  'unknown_reference',
  'unknown_target',
  'unbacked_claim',
]);

/** An answer that parsed, as the Judge would take it: refused (quoting the Judge's reason) if repairable. */
function judged(r: Reading<Consequence>, verify: Verify | undefined, t: T): Reading<Consequence> {
  if (!r.ok || !verify) return r;
  const why = verify(r.value);
  if (!why || !REPAIRABLE.has(why.code)) return r;
  return {
    ok: false,
    reason: why.code === 'unbacked_claim' ? 'unbacked_claim' : 'invalid_reference',
    error: `${why.code}: ${plain(t, why.message)}`,
  };
}

/** A reason's message for the model: references as their ids (the prompt names things by id). */
function plain(t: T, m: Message): string {
  if ('text' in m) return m.text;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.params ?? {})) params[k] = typeof v === 'object' ? v.id : v;
  return t(m.key, params);
}

/**
 * A language model resolves calls into consequences through structured output. An answer that
 * does not parse or breaks the schema, names what does not exist or narrates what its changes do not
 * carry (the Judge's dry run) gets one repair; then (or with no answer, or past the token cap) the
 * fallback engine resolves the call, counted. Untrusted all the same: parsed again and judged.
 */
export function llmEngine(o: LlmEngineOptions): WorldEngine {
  const t = translator(o.lang);
  // strict mode needs the reshaped format (strict.ts); compatible servers take the format as it is
  const strict = useStrictOutput(o.client.config);
  const format = strict ? strictConsequenceFormat() : consequenceFormat();
  const read = strict ? readStrictConsequence : readConsequence;
  return {
    name: 'llm',
    trusted: false,
    resolve(cat, slice, call, verify) {
      const meta = { role: 'engine' as const, actor: call.actor, tick: slice.tick };
      return askWithRepair(
        { client: o.client, stats: o.stats, t },
        meta,
        { messages: engineMessages(cat, t, o.lang, slice, call), response_format: format },
        (m) => judged(read(m), verify, t),
        () => o.fallback.resolve(cat, slice, call),
      );
    },
  };
}
