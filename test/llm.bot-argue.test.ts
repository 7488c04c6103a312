import { asking } from './helpers/requests.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlayerQueue } from '../bots/brains/player.ts';
import { translator } from '../sim/i18n/translator.ts';
import { memoryStore } from '../adapters/store/memory.ts';
import { World } from '../sim/world.ts';
import { createBrain } from '../adapters/cli/backends.ts';
import { llmSummaryLines } from '../adapters/llm/report.ts';
import type { Event } from '../sim/model/events.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { localDeliberation, readDecision } from '../sim/tick/deliberation.ts';
import { runTick } from '../sim/tick/pipeline.ts';
import { llmArgueJudge } from '../world-engine/argue/llm.ts';
import type { ArgueJudge } from '../world-engine/argue/types.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { testRuntime } from './helpers/llm.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { bargainScene, shenzhen } from './helpers/world.ts';

/**
 * The language-model brain argues for its bot the way a player argues (docs/design.md, Traits and tags): beside a
 * risky call it names one of its bot's traits and says why it fits; the tick weighs it with the
 * argument judge (the rules here) and the Judge commits `trait_argued` before the check is rolled.
 * Shenzhen: Lin Feng is stubborn (which hinders negotiating: 3d6 keep lowest 2) and sensitive.
 */
let cat: Catalog;
let llm: OpenAiServer;
beforeAll(async () => {
  cat = await shenzhen();
  llm = await startOpenAiServer();
});
afterAll(async () => {
  await llm.close();
});
afterEach(() => {
  llm.reset();
});

const world = (): WorldState => bargainScene(cat);

const bargain = (argue?: unknown) => ({
  target: 'fang_lan',
  manner: 'negotiate',
  content: 'Shall we make a deal?',
  ...(argue === undefined ? {} : { argue }),
});
const FITS = 'sensitive: I hear the trouble behind her words, so I know what bargain she can take';

async function tick(s: WorldState, rt: ReturnType<typeof testRuntime>, argueJudge?: ArgueJudge): Promise<Event[]> {
  return runTick(cat, s, 1, localDeliberation(createBrain('llm', rt), ruleEngine()), { advisors: { argue: argueJudge } });
}

const rolled = (events: Event[]) =>
  events.find((e): e is Extract<Event, { type: 'check_rolled' }> => e.type === 'check_rolled' && e.actor === 'lin_feng');

describe('the LLM brain argues for its bot', () => {
  it('is shown its traits and the risky calls, and may argue beside those tools only', async () => {
    const rt = testRuntime(llm.url);
    llm.script(answers.tool('interact', bargain()));
    await tick(world(), rt);
    const body = llm.requests[0].body;
    const system = String(body.messages[0].content);
    for (const t of ['[stubborn]', '[sensitive]', '[easygoing]', '[negotiate]', '[perform]']) expect(system).toContain(t);
    expect(system).toContain('argue');
    const argues = body
      .tools!.filter((t) => Object.hasOwn((t.function.parameters as { properties: object }).properties, 'argue'))
      .map((t) => t.function.name);
    expect(argues).toEqual(['use_resource', 'interact']);
  });

  it('a fitting trait: trait_argued, then the check rolled with its advantage (cancelling stubbornness)', async () => {
    llm.script(answers.tool('interact', bargain()));
    const plain = await tick(world(), testRuntime(llm.url));
    llm.reset();
    expect(rolled(plain)).toMatchObject({ word: 'negotiate', formula: '3d6kl2', factors: [{ kind: 'trait', id: 'stubborn', sign: -1 }] });

    const rt = testRuntime(llm.url);
    llm.script(answers.tool('interact', bargain(FITS)));
    const s = world();
    const events = await tick(s, rt);
    const argued = events.findIndex((e) => e.type === 'trait_argued');
    expect(events[argued]).toMatchObject({ actor: 'lin_feng', trait: 'sensitive', word: 'negotiate' });
    const roll = rolled(events)!;
    expect(events.indexOf(roll)).toBeGreaterThan(argued);
    expect(roll.factors).toEqual([
      { kind: 'trait', id: 'stubborn', sign: -1 },
      { kind: 'trait', id: 'sensitive', sign: 1 },
    ]);
    expect(roll.formula).toBe('2d6');
    // spent by that very check
    expect(s.actors.lin_feng.argued).toEqual([]);
    expect(rt.stats.dropped).toEqual({});
    expect(rt.stats.totalFallbacks).toBe(0);
  });

  it('a trait the bot lacks, a malformed argument, an argument for a call that is no check: dropped and counted, the call stands', async () => {
    const cases: [string, unknown, Record<string, unknown>][] = [
      ['argue_no_trait', 'nimble: my hands are quick, a bargain is mine', bargain('nimble: my hands are quick, a bargain is mine')],
      ['argue_invalid', 'no colon, no trait', bargain('no colon, no trait')],
      ['argue_not_check', FITS, { target: 'fang_lan', manner: 'friendly', content: 'Busy day?', argue: FITS }],
    ];
    for (const [reason, , args] of cases) {
      const rt = testRuntime(llm.url);
      llm.script(answers.tool('interact', args));
      const events = await tick(world(), rt);
      expect(
        events.some((e) => e.type === 'trait_argued'),
        reason,
      ).toBe(false);
      expect(rt.stats.dropped, reason).toEqual({ [reason]: 1 });
      expect(llmSummaryLines(translator('en'), rt).join('\n'), reason).toMatch(new RegExp(`arguments dropped +1\n +${reason} +1`));
      // no repair: a bad argument never costs the call
      expect(rt.stats.totalRepairs, reason).toBe(0);
      const acted = events.find((e) => e.type === 'action' && e.actor === 'lin_feng');
      expect(acted?.type === 'action' && acted.call.tool === 'interact' && acted.call.args.manner, reason).toBe(args.manner);
      if (args.manner === 'negotiate') expect(rolled(events), reason).toMatchObject({ formula: '3d6kl2', factors: [{ id: 'stubborn' }] });
      llm.reset();
    }
  });

  it('words that do not fit are refused by the argument judge: nothing committed, the check as it was', async () => {
    const rt = testRuntime(llm.url);
    llm.script(answers.tool('interact', bargain('sensitive: the weather is lovely today')));
    const events = await tick(world(), rt);
    expect(events.some((e) => e.type === 'trait_argued')).toBe(false);
    expect(rolled(events)).toMatchObject({ formula: '3d6kl2' });
    expect(rt.stats.dropped).toEqual({});
  });

  it("with a model as the argument judge (as players have under serve), the model weighs the bot's words", async () => {
    const rt = testRuntime(llm.url);
    const judge = llmArgueJudge({ client: rt.client, stats: rt.stats, lang: 'en' });
    const words = 'sensitive: I can tell when someone is desperate';
    llm.script(
      answers.tool('interact', bargain(words)),
      answers.json({ fits: true, why: { cn: '看得出对方的难处，就知道底线。', en: 'Seeing her trouble shows you her limit.' } }),
    );
    const events = await tick(world(), rt, judge);
    // the rules alone would refuse these words: they name no word of the check
    expect(llm.requests).toHaveLength(2);
    expect(String(llm.requests[1].body.messages[1].content)).toContain('I can tell when someone is desperate');
    expect(events.find((e) => e.type === 'trait_argued')).toMatchObject({ actor: 'lin_feng', trait: 'sensitive', word: 'negotiate' });
    expect(rolled(events)).toMatchObject({ formula: '2d6' });

    llm.reset();
    llm.script(answers.tool('interact', bargain(words)));
    const rules = await tick(world(), testRuntime(llm.url));
    expect(rules.some((e) => e.type === 'trait_argued')).toBe(false);
  });

  it('a person answering a player in the same tick argues the same way', async () => {
    const rt = testRuntime(llm.url);
    // everyone talks to themselves, except Lin Feng when it is his turn to answer: he bargains, and argues
    llm.responder = (body) => {
      const [system, user] = body.messages.map((m) => String(m.content));
      return system.includes('[lin_feng]') && user.includes('your turn to answer')
        ? answers.tool('interact', { target: 'player-1', manner: 'negotiate', content: 'A deal, then?', argue: FITS })
        : answers.tool('express', { channel: 'self_talk', content: '...' });
    };
    try {
      const players = new PlayerQueue();
      const w = await World.open({
        scenario: cat.scenario,
        seed: 3,
        population: null,
        store: memoryStore(),
        brain: createBrain('llm', rt),
        engine: ruleEngine(),
        players,
      });
      await w.step(
        asking(JOIN, [
          { actor: 'player-1', name: { cn: '艾达', en: 'Ada' }, concept: 'a painter', place: w.state.actors.lin_feng.location },
        ]),
      );
      players.put({
        id: 'hi',
        actor: 'player-1',
        tool: 'interact',
        args: { target: 'lin_feng', manner: 'friendly', content: { text: 'Can we talk business?' } },
      });
      const events = await w.step();
      await w.close();
      const argued = events.findIndex((e) => e.type === 'trait_argued');
      expect(events[argued]).toMatchObject({ actor: 'lin_feng', trait: 'sensitive', word: 'negotiate' });
      const roll = events.findIndex((e) => e.type === 'check_rolled' && e.actor === 'lin_feng');
      expect(roll).toBeGreaterThan(argued);
      expect(events[roll]).toMatchObject({
        target: 'player-1',
        formula: '2d6',
        factors: [{ id: 'stubborn' }, { id: 'sensitive', sign: 1 }],
      });
    } finally {
      llm.responder = () => answers.text('');
    }
  });

  it('record, then replay with no model at all: the same events, the argument and its roll included', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'astinus-argue-'));
    try {
      llm.script(answers.tool('interact', bargain(FITS)));
      const recorded = await tick(world(), testRuntime(llm.url, { record: dir }));
      expect(recorded.some((e) => e.type === 'trait_argued')).toBe(true);
      llm.reset();
      const replayed = await tick(world(), testRuntime('http://127.0.0.1:9/v1', { replay: dir }));
      expect(llm.requests).toHaveLength(0);
      expect(replayed).toEqual(recorded);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('what comes back from a brain or a worker is parsed apart: a hostile argument is dropped, the call stands', () => {
    const call = {
      id: '1:lin_feng',
      actor: 'lin_feng',
      tool: 'interact',
      args: { target: 'fang_lan', manner: 'negotiate', content: { text: 'A deal?' } },
    };
    expect(readDecision({ ...call, argue: { trait: 'sensitive', words: 'I hear her trouble' } })).toEqual({
      ok: true,
      call,
      argue: { trait: 'sensitive', words: 'I hear her trouble' },
    });
    for (const argue of [
      { trait: '__proto__', words: 'x' },
      { trait: 'sensitive', words: '' },
      { trait: 'sensitive', words: 'x', dice: 12 },
      'sensitive: x',
      7,
    ]) {
      expect(readDecision({ ...call, argue }), JSON.stringify(argue)).toEqual({ ok: true, call });
    }
    expect(readDecision({ ...call, tool: 'teleport', argue: { trait: 'sensitive', words: 'x' } })).toMatchObject({ ok: false });
  });
});
