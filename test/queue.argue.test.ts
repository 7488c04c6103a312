/**
 * A bot's argument for a trait crosses the job boundary (docs/design.md, Traits and tags): an in-process BullMQ
 * worker on the real Redis at REDIS_URL runs the language-model brain against the loopback model,
 * and the coordinator commits the same `trait_argued` and the same roll as the embedded run.
 */
import { workerBackends } from '../adapters/cli/backends.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBrain } from '../adapters/cli/backends.ts';
import type { Event } from '../sim/model/events.ts';
import { queueDeliberation } from '../adapters/queue/deliberation.ts';
import { startWorker } from '../adapters/queue/worker.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { localDeliberation } from '../sim/tick/deliberation.ts';
import { runTick } from '../sim/tick/pipeline.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { testRuntime } from './helpers/llm.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { describeWithRedis, dropQueue, REDIS_URL, uniqueQueue } from './helpers/redis.ts';
import { bargainScene, ROOT, shenzhen } from './helpers/world.ts';

const ENV = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'ASTINUS_MODEL', 'ASTINUS_LLM_RETRIES'] as const;

await describeWithRedis('a bot argues through BullMQ workers', () => {
  let cat: Catalog;
  let llm: OpenAiServer;
  const q = uniqueQueue();
  const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
  beforeAll(async () => {
    cat = await shenzhen();
    // the bargain, with its argument, is what the model always answers (one bot is due)
    llm = await startOpenAiServer(() =>
      answers.tool('interact', {
        target: 'fang_lan',
        manner: 'negotiate',
        content: 'Shall we make a deal?',
        argue: 'sensitive: I hear the trouble behind her words, so I know what bargain she can take',
      }),
    );
    // a worker's model comes from its environment, as `astinus worker` reads it
    Object.assign(process.env, { OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: 'test', ASTINUS_MODEL: 'bot-model', ASTINUS_LLM_RETRIES: '0' });
  });
  afterAll(async () => {
    for (const k of ENV)
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    await llm.close();
    await dropQueue(q);
  });

  const world = (): WorldState => bargainScene(cat);

  it("the worker's decision carries the argument; the coordinator commits it before the roll, as the embedded run does", async () => {
    const local = await runTick(cat, world(), 1, localDeliberation(createBrain('llm', testRuntime(llm.url)), ruleEngine()));
    const w = startWorker({ url: REDIS_URL, queue: q, ...workerBackends() });
    const d = await queueDeliberation({
      url: REDIS_URL,
      queue: q,
      world: 'argue',
      scenarioPath: `${ROOT}scenarios/shenzhen`,
      brain: 'llm',
      engine: 'rules',
      resolveHere: ruleEngine(),
    });
    let queued: Event[];
    try {
      queued = await runTick(cat, world(), 1, d);
    } finally {
      await d.close();
      await w.close(1000);
    }
    const argued = queued.findIndex((e) => e.type === 'trait_argued');
    expect(queued[argued]).toMatchObject({ actor: 'lin_feng', trait: 'sensitive', word: 'negotiate' });
    const roll = queued.findIndex((e) => e.type === 'check_rolled' && e.actor === 'lin_feng');
    expect(roll).toBeGreaterThan(argued);
    expect(queued[roll]).toMatchObject({
      formula: '2d6',
      factors: [
        { id: 'stubborn', sign: -1 },
        { id: 'sensitive', sign: 1 },
      ],
    });
    expect(queued).toEqual(local);
  });
});
