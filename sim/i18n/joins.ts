import type { Event } from '../model/events.ts';
import type { Renderer } from './render.ts';
import type { T } from './translator.ts';

/** Who joined a world and the money they brought, by the source it was booked under: for `run`'s and `serve`'s summaries. */
export class JoinTally {
  count = 0;
  total = 0;
  money: Record<string, number> = {};

  add(e: Extract<Event, { type: 'joined' }>): void {
    this.count++;
    // logs from before a newcomer's money had a source booked them as `joined`
    if (e.money > 0) this.money[e.source ?? 'joined'] = (this.money[e.source ?? 'joined'] ?? 0) + e.money;
    this.total += e.money;
  }

  /** One summary line naming the money by its source, or null when nobody joined. */
  line(t: T, r: Renderer): string | null {
    if (!this.count) return null;
    const brought = Object.entries(this.money)
      .map(([k, v]) => `${moneyName(r, k, 'sources')} +${v}`)
      .join(', ');
    return t('cli.summary.joins', { count: this.count, money: r.money(this.total), sources: brought || '-' });
  }
}

/** A declared source's or sink's name from the scenario, in the run's language. */
export function moneyName(r: Renderer, id: string, kind: 'sources' | 'sinks'): string {
  return r.text(r.cat.scenario.meta.rules.money[kind].find((x) => x.id === id)?.name) || id;
}
