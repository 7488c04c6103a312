import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { IntentFound, JoinReply } from '../adapters/server/protocol.ts';
import { auth, served } from './helpers/serve.ts';

let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
});

const W = '/api/worlds/shenzhen';
const post = (url: string, payload: unknown, headers = {}) => srv.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** What the intent route answers a player at Huaqiangbei (Zhao Lei and Xu Na stand there at the start). */
describe('the intent route', () => {
  it('answers a look, a choice of people, and a not-understood with suggestions, in its reply schema', async () => {
    srv = await served();
    const r = await post(`${W}/players`, { name: 'Ada', concept: 'a painter', place: 'huaqiangbei', lang: 'en' });
    const ada = JoinReply.parse(r.json());
    await post(`${W}/control`, { action: 'step' }, auth('admin-secret'));
    const ask = async (text: string, lang: 'cn' | 'en') =>
      IntentFound.parse((await post(`${W}/players/${ada.actorId}/intent`, { text, lang }, auth(ada.token))).json());

    const look = await ask('四处看看', 'cn');
    expect(look.look).toBe(true);
    expect(look.understood.cn).toBe('四处看看');

    const help = await ask('help the man who collapsed', 'en');
    expect(help.choices?.length).toBeGreaterThanOrEqual(2);
    for (const c of help.choices!) expect(c.call).toMatchObject({ tool: 'interact', actor: ada.actorId });
    expect(help.understood.en).toBe('Whom do you mean? Pick one:');

    const gibberish = await ask('asdf qwer', 'en');
    expect(gibberish.notUnderstood?.en).toContain('asdf qwer');
    expect(gibberish.suggestions?.length).toBeGreaterThanOrEqual(2);
    expect(gibberish.call.tool).not.toBe('express');
  });
});
