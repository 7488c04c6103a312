/**
 * The floor of a tick: what the pipeline could not go below on this machine, whatever perception,
 * the brain, the engine and the Judge cost. A throughput run's committed ticks are read back
 * (untimed) and each is only committed again to a fresh embedded store (serialize, compress,
 * append, fdatasync) and folded into a state by sim/state/apply.ts, timed. The pipeline's
 * actions/s as a share of the floor's compares across machines where absolute figures do not.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Event } from '../sim/model/events.ts';
import type { Scenario } from '../sim/model/scenario.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { applyEvent } from '../sim/state/apply.ts';
import { initialState } from '../sim/state/initial.ts';
import { openEmbeddedStore } from '../adapters/store/embedded.ts';
import type { StoreMeta } from '../sim/ports/store.ts';
import { judgedCalls, SEED } from './common.ts';

export interface FloorResult {
  ticks: number;
  actionsPerSecond: number;
  /** mean ms per timed tick: serialize + compress + append + fdatasync */
  commitMsPerTick: number;
  /** mean ms per timed tick: applyEvent over the tick's events */
  foldMsPerTick: number;
}

/**
 * Replays ticks 0..last of the data directory `from` (written by a run of `scenario`, SEED,
 * `population`), timing ticks `timedFrom`..last.
 */
export async function measureFloor(
  from: string,
  scenario: Scenario,
  population: number,
  timedFrom: number,
  last: number,
): Promise<FloorResult> {
  const dir = await mkdtemp(join(tmpdir(), 'astinus-floor-'));
  const source = await openEmbeddedStore(from);
  const store = await openEmbeddedStore(dir);
  try {
    const meta: StoreMeta = { world: scenario.meta.id, scenario: scenario.meta.id, scenarioHash: scenario.hash, seed: SEED, population };
    await store.acquire(meta);
    const state = initialState(buildCatalog(scenario), SEED, population);
    let commitMs = 0,
      foldMs = 0,
      actions = 0,
      ticks = 0;
    for (let t = 0; t <= last; t++) {
      const events: Event[] = [];
      for await (const e of source.readEvents(t, t)) events.push(e);
      const t0 = performance.now();
      await store.commitTick(t, events);
      const t1 = performance.now();
      for (const e of events) applyEvent(state, e);
      const t2 = performance.now();
      if (t < timedFrom) continue;
      commitMs += t1 - t0;
      foldMs += t2 - t1;
      actions += judgedCalls(events);
      ticks++;
    }
    return {
      ticks,
      actionsPerSecond: actions / ((commitMs + foldMs) / 1000),
      commitMsPerTick: commitMs / ticks,
      foldMsPerTick: foldMs / ticks,
    };
  } finally {
    await store.close();
    await source.close();
    await rm(dir, { recursive: true, force: true });
  }
}
