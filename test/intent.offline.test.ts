import { describe, expect, it } from 'vitest';
import { offlineIntentParser } from '../bots/intent/offline.ts';
import { UntrustedToolCall } from '../sim/i18n/content.ts';
import type { Intent } from '../bots/intent/types.ts';
import { ToolCall } from '../sim/model/tools.ts';
import { fresh, shenzhen } from './helpers/world.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';

describe('the offline intent parser', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['我去华强北找工作', 'dongmen', { tool: 'move', args: { destination: 'huaqiangbei', mode: 'walk' } }],
    [
      'I ask Chen Jing about her mural',
      'huaqiangbei',
      { tool: 'interact', args: { target: 'chen_jing', manner: 'friendly', content: { text: 'her mural' } } },
    ],
    ['take a taxi to Futian', 'huaqiangbei', { tool: 'move', args: { destination: 'futian_cbd', mode: 'taxi' } }],
    ['坐公交去南山科技园', 'huaqiangbei', { tool: 'move', args: { destination: 'nanshan_tech_park', mode: 'bus' } }],
    ['ask Lao Chen for a job', 'construction_site', { tool: 'interact', args: { target: 'lao_chen', manner: 'negotiate' } }],
    ['问老陈有没有活儿', 'construction_site', { tool: 'interact', args: { target: 'lao_chen', manner: 'negotiate' } }],
    ['open a food stall here', 'dongmen', { tool: 'create', args: { what: 'food_stall', where: 'dongmen' } }],
    ['在这里画一幅壁画', 'dafen_village', { tool: 'create', args: { what: 'mural', where: 'dafen_village' } }],
    [
      'give Lin Feng 50 yuan',
      'huaqiangbei',
      { tool: 'use_resource', args: { resource: 'money', amount: 50, purpose: 'gift', target: 'lin_feng' } },
    ],
    ["I'm hungry, let's eat", 'huaqiangbei', { tool: 'use_resource', args: { resource: 'money', purpose: 'eat' } }],
    ['吃点东西', 'huaqiangbei', { tool: 'use_resource', args: { purpose: 'eat' } }],
    ['buy a guitar', 'huaqiangbei', { tool: 'use_resource', args: { resource: 'item:guitar', amount: 1, purpose: 'buy' } }],
    ['rest for a while', 'shekou', { tool: 'use_resource', args: { resource: 'time', purpose: 'rest' } }],
    [
      'shout: cheap phone repairs!',
      'huaqiangbei',
      { tool: 'express', args: { channel: 'shout', content: { text: 'cheap phone repairs!' } } },
    ],
    ['发个朋友圈：深圳的夕阳真美', 'shekou', { tool: 'express', args: { channel: 'moments' } }],
    ['say "nice weather today"', 'shekou', { tool: 'express', args: { channel: 'self_talk', content: { text: 'nice weather today' } } }],
  ];

  it.each(cases)('%s', async (text, at, want) => {
    const cat = await shenzhen();
    const state = fresh(cat);
    state.actors.wang_hao.location = at;
    const { call, understood } = offlineIntentParser().parse({
      cat,
      state,
      actor: 'wang_hao',
      id: 'c1',
      text,
      lang: /[a-z]/i.test(text) ? 'en' : 'cn',
    }) as Awaited<ReturnType<ReturnType<typeof offlineIntentParser>['parse']>>;
    expect(ToolCall.parse(call)).toEqual(call);
    expect(call).toMatchObject({ id: 'c1', actor: 'wang_hao', ...want });
    for (const t of [understood.cn, understood.en]) {
      expect(t.length).toBeGreaterThan(3);
      expect(t).not.toMatch(/intent\.|terms\.|{{/);
    }
  });

  it('never names the player as their own target', async () => {
    const cat = await shenzhen();
    const state = fresh(cat);
    const { call } = offlineIntentParser().parse({
      cat,
      state,
      actor: 'lin_feng',
      id: 'c',
      text: 'Lin Feng talks to himself',
      lang: 'en',
    }) as { call: ToolCall };
    expect(call.tool).toBe('express');
  });

  it.each([
    'give Xu Na 1000000000000000000000000000000 yuan',
    'eat for 99999999999999999999 yuan',
    'talk to __proto__',
    'give __proto__ 5 yuan',
    'buy constructor',
    '给许娜0块',
  ])('hostile words still give a call the server accepts from a player: %s', async (text) => {
    const cat = await shenzhen();
    const state = fresh(cat);
    state.actors.wang_hao.location = 'huaqiangbei';
    const { call } = offlineIntentParser().parse({ cat, state, actor: 'wang_hao', id: 'c', text, lang: 'en' }) as Intent;
    expect(UntrustedToolCall.safeParse(call).success).toBe(true);
  });

  it('says so when it does not understand a remark, with what can be done here instead of self-talk', async () => {
    const cat = await shenzhen();
    const state = fresh(cat);
    state.actors.wang_hao.location = 'dongmen';
    const intent = offlineIntentParser().parse({
      cat,
      state,
      actor: 'wang_hao',
      id: 'c',
      text: 'nice weather today',
      lang: 'en',
    }) as Intent;
    expect(intent.notUnderstood?.en).toContain('nice weather today');
    expect(intent.notUnderstood?.cn).toContain('nice weather today');
    // someone here to talk to, something sold here, a way out
    expect(intent.suggestions?.map((x) => x.en)).toEqual(['talk to He Wenbo', 'buy Rice noodle roll', 'go to Huaqiangbei']);
    expect(intent.suggestions?.map((x) => x.cn)).toEqual(['跟何文博聊聊', '买肠粉', '去华强北']);
  });
});

describe('the words a player may use come from the pack', () => {
  it("a pack's aliases for a place, a kind of thing and a person are understood, in either language", async () => {
    const base = await shenzhen();
    const scenario = structuredClone(base.scenario);
    scenario.places.find((p) => p.id === 'dongmen')!.aliases = { cn: ['旧集市'], en: ['the old bazaar'] };
    scenario.templates.find((t) => t.id === 'mural')!.aliases = { cn: [], en: ['fresco'] };
    scenario.actors.find((a) => a.id === 'lao_chen')!.aliases = { cn: ['陈工头'], en: ['the foreman'] };
    const cat = buildCatalog(scenario);
    const state = fresh(cat);
    state.actors.wang_hao.location = 'huaqiangbei';
    const parse = (text: string, lang: 'cn' | 'en') =>
      offlineIntentParser().parse({ cat, state, actor: 'wang_hao', id: 'c', text, lang }) as { call: ToolCall };
    expect(parse('walk to the old bazaar', 'en').call).toMatchObject({ tool: 'move', args: { destination: 'dongmen' } });
    expect(parse('去旧集市', 'cn').call).toMatchObject({ tool: 'move', args: { destination: 'dongmen' } });
    expect(parse('make a fresco here', 'en').call).toMatchObject({ tool: 'create', args: { what: 'mural' } });
    state.actors.lao_chen.location = 'huaqiangbei';
    expect(parse('问陈工头有没有活儿', 'cn').call).toMatchObject({ tool: 'interact', args: { target: 'lao_chen', manner: 'negotiate' } });
    const plain = buildCatalog(base.scenario);
    // without the alias, the bazaar is a place nobody knows: said so, not a trip somewhere else
    const unknown = offlineIntentParser().parse({
      cat: plain,
      state: fresh(plain),
      actor: 'wang_hao',
      id: 'c',
      text: 'walk to the old bazaar',
      lang: 'en',
    }) as { notFound?: { en: string } };
    expect(unknown.notFound?.en).toContain('old bazaar');
  });
});
