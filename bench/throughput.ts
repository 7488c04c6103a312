/**
 * Bot-actions per second through the whole pipeline: policy brain, rule engine, Judge, embedded
 * commit with fsync, and snapshots at the World's default cadence; the log's bytes per action; and
 * the floor of the same ticks (floor.ts), measured after the run from its log.
 *
 * The phase split comes from timestamps taken by thin wrappers around the brain, the engine and the
 * store, so World and the pipeline run unmodified. The brain and engine are synchronous and the
 * pool runs synchronous work back to back, so "first decide call" and "last resolve return" are
 * exact phase boundaries.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Brain } from '../bots/brains/types.ts';
import { openEmbeddedStore } from '../adapters/store/embedded.ts';
import type { Store } from '../sim/ports/store.ts';
import { World } from '../sim/world.ts';
import type { WorldEngine } from '../world-engine/types.ts';
import { judgedCalls, MiB, policyBrain, progress, ruleEngine, SEED, shenzhen, SNAPSHOT_EVERY } from './common.ts';
import { measureFloor, type FloorResult } from './floor.ts';

export interface ThroughputOptions {
  population: number;
  /** untimed ticks first: JIT warm-up, and the first wakes settling */
  warmup: number;
  /** ticks to time at most */
  ticks: number;
  /** stop timing early once this much time has passed (at least `minTicks` ticks are timed) */
  maxSeconds: number;
  minTicks?: number;
}

export const PHASES = ['perceive', 'decide', 'resolve', 'judge', 'commit', 'snapshot'] as const;
export type Phase = (typeof PHASES)[number];

export interface ThroughputResult {
  population: number;
  warmupTicks: number;
  ticks: number;
  /** timed seconds, with snapshot cost amortized at one per SNAPSHOT_EVERY ticks */
  seconds: number;
  actionsPerSecond: number;
  ticksPerSecond: number;
  actionsPerTick: number;
  eventsPerTick: number;
  /** events.log growth plus amortized snapshot bytes, over the timed ticks */
  mibWritten: number;
  /** events.log growth over the timed ticks per bot-action: what a long run keeps on disk */
  logBytesPerAction: number;
  /** the same timed ticks only committed and folded (floor.ts) */
  floor: FloorResult;
  /** actionsPerSecond / floor.actionsPerSecond */
  ofFloor: number;
  openSeconds: number;
  /** mean milliseconds per tick in each phase (snapshot amortized) */
  phaseMsPerTick: Record<Phase, number>;
  snapshot: { measured: number; meanMs: number; meanMiB: number; inWindow: number };
}

/** Phase boundaries of the current step, in performance.now() milliseconds. */
class Marks {
  step = NaN;
  decide = NaN;
  resolve = NaN;
  resolved = NaN;
  commit = NaN;
  committed = NaN;
  snap = NaN;
  snapped = NaN;
  reset(): void {
    this.decide = this.resolve = this.resolved = this.commit = this.committed = this.snap = this.snapped = NaN;
    this.step = performance.now();
  }
}

function timedBrain(inner: Brain, m: Marks): Brain {
  return {
    name: inner.name,
    // the wrapper must not change what is measured: a trusted brain's calls skip parsing
    trusted: inner.trusted,
    decide(cat, p, seed) {
      if (Number.isNaN(m.decide)) m.decide = performance.now();
      return inner.decide(cat, p, seed);
    },
  };
}

function timedEngine(inner: WorldEngine, m: Marks): WorldEngine {
  return {
    name: inner.name,
    trusted: inner.trusted,
    resolve(cat, slice, call) {
      if (Number.isNaN(m.resolve)) m.resolve = performance.now();
      const out = inner.resolve(cat, slice, call);
      m.resolved = performance.now();
      return out;
    },
  };
}

function timedStore(inner: Store, m: Marks): Store {
  return {
    acquire: (meta) => inner.acquire(meta),
    lastTick: () => inner.lastTick(),
    async commitTick(tick, events) {
      m.commit = performance.now();
      try {
        return await inner.commitTick(tick, events);
      } finally {
        m.committed = performance.now();
      }
    },
    async saveSnapshot(tick, state) {
      m.snap = performance.now();
      try {
        return await inner.saveSnapshot(tick, state);
      } finally {
        m.snapped = performance.now();
      }
    },
    load: () => inner.load(),
    readEvents: (from, to) => inner.readEvents(from, to),
    appendRecords: (kind, recs) => inner.appendRecords(kind, recs),
    readRecords: (kind, player, page) => inner.readRecords(kind, player, page),
    close: () => inner.close(),
  };
}

const fileSize = (path: string) =>
  stat(path).then(
    (s) => s.size,
    () => 0,
  );

export async function measureThroughput(o: ThroughputOptions): Promise<ThroughputResult> {
  const dir = await mkdtemp(join(tmpdir(), 'astinus-bench-'));
  const m = new Marks();
  try {
    const scenario = await shenzhen();
    const t0 = performance.now();
    const world = await World.open({
      scenario,
      seed: SEED,
      population: o.population,
      store: timedStore(await openEmbeddedStore(dir), m),
      brain: timedBrain(policyBrain(), m),
      engine: timedEngine(ruleEngine(), m),
    });
    const openSeconds = (performance.now() - t0) / 1000;
    progress(`throughput ${o.population} bots: opened in ${openSeconds.toFixed(1)} s, ${o.warmup} warm-up ticks`);
    for (let i = 0; i < o.warmup; i++) await world.step();

    // snapshot files are named by tick (adapters/store/embedded.ts)
    const snapFile = (tick: number) => join(dir, 'snapshots', `${String(tick).padStart(10, '0')}.json`);
    const snaps: { ms: number; bytes: number }[] = [];
    const phase = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
    const logBefore = await fileSize(join(dir, 'events.log'));
    let stepMs = 0,
      actions = 0,
      events = 0,
      ticks = 0;
    const minTicks = o.minTicks ?? 3;
    progress(`throughput ${o.population} bots: timing up to ${o.ticks} ticks (${o.maxSeconds} s cap)`);
    while (ticks < o.ticks && (ticks < minTicks || stepMs < o.maxSeconds * 1000)) {
      m.reset();
      const ev = await world.step();
      const ms = performance.now() - m.step;
      stepMs += ms;
      ticks++;
      actions += judgedCalls(ev);
      events += ev.length;
      // A boundary not reached (e.g. no one decided) collapses onto the next one.
      const b = [m.step, m.decide, m.resolve, m.resolved, m.commit];
      for (let i = b.length - 2; i > 0; i--) if (Number.isNaN(b[i])) b[i] = b[i + 1];
      phase.perceive += b[1] - b[0];
      phase.decide += b[2] - b[1];
      phase.resolve += b[3] - b[2];
      phase.judge += b[4] - b[3];
      phase.commit += m.committed - m.commit;
      if (!Number.isNaN(m.snap)) snaps.push({ ms: m.snapped - m.snap, bytes: await fileSize(snapFile(world.tick - 1)) });
      if (ms > 2000) progress(`  tick ${ticks}/${o.ticks}: ${(ms / 1000).toFixed(1)} s`);
    }
    const logBytes = (await fileSize(join(dir, 'events.log'))) - logBefore;
    const inWindow = snaps.length;
    const snapInWindowMs = snaps.reduce((s, x) => s + x.ms, 0);
    if (inWindow === 0) {
      // No snapshot fell in the window: take one now, so its cost can still be amortized.
      m.reset();
      await world.store.saveSnapshot(world.tick - 1, world.state);
      snaps.push({ ms: m.snapped - m.snap, bytes: await fileSize(snapFile(world.tick - 1)) });
    }
    await world.close();
    progress(`throughput ${o.population} bots: floor of the ${ticks} timed ticks (commit + fold only)`);
    const floor = await measureFloor(dir, scenario, o.population, o.warmup, o.warmup + ticks - 1);

    const snapMs = snaps.reduce((s, x) => s + x.ms, 0) / snaps.length;
    const snapBytes = snaps.reduce((s, x) => s + x.bytes, 0) / snaps.length;
    const perTick = ticks / SNAPSHOT_EVERY;
    phase.snapshot = snapMs * perTick;
    const seconds = (stepMs - snapInWindowMs + snapMs * perTick) / 1000;
    for (const p of PHASES) phase[p] /= ticks;
    const actionsPerSecond = actions / seconds;
    return {
      population: o.population,
      warmupTicks: o.warmup,
      ticks,
      seconds,
      actionsPerSecond,
      ticksPerSecond: ticks / seconds,
      actionsPerTick: actions / ticks,
      eventsPerTick: events / ticks,
      mibWritten: (logBytes + snapBytes * perTick) / MiB,
      logBytesPerAction: logBytes / actions,
      floor,
      ofFloor: actionsPerSecond / floor.actionsPerSecond,
      openSeconds,
      phaseMsPerTick: phase,
      snapshot: { measured: snaps.length, meanMs: snapMs, meanMiB: snapBytes / MiB, inWindow },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
