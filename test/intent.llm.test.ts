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

describe('the model intent parser falling back on the offline one', () => {
  it('keeps the offline reading whole: a not-found stays a not-found', async () => {
    const cat = await shenzhen();
    const state = fresh(cat);
    state.actors.wang_hao.location = 'huaqiangbei';
    const rt = testRuntime(srv.url);
    srv.script(answers.tool('teleport', {}), answers.tool('teleport', {}));
    const parser = llmIntentParser({ client: rt.client, stats: rt.stats, fallback: offlineIntentParser(), lang: 'en' });
    const got = await parser.parse({ cat, state, actor: 'wang_hao', id: 'c1', text: 'buy a power bank', lang: 'en' });
    expect(got.notFound?.en).toContain('power bank');
    expect(got.call.tool).toBe('use_resource');
  });
});
