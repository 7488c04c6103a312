import { join } from 'node:path';
import { ZodError } from 'zod';
import { readTextIfExists } from '../store/files.ts';
import type { PlayerQueue } from '../../bots/brains/player.ts';
import { createLlm, type LlmRuntime } from '../llm/runtime.ts';
import { createBrain, createEngine, needsLlm } from './backends.ts';
import type { DecisionSink } from '../../bots/brains/types.ts';
import { loadLlmConfig } from '../llm/config.ts';
import type { Logger } from '../../sim/log.ts';
import type { Scenario } from '../../sim/model/scenario.ts';
import type { QueueDeliberation } from '../queue/deliberation.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import { openEmbeddedStore } from '../store/embedded.ts';
import { checkRecords, type PlayerSeen } from '../store/records-check.ts';
import type { StoreLog } from '../store/snapshot.ts';
import { memoryStore } from '../store/memory.ts';
import type { Store } from '../../sim/ports/store.ts';
import { World } from '../../sim/world.ts';
import { UsageError, type WorldArgs } from './args.ts';

export interface OpenedWorld {
  scenario: Scenario;
  world: World;
  store: Store;
  /** the language-model runtime, when the brain or engine (or, for `serve`, the player's side) uses one */
  llm: LlmRuntime | null;
  /** BullMQ deliberation, when REDIS_URL is set */
  queue: QueueDeliberation | null;
  close(): Promise<void>;
}

/**
 * A world with the backends the flags and the environment choose, the same way for `run` and
 * `serve`: the pack (refused before anything is written if broken), the store (MONGODB_URL, else
 * `--data DIR`, else memory), where decisions are made (REDIS_URL: BullMQ workers, else this
 * process) and with what brain and engine (`--brain`, `--engine`, OPENAI_*).
 */
export async function openWorld(
  args: WorldArgs,
  o: {
    log: Logger;
    say: (key: string, params: Record<string, unknown>) => void;
    players?: PlayerQueue;
    wantLlm?: boolean;
    /** the decision log (`run --decisions`): decisions made in this process (not a BullMQ worker's) */
    onDecision?: DecisionSink;
  },
): Promise<OpenedWorld> {
  const llm = llmRuntime(args, o.log, o.wantLlm ?? false);
  const scenario = await loadScenario(args.scenario);
  // without --seed, a world continues on the seed it was made (or forked) with
  const seed = args.seed ?? (process.env.MONGODB_URL || !args.data ? undefined : await storedSeed(args.data)) ?? scenario.meta.defaultSeed;
  const population = args.population ?? null;
  // BullMQ and MongoDB are loaded only when the environment asks for them: an embedded run starts faster
  const queue = !process.env.REDIS_URL
    ? null
    : await (
        await import('../queue/coordinator.ts')
      ).deliberationFromEnv({
        scenario,
        scenarioPath: args.scenario,
        seed,
        population,
        brain: args.brain,
        engine: args.engine,
        lang: args.lang,
        log: o.log,
        say: o.say,
        // the rules resolve a call in microseconds, a job's round trip through Redis takes a whole round of waiting
        resolveHere: args.engine === 'rules' ? createEngine('rules', null) : undefined,
      });
  try {
    // MONGODB_URL: the world lives in MongoDB, named by --data (default: the scenario's id)
    const mongoUrl = process.env.MONGODB_URL;
    if (mongoUrl)
      o.say('backends.run.mongo', { world: args.data ?? scenario.meta.id, url: (await import('../queue/connection.ts')).redact(mongoUrl) });
    // the store reports what it had to skip (snapshots, session records) through the run's logger,
    // and says to the user what they should know
    const storeLog: StoreLog = { warn: (fields, msg) => o.log.warn(fields, msg), tell: o.say };
    const store = mongoUrl
      ? await (await import('../store/mongo.ts')).openMongoStore(mongoUrl, { world: args.data ?? scenario.meta.id, log: storeLog })
      : args.data
        ? await openEmbeddedStore(args.data, { log: storeLog })
        : memoryStore();
    const world = await World.open({
      scenario,
      seed,
      population,
      store,
      brain: createBrain(args.brain, llm, o.onDecision),
      engine: createEngine(args.engine, llm),
      deliberation: queue ?? undefined,
      players: o.players,
      // what the model spent on each tick here (workers keep their own ledgers: their tokens are not booked)
      tokens: llm
        ? (tick) => {
            const t = llm.ledger.byTick.get(tick);
            return t ? t.prompt + t.completion : 0;
          }
        : undefined,
    });
    if (mongoUrl || args.data) await checkSessionRecords(world, store, mongoUrl ? null : args.data!, storeLog, o.log);
    return {
      scenario,
      world,
      store,
      llm,
      queue,
      close: async () => {
        await world.close();
        await queue?.close();
      },
    };
  } catch (err) {
    await queue?.close();
    throw err;
  }
}

/**
 * Players' session records against what the event log says they did (a deleted or shortened file is
 * said, not silent); `dir` is the embedded store's directory, null for MongoDB.
 */
async function checkSessionRecords(world: World, store: Store, dir: string | null, storeLog: StoreLog, log: Logger): Promise<void> {
  const where =
    dir === null
      ? { messages: 'messages', memory: 'memory_records' }
      : { messages: join(dir, 'messages.log'), memory: join(dir, 'memory.log') };
  const { state } = world;
  const quests = Object.values(state.quests ?? {});
  const players: PlayerSeen[] = Object.values(state.actors)
    .filter((a) => a.player)
    .map((a) => ({
      id: a.id,
      arrivedAt: a.arrivedAt,
      newest: {
        // their newest judged call, a bot brain's for their actor included
        messages: a.player!.acted ?? -1,
        // a story or a quest of theirs may have left a memory at any tick since they came
        memory: state.stories?.[a.id] || quests.some((q) => q.taker === a.id) ? state.tick : -1,
      },
    }));
  // a check that cannot finish must not keep the world from starting either
  await checkRecords(store, players, world.tick - 1, where, storeLog, world.origin?.at ?? 0).catch((err: unknown) =>
    log.warn({ err }, 'session records not checked against the log'),
  );
}

/** The seed a data directory's meta.json records, if it has one (a damaged one is the store's to report). */
async function storedSeed(dir: string): Promise<number | undefined> {
  const text = await readTextIfExists(join(dir, 'meta.json'));
  try {
    const seed = text === null ? undefined : (JSON.parse(text) as { seed?: unknown }).seed;
    return Number.isSafeInteger(seed) && (seed as number) >= 0 ? (seed as number) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language-model runtime when something needs one: the brain or engine, or (`wantLlm`) a side
 * that uses a model only when one is configured (OPENAI_BASE_URL or OPENAI_API_KEY, or a flag).
 */
function llmRuntime(args: WorldArgs, log: Logger, wantLlm: boolean): LlmRuntime | null {
  const configured = !!(process.env.OPENAI_BASE_URL || process.env.OPENAI_API_KEY || args['llm-base-url'] || args['llm-replay']);
  if (!needsLlm(args.brain, args.engine) && !(wantLlm && configured)) return null;
  if (args['llm-record'] && args['llm-replay']) throw new UsageError([{ key: 'llm.error.record_replay' }]);
  try {
    const config = loadLlmConfig(process.env, {
      model: args.model,
      engineModel: args['engine-model'],
      baseURL: args['llm-base-url'],
      timeoutMs: args['llm-timeout'],
      concurrency: args['llm-concurrency'],
      rpm: args['llm-rpm'],
      tpm: args['llm-tpm'],
      maxTokens: args['max-tokens'],
      record: args['llm-record'],
      replay: args['llm-replay'],
      replayFallback: args['llm-replay-fallback'],
    });
    return createLlm({ config, log, lang: args.lang });
  } catch (err) {
    if (err instanceof ZodError) {
      throw new UsageError([
        { key: 'llm.error.config', params: { detail: err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') } },
      ]);
    }
    throw err;
  }
}
