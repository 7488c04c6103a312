import { type PlayerQueue, withPlayers } from '../bots/brains/player.ts';
import type { Brain } from '../bots/brains/types.ts';
import type { WorldEngine } from '../world-engine/types.ts';
import type { Event } from './model/events.ts';
import type { Scenario } from './model/scenario.ts';
import { buildCatalog, type Catalog } from './scenario/catalog.ts';
import { applyEvent } from './state/apply.ts';
import { initialState } from './state/initial.ts';
import { reviveTables } from './state/table.ts';
import type { WorldState } from './state/types.ts';
import type { Store, StoreMeta } from './ports/store.ts';
import { isProjecting } from './ports/store.ts';
import { type Deliberation, localDeliberation } from './tick/deliberation.ts';
import { runTick, type TickInput } from './tick/pipeline.ts';
import { DirectorWindow } from '../world-engine/director/window.ts';

export interface WorldOptions {
  scenario: Scenario;
  seed: number;
  population: number | null;
  store: Store;
  brain: Brain;
  engine: WorldEngine;
  /** ticks between snapshots */
  snapshotEvery?: number;
  concurrency?: number;
  /** decide and resolve elsewhere (BullMQ workers); default: in this process with brain and engine */
  deliberation?: Deliberation;
  /** players' queued calls: their actors take these, never a bot brain's decision */
  players?: PlayerQueue;
  /** the model's tokens spent on a tick in this process, for its summary (sim/metrics) */
  tokens?: (tick: number) => number;
}

export class MetaMismatchError extends Error {
  constructor(
    readonly field: keyof StoreMeta,
    readonly stored: unknown,
    readonly wanted: unknown,
  ) {
    super(`this data was made with ${field} ${JSON.stringify(stored)}, not ${JSON.stringify(wanted)}`);
    this.name = 'MetaMismatchError';
  }
}

/**
 * A world bound to its store: the single writer. Opening loads the newest snapshot and replays
 * the ticks after it, so a run killed at any moment continues exactly where its last commit left.
 */
export class World {
  /** the recent ticks the director measures (a pack with director.json): primed from the log, fed each commit */
  private window: DirectorWindow | null = null;
  private constructor(
    readonly cat: Catalog,
    readonly state: WorldState,
    readonly store: Store,
    private readonly delib: Deliberation,
    private readonly snapshotEvery: number,
    private readonly seed: number,
    readonly population: number | null,
    readonly origin: StoreMeta['origin'] | null = null,
    private readonly tokens?: (tick: number) => number,
  ) {}

  static async open(o: WorldOptions): Promise<World> {
    const cat = buildCatalog(o.scenario);
    const meta: StoreMeta = {
      world: o.scenario.meta.id,
      scenario: o.scenario.meta.id,
      scenarioHash: o.scenario.hash,
      seed: o.seed,
      population: o.population,
    };
    const stored = await o.store.acquire(meta);
    try {
      for (const k of Object.keys(meta) as (keyof StoreMeta)[]) {
        if (stored[k] !== meta[k]) throw new MetaMismatchError(k, stored[k], meta[k]);
      }
      const origin = stored.origin ?? null;
      const state = await rebuild(cat, o.store, o.seed, o.population, origin);
      const bots = o.deliberation ?? localDeliberation(o.brain, o.engine, o.concurrency ?? 16);
      const delib = o.players ? withPlayers(bots, o.players) : bots;
      // a store with query collections (MongoDB) is brought up to date with the loaded state
      if (isProjecting(o.store)) await o.store.publishState(state.tick, state);
      const world = new World(cat, state, o.store, delib, o.snapshotEvery ?? 50, o.seed, o.population, origin, o.tokens);
      if (cat.scenario.director) world.window = await primeWindow(o.store, state.tick, cat.scenario.director.window);
      return world;
    } catch (err) {
      await o.store.close();
      throw err;
    }
  }

  /** the next tick to run */
  get tick(): number {
    return this.state.tick + 1;
  }

  /** Run one tick and commit it; returns its events. */
  async step(input?: TickInput): Promise<Event[]> {
    const tick = this.tick;
    let events: Event[];
    try {
      const more = { ...(this.tokens ? { tokens: this.tokens } : {}), ...(this.window ? { recent: this.window } : {}) };
      events = await runTick(this.cat, this.state, tick, this.delib, { ...input, ...more });
      await this.store.commitTick(tick, events);
      this.window?.add(events);
    } catch (err) {
      await this.rollback();
      throw err;
    }
    if (isProjecting(this.store)) await this.store.publishState(tick, this.state);
    if (this.snapshotEvery > 0 && (tick + 1) % this.snapshotEvery === 0) await this.store.saveSnapshot(tick, this.state);
    return events;
  }

  /**
   * A tick that failed half way has folded some of its events: put back exactly what the log holds.
   * The state object stays the same one (the server's views hold it), only its contents are replaced.
   */
  private async rollback(): Promise<void> {
    const fresh = await rebuild(this.cat, this.store, this.seed, this.population, this.origin);
    for (const k of Object.keys(this.state)) delete (this.state as unknown as Record<string, unknown>)[k];
    Object.assign(this.state, fresh);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/**
 * The state the store's log says: the newest snapshot, then every tick after it. A fork's people were
 * drawn with the original's seed; what is drawn from the fork point on uses the fork's own.
 */
async function rebuild(
  cat: Catalog,
  store: Store,
  seed: number,
  population: number | null,
  origin: StoreMeta['origin'] | null = null,
): Promise<WorldState> {
  const loaded = await store.load<WorldState>();
  const state = loaded.snapshot?.state ?? initialState(cat, origin?.seed ?? seed, population);
  if (loaded.snapshot) reviveTables(state);
  for (const t of loaded.ticks) for (const e of t.events) applyEvent(state, e);
  // the fold never reads the seed: only the ticks still to run do
  state.seed = seed;
  return state;
}

/** The director's window as the log leaves it: the last `ticks` committed ticks' events. */
async function primeWindow(store: Store, last: number, ticks: number): Promise<DirectorWindow> {
  const w = new DirectorWindow(ticks);
  if (last < 0) return w;
  const events: Event[] = [];
  for await (const e of store.readEvents(Math.max(0, last - ticks + 1), last)) events.push(e);
  w.add(events);
  return w;
}
