/**
 * Where a tick's time goes, by part (the policy brain, the Judge, the log's JSON...), in µs per judged
 * call: this tree, and with `--against` another revision beside it. Each tree's own bench/profile.ts
 * runs in a process of its own over the same ticks of Shenzhen; a sample counts for the outermost part
 * on its stack.
 *
 *   node --import tsx bench/areas.ts [--against <rev>] [--population 10000] [--warmup 2] [--ticks 6]
 *
 * A sampling profile is wall time on the main thread: compare the columns of one run, not figures of
 * runs minutes apart (`--against` of bench/run.ts gives CPU time per call).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkout } from './against.ts';
import { numArg, progress } from './common.ts';
import { type CpuProfile, timePerNode, where } from './hotspots.ts';

const HERE = fileURLToPath(new URL('../', import.meta.url));

/**
 * The parts, as `function file:line` of a stack frame, mostly by file: V8 sometimes reports a function it
 * inlined as its caller's, so a file says more than a name. The names hold for 9abae85's tree too.
 */
const PARTS: [string, RegExp][] = [
  ["the log's JSON", /^encodeLine | (adapters|sim)\/store\/(embedded|logrecord)\.ts:/],
  ['the policy brain', / bots\/brains\/policy\//],
  ['perception', / bots\/perception\.ts:| sim\/(tick|state)\/place-index\.ts:/],
  ['the rule engine', / world-engine\/(rules\/|slice\.ts:)/],
  ['lasting effects', / world-engine\/effects\//],
  ['clock, needs, harm', / sim\/judge\/(clock|harm)\.ts:/],
  ['reflection', / bots\/reflection\.ts:/],
  ['the Judge', / sim\/judge\//],
  ['garbage collector', /^\(garbage collector\) $/],
  ['idle', /^\(idle\) $/],
];

/** µs per judged call of each part (and `other`, `all`) in a profile of `calls` judged calls made in `root`. */
export function parts(p: CpuProfile, root: string, calls: number): Map<string, number> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName} ${where(f, root)}`;
  };
  const out = new Map<string, number>([...PARTS.map(([name]) => [name, 0] as [string, number]), ['other', 0], ['all', 0]]);
  // each node's stack is read once, not once per sample that landed in it
  for (const [node, us] of timePerNode(p)) {
    const stack: string[] = [];
    for (let id: number | undefined = node; id !== undefined; id = parent.get(id)) stack.push(label(id));
    let part = 'other';
    // outermost first: the fold the Judge runs counts for the Judge, a tick's closing phases for themselves
    for (let k = stack.length - 1; k >= 0 && part === 'other'; k--) part = PARTS.find(([, re]) => re.test(stack[k]))?.[0] ?? 'other';
    out.set(part, out.get(part)! + us / calls);
    out.set('all', out.get('all')! + us / calls);
  }
  return out;
}

/** Profile `root`'s ticks with its own bench/profile.ts: the profile and the judged calls of the profiled ticks. */
function profileIn(root: string, o: { population: number; warmup: number; ticks: number }): { profile: CpuProfile; calls: number } {
  const args = ['--import', 'tsx', 'bench/profile.ts', '--population', String(o.population), '--warmup', String(o.warmup)];
  const r = spawnSync(process.execPath, [...args, '--ticks', String(o.ticks), '--top', '1'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench/profile.ts in ${root} exited ${r.status}:\n${r.stderr.slice(-2000)}`);
  // "profile 10000 bots: profiled tick 3: 4341 calls in 0.28 s"
  const calls = [...r.stderr.matchAll(/profiled tick \d+: (\d+) calls/g)].reduce((n, m) => n + Number(m[1]), 0);
  if (!calls) throw new Error(`no profiled ticks in bench/profile.ts's output in ${root}:\n${r.stderr.slice(-2000)}`);
  const profile = JSON.parse(readFileSync(`${root}/bench/profiles/${o.population}-bots.cpuprofile`, 'utf8')) as CpuProfile;
  return { profile, calls };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const o = {
    population: numArg(process.argv, 'population', 10_000),
    warmup: numArg(process.argv, 'warmup', 2),
    ticks: numArg(process.argv, 'ticks', 6),
  };
  const at = process.argv.indexOf('--against');
  const rev = at < 0 ? null : process.argv[at + 1];
  const trees: { name: string; root: string }[] = [{ name: 'this tree', root: HERE }];
  if (rev) trees.push({ name: rev, root: `${checkout(rev)}/` });
  const columns = trees.map((t) => {
    progress(`areas: profiling ${t.name}, ${o.population} bots, ticks ${o.warmup}-${o.warmup + o.ticks - 1}`);
    const { profile, calls } = profileIn(t.root, o);
    return { ...t, calls, parts: parts(profile, t.root, calls) };
  });
  console.log(
    `Shenzhen, ${o.population} bots, ticks ${o.warmup}-${o.warmup + o.ticks - 1}: µs of the main thread per judged call, by part of the tick`,
  );
  console.log(`| part | ${columns.map((c) => `${c.name} (${c.calls} calls)`).join(' | ')} |`);
  console.log(`| --- | ${columns.map(() => '---').join(' | ')} |`);
  for (const part of columns[0].parts.keys()) console.log(`| ${part} | ${columns.map((c) => c.parts.get(part)!.toFixed(1)).join(' | ')} |`);
}
