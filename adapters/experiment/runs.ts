import { readFile, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { RunData } from './aggregate.ts';
import type { Health } from '../../sim/metrics/health.ts';
import { parseCsv } from './csv.ts';
import type { PlanRun } from './plan.ts';

/** A run is finished when its metrics.csv exists (`astinus metrics` writes it last, atomically). */
export async function isFinished(out: string, run: PlanRun): Promise<boolean> {
  return (await stat(path.join(out, run.dir, 'metrics.csv')).catch(() => null)) !== null;
}

/** A finished run's tables. */
export async function readRun(out: string, run: PlanRun): Promise<RunData> {
  const read = async (name: string) => {
    const file = path.join(out, run.dir, name);
    return parseCsv(await readFile(file, 'utf8'), path.join(run.dir, name));
  };
  // a run from before runs wrote their health has none: its seed is left out of the health rows
  const health = await readFile(path.join(out, run.dir, 'health.json'), 'utf8').catch(() => null);
  return {
    seed: run.seed,
    metrics: await read('metrics.csv'),
    diffusion: await read('diffusion.csv'),
    facts: await read('facts.csv'),
    health: health === null ? null : (JSON.parse(health) as Health),
  };
}

/**
 * The pid of a live process on this machine that still holds a run's world: a child of an earlier
 * experiment that was killed itself (a SIGKILL does not reach the children). Its lock is not stale,
 * so the store would refuse a second writer; the experiment waits for it instead.
 */
export async function liveHolder(dataDir: string): Promise<number | null> {
  const text = await readFile(path.join(dataDir, 'writer.lock'), 'utf8').catch(() => null);
  if (!text) return null;
  try {
    const v = JSON.parse(text) as { pid?: unknown; hostname?: unknown };
    if (typeof v.pid !== 'number' || v.hostname !== hostname() || v.pid === process.pid) return null;
    process.kill(v.pid, 0);
    return v.pid;
  } catch (err) {
    // EPERM: it exists, it is just not ours to signal
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? (JSON.parse(text) as { pid: number }).pid : null;
  }
}
