import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrain } from '../adapters/cli/backends.ts';
import { WHY_MAX } from '../bots/brains/llm/tools.ts';
import { LOGGED_OPTIONS } from '../bots/brains/policy/index.ts';
import type { DecisionNote } from '../bots/brains/types.ts';
import { perceive, type Perception } from '../bots/perception.ts';
import type { Event } from '../sim/model/events.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { removeDir, SHENZHEN, tempDir } from './helpers/cli.ts';
import { astinusOk } from './helpers/inproc.ts';
import { testRuntime } from './helpers/llm.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { fresh, place, shenzhen } from './helpers/world.ts';

// a short run: every bot wakes a few times
const TICKS = 20;
const LONG = 120_000;

let root: string;
let file: string;
let plain: string;
let logged: string;

beforeAll(async () => {
  root = await tempDir('astinus-decisions-');
  file = path.join(root, 'decisions.jsonl');
  const run = (dir: string, ...more: string[]) =>
    astinusOk(['run', SHENZHEN, '--ticks', String(TICKS), '--seed', '5', '--data', path.join(root, dir), '--quiet', ...more]);
  await run('plain');
  await run('logged', '--decisions', file);
  plain = (await astinusOk(['export', path.join(root, 'plain')])).stdout;
  logged = (await astinusOk(['export', path.join(root, 'logged')])).stdout;
}, LONG);

afterAll(() => removeDir(root));

describe('run --decisions with the policy brain', () => {
  it('changes nothing in the world: the exports are identical with and without it', () => {
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).toBe(plain);
  });

  it('has a line for every bot that acted or was refused, with its options best first and the chosen call the best', async () => {
    expect(existsSync(file)).toBe(true);
    const notes = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as DecisionNote);
    const byKey = new Map(notes.map((n) => [`${n.tick}/${n.actor}`, n]));
    // one line per bot per tick it decided
    expect(byKey.size).toBe(notes.length);
    const events = logged
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as Event);
    const decided = events.filter((e) => e.type === 'action' || e.type === 'call_failed');
    expect(decided.length).toBeGreaterThan(0);
    for (const e of decided) {
      const n = byKey.get(`${e.tick}/${(e as { actor: string }).actor}`);
      expect(n, `a line for ${(e as { actor: string }).actor} at ${e.tick}`).toBeDefined();
      // the call the Judge saw is the one the brain proposed
      if (e.type === 'action') expect(n!.call).toEqual(e.call);
    }
    for (const n of notes) {
      expect(n.brain).toBe('policy');
      const scores = n.options!.map((o) => o.score);
      expect(scores.length).toBeLessThanOrEqual(LOGGED_OPTIONS);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      if (n.call) {
        expect(n.options!.some((o) => JSON.stringify(o.call) === JSON.stringify(n.call))).toBe(true);
        expect(n.options![0].call).toEqual(n.call);
      } else expect(n.options).toEqual([]);
    }
    // most bots have more than one thing they could do: the log shows the ones not chosen too
    expect(notes.filter((n) => n.options!.length > 1).length).toBeGreaterThan(notes.length / 2);
  });
});

describe('the model brain with a decision log', () => {
  let cat: Catalog;
  let srv: OpenAiServer;
  let p: Perception;
  beforeAll(async () => {
    cat = await shenzhen();
    srv = await startOpenAiServer();
    const s = fresh(cat, 3);
    place(s, 'lin_feng', 'dongmen');
    p = perceive(cat, s, indexPlaces(cat, s), 'lin_feng', 1);
  }, LONG);
  afterAll(() => srv.close());

  it("is offered a short `why`, logs the model's reason capped, and never passes it on with the call", { timeout: LONG }, async () => {
    const notes: DecisionNote[] = [];
    const brain = createBrain('llm', testRuntime(srv.url), (n) => notes.push(n));
    const why = `  the crowd is hungry ${'x'.repeat(400)}`;
    srv.script(answers.tool('express', { channel: 'shout', content: 'Fresh noodles!', why }));
    const call = await brain.decide(cat, p, 3);
    expect(call).toEqual({
      id: '1:lin_feng',
      actor: 'lin_feng',
      tool: 'express',
      args: { channel: 'shout', content: { text: 'Fresh noodles!' } },
    });
    const offered = srv.requests[0].body.tools!.find((t) => t.function.name === 'express')!.function.parameters as {
      properties: Record<string, unknown>;
    };
    expect(offered.properties.why).toBeDefined();
    expect(notes).toEqual([{ tick: 1, actor: 'lin_feng', brain: 'llm', call, why: why.trim().slice(0, WHY_MAX) }]);
  });

  it(
    'a `why` that is not text is dropped and the call stands; a model that fails leaves the fallback its own line',
    { timeout: LONG },
    async () => {
      const notes: DecisionNote[] = [];
      const brain = createBrain('llm', testRuntime(srv.url), (n) => notes.push(n));
      srv.reset();
      srv.script(answers.tool('express', { channel: 'shout', content: 'Hi', why: { text: 'nested' } }));
      expect(await brain.decide(cat, p, 3)).toMatchObject({ tool: 'express' });
      expect(notes.at(-1)).toEqual({ tick: 1, actor: 'lin_feng', brain: 'llm', call: expect.objectContaining({ tool: 'express' }) });
      srv.reset();
      srv.script(answers.tool('nonsense', {}), answers.tool('nonsense', {}));
      const fell = await brain.decide(cat, p, 3);
      expect(notes.at(-1)).toMatchObject({ brain: 'policy', call: fell });
    },
  );

  it('without a decision log the tools are what they were: no `why`', { timeout: LONG }, async () => {
    srv.reset();
    srv.script(answers.tool('express', { channel: 'shout', content: 'Hi' }));
    await createBrain('llm', testRuntime(srv.url)).decide(cat, p, 3);
    const offered = srv.requests[0].body.tools!.find((t) => t.function.name === 'express')!.function.parameters as {
      properties: Record<string, unknown>;
    };
    expect(offered.properties.why).toBeUndefined();
  });
});
