import type { Logger } from '../../sim/log.ts';
import type { Role } from './config.ts';

export interface CallMeta {
  role: Role;
  actor: string;
  tick: number;
}

/**
 * Counters of what went wrong and where decisions went, each also logged with the bot, tick and
 * reason. Repairs and fallbacks are keyed by reason (invalid_json, unknown_tool, invalid_args,
 * refusal, no_tool_call, timeout, rate_limited, server_error, budget, ...), drops too (argue_invalid,
 * argue_no_trait, argue_not_check).
 */
export class LlmStats {
  retries = 0;
  readonly repairs: Record<string, number> = {};
  readonly fallbacks: Record<string, number> = {};
  /** what a model attached to a good answer and was dropped (a bot's argument for a trait it lacks, a malformed one) */
  readonly dropped: Record<string, number> = {};
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

  drop(meta: CallMeta, reason: string, error: string): void {
    this.dropped[reason] = (this.dropped[reason] ?? 0) + 1;
    this.log?.warn({ ...meta, reason, error }, 'llm drop');
  }

  route(to: 'model' | 'policy', actor: string, tick: number, reason: string | null): void {
    this.routed[to]++;
    this.log?.debug({ actor, tick, to, reason }, 'hybrid route');
  }

  get totalRepairs(): number {
    return sum(this.repairs);
  }
  get totalFallbacks(): number {
    return sum(this.fallbacks);
  }
  get totalDropped(): number {
    return sum(this.dropped);
  }
}

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
