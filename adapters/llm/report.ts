import type { T } from '../../sim/i18n/translator.ts';
import type { LlmRuntime } from './runtime.ts';
import type { Tokens } from './usage.ts';

/** Lines for the run summary: tokens, calls, repairs, fallbacks, the hybrid's share, the cap. */
export function llmSummaryLines(t: T, llm: LlmRuntime): string[] {
  const { ledger, stats } = llm;
  const out = [t('llm.summary.title')];
  const row = (label: string, value: string | number) => out.push(`  ${label.padEnd(24)} ${value}`);
  const tok = (x: Tokens) => t('llm.summary.tokens_row', { calls: x.calls, prompt: x.prompt, completion: x.completion, cached: x.cached });
  row(t('llm.summary.run'), tok(ledger.run));
  for (const [role, x] of [...ledger.byRole].sort()) row(`  ${role}`, tok(x));
  const bots = [...ledger.byBot].sort((a, b) => b[1].prompt + b[1].completion - a[1].prompt - a[1].completion || (a[0] < b[0] ? -1 : 1));
  if (bots.length) row(t('llm.summary.top_bot'), `${bots[0][0]}: ${tok(bots[0][1])}`);
  row(t('llm.summary.retries'), stats.retries);
  row(t('llm.summary.repairs'), stats.totalRepairs);
  for (const [k, v] of Object.entries(stats.repairs).sort()) row(`  ${k}`, v);
  row(t('llm.summary.fallbacks'), stats.totalFallbacks);
  for (const [k, v] of Object.entries(stats.fallbacks).sort()) row(`  ${k}`, v);
  if (stats.totalDropped > 0) {
    row(t('llm.summary.dropped'), stats.totalDropped);
    for (const [k, v] of Object.entries(stats.dropped).sort()) row(`  ${k}`, v);
  }
  const routed = stats.routed.model + stats.routed.policy;
  if (routed > 0) {
    row(
      t('llm.summary.hybrid'),
      t('llm.summary.share', { model: stats.routed.model, total: routed, percent: Math.round((100 * stats.routed.model) / routed) }),
    );
  }
  if (ledger.max > 0) {
    out.push(
      `  ${ledger.exhaustedAt === null ? t('llm.summary.cap_ok', { max: ledger.max }) : t('llm.summary.cap_hit', { max: ledger.max, tick: ledger.exhaustedAt })}`,
    );
  }
  return out;
}
