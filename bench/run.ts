/**
 * The Astinus benchmarks: the only place where timing lives (tests never assert on time).
 *
 *   npm run bench              full run, writes bench/results.json
 *   npm run bench -- --quick   small smoke run, writes bench/results-quick.json
 *   --memory-budget S          seconds the 100k-bot memory child may run (default 180)
 *   npm run bench -- --against REV [--population N --ticks N --runs N]
 *                              this tree against another revision, side by side (bench/against.ts)
 *
 * Prints a table on stdout and progress on stderr. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MiB, numArg, progress, round } from './common.ts';
import { measureThroughput, PHASES, type ThroughputOptions, type ThroughputResult } from './throughput.ts';
import { measureFanout } from './fanout.ts';
import { measureLlm } from './llm.ts';

if (process.argv.includes('--against')) {
  await (await import('./against.ts')).against(process.argv);
  process.exit(0);
}

const quick = process.argv.includes('--quick');

// Targets set by the project.
const ACTIONS_GOAL = { population: 10_000, perSecond: 20_000 };
// a quarter of the 1,070 bytes per bot action the uncompressed log took at 10,000 bots
const LOG_BYTES_GOAL = { population: 10_000, perAction: 1_070 / 4 };
const MEMORY_GOAL_MIB = 2048;

const THROUGHPUT: ThroughputOptions[] = quick
  ? [
      { population: 200, warmup: 2, ticks: 10, maxSeconds: 5 },
      { population: 1_000, warmup: 2, ticks: 5, maxSeconds: 10 },
    ]
  : [
      { population: 1_000, warmup: 5, ticks: 60, maxSeconds: 60 },
      { population: 10_000, warmup: 3, ticks: 20, maxSeconds: 90 },
    ];
const MEMORY = quick ? { population: 2_000, ticks: 2, budgetSeconds: 60 } : { population: 100_000, ticks: 3, budgetSeconds: 180 };
MEMORY.budgetSeconds = numArg(process.argv, 'memory-budget', MEMORY.budgetSeconds);

interface MemoryResult {
  population: number;
  ticksRequested: number;
  ticksCompleted: number;
  /** the child was stopped before finishing its ticks */
  budgetHit: boolean;
  /** after a forced GC, at the last point reached (open, or the last finished tick) */
  rssMiB: number;
  heapUsedMiB: number;
  /** highest RSS seen at any time, including mid-tick */
  peakRssMiB: number;
  seconds: number;
}

/** Runs bench/memory.ts in a fresh process; stops it (by its pid) once the budget is spent. */
function measureMemory(o: typeof MEMORY): Promise<MemoryResult> {
  const script = fileURLToPath(new URL('./memory.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', script, '--population', String(o.population), '--ticks', String(o.ticks)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const r: MemoryResult = {
    population: o.population,
    ticksRequested: o.ticks,
    ticksCompleted: 0,
    budgetHit: false,
    rssMiB: NaN,
    heapUsedMiB: NaN,
    peakRssMiB: 0,
    seconds: NaN,
  };
  let done = false;
  let buf = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buf += chunk;
    const lines = buf.split('\n');
    buf = lines.pop()!;
    for (const line of lines) {
      const m = JSON.parse(line) as { stage: string; rssMiB?: number; heapUsedMiB?: number; maxRssMiB?: number; seconds?: number };
      if (m.stage === 'done') done = true;
      if (m.stage === 'tick') r.ticksCompleted++;
      if (m.stage === 'open' || m.stage === 'tick') Object.assign(r, { rssMiB: m.rssMiB, heapUsedMiB: m.heapUsedMiB, seconds: m.seconds });
      r.peakRssMiB = Math.max(r.peakRssMiB, m.rssMiB ?? 0, m.maxRssMiB ?? 0);
    }
  });
  const timer = setTimeout(() => {
    r.budgetHit = true;
    progress(`memory: ${o.budgetSeconds} s budget spent after ${r.ticksCompleted}/${o.ticks} ticks; stopping the child`);
    child.kill('SIGKILL');
  }, o.budgetSeconds * 1000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (r.peakRssMiB === 0) r.peakRssMiB = NaN;
      if (!done && !r.budgetHit) reject(new Error(`bench/memory.ts exited with ${code}`));
      else resolve(r);
    });
  });
}

// --- run ---

const cpu = cpus();
const machine = {
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
  cpu: cpu[0]?.model ?? 'unknown',
  cores: cpu.length,
  memoryGiB: round(totalmem() / 1024 / MiB),
  date: new Date().toISOString(),
};
progress(`${quick ? 'quick' : 'full'} run on ${machine.cpu} x${machine.cores}, node ${machine.node}`);

const throughput: ThroughputResult[] = [];
for (const o of THROUGHPUT) {
  globalThis.gc?.(); // start each phase from a clean heap
  const r = await measureThroughput(o);
  progress(`throughput ${o.population} bots: ${Math.round(r.actionsPerSecond)} actions/s over ${r.ticks} ticks`);
  throughput.push(r);
}
progress(`memory ${MEMORY.population} bots: child process, ${MEMORY.ticks} ticks, ${MEMORY.budgetSeconds} s budget`);
const memory = await measureMemory(MEMORY);
// socket fan-out: observers in another process, commit to the last client's `tick`
const FANOUT = { ...(quick ? { clients: 100, ticks: 10 } : { clients: 1_000, ticks: 40 }), processes: cpus().length };
progress(`fanout: ${FANOUT.clients} observer clients, ${FANOUT.ticks} ticks`);
const fanout = await measureFanout(FANOUT);
// language models: the loopback OpenAI server with a fixed latency, embedded and with 1 and 2 workers
const LLM = quick
  ? { population: 100, ticks: 1, concurrency: 4, latencyMs: 100 }
  : { population: 800, ticks: 2, concurrency: 8, latencyMs: 200 };
progress(`llm: ${LLM.population} bots, ${LLM.ticks} ticks, concurrency ${LLM.concurrency}, latency ${LLM.latencyMs} ms`);
const llm = await measureLlm(LLM);
const LLM_GOALS = { ofBound: 0.95, twoOverOne: 1.8, promptTokens: 1500 };

// --- report ---

const goalRow = throughput.find((r) => r.population === ACTIONS_GOAL.population);
const actionsGoal = {
  ...ACTIONS_GOAL,
  measured: goalRow ? round(goalRow.actionsPerSecond, 0) : null,
  met: goalRow ? goalRow.actionsPerSecond >= ACTIONS_GOAL.perSecond : null,
};
// RSS after GC is the figure; if the ticks did not finish in the budget, the goal is unverified.
const logBytesGoal = {
  ...LOG_BYTES_GOAL,
  measured: goalRow ? round(goalRow.logBytesPerAction, 0) : null,
  met: goalRow ? goalRow.logBytesPerAction <= LOG_BYTES_GOAL.perAction : null,
};
const memoryGoal = {
  population: 100_000,
  maxMiB: MEMORY_GOAL_MIB,
  met: memory.population !== 100_000 || memory.budgetHit ? null : memory.rssMiB < MEMORY_GOAL_MIB,
};

const table = (head: string[], rows: (string | number)[][]) => {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const w = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  return [line(head), w.map((n) => '-'.repeat(n)).join('  '), ...cells.slice(1).map(line)].join('\n');
};
const fmt = (v: number, d = 0) =>
  !Number.isFinite(v) ? '-' : v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const verdict = (met: boolean | null) => (met === null ? 'not measured' : met ? 'MET' : 'NOT MET');

const out: string[] = [];
out.push(`Astinus bench (${quick ? 'quick' : 'full'}) - ${machine.date}`);
out.push(`node ${machine.node}, ${machine.platform}, ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB`);
out.push(
  '',
  'Throughput: Shenzhen, seed 42, policy brain + rule engine + Judge + embedded store (fsync), snapshot every 50 ticks amortized',
);
out.push(
  table(
    ['bots', 'ticks', 'actions/s', 'ticks/s', 'actions/tick', 'events/tick', 'MiB written', 'MiB/tick', 'log bytes/action'],
    throughput.map((r) => [
      fmt(r.population),
      r.ticks,
      fmt(r.actionsPerSecond),
      fmt(r.ticksPerSecond, 3),
      fmt(r.actionsPerTick),
      fmt(r.eventsPerTick),
      fmt(r.mibWritten, 1),
      fmt(r.mibWritten / r.ticks, 2),
      fmt(r.logBytesPerAction),
    ]),
  ),
);
out.push(
  '',
  "Floor: the same ticks' committed events only committed again (serialize, compress, append, fdatasync) and folded; the pipeline as a share of it",
);
out.push(
  table(
    ['bots', 'floor actions/s', 'commit ms/tick', 'fold ms/tick', 'pipeline of floor'],
    throughput.map((r) => [
      fmt(r.population),
      fmt(r.floor.actionsPerSecond),
      fmt(r.floor.commitMsPerTick, 1),
      fmt(r.floor.foldMsPerTick, 1),
      `${fmt(100 * r.ofFloor, 1)}%`,
    ]),
  ),
);
out.push('', 'Time per tick by phase, ms (decide includes call parsing and slicing; judge includes effects, clocks, reflection)');
out.push(
  table(
    ['bots', ...PHASES, 'total'],
    throughput.map((r) => [fmt(r.population), ...PHASES.map((p) => fmt(r.phaseMsPerTick[p], 1)), fmt((1000 * r.seconds) / r.ticks, 1)]),
  ),
);
out.push('', `Memory: ${fmt(memory.population)} bots on the memory store, RSS after GC`);
out.push(
  table(
    ['bots', 'ticks done', 'RSS MiB', 'heap MiB', 'peak RSS MiB', 'seconds'],
    [
      [
        fmt(memory.population),
        `${memory.ticksCompleted}/${memory.ticksRequested}${memory.budgetHit ? ' (budget hit)' : ''}`,
        fmt(memory.rssMiB),
        fmt(memory.heapUsedMiB),
        fmt(memory.peakRssMiB),
        fmt(memory.seconds, 1),
      ],
    ],
  ),
);
out.push(
  '',
  `Socket fan-out: ${fmt(fanout.clients)} observers on loopback (${fanout.processes} client processes), commit -> last client has the tick, ms`,
);
out.push(
  table(
    ['clients', 'ticks', 'median', 'p99', 'max', 'tick bytes'],
    [[fmt(fanout.clients), fanout.ticks, fmt(fanout.medianMs, 1), fmt(fanout.p99Ms, 1), fmt(fanout.maxMs, 1), fmt(fanout.tickBytes)]],
  ),
);
out.push(
  '',
  `Language models: ${fmt(llm.population)} bots, LLM brain against the loopback server (${llm.latencyMs} ms a call), concurrency ${llm.concurrency} per process`,
);
out.push(
  table(
    ['mode', 'calls', 'seconds', 'calls/s', 'bound', 'of bound'],
    llm.modes.map((m) => [m.mode, fmt(m.calls), fmt(m.seconds, 2), fmt(m.callsPerSecond, 1), fmt(m.bound), `${fmt(100 * m.ofBound, 1)}%`]),
  ),
);
if (llm.workersSkipped) out.push(`  workers not measured: ${llm.workersSkipped}`);
out.push(
  `  tokens per bot decision (counted by the server with o200k_base): prompt ${fmt(llm.promptTokensPerDecision)}, completion ${fmt(llm.completionTokensPerDecision)}`,
);
out.push('', 'Goals');
out.push(
  `  >= ${fmt(ACTIONS_GOAL.perSecond)} actions/s at ${fmt(ACTIONS_GOAL.population)} bots: ` +
    (actionsGoal.measured === null ? 'not measured (quick run)' : `${fmt(actionsGoal.measured)} actions/s, ${verdict(actionsGoal.met)}`),
);
out.push(
  `  <= ${fmt(LOG_BYTES_GOAL.perAction)} log bytes per bot action at ${fmt(LOG_BYTES_GOAL.population)} bots (a quarter of the uncompressed log's): ` +
    (logBytesGoal.measured === null
      ? 'not measured (quick run)'
      : `${fmt(logBytesGoal.measured)}, ${verdict(logBytesGoal.met)}` +
        `; the pipeline runs at ${fmt(100 * goalRow!.ofFloor, 1)}% of its floor`),
);
out.push(
  `  < ${fmt(MEMORY_GOAL_MIB)} MiB RSS at 100,000 bots: ` +
    (memoryGoal.met === null && memory.population !== 100_000
      ? 'not measured (quick run)'
      : `${fmt(memory.rssMiB)} MiB after ${memory.ticksCompleted} ticks (peak ${fmt(memory.peakRssMiB)}), ${verdict(memoryGoal.met)}`),
);
out.push(
  `  < 100 ms median commit -> last of ${fmt(fanout.clients)} observers: ${fmt(fanout.medianMs, 1)} ms (p99 ${fmt(fanout.p99Ms, 1)}), ${verdict(fanout.clients === 1_000 ? fanout.medianMs < 100 : null)}`,
);
const lowest = Math.min(...llm.modes.map((m) => m.ofBound));
out.push(
  `  >= ${LLM_GOALS.ofBound * 100}% of the model-call bound: lowest ${fmt(100 * lowest, 1)}% (${llm.modes.map((m) => `${m.mode} ${fmt(100 * m.ofBound, 1)}%`).join(', ')}), ${verdict(lowest >= LLM_GOALS.ofBound)}`,
);
out.push(
  `  two workers >= ${LLM_GOALS.twoOverOne}x one: ` +
    (llm.twoOverOne === null ? 'not measured' : `${fmt(llm.twoOverOne, 2)}x, ${verdict(llm.twoOverOne >= LLM_GOALS.twoOverOne)}`),
);
out.push(
  `  <= ${fmt(LLM_GOALS.promptTokens)} prompt tokens per decision: ${fmt(llm.promptTokensPerDecision)} (estimated), ${verdict(llm.promptTokensPerDecision <= LLM_GOALS.promptTokens)}`,
);
if (actionsGoal.met === false) out.push('  profile the pipeline: node --import tsx bench/profile.ts --population 10000');
console.log(out.join('\n'));

const file = fileURLToPath(new URL(quick ? './results-quick.json' : './results.json', import.meta.url));
await writeFile(
  file,
  JSON.stringify(
    {
      mode: quick ? 'quick' : 'full',
      machine,
      throughput,
      memory,
      fanout,
      llm,
      goals: { actions: actionsGoal, logBytes: logBytesGoal, memory: memoryGoal },
    },
    null,
    2,
  ) + '\n',
);
progress(`wrote ${file}`);
