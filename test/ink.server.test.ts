import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { JoinReply, type PromptMsg } from '../adapters/server/protocol.ts';
import { storyOptions } from '../world-engine/story/options.ts';
import { auth, served } from './helpers/serve.ts';

/** A story option taken through the API: `POST .../act` with the option's call and its `choice`, carried by the host to the tick. */
let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
});
const W = '/api/worlds/shenzhen';

describe('a story choice through the API', () => {
  it('the act body carries the choice; the committed call takes the option and the story turns', async () => {
    srv = await served({ rate: { burst: 1000, perSecond: 1000 } });
    const post = (url: string, payload: object, headers = {}) => srv.app.inject({ method: 'POST', url, payload, headers });
    const j = await post(`${W}/players`, { name: 'Ada', concept: 'a newcomer', place: 'luohu_station' });
    const { actorId, token } = JoinReply.parse(j.json());
    const prompts: PromptMsg[] = [];
    const none = () => undefined;
    srv.host.listen({
      tick: none,
      status: none,
      narration: none,
      rejection: none,
      perceived: none,
      prompt: (a, m) => {
        if (a === actorId) prompts.push(m);
      },
    });
    await srv.host.step();
    // the player's action_prompt offers the ink's choices first, each with the choice to send back
    expect(prompts[0].actions.slice(0, 3).map((a) => [a.choice, a.text.en])).toEqual([
      [0, 'Take the bus to the Qianhai building site to look for work'],
      [1, 'Look around and get to know the city'],
      [2, 'Call home and say what is on your mind'],
    ]);
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

  it("a choice sent with another option's call takes nothing: the story stays where it is", async () => {
    srv = await served({ rate: { burst: 1000, perSecond: 1000 } });
    const post = (url: string, payload: object, headers = {}) => srv.app.inject({ method: 'POST', url, payload, headers });
    const { actorId, token } = JoinReply.parse(
      (await post(`${W}/players`, { name: 'Ada', concept: 'a newcomer', place: 'luohu_station' })).json(),
    );
    await srv.host.step();
    const [go, look] = storyOptions(srv.host.world.cat, srv.host.world.state, actorId)!;
    // the cheap call, claiming the move's choice
    expect((await post(`${W}/players/${actorId}/act`, { call: look.call, choice: go.choice }, auth(token))).statusCode).toBe(200);
    const events = [];
    for (let i = 0; i < 4; i++) events.push(...(await srv.host.step()));
    expect(events.some((e) => e.type === 'action' && e.actor === actorId)).toBe(true);
    expect(events.some((e) => e.type === 'story_turned')).toBe(false);
    expect(srv.host.world.state.stories?.[actorId]?.turns).toBe(0);
  });
});
