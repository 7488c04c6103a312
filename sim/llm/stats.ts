import type { Logger } from '../log.ts';
import type { Role } from './config.ts';

export interface CallMeta { role: Role; actor: string; tick: number }

/**
 * Counters of what went wrong and where decisions went, each also logged with the bot, tick and
 * reason. Repairs and fallbacks are keyed by reason (invalid_json, unknown_tool, invalid_args,
 * refusal, no_tool_call, timeout, rate_limited, server_error, budget, ...).
 */
export class LlmStats {
  retries = 0;
  readonly repairs: Record<string, number> = {};
  readonly fallbacks: Record<string, number> = {};
  /** the hybrid brain's routing */
  readonly routed = { model: 0, policy: 0 };

  constructor(private readonly log: Logger | null) {}

  retry(meta: CallMeta, attempt: number, waitMs: number, reason: string): void {
    this.retries++;
    this.log?.warn({ ...meta, attempt, waitMs, reason }, 'llm retry');
  }

  repair(meta: CallMeta, reason: string, error: string): void {
    this.repairs[reason] = (this.repairs[reason] ?? 0) + 1;
    this.log?.warn({ ...meta, reason, error }, 'llm repair');
  }

  fallback(meta: CallMeta, reason: string, error: string): void {
    this.fallbacks[reason] = (this.fallbacks[reason] ?? 0) + 1;
    this.log?.warn({ ...meta, reason, error }, 'llm fallback');
  }

  route(to: 'model' | 'policy', actor: string, tick: number, reason: string | null): void {
    this.routed[to]++;
    this.log?.debug({ actor, tick, to, reason }, 'hybrid route');
  }

  get totalRepairs(): number { return sum(this.repairs); }
  get totalFallbacks(): number { return sum(this.fallbacks); }
}

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
