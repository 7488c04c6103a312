/**
 * Side by side: this tree against another revision, on the same machine in the same minutes.
 *
 *   npm run bench -- --against <rev> [--population 10000] [--ticks 12] [--runs 3] [--seed 1] [--warm K]
 *
 * `<rev>` is checked out in a temporary git worktree (kept for the next time, beside the others in the
 * system's temp folder; its packages are this tree's when the lock files match, else installed with
 * `npm ci`). Both run `astinus run scenarios/shenzhen` with the same flags, alternating which goes first,
 * each in a fresh process and data folder. A shared host swings wall time by a third from one minute to
 * the next; CPU time per bot-action (the process's user + system time over the calls it judged) is
 * steadier, so that is the figure to compare, with wall time beside it. With `--warm K` each run is paired
 * with a K-tick run of the same tree and the figures are their difference: ticks K and after, the steady
 * state, without the start-up and the first ticks that cost any two trees about the same.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { numArg, progress, usage } from './common.ts';

const HERE = fileURLToPath(new URL('../', import.meta.url));
const CPU_REPORT = fileURLToPath(new URL('./cpu-report.mjs', import.meta.url));

interface Run {
  cpuMs: number;
  wallMs: number;
  calls: number;
  maxRssMiB: number;
}
interface Side {
  name: string;
  root: string;
  runs: Run[];
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: HERE, encoding: 'utf8' }).trim();

/** The revision's tree in a worktree of its own, with packages to run it. */
export function checkout(rev: string): string {
  let sha: string;
  try {
    sha = git('rev-parse', '--verify', '--quiet', `${rev}^{commit}`);
  } catch {
    usage(`no commit "${rev}" in this repository (a commit, a branch or a tag)`);
  }
  const root = join(tmpdir(), `astinus-against-${sha.slice(0, 12)}`);
  if (!existsSync(join(root, 'package.json'))) {
    progress(`checking out ${rev} (${sha.slice(0, 12)}) in ${root}`);
    git('worktree', 'add', '--force', '--detach', root, sha);
  }
  const modules = join(root, 'node_modules');
  // a link left pointing at packages that are gone (their checkout was removed) is made again
  if (!existsSync(modules) && lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(modules);
  if (!existsSync(modules)) {
    const same = readFileSync(join(root, 'package-lock.json'), 'utf8') === readFileSync(join(HERE, 'package-lock.json'), 'utf8');
    if (same) symlinkSync(join(HERE, 'node_modules'), join(root, 'node_modules'), 'dir');
    else {
      progress(`${rev} has other packages: npm ci in ${root}`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
    }
  }
  return root;
}

/** The judged calls of a run, from its summary: the counts under "Actions by tool" and the refused calls. */
function callsOf(summary: string): number {
  const lines = summary.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Actions by tool'));
  if (start < 0) throw new Error(`no "Actions by tool" in the run's summary:\n${summary.slice(0, 400)}`);
  let calls = 0;
  for (const l of lines.slice(start + 1)) {
    const m = /^\s+.*?\s(\d+)$/.exec(l);
    if (!m) break;
    calls += Number(m[1]);
  }
  const refused = /^\s+refused calls\s+(\d+)$/m.exec(summary);
  return calls + (refused ? Number(refused[1]) : 0);
}

function runOnce(root: string, o: { population: number; ticks: number; seed: number }): Promise<Run> {
  const data = mkdtempSync(join(tmpdir(), 'astinus-against-data-'));
  const cpuFile = join(data, 'cpu.json');
  const args = [
    '--import',
    CPU_REPORT,
    join(root, 'bin/astinus.mjs'),
    'run',
    join(root, 'scenarios/shenzhen'),
    '--ticks',
    String(o.ticks),
    '--population',
    String(o.population),
    '--seed',
    String(o.seed),
    '--data',
    join(data, 'world'),
    '--quiet',
    '--lang',
    'en',
  ];
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ASTINUS_CPU_REPORT: cpuFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    err += c;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      try {
        if (code !== 0) throw new Error(`run in ${root} exited ${code}:\n${err.slice(-2000)}`);
        const cpu = JSON.parse(readFileSync(cpuFile, 'utf8')) as { userUs: number; systemUs: number; maxRssKiB: number };
        resolve({ cpuMs: (cpu.userUs + cpu.systemUs) / 1000, wallMs, calls: callsOf(out + err), maxRssMiB: cpu.maxRssKiB / 1024 });
      } catch (e) {
        reject(e);
      } finally {
        rmSync(data, { recursive: true, force: true });
      }
    });
  });
}

/** What a run did after the ticks of a shorter run of the same world (its peak memory is the whole run's). */
const after = (whole: Run, start: Run): Run => ({
  cpuMs: whole.cpuMs - start.cpuMs,
  wallMs: whole.wallMs - start.wallMs,
  calls: whole.calls - start.calls,
  maxRssMiB: whole.maxRssMiB,
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f1 = (x: number) => x.toFixed(1);

export async function against(argv: string[]): Promise<void> {
  const rev = argv[argv.indexOf('--against') + 1];
  if (!rev || rev.startsWith('--')) usage('--against needs a revision (a commit, a branch or a tag)');
  const o = { population: numArg(argv, 'population', 10_000, 1), ticks: numArg(argv, 'ticks', 12, 1), seed: numArg(argv, 'seed', 1) };
  const runs = numArg(argv, 'runs', 3, 1);
  // --warm K: each run less a K-tick run of the same tree, so start-up and the first ticks (the code warming up,
  // about the same in any two trees) do not dilute the steady state's difference
  const warm = numArg(argv, 'warm', 0);
  if (warm >= o.ticks) usage(`--warm must be below --ticks (${o.ticks}), not ${warm}`);
  const sides: Side[] = [
    { name: 'this tree', root: HERE, runs: [] },
    { name: rev, root: checkout(rev), runs: [] },
  ];
  // each tree's CLI starts once untimed: a tree that compiles its CLI when its sources change (bin/compiled.mjs)
  // builds it now, and tsx's transform cache of one that runs its sources is warm, for every timed run alike
  for (const s of sides) execFileSync(process.execPath, [join(s.root, 'bin/astinus.mjs'), '--help'], { cwd: s.root, stdio: 'ignore' });
  for (let i = 0; i < runs; i++) {
    // alternate who goes first, so a host getting busier or quieter weighs on both alike
    for (const s of i % 2 === 0 ? sides : [...sides].reverse()) {
      progress(`run ${i + 1}/${runs}: ${s.name}${warm ? `, ${o.ticks} then ${warm} ticks` : ''}`);
      const whole = await runOnce(s.root, o);
      s.runs.push(warm ? after(whole, await runOnce(s.root, { ...o, ticks: warm })) : whole);
    }
  }
  const rows = sides.map((s) => {
    const perCall = s.runs.map((r) => (r.cpuMs * 1000) / r.calls);
    return {
      name: s.name,
      calls: median(s.runs.map((r) => r.calls)),
      cpuUsPerCall: median(perCall),
      min: Math.min(...perCall),
      max: Math.max(...perCall),
      wallS: median(s.runs.map((r) => r.wallMs / 1000)),
      perSecond: median(s.runs.map((r) => r.calls / (r.wallMs / 1000))),
      rss: median(s.runs.map((r) => r.maxRssMiB)),
    };
  });
  const only = warm ? `, ticks ${warm}-${o.ticks - 1} only (each run less a ${warm}-tick run)` : '';
  console.log(
    `\nrun scenarios/shenzhen --population ${o.population} --ticks ${o.ticks} --seed ${o.seed}${only}, ${runs} runs each, alternating (medians)\n`,
  );
  console.log('| tree | judged calls | CPU us per call (min-max) | wall s | calls/s (wall) | max RSS MiB |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.calls} | ${f1(r.cpuUsPerCall)} (${f1(r.min)}-${f1(r.max)}) | ${f1(r.wallS)} | ${Math.round(r.perSecond)} | ${Math.round(r.rss)} |`,
    );
  const [mine, theirs] = rows;
  console.log(
    `\nCPU per call, ${theirs.name} over this tree: ${(theirs.cpuUsPerCall / mine.cpuUsPerCall).toFixed(2)}x (above 1: this tree is faster)`,
  );
  if (mine.calls !== theirs.calls)
    console.log(
      `note: the two trees judged different numbers of calls (${mine.calls} against ${theirs.calls}): their worlds differ, so compare per call`,
    );
}
