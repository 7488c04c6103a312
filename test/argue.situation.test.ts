import { beforeAll, describe, expect, it } from 'vitest';
import { argumentFor, judgeArgument, situationOf } from '../sim/judge/argue.ts';
import { TickJudge } from '../sim/judge/judge.ts';
import { factorsFor } from '../sim/model/check.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { judgeBotArguments } from '../sim/tick/argues.ts';
import { bargainScene, call, shenzhen } from './helpers/world.ts';

/**
 * An argument is judged against the situation of its call (docs/design.md, Traits and tags): the
 * call's target, where the actor stands, the item it uses, as the server and the tick know them.
 * Shenzhen: Lin Feng (sensitive: "hears the trouble behind people's words") and Fang Lan at Dongmen.
 */
let cat: Catalog;
beforeAll(async () => {
  cat = await shenzhen();
});

const HEARS = 'I hear the trouble behind her words';
const bargain = () => call('lin_feng', 'interact', { target: 'fang_lan', manner: 'negotiate', content: { text: 'A deal?' } });

describe('the situation of an argument', () => {
  it("comes from the call: its target, the actor's place, the item it uses", () => {
    const s = bargainScene(cat);
    expect(situationOf(s, bargain())).toEqual({ target: 'fang_lan', place: 'dongmen' });
    const play = call('lin_feng', 'use_resource', { resource: 'item:guitar', amount: 1, purpose: 'perform' });
    expect(situationOf(s, play)).toEqual({ place: 'dongmen', item: 'guitar' });
    expect(argumentFor(cat, s, bargain(), 'sensitive', HEARS)).toMatchObject({ word: 'negotiate', target: 'fang_lan' });
    // a call that is no check carries no argument
    const chat = call('lin_feng', 'interact', { target: 'fang_lan', manner: 'friendly', content: { text: 'hi' } });
    expect(argumentFor(cat, s, chat, 'sensitive', HEARS)).toBeNull();
  });

  it('the target named, with an aspect of the trait, is the situation; the same words aimed at someone else are not', () => {
    const s = bargainScene(cat);
    const words = `${HEARS}, Fang Lan`;
    const at = (target: string) => judgeArgument(cat, s, { actor: 'lin_feng', trait: 'sensitive', word: 'negotiate', words, target });
    expect(at('fang_lan')).toEqual({ ok: true, why: 'argued' });
    expect(at('zhao_lei')).toMatchObject({ ok: false, reason: { code: 'argue_no_situation' } });
    // the place by name is the situation too, in Chinese as in English
    const here = { actor: 'lin_feng', trait: 'sensitive', word: 'negotiate', place: 'dongmen' };
    expect(judgeArgument(cat, s, { ...here, words: '在东门老街，我听得出她话里的难处' })).toEqual({ ok: true, why: 'argued' });
    expect(judgeArgument(cat, s, { ...here, words: '我听得出她话里的难处' })).toMatchObject({
      ok: false,
      reason: { code: 'argue_no_situation' },
    });
  });

  it('hostile ids in a situation name nothing and break nothing', () => {
    const s = bargainScene(cat);
    for (const id of ['__proto__', 'constructor', 'toString', 'nobody'])
      expect(
        judgeArgument(cat, s, { actor: 'lin_feng', trait: 'sensitive', word: 'negotiate', words: HEARS, target: id, place: id, item: id }),
      ).toMatchObject({ ok: false, reason: { code: 'argue_no_situation' } });
  });

  it("the tick judges a bot's argument with its call's situation, and the Judge commits it before the check", async () => {
    const s: WorldState = bargainScene(cat);
    const judge = new TickJudge(cat, s, 1);
    const decisions = [{ ok: true as const, call: bargain(), argue: { trait: 'sensitive', words: `${HEARS}: Fang Lan will say yes` } }];
    await judgeBotArguments(cat, s, judge, ['lin_feng'], decisions);
    expect(judge.events.filter((e) => e.type === 'trait_argued')).toEqual([
      expect.objectContaining({ actor: 'lin_feng', trait: 'sensitive', word: 'negotiate' }),
    ]);
    // one advantage against his stubbornness: the check is a plain roll
    expect(factorsFor(cat, s.actors.lin_feng, 'negotiate').map((f) => `${f.id}${f.sign}`)).toEqual(['stubborn-1', 'sensitive1']);
  });

  it('where the pack lets positive traits count unasked, a trait that helps needs no argument', () => {
    const s = bargainScene(cat);
    const open = { ...cat, scenario: { ...cat.scenario, vocabulary: { ...cat.scenario.vocabulary } } } as Catalog;
    open.scenario.vocabulary.checks = { ...cat.scenario.vocabulary.checks, traitsArgued: false };
    // Zhao Lei is bold, which helps a confrontation
    const bold = { actor: 'zhao_lei', trait: 'bold', word: 'hostile', words: 'banana confront' };
    expect(judgeArgument(open, s, bold)).toEqual({ ok: true, why: 'helps' });
    expect(judgeArgument(cat, s, bold)).toMatchObject({ ok: false, reason: { code: 'argue_no_aspect' } });
  });
});
