import type { Event } from '../model/events.ts';
import type { Status } from '../model/status.ts';
import { callWord } from '../model/check.ts';
import type { Scenario } from '../model/scenario.ts';
import { buildCatalog, type Catalog } from '../scenario/catalog.ts';
import { initialState } from '../state/initial.ts';
import { applyEvent } from '../state/apply.ts';
import { membersOf } from '../state/members.ts';
import type { ActorState, WorldState } from '../state/types.ts';
import { networkFigures } from './graph.ts';
import { entropy, giniSorted, percentile } from './stats.ts';
import {
  ACT_TOOLS,
  BAND_COLUMNS,
  METRICS_COLUMNS,
  STRAT_COLUMNS,
  type DiffusionRow,
  type FactRow,
  type SpreadRow,
  type TickRow,
} from './rows.ts';
import { readTension } from '../../world-engine/director/measures.ts';
import { DirectorWindow } from '../../world-engine/director/window.ts';
import { directorTemplateOf } from '../model/director.ts';

export interface FoldOptions {
  /**
   * keep the per-(tick, fact) diffusion rows and the spread (provenance) rows: the CLI does, the
   * live server does not (they grow with facts times ticks); the per-fact summary is always kept
   */
  keepDiffusion?: boolean;
  /** keep only the newest this many tick rows (the live server's memory bound); default: all */
  cap?: number;
}

/** What the fold knows of one fact between ticks. */
interface FactTrack {
  row: FactRow;
  knowers: Set<string>;
  /** living knowers */
  known: number;
}

/**
 * The figures of a world, tick by tick, as a fold of its committed events only. Built on the
 * state the log starts from, it folds each tick's events into that state with sim/state/apply.ts
 * (the state is itself a fold of the events) and reads it at the end of the tick; what the state
 * does not keep (who learned a fact from whom, per tick) it keeps from the events.
 *
 * A live world already folds its events into its own state: `adopt` hands that state over once the
 * fold has caught up with it, and from then on `add` only reads it (no second copy, no double fold).
 */
export class MetricsFold {
  private state: WorldState;
  private applying = true;
  private readonly hoursPerTick: number;
  private readonly keep: boolean;
  private readonly cap: number;
  private last = -1;
  /** the dead and those out of play for good (left, locked away): they neither hear nor pass on news */
  private readonly gone = new Set<string>();
  private readonly factsById = new Map<string, FactTrack>();
  /** facts an intervention named, by label */
  private readonly labels = new Map<string, string>();
  private knowings = 0;
  /** every actor ever seen gets a slot, for the network: slot -> id, id -> slot, and whom each has a feeling toward */
  private readonly ids: string[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly out: (Set<number> | undefined)[] = [];
  /** feelings that changed this tick: read from the state at the end of it */
  private dirty: [string, string][] = [];
  private readonly rowsKept: TickRow[] = [];
  private readonly diff: DiffusionRow[] = [];
  private readonly prov: SpreadRow[] = [];
  /** the recent ticks the director's measures read, for a pack with a director */
  private readonly window: DirectorWindow | null;
  /** what the whole run did, for its health (./health.ts) */
  private readonly tally: Tally = {
    made: new Map(),
    words: new Map(),
    removed: new Map(),
    repeatedRejections: 0,
    failStreaks: 0,
    longestStreak: 0,
  };
  /** failed checks in a row, by actor and word: a streak ends at a roll that does not fail */
  private readonly streaks = new Map<string, number>();
  /** the figures of the state the log starts from */
  readonly start: StartFigures;

  constructor(
    readonly cat: Catalog,
    initial: WorldState,
    o: FoldOptions = {},
  ) {
    this.state = initial;
    this.hoursPerTick = 24 / cat.scenario.vocabulary.time.ticksPerDay;
    this.keep = o.keepDiffusion ?? true;
    this.cap = o.cap ?? Infinity;
    this.window = cat.scenario.director ? new DirectorWindow(cat.scenario.director.window) : null;
    this.last = initial.tick;
    for (const id in initial.actors) if (outOfPlay(initial.actors[id].status)) this.gone.add(id);
    // facts a pack starts with (none today) are known by whoever the state says
    for (const id in initial.facts) this.track(id, null);
    for (const id in initial.actors) for (const f of initial.actors[id].knows) this.learn(id, f);
    for (const a of membersOf(initial.actors)) this.slot(a);
    const money = membersOf(initial.actors)
      .filter((a) => !outOfPlay(a.status))
      .map((a) => a.money)
      .sort((a, b) => a - b);
    this.start = {
      tick: initial.tick,
      population: membersOf(initial.actors).filter((a) => a.status !== 'dead').length,
      residents: membersOf(initial.actors).filter((a) => a.status !== 'dead' && a.status !== 'restrained_permanent' && !a.player).length,
      moneyTotal: initial.moneyTotal,
      gini: giniSorted(money),
      money_p50: percentile(money, 50),
    };
  }

  /** A fold from the start of a world: the pack, its seed and population (null: the pack's own people). */
  static of(scenario: Scenario, seed: number, population: number | null = null, o: FoldOptions = {}): MetricsFold {
    const cat = buildCatalog(scenario);
    return new MetricsFold(cat, initialState(cat, seed, population), o);
  }

  /** the last tick folded; -1 before any */
  get tick(): number {
    return this.last;
  }

  /**
   * From now on read `live` (a state that has folded exactly the ticks this fold has) instead of
   * folding events into the fold's own copy.
   */
  adopt(live: WorldState): void {
    if (live.tick !== this.state.tick) throw new Error(`metrics at tick ${this.state.tick} cannot adopt a state at tick ${live.tick}`);
    this.state = live;
    this.applying = false;
  }

  /** Fold one committed tick (all its events, in commit order) and return its row. */
  add(events: readonly Event[]): TickRow {
    const tick = events.length ? events[0].tick : this.state.tick + 1;
    const tools: Record<string, number> = {};
    const strats: Record<string, number> = {};
    const bands: Record<string, number> = {};
    const learnedNow = new Map<string, number>();
    let actions = 0,
      rejections = 0,
      checks = 0,
      interventions = 0,
      tokens = 0,
      accepted = 0,
      refused = 0;
    const claims = { made: 0, contradicted: 0, held: 0 };
    // the label of a `learn_fact` intervention, for the fact it creates: the event right after it
    let label: string | null = null;
    for (const e of events) {
      if (this.applying) applyEvent(this.state, e);
      const seeded = label;
      label = null;
      switch (e.type) {
        case 'action':
          actions++;
          tools[e.call.tool] = (tools[e.call.tool] ?? 0) + 1;
          strats[e.strategy] = (strats[e.strategy] ?? 0) + 1;
          claims.held += e.held ?? 0;
          bump(this.tally.words, `${e.call.tool}:${callWord(e.call)}`);
          break;
        case 'call_failed':
          rejections++;
          if (e.repeated) this.tally.repeatedRejections++;
          break;
        case 'entity_created':
          if (e.by !== null) bump(this.tally.made, e.entity.template);
          break;
        case 'entity_removed':
          bump(this.tally.removed, e.reason);
          break;
        case 'claimed':
          claims.made++;
          if (e.contradicts) claims.contradicted++;
          break;
        case 'check_rolled':
          checks++;
          bands[e.band] = (bands[e.band] ?? 0) + 1;
          this.streak(e.actor, e.word, e.band === 'fail');
          break;
        case 'fact_created':
          this.track(e.fact.id, labelOf(e) ?? this.labels.get(e.fact.id) ?? seeded, e.fact);
          break;
        case 'fact_learned':
          learnedNow.set(e.fact, (learnedNow.get(e.fact) ?? 0) + 1);
          this.learn(e.actor, e.fact);
          if (this.keep) this.prov.push({ tick, fact: e.fact, actor: e.actor, from: e.from, channel: e.channel });
          break;
        case 'status_changed':
          this.goOut(e.actor, outOfPlay(e.to));
          break;
        case 'relationship_changed':
          this.dirty.push([e.from, e.to]);
          break;
        case 'tick_summary':
          tokens += tokensOf(e);
          break;
        case 'director_proposed':
          if (e.refused) refused++;
          else accepted++;
          break;
        case 'intervened':
          // a researcher's labelled intervention: counted, and its label handed to the fact it seeds
          // (named by the event, or the one created right after it)
          if (directorTemplateOf(e.label) === null) interventions++;
          if (e.kind === 'learn_fact') {
            label = e.label;
            if (e.fact) this.labels.set(e.fact, e.label);
          }
          break;
        default:
          break;
      }
    }
    const s = this.state;
    const members = membersOf(s.actors);
    const alive = new Uint8Array(this.ids.length + members.length);
    const money = new Float64Array(members.length);
    let population = 0,
      reachable = 0,
      broke = 0,
      collapsed = 0,
      residents = 0;
    const meal = this.cat.levels.meal;
    for (const a of members) {
      if (a.status === 'dead') continue;
      alive[this.slot(a)] = 1;
      population++;
      if (a.status === 'unconscious' || a.status === 'dying') collapsed++;
      if (outOfPlay(a.status)) continue;
      // money is counted over those still in the world: one who left or is locked away for good
      // takes no part in its economy, and an empty purse carried out of town is not a poor town
      money[reachable++] = a.money;
      if (a.money < meal) broke++;
      if (!a.player) residents++;
    }
    const net = this.network(alive);
    money.subarray(0, reachable).sort();
    const moneySorted = money.subarray(0, reachable);
    for (const f of this.factsById.values()) {
      const r = f.row;
      r.known = f.known;
      r.reachable = reachable;
      if (f.known > r.peak_known) r.peak_known = f.known;
      if (r.half_tick === null && reachable > 0 && f.known >= reachable / 2) r.half_tick = tick - r.origin_tick;
      if (this.keep)
        this.diff.push({
          tick,
          fact: r.fact,
          label: r.label,
          known: f.known,
          learned: learnedNow.get(r.fact) ?? 0,
          reachable,
          share: reachable ? f.known / reachable : null,
        });
    }
    const row: TickRow = {
      tick,
      population,
      gini: giniSorted(moneySorted),
      money_p10: percentile(moneySorted, 10),
      money_p50: percentile(moneySorted, 50),
      money_p90: percentile(moneySorted, 90),
      money_total: s.moneyTotal,
      relations: net.relations,
      density: net.density,
      reciprocity: net.reciprocity,
      clustering: net.clustering,
      actions,
      rejections,
      ...(Object.fromEntries(ACT_TOOLS.map((t) => [`act_${t}`, tools[t] ?? 0])) as Pick<TickRow, `act_${(typeof ACT_TOOLS)[number]}`>),
      action_entropy: entropy(Object.values(tools)),
      ...(Object.fromEntries(STRAT_COLUMNS.map((t) => [`strat_${t}`, strats[t] ?? 0])) as Pick<
        TickRow,
        `strat_${(typeof STRAT_COLUMNS)[number]}`
      >),
      strategy_entropy: entropy(Object.values(strats)),
      checks,
      ...(Object.fromEntries(BAND_COLUMNS.map(([col, band]) => [col, bands[band] ?? 0])) as Pick<
        TickRow,
        (typeof BAND_COLUMNS)[number][0]
      >),
      facts: this.factsById.size,
      knowings: this.knowings,
      interventions,
      tokens,
      tokens_per_bot_hour: population ? tokens / population / this.hoursPerTick : null,
      claims_made: claims.made,
      claims_contradicted: claims.contradicted,
      claims_held: claims.held,
      tools,
      ...this.director(events, tick),
      director_accepted: accepted,
      director_refused: refused,
      broke,
      collapsed,
      residents,
    };
    this.rowsKept.push(row);
    if (this.rowsKept.length > this.cap) this.rowsKept.shift();
    this.last = tick;
    return row;
  }

  rows(): readonly TickRow[] {
    return this.rowsKept;
  }
  /** the columns of this world's rows: the fixed ones, then one per director measure of its pack */
  columns(): (keyof TickRow & string)[] {
    return [...METRICS_COLUMNS, ...(this.cat.scenario.director?.measures ?? []).map((m) => `measure_${m.id}` as const)];
  }

  /** The director's measures as it would read them after this tick (sim/tick/director.ts), and its phase. */
  private director(events: readonly Event[], tick: number): Pick<TickRow, 'tension' | 'phase'> & Record<`measure_${string}`, number> {
    const f = this.cat.scenario.director;
    if (!f || !this.window) return { tension: null, phase: null };
    this.window.add(events);
    const r = readTension(this.cat, f, this.state, this.window, tick + 1);
    return {
      tension: r.tension,
      phase: this.state.director?.phase ?? 'steady',
      ...Object.fromEntries(f.measures.map((m) => [`measure_${m.id}`, r.measures[m.id]])),
    };
  }
  /** the state as of the last tick folded (read it, never change it) */
  current(): WorldState {
    return this.state;
  }

  /** what the whole run did so far: things made by template, actions by word, removals by reason, failures repeated */
  totals(): Readonly<Tally> {
    return this.tally;
  }

  private streak(actor: string, word: string, failed: boolean): void {
    const k = `${actor}\u0000${word}`;
    if (!failed) {
      this.streaks.delete(k);
      return;
    }
    const n = (this.streaks.get(k) ?? 0) + 1;
    this.streaks.set(k, n);
    // a streak counts once, when it reaches three in a row
    if (n === STREAK) this.tally.failStreaks++;
    if (n > this.tally.longestStreak) this.tally.longestStreak = n;
  }

  diffusion(): readonly DiffusionRow[] {
    return this.diff;
  }
  spread(): readonly SpreadRow[] {
    return this.prov;
  }
  /** one row per fact, as of the last tick folded */
  facts(): FactRow[] {
    return [...this.factsById.values()].map((f) => ({ ...f.row }));
  }

  private track(id: string, label: string | null, fact = this.state.facts[id]): void {
    if (this.factsById.has(id)) return;
    this.factsById.set(id, {
      known: 0,
      knowers: new Set(),
      row: {
        fact: id,
        label,
        truth: fact.truth,
        origin_actor: fact.origin.actor,
        origin_tick: fact.origin.tick,
        known: 0,
        reachable: 0,
        half_tick: null,
        peak_known: 0,
      },
    });
  }

  private learn(actor: string, fact: string): void {
    const f = this.factsById.get(fact);
    if (!f || f.knowers.has(actor)) return;
    f.knowers.add(actor);
    if (!this.gone.has(actor)) {
      f.known++;
      this.knowings++;
    }
  }

  /** An actor's slot, made (with the feelings it holds) the first time it is seen. */
  private slot(a: ActorState): number {
    let i = this.slotOf.get(a.id);
    if (i !== undefined) return i;
    i = this.ids.length;
    this.ids.push(a.id);
    this.slotOf.set(a.id, i);
    for (const other in a.relations) if (a.relations[other] !== 0) this.dirty.push([a.id, other]);
    return i;
  }

  /** The feelings that changed, as the state holds them now; then the figures among the living. */
  private network(alive: Uint8Array) {
    for (const [from, to] of this.dirty) {
      const i = this.slotOf.get(from);
      const j = this.slotOf.get(to);
      if (i === undefined || j === undefined || i === j) continue;
      const w = this.state.actors[from]?.relations[to] ?? 0;
      if (w !== 0) (this.out[i] ??= new Set()).add(j);
      else this.out[i]?.delete(j);
    }
    this.dirty = [];
    while (this.out.length < this.ids.length) this.out.push(undefined);
    return networkFigures(this.out, alive);
  }

  /** A death or a leaving takes what one knew out of the count of those in play; a return brings it back. */
  private goOut(actor: string, out: boolean): void {
    if (out === this.gone.has(actor)) return;
    if (out) this.gone.add(actor);
    else this.gone.delete(actor);
    const step = out ? -1 : 1;
    for (const fact of this.state.actors[actor]?.knows ?? []) {
      const f = this.factsById.get(fact);
      if (f?.knowers.has(actor)) {
        f.known += step;
        this.knowings += step;
      }
    }
  }
}

/** The dead, and those who left or were locked away for good: out of the diffusion's counts. */
const outOfPlay = (s: Status) => s === 'dead' || s === 'restrained_permanent';

/** Failed checks of one word in a row, by one person, that make a repeated failure. */
export const STREAK = 3;

/** The figures of the state a log starts from. */
export interface StartFigures {
  tick: number;
  population: number;
  residents: number;
  moneyTotal: number;
  gini: number;
  money_p50: number;
}

/** What a run did in all, by kind: the counts its health is read from. */
export interface Tally {
  /** things people made, by template (a pack's own things and the director's are not counted) */
  made: Map<string, number>;
  /** committed actions by `tool:word`, the word being the manner, purpose, template, mode or channel of the call */
  words: Map<string, number>;
  /** things removed, by the reason the Judge gave */
  removed: Map<string, number>;
  /** calls the Judge refused that repeated a call it had just refused */
  repeatedRejections: number;
  /** times one person failed the same check three times in a row, and the longest such run */
  failStreaks: number;
  longestStreak: number;
}

function bump(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

/** the label a fact's creation carries itself, if the Judge put one on it */
function labelOf(e: Event): string | null {
  const x = e as { label?: unknown; fact?: { label?: unknown } };
  const l = x.label ?? x.fact?.label;
  return typeof l === 'string' ? l : null;
}

/** model tokens the Judge booked on the tick's summary (absent offline) */
function tokensOf(e: Event): number {
  const t = (e as { tokens?: unknown }).tokens;
  return typeof t === 'number' && Number.isFinite(t) && t > 0 ? t : 0;
}
