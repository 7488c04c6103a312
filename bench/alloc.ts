/**
 * Where the tick allocates: V8's sampling heap profiler over a few steps, counting objects that
 * garbage collection already freed too (that churn is what the collector's share of a profile pays for).
 *
 *   node --import tsx bench/alloc.ts [--population 10000] [--warmup 1] [--ticks 3] [--top 30]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { findSourceMap, type SourceMapping } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgedCalls, numArg, progress, shenzhenWorld } from './common.ts';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Node {
  callFrame: Frame;
  selfSize: number;
  children: Node[];
}

const population = numArg(process.argv, 'population', 10_000);
const warmup = numArg(process.argv, 'warmup', 1);
const ticks = numArg(process.argv, 'ticks', 3);
const top = numArg(process.argv, 'top', 30);

const dir = await mkdtemp(join(tmpdir(), 'astinus-alloc-'));
const session = new Session();
session.connect();
let head: Node;
let calls = 0;
try {
  const world = await shenzhenWorld(population, dir);
  for (let i = 0; i < warmup; i++) await world.step();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  for (let i = 0; i < ticks; i++) calls += judgedCalls(await world.step());
  head = ((await session.post('HeapProfiler.stopSampling')) as { profile: { head: Node } }).profile.head;
  await world.close();
} finally {
  session.disconnect();
  await rm(dir, { recursive: true, force: true });
}

const where = (f: Frame): string => {
  const e = (f.url.startsWith('file:') ? findSourceMap(f.url)?.findEntry(f.lineNumber, f.columnNumber) : undefined) as
    Partial<SourceMapping> | undefined;
  const url = e?.originalSource ?? f.url;
  const line = e?.originalLine ?? f.lineNumber;
  return `${f.functionName || '(anonymous)'}  ${url.replace(/^.*?\/(adapters|sim|bots|world-engine|bench)\//, '$1/')}:${line + 1}`;
};
const self = new Map<string, number>();
const byFile = new Map<string, number>();
const callers = new Map<string, number>();
const asked = process.argv.includes('--callers') ? process.argv[process.argv.indexOf('--callers') + 1] : undefined;
let total = 0;
const walk = (n: Node, parent: string) => {
  total += n.selfSize;
  const k = where(n.callFrame);
  self.set(k, (self.get(k) ?? 0) + n.selfSize);
  const file = k.split('  ')[1]?.replace(/:\d+$/, '') ?? '';
  byFile.set(file, (byFile.get(file) ?? 0) + n.selfSize);
  if (asked && n.callFrame.functionName === asked) callers.set(parent, (callers.get(parent) ?? 0) + n.selfSize);
  for (const c of n.children) walk(c, k);
};
walk(head!, '');
const mib = (b: number) => (b / 2 ** 20).toFixed(1);
console.log(`${mib(total)} MiB sampled over ${ticks} ticks, ${calls} judged calls: ${(total / calls / 1024).toFixed(1)} KiB per call`);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${mib(v).padStart(7)} MiB  ${k}`);
console.log('\nby file');
for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${mib(v).padStart(7)} MiB  ${k}`);
if (asked) {
  console.log(`\ncallers of ${asked}`);
  for (const [k, v] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${mib(v).padStart(7)} MiB  ${k}`);
}
progress('done');
