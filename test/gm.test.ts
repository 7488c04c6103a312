import { describe, expect, it } from 'vitest';
import { broken } from '../sim/gm/dialog.ts';
import { acceptsNow } from '../sim/gm/suggest.ts';
import type { Text } from '../sim/model/text.ts';
import type { ToolCall } from '../sim/model/tools.ts';
import type { NarrationMsg, PerceivedMsg, PromptMsg, RejectionMsg } from '../adapters/server/protocol.ts';
import { eventsOfCall } from '../world-engine/narrator/select.ts';

/**
 * The game master's texts (docs/design.md, Dialog types) as a player receives them over a served world:
 * each says its type and holds its constraint; the next actions offered are accepted when clicked.
 */
describe('what the game master tells a player', () => {
  it('types every text, holds each to its constraint, and offers next actions the Judge accepts', async () => {
    const { served, auth } = await import('./helpers/serve.ts');
    const srv = await served({ rate: { burst: 1e9, perSecond: 1e9 } });
    const W = '/api/worlds/shenzhen';
    const me = (await srv.app.inject({ method: 'POST', url: `${W}/players`, payload: { name: 'Ada', place: 'huaqiangbei' } })).json() as {
      actorId: string;
      token: string;
    };
    const got: { narration: NarrationMsg[]; rejection: RejectionMsg[]; perceived: PerceivedMsg[]; prompt: PromptMsg[] } = {
      narration: [],
      rejection: [],
      perceived: [],
      prompt: [],
    };
    srv.host.listen({
      tick: () => undefined,
      status: () => undefined,
      narration: (a, m) => {
        if (a === me.actorId) got.narration.push(m);
      },
      rejection: (a, m) => {
        if (a === me.actorId) got.rejection.push(m);
      },
      perceived: (a, m) => {
        if (a === me.actorId) got.perceived.push(m);
      },
      prompt: (a, m) => {
        if (a === me.actorId) got.prompt.push(m);
      },
    });
    const { cat, state } = srv.host.world;
    let clicked = 0;
    let accepted = 0;
    for (let i = 0; i < 40; i++) {
      const offered = got.prompt.at(-1);
      if (offered && offered.tick === state.tick) {
        // the offer holds its constraint now, before the click
        const calls = offered.actions.map((a) => ({ id: 'x', actor: me.actorId, ...a.call }) as ToolCall);
        expect(broken('action_prompt', offered.text, { cat, state, actions: calls })).toEqual([]);
        expect(offered.actions.length).toBeGreaterThanOrEqual(2);
        expect(offered.actions.length).toBeLessThanOrEqual(4);
        const pick = offered.actions[i % offered.actions.length];
        const r = await srv.app.inject({
          method: 'POST',
          url: `${W}/players/${me.actorId}/act`,
          headers: auth(me.token),
          payload: { call: pick.call },
        });
        expect(r.statusCode).toBe(200);
        clicked++;
      }
      const events = await srv.host.step();
      const own = eventsOfCall(events, me.actorId);
      if (own[0]?.type === 'action') accepted++;
      const told = got.narration.filter((n) => n.tick === state.tick);
      for (const n of told) {
        expect(n.dialog_type).toBe('resolution_summary');
        expect(broken('resolution_summary', n.text, { cat, state, events: own })).toEqual([]);
      }
      for (const p of got.perceived.filter((x) => x.tick === state.tick)) {
        expect(p.dialog_type).toBe('scene_description');
        for (const line of p.lines) expect(broken('scene_description', line, { cat, state, events })).toEqual([]);
      }
      for (const r of got.rejection.filter((x) => x.tick === state.tick)) {
        expect(r.dialog_type).toBe('rule_explanation');
        expect(broken('rule_explanation', r.reason, { cat, state, reason: r.reason })).toEqual([]);
      }
    }
    expect(clicked).toBeGreaterThan(5);
    // every action clicked from an offer was accepted by the Judge at the tick it was sent for
    expect(accepted).toBe(clicked);
    await srv.close();
  });

  it('says when a text breaks its type: a summary that invents, a scene that claims a change, an explanation that does not quote', async () => {
    const { shenzhen, fresh, call } = await import('./helpers/world.ts');
    const cat = await shenzhen();
    const state = fresh(cat, 2);
    const made: Text = { cn: '林峰付给你 500 元。', en: 'Lin Feng pays you 500 yuan.' };
    expect(broken('resolution_summary', made, { cat, state, events: [] }).length).toBeGreaterThan(0);
    expect(broken('scene_description', { cn: '陈静死了。', en: 'Chen Jing dies.' }, { cat, state }).length).toBeGreaterThan(0);
    const reason = { cn: '这点钱可不够', en: 'it costs more than that' };
    expect(broken('rule_explanation', { cn: '不行。', en: 'No.' }, { cat, state, reason })).toHaveLength(2);
    expect(broken('rule_explanation', { cn: `不行：${reason.cn}`, en: `No: ${reason.en}` }, { cat, state, reason })).toEqual([]);
    // an offer of one action, or of one the Judge refuses, breaks the action prompt
    const far = call('lin_feng', 'interact', { target: 'xu_na', manner: 'friendly', content: { text: 'hi' } });
    state.actors.xu_na.location = 'airport_nowhere';
    expect(acceptsNow(cat, state, far)).toBe(false);
    expect(broken('action_prompt', made, { cat, state, actions: [far] })).toEqual(['1 actions', 'refused now: interact']);
  });
});
