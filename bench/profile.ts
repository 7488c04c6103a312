/**
 * CPU profile of the tick pipeline: open a world (not profiled), profile a few steps, print the
 * hot spots and save the profile (loadable in Chrome DevTools / VS Code).
 *
 *   node --import tsx bench/profile.ts [--population 10000] [--warmup 1] [--ticks 3] [--top 25]
 *
 * It drives the inspector from inside the process instead of `node --cpu-prof`, because only this
 * process holds tsx's source maps: positions are mapped back to the .ts files before saving.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { findSourceMap, type SourceMapping } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgedCalls, numArg, progress, shenzhenWorld } from './common.ts';
import { type CpuProfile, formatHotspots, hotspots } from './hotspots.ts';

const population = numArg(process.argv, 'population', 10_000);
const warmup = numArg(process.argv, 'warmup', 1);
const ticks = numArg(process.argv, 'ticks', 3);
const top = numArg(process.argv, 'top', 25);

const dir = await mkdtemp(join(tmpdir(), 'astinus-profile-'));
const session = new Session();
session.connect();
let profile: CpuProfile;
try {
  const world = await shenzhenWorld(population, dir);
  const step = async (label: string) => {
    const t0 = performance.now();
    const calls = judgedCalls(await world.step());
    progress(
      `profile ${population} bots: ${label} tick ${world.tick - 1}: ${calls} calls in ${((performance.now() - t0) / 1000).toFixed(2)} s`,
    );
  };
  for (let i = 0; i < warmup; i++) await step('warm-up');
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  for (let i = 0; i < ticks; i++) await step('profiled');
  profile = (await session.post('Profiler.stop')).profile as CpuProfile;
  await world.close();
} finally {
  session.disconnect();
  await rm(dir, { recursive: true, force: true });
}

// Map each function's start back to its TypeScript source (0-based lines and columns both sides).
for (const n of profile.nodes) {
  const f = n.callFrame;
  // findEntry answers {} where it has no mapping
  const entry = (f.url.startsWith('file:') ? findSourceMap(f.url)?.findEntry(f.lineNumber, f.columnNumber) : undefined) as
    Partial<SourceMapping> | undefined;
  if (entry?.originalSource !== undefined && entry.originalLine !== undefined && entry.originalColumn !== undefined) {
    f.url = entry.originalSource;
    f.lineNumber = entry.originalLine;
    f.columnNumber = entry.originalColumn;
  }
}

const out = fileURLToPath(new URL(`./profiles/${population}-bots.cpuprofile`, import.meta.url));
await mkdir(join(out, '..'), { recursive: true });
await writeFile(out, JSON.stringify(profile));
console.log(formatHotspots(hotspots(profile, top)));
progress(`profile saved to ${out}`);
