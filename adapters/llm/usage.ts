import { createRequire } from 'node:module';
import type { Role } from './config.ts';

export interface Tokens {
  calls: number;
  prompt: number;
  completion: number;
  cached: number;
}
export const zeroTokens = (): Tokens => ({ calls: 0, prompt: 0, completion: 0, cached: 0 });

/**
 * Tokens in a text, counted with the o200k_base encoding (OpenAI's current models; gpt-tokenizer ships
 * it, so it counts offline; another model's tokenizer differs a little). Loaded on first use, so a run
 * without a model never pays for the encoding's tables.
 */
export function countTokens(text: string): number {
  encoding ??= createRequire(import.meta.url)('gpt-tokenizer/cjs/encoding/o200k_base') as { countTokens(t: string): number };
  return encoding.countTokens(text);
}
let encoding: { countTokens(t: string): number } | undefined;

/** The usage block of a chat completion, as the API reports it (cached tokens only where it does). */
export interface ApiUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
}

export function tokensOf(u: ApiUsage | null | undefined): Tokens {
  return {
    calls: 1,
    prompt: u?.prompt_tokens ?? 0,
    completion: u?.completion_tokens ?? 0,
    cached: u?.prompt_tokens_details?.cached_tokens ?? 0,
  };
}

function addTo(into: Tokens, t: Tokens): void {
  into.calls += t.calls;
  into.prompt += t.prompt;
  into.completion += t.completion;
  into.cached += t.cached;
}

/**
 * Token accounting per call (returned to the caller and logged), per bot, per tick, per role and
 * for the run, and the run's cap. The cap is judged on whole ticks: a call at tick t is refused when
 * the ticks before t spent the budget. Calls inside one tick run in parallel, so judging on what
 * they spent would depend on timing; whole earlier ticks depend only on the answers, and a
 * replayed run falls back from the same tick.
 */
export class TokenLedger {
  readonly run = zeroTokens();
  readonly byBot = new Map<string, Tokens>();
  readonly byTick = new Map<number, Tokens>();
  readonly byRole = new Map<Role, Tokens>();
  /** the first tick at which the cap refused a call */
  exhaustedAt: number | null = null;

  constructor(readonly max: number) {}

  add(role: Role, actor: string, tick: number, t: Tokens): void {
    addTo(this.run, t);
    for (const [map, key] of [
      [this.byBot, actor],
      [this.byTick, tick],
      [this.byRole, role],
    ] as [Map<unknown, Tokens>, unknown][]) {
      let x = map.get(key);
      if (!x) map.set(key, (x = zeroTokens()));
      addTo(x, t);
    }
  }

  /** Tokens spent in ticks before `tick`. */
  spentBefore(tick: number): number {
    let n = 0;
    for (const [t, x] of this.byTick) if (t < tick) n += x.prompt + x.completion;
    return n;
  }

  /** Is the budget spent for a call at `tick`? Remembers the first tick it was. */
  capped(tick: number): boolean {
    if (this.max === 0 || this.spentBefore(tick) < this.max) return false;
    if (this.exhaustedAt === null || tick < this.exhaustedAt) this.exhaustedAt = tick;
    return true;
  }
}
