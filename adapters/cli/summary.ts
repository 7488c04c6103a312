import type { Event, MoneySummary } from '../../sim/model/events.ts';
import { directorTemplateOf } from '../../sim/model/director.ts';
import { STRATEGIES } from '../../sim/model/strategy.ts';
import type { WorldState } from '../../sim/state/types.ts';
import type { Message } from '../../sim/model/text.ts';
import { JoinTally } from '../../sim/i18n/joins.ts';

/** Figures for the end of a run, accumulated over every committed tick (a resumed run includes the earlier part). */
export class SummaryBuilder {
  ticks = 0;
  byType: Record<string, number> = {};
  byTool: Record<string, number> = {};
  rejections: Record<string, number> = {};
  /** the latest rejection of each kind, to show with its own details */
  example: Record<string, Message> = {};
  repeatedRejections = 0;
  created: Record<string, number> = {};
  effectsFired: Record<string, number> = {};
  strategyChanges = 0;
  relationshipMoves = 0;
  reputationMoves = 0;
  /** speakers' claims about the world, those the committed state contradicted, and model texts held back as unbacked */
  claims = 0;
  contradictedClaims = 0;
  heldTexts = 0;
  firstMoney: number | null = null;
  created$ = 0;
  destroyed$ = 0;
  bySource: Record<string, number> = {};
  bySink: Record<string, number> = {};
  readonly joins = new JoinTally();
  lastMoney: MoneySummary | null = null;
  /** a tick whose own books do not balance, or whose opening balance is not the last one's closing */
  brokenTicks: number[] = [];

  add(events: Iterable<Event>): void {
    for (const e of events) this.addOne(e);
  }

  addOne(e: Event): void {
    // the director's newcomers arrive as labelled interventions: counted apart, as metrics count only the researcher's
    const type = e.type === 'intervened' && directorTemplateOf(e.label) !== null ? 'director_arrival' : e.type;
    this.byType[type] = (this.byType[type] ?? 0) + 1;
    switch (e.type) {
      case 'action':
        this.byTool[e.call.tool] = (this.byTool[e.call.tool] ?? 0) + 1;
        this.heldTexts += e.held ?? 0;
        break;
      case 'claimed':
        this.claims++;
        if (e.contradicts) this.contradictedClaims++;
        break;
      case 'call_failed':
        this.rejections[e.failed.reason.code] = (this.rejections[e.failed.reason.code] ?? 0) + 1;
        this.example[e.failed.reason.code] = e.failed.reason.message;
        if (e.repeated) this.repeatedRejections++;
        break;
      case 'entity_created':
        this.created[e.entity.template] = (this.created[e.entity.template] ?? 0) + 1;
        break;
      case 'money_created':
        if (e.entity) this.effectsFired[`source:${e.source}`] = (this.effectsFired[`source:${e.source}`] ?? 0) + 1;
        break;
      case 'entity_removed':
        this.effectsFired[`removed:${e.reason}`] = (this.effectsFired[`removed:${e.reason}`] ?? 0) + 1;
        break;
      case 'place_mood':
        this.effectsFired.place_mood = (this.effectsFired.place_mood ?? 0) + 1;
        break;
      case 'relationship_changed':
        this.relationshipMoves++;
        break;
      case 'reputation_changed':
        this.reputationMoves++;
        break;
      case 'reflected':
        if (STRATEGIES.some((k) => e.deltas[k])) this.strategyChanges++;
        break;
      case 'tick_summary':
        this.closeTick(e.tick, e.money);
        break;
      case 'joined':
        this.joins.add(e);
        break;
    }
  }

  private closeTick(tick: number, m: MoneySummary): void {
    this.ticks++;
    this.firstMoney ??= m.before;
    if (m.before + m.created - m.destroyed !== m.after || (this.lastMoney && this.lastMoney.after !== m.before))
      this.brokenTicks.push(tick);
    this.created$ += m.created;
    this.destroyed$ += m.destroyed;
    for (const [k, v] of Object.entries(m.sources)) this.bySource[k] = (this.bySource[k] ?? 0) + v;
    for (const [k, v] of Object.entries(m.sinks)) this.bySink[k] = (this.bySink[k] ?? 0) + v;
    if (sum(m.sources) !== m.created || sum(m.sinks) !== m.destroyed) this.brokenTicks.push(tick);
    this.lastMoney = m;
  }

  /** Opening money + created - destroyed must equal what every actor and every fund holds now, to the last unit of money. */
  reconcile(state: WorldState) {
    let held = 0;
    for (const id in state.actors) held += state.actors[id].money;
    // a fund's money is nobody's, and still the world's
    let funds = 0;
    for (const id in state.funds ?? {}) funds += state.funds![id].money;
    held += funds;
    const opening = this.firstMoney ?? held;
    const expected = opening + this.created$ - this.destroyed$;
    return {
      opening,
      created: this.created$,
      destroyed: this.destroyed$,
      expected,
      held,
      funds,
      exact: expected === held && this.brokenTicks.length === 0,
    };
  }

  /**
   * The end message on the books: reconciled, or every reason they are not, each with its figures
   * (a tick list alone says nothing when no tick is at fault but the totals differ).
   */
  verdict(m: Books): { key: string; params: Record<string, string | number> }[] {
    if (m.exact) return [{ key: 'cli.summary.exact', params: {} }];
    const out: { key: string; params: Record<string, string | number> }[] = [];
    const ticks = [...new Set(this.brokenTicks)];
    if (ticks.length) {
      out.push({
        key: 'cli.summary.broken_ticks',
        params: { n: ticks.length, ticks: ticks.slice(0, 5).join(', ') + (ticks.length > 5 ? ', …' : '') },
      });
    }
    if (m.expected !== m.held) {
      const diff = m.held - m.expected;
      out.push({
        key: 'cli.summary.broken_total',
        params: {
          opening: m.opening,
          created: m.created,
          destroyed: m.destroyed,
          expected: m.expected,
          held: m.held,
          diff: diff > 0 ? `+${diff}` : diff,
        },
      });
    }
    return out;
  }

  extremes(state: WorldState, n = 3) {
    const actors = Object.values(state.actors).sort((a, b) => b.money - a.money || (a.id < b.id ? -1 : 1));
    return { richest: actors.slice(0, n), poorest: actors.slice(-n).reverse() };
  }
}

export type Books = ReturnType<SummaryBuilder['reconcile']>;

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
