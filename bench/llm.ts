/**
 * Language-model throughput and prompt size, against the loopback OpenAI server of the tests with a
 * fixed latency, run in a process of its own (bench/llm-server.ts) as a real model would be. Bots
 * decide with the LLM brain (the rule engine resolves), so every due bot is one model call. The
 * bound is (processes making calls) x concurrency / latency; achieved is calls answered over the
 * time from the first request to the last answer. Embedded: this process's own runtime. Workers: 1
 * and 2 `astinus worker` processes on the real Redis, each with its own concurrency limit (the
 * limit is per worker) and holding `--jobs` jobs at once. The first tick is a warm-up and is not
 * timed. The server counts prompt and completion tokens with the o200k_base encoding (adapters/llm/usage.ts).
 *
 *   node --import tsx bench/llm.ts [--population 800] [--ticks 2] [--concurrency 8] [--latency 200] [--jobs 16]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createLlm } from '../adapters/llm/runtime.ts';
import { createBrain, createEngine } from '../adapters/cli/backends.ts';
import { LlmConfig } from '../adapters/llm/config.ts';
import { deliberationFromEnv } from '../adapters/queue/coordinator.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { startModelProcess } from './llm-server.ts';
import { numArg, progress, round, ruleEngine, SCENARIO_DIR, SEED, shenzhen } from './common.ts';

export interface LlmBenchOptions {
  population: number;
  ticks: number;
  concurrency: number;
  latencyMs: number;
  /** jobs a worker holds at once (default twice `concurrency`): the extra ones wait at its model limit with their prompts built */
  jobs?: number;
}
export interface LlmModeResult {
  mode: string;
  processes: number;
  calls: number;
  seconds: number;
  callsPerSecond: number;
  bound: number;
  ofBound: number;
  /** where the time short of the bound went: see tickRhythm */
  turnaroundMs: number;
  betweenTicksMs: number;
  lastWaveIdle: number;
}
export interface LlmBenchResult extends LlmBenchOptions {
  modes: LlmModeResult[];
  /** two workers over one, each limited to `concurrency` */
  twoOverOne: number | null;
  promptTokensPerDecision: number;
  completionTokensPerDecision: number;
  workersSkipped: string | null;
}

const BIN = fileURLToPath(new URL('../bin/astinus.mjs', import.meta.url));
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export async function measureLlm(o: LlmBenchOptions): Promise<LlmBenchResult> {
  const srv = await startModelProcess(o.latencyMs);
  let tokens = { prompt: NaN, completion: NaN };
  const scenario = await shenzhen();
  const env = {
    OPENAI_BASE_URL: srv.url,
    OPENAI_API_KEY: 'bench',
    ASTINUS_MODEL: 'bench',
    ASTINUS_LLM_CONCURRENCY: String(o.concurrency),
    ASTINUS_LLM_RETRIES: '0',
  };

  /** Step the world, counting the calls the server saw and the time they took. */
  const timed = async (mode: string, processes: number, world: World): Promise<LlmModeResult> => {
    // one untimed tick first: workers load the pack and open their clients on their first job
    await world.step();
    const warm = await srv.reset();
    const starts: number[] = [];
    for (let i = 0; i < o.ticks; i++) {
      starts.push(performance.timeOrigin + performance.now());
      await world.step();
    }
    const { arrivals, prompt, completion } = await srv.take();
    // per decision over every tick of the first mode, the warm-up included
    const all = warm.arrivals.length + arrivals.length;
    if (Number.isNaN(tokens.prompt)) tokens = { prompt: (warm.prompt + prompt) / all, completion: (warm.completion + completion) / all };
    const rhythm = tickRhythm(arrivals, starts, processes * o.concurrency, o.latencyMs);
    const seconds = (arrivals[arrivals.length - 1] + o.latencyMs - arrivals[0]) / 1000;
    const callsPerSecond = arrivals.length / seconds;
    const bound = (processes * o.concurrency * 1000) / o.latencyMs;
    progress(`llm ${mode}: ${arrivals.length} calls, ${round(callsPerSecond)} calls/s of ${bound}`);
    return {
      mode,
      processes,
      calls: arrivals.length,
      seconds: round(seconds, 2),
      callsPerSecond: round(callsPerSecond, 1),
      bound,
      ofBound: round(callsPerSecond / bound, 3),
      ...rhythm,
    };
  };

  const modes: LlmModeResult[] = [];
  let workersSkipped: string | null = null;
  try {
    const rt = createLlm({
      config: LlmConfig.parse({
        baseURL: srv.url,
        apiKey: 'bench',
        models: { bot: 'b', engine: 'e', narrator: 'n', intent: 'i' },
        concurrency: o.concurrency,
        retries: 0,
      }),
    });
    const world = await World.open({
      scenario,
      seed: SEED,
      population: o.population,
      store: memoryStore(),
      brain: createBrain('llm', rt),
      engine: ruleEngine(),
    });
    modes.push(await timed('embedded', 1, world));
    await world.close();

    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    const reachable = await redis.connect().then(
      () => true,
      () => false,
    );
    redis.disconnect();
    if (!reachable) workersSkipped = `Redis not reachable at ${REDIS_URL}`;
    for (const n of reachable ? [1, 2] : []) modes.push(await withWorkers(n, env, scenario, o, timed));
  } finally {
    await srv.close();
  }
  const one = modes.find((m) => m.mode === '1 worker');
  const two = modes.find((m) => m.mode === '2 workers');
  return {
    ...o,
    modes,
    twoOverOne: one && two ? round(two.callsPerSecond / one.callsPerSecond, 2) : null,
    promptTokensPerDecision: round(tokens.prompt, 0),
    completionTokensPerDecision: round(tokens.completion, 0),
    workersSkipped,
  };
}

async function withWorkers(
  n: number,
  env: Record<string, string>,
  scenario: Awaited<ReturnType<typeof shenzhen>>,
  o: LlmBenchOptions,
  timed: (mode: string, processes: number, world: World) => Promise<LlmModeResult>,
): Promise<LlmModeResult> {
  // a queue of its own: completed jobs are kept, and another mode must not reuse their answers
  const queue = `astinus-bench-llm-${process.pid}-${n}`;
  const workerEnv = { ...process.env, ...env, REDIS_URL, ASTINUS_QUEUE: queue };
  const children: ChildProcess[] = [];
  try {
    for (let i = 0; i < n; i++) children.push(await startWorker(workerEnv, o.jobs ?? 2 * o.concurrency));
    const delib = await deliberationFromEnv({
      env: { REDIS_URL, ASTINUS_QUEUE: queue },
      scenario,
      scenarioPath: SCENARIO_DIR,
      seed: SEED,
      population: o.population,
      brain: 'llm',
      engine: 'rules',
      resolveHere: createEngine('rules', null),
    });
    const world = await World.open({
      scenario,
      seed: SEED,
      population: o.population,
      store: memoryStore(),
      brain: createBrain('policy', null),
      engine: ruleEngine(),
      deliberation: delib!,
    });
    try {
      return await timed(n === 1 ? '1 worker' : `${n} workers`, n, world);
    } finally {
      await world.close();
      await delib!.queue.obliterate({ force: true }).catch(() => {});
      await delib!.close();
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
  }
}

/**
 * `astinus worker` holding `jobs` at once, while its model limit (ASTINUS_LLM_CONCURRENCY) caps the
 * calls: the jobs beyond it wait at the limit with their prompts built, so a freed slot takes the
 * next at once instead of after the job's round trip through Redis and its prompt.
 */
function startWorker(env: NodeJS.ProcessEnv, jobs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, 'worker', '--concurrency', String(jobs)], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((ready, fail) => {
    let err = '';
    child.stderr!.on('data', (b: Buffer) => {
      err += b.toString();
      if (err.includes('Worker ready')) ready(child);
    });
    child.once('exit', (code) => fail(new Error(`worker exited ${code}: ${err}`)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await measureLlm({
    population: numArg(process.argv, 'population', 800),
    ticks: numArg(process.argv, 'ticks', 2),
    concurrency: numArg(process.argv, 'concurrency', 8),
    latencyMs: numArg(process.argv, 'latency', 200),
    jobs: numArg(process.argv, 'jobs', 0) || undefined,
  });
  console.log(JSON.stringify(r, null, 2));
}

/**
 * What keeps achieved below the bound, from the arrivals split into ticks (`starts`: when each
 * tick began, on the same clock). turnaroundMs: a model slot's mean idle time between an answer and
 * its next request inside a tick (call k+slots after call k, less the latency). betweenTicksMs: the
 * mean time from a tick's last answer to the next tick's first request (judge, commit, perceive,
 * enqueue). lastWaveIdle: the share of slot time the ticks' partial last waves leave empty however
 * fast the rest is (a tick of n calls needs ceil(n / slots) waves).
 */
function tickRhythm(arrivals: number[], starts: number[], slots: number, latencyMs: number) {
  const ticks = starts
    .map((t, i) => arrivals.filter((a) => a >= t && (i + 1 === starts.length || a < starts[i + 1])))
    .filter((a) => a.length);
  const turns: number[] = [];
  const gaps: number[] = [];
  let waves = 0;
  ticks.forEach((a, i) => {
    for (let k = 0; k + slots < a.length; k++) turns.push(a[k + slots] - a[k] - latencyMs);
    if (i > 0) gaps.push(a[0] - (ticks[i - 1][ticks[i - 1].length - 1] + latencyMs));
    waves += Math.ceil(a.length / slots);
  });
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
  return {
    turnaroundMs: round(mean(turns), 1),
    betweenTicksMs: round(mean(gaps), 0),
    lastWaveIdle: round(1 - arrivals.length / (waves * slots), 3),
  };
}
