import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offlineIntentParser } from '../bots/intent/offline.ts';
import type { Intent } from '../bots/intent/types.ts';
import { UntrustedToolCall } from '../sim/i18n/content.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { fresh, ROOT } from './helpers/world.ts';

/** One phrase of test/fixtures/intent-corpus.json and what it must become. */
interface Case {
  pack: string;
  at: string;
  text: string;
  tool: string;
  target?: string;
  place?: string;
  mode?: string;
  item?: string;
  purpose?: string;
  resource?: string;
  amount?: number;
  manner?: string;
  what?: string;
  about?: string;
  money?: number;
  channel?: string;
  content?: string;
  notFound?: string;
  /** words no reader knows: said so, with suggestions, never taken for words said to oneself */
  notUnderstood?: boolean;
}
const corpus = JSON.parse(readFileSync(`${ROOT}test/fixtures/intent-corpus.json`, 'utf8')) as { cases: Case[] };
const packs = new Map<string, Catalog>();
const pack = async (id: string) => packs.get(id) ?? packs.set(id, buildCatalog(await loadScenario(`${ROOT}scenarios/${id}`))).get(id)!;

/** The player: a fresh actor of the pack with nothing in hand, standing where the case says. */
async function parse(c: Case): Promise<Intent> {
  const cat = await pack(c.pack);
  const state = fresh(cat);
  const me = Object.keys(state.actors).find(
    (id) => !/(lin_feng|chen_jing|zhao_lei|wu_xiuying|lao_chen|nim|old_bram|tobias_fenn|wat_dunn)/.test(id),
  )!;
  state.actors[me].location = c.at;
  state.actors[me].inventory = {};
  return offlineIntentParser().parse({
    cat,
    state,
    actor: me,
    id: 'c1',
    text: c.text,
    lang: /[a-z]/i.test(c.text) ? 'en' : 'cn',
  }) as Intent;
}

describe('the intent corpus', () => {
  it('covers every tool, both languages, both packs and the not-found reply', () => {
    const cases = corpus.cases;
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const tool of ['use_resource', 'interact', 'move', 'create', 'express']) expect(cases.some((c) => c.tool === tool)).toBe(true);
    expect(cases.filter((c) => c.notFound).length).toBeGreaterThanOrEqual(8);
    expect(cases.some((c) => c.pack === 'riverford')).toBe(true);
    expect(cases.some((c) => /[\u4e00-\u9fff]/.test(c.text)) && cases.some((c) => !/[\u4e00-\u9fff]/.test(c.text))).toBe(true);
  });

  it.each(corpus.cases.map((c) => [`${c.pack} @${c.at}: ${c.text}`, c] as const))('%s', async (_, c) => {
    const { call, understood, notFound, notUnderstood, suggestions } = await parse(c);
    // whatever it is, it is a call the server would accept from a player, and it is said in both languages
    expect(UntrustedToolCall.safeParse(call).success).toBe(true);
    expect(understood.cn.length && understood.en.length).toBeTruthy();
    expect(`${understood.cn}${understood.en}`).not.toMatch(/intent\.|reason\.|{{/);
    expect(call.tool).toBe(c.tool);
    if (c.notUnderstood) {
      expect(notUnderstood, 'not understood').toBeDefined();
      expect(suggestions?.length).toBeGreaterThanOrEqual(2);
      return;
    }
    expect(notUnderstood).toBeUndefined();
    if (c.notFound) {
      expect(notFound, 'a not-found reply').toBeDefined();
      expect(`${notFound!.cn} ${notFound!.en}`).toContain(c.notFound);
      return;
    }
    expect(notFound).toBeUndefined();
    const a = call.args as Record<string, unknown>;
    const content = (a.content as { text?: string } | undefined)?.text;
    const want: Record<string, unknown> = {
      target: c.target,
      destination: c.place,
      mode: c.mode,
      purpose: c.purpose,
      amount: c.amount,
      manner: c.manner,
      what: c.what,
      about: c.about,
      channel: c.channel,
      resource: c.item ? `item:${c.item}` : c.resource,
    };
    for (const [k, v] of Object.entries(want)) if (v !== undefined) expect(a[k], k).toEqual(v);
    if (c.money !== undefined) expect((a.using as { money?: number }).money).toBe(c.money);
    if (c.content !== undefined) expect(content).toBe(c.content);
    // what is said is never the instruction word for word
    if (call.tool === 'interact') expect(content).not.toBe(c.text);
  });
});
