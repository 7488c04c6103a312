import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../sim/server/app.ts';
import { JoinReply } from '../sim/server/protocol.ts';
import { storyOptions } from '../world-engine/story/options.ts';
import { auth, served } from './helpers/serve.ts';

/** A story option taken through the API: `POST .../act` with the option's call and its `choice`, carried by the host to the tick. */
let srv: AstinusServer;
afterEach(async () => { await srv?.close(); });
const W = '/api/worlds/shenzhen';

describe('a story choice through the API', () => {
  it('the act body carries the choice; the committed call takes the option and the story turns', async () => {
    srv = await served({ rate: { burst: 1000, perSecond: 1000 } });
    const post = (url: string, payload: object, headers = {}) => srv.app.inject({ method: 'POST', url, payload, headers });
    const j = await post(`${W}/players`, { name: 'Ada', concept: 'a newcomer', place: 'luohu_station' });
    const { actorId, token } = JoinReply.parse(j.json());
    await srv.host.step();
    const { cat, state } = srv.host.world;
    expect(state.stories?.[actorId]).toMatchObject({ story: 'thirty_days', chapter: 'arrival', situation: 'first_day' });
    const options = storyOptions(cat, state, actorId)!;
    // every option speaks both languages and is one call of the five tools
    expect(options.map((o) => o.id)).toEqual(['go_to_site', 'look_around', 'call_home']);
    expect(options[0].text.cn).toContain('工地');
    const go = options[0];
    const bad = await post(`${W}/players/${actorId}/act`, { call: go.call, choice: -1 }, auth(token));
    expect(bad.statusCode).toBe(400);
    const r = await post(`${W}/players/${actorId}/act`, { call: go.call, choice: go.choice }, auth(token));
    expect(r.statusCode, r.body).toBe(200);
    let turned = null;
    for (let i = 0; i < 5 && !turned; i++) turned = (await srv.host.step()).find((e) => e.type === 'story_turned') ?? null;
    expect(turned).toMatchObject({ actor: actorId, choice: go.choice, variables: { place: 'construction_site' } });
    expect(storyOptions(cat, state, actorId)!.map((o) => o.id)).toContain('ask_foreman');
  });
});
