import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmIntentParser } from '../bots/intent/llm.ts';
import { offlineIntentParser } from '../bots/intent/offline.ts';
import { testRuntime } from './helpers/llm.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';
import { fresh, shenzhen } from './helpers/world.ts';

let srv: OpenAiServer;
beforeAll(async () => {
  srv = await startOpenAiServer();
});
afterAll(async () => {
  await srv.close();
});

/** Wang Hao at Huaqiangbei (Zhao Lei and Xu Na are there), a model on loopback, the offline parser behind it. */
async function setup() {
  const cat = await shenzhen();
  const state = fresh(cat);
  state.actors.wang_hao.location = 'huaqiangbei';
  srv.reset();
  const rt = testRuntime(srv.url);
  const parser = llmIntentParser({ client: rt.client, stats: rt.stats, fallback: offlineIntentParser(), lang: 'en' });
  const parse = (text: string) => parser.parse({ cat, state, actor: 'wang_hao', id: 'c1', text, lang: 'en' });
  return { rt, parse };
}

describe('the model intent parser reads what the rules could not', () => {
  it('keeps the offline reading whole: a not-found stays a not-found, and the model is not asked', async () => {
    const { parse } = await setup();
    const got = await parse('buy a power bank');
    expect(got.notFound?.en).toContain('power bank');
    expect(got.call.tool).toBe('use_resource');
    expect(srv.requests).toHaveLength(0);
  });

  it('words the rules do not understand go to the model, and its call to someone here stands', async () => {
    const { parse } = await setup();
    srv.script(answers.tool('interact', { target: 'xu_na', manner: 'friendly', content: 'Hi there!' }));
    const got = await parse('yo, what is good');
    expect(got.notUnderstood).toBeUndefined();
    expect(got.call).toMatchObject({ tool: 'interact', args: { target: 'xu_na', manner: 'friendly' } });
    expect(got.understood.en).toBe('Talk with Xu Na: “Hi there!”');
    expect(srv.requests).toHaveLength(1);
    expect(srv.requests[0].body.tools?.map((t) => t.function.name)).toContain('look_around');
  });

  it('a call to someone not here, or a thing not of this world, is refused: one repair, then the not-understood stands', async () => {
    const { rt, parse } = await setup();
    srv.script(
      answers.tool('interact', { target: 'lin_feng', manner: 'friendly', content: 'hi' }),
      answers.tool('use_resource', { resource: 'item:power_bank', amount: 1, purpose: 'buy' }),
    );
    const got = await parse('sup dude');
    expect(String(srv.requests[1].body.messages.at(-1)!.content)).toContain('“lin_feng” is not here');
    expect(got.notUnderstood?.en).toContain('sup dude');
    expect(got.suggestions?.length).toBeGreaterThanOrEqual(2);
    expect(rt.stats.repairs).toEqual({ refused: 1 });
    expect(rt.stats.fallbacks).toEqual({ refused: 1 });
  });

  it('the model may not turn the words into talking to oneself', async () => {
    const { rt, parse } = await setup();
    srv.script(
      answers.tool('express', { channel: 'self_talk', content: 'blorp' }),
      answers.tool('express', { channel: 'self_talk', content: 'blorp' }),
    );
    const got = await parse('blorp zzz');
    expect(got.notUnderstood).toBeDefined();
    expect(got.call.tool).not.toBe('express');
    expect(rt.stats.fallbacks).toEqual({ refused: 1 });
  });

  it('the model may say the player asks to look around', async () => {
    const { parse } = await setup();
    srv.script(answers.tool('look_around', {}));
    const got = await parse('lemme get my bearings');
    expect(got.look).toBe(true);
    expect(got.understood.en).toBe('Look around');
  });

  it('several people fit the words: the model picks one of them', async () => {
    const { parse } = await setup();
    // "help the man who collapsed" with two people here: a choice the model may settle
    srv.script(answers.tool('interact', { target: 'zhao_lei', manner: 'help', content: 'Hold on!' }));
    const got = await parse('help the man who collapsed');
    expect(got.choices).toBeUndefined();
    expect(got.call).toMatchObject({ tool: 'interact', args: { target: 'zhao_lei', manner: 'help' } });
  });
});
