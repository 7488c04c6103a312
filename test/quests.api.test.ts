import { afterEach, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { AdminQuests, ErrorReply, QuestLog, TakeReply } from '../adapters/server/protocol.ts';
import { auth } from './helpers/serve.ts';
import { offeredToPlayer, W } from './helpers/quests.ts';

let srv: AstinusServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

describe('quests through REST', () => {
  it('takes a quest: queued (202, the tick it is for), committed by the Judge at that tick', async () => {
    const s = await offeredToPlayer();
    srv = s.srv;
    const url = `${W}/players/${s.me.actorId}/quests/${s.quest}/take`;
    const r = await srv.app.inject({ method: 'POST', url, headers: auth(s.me.token), payload: {} });
    expect(r.statusCode, r.body).toBe(202);
    const { queuedFor } = TakeReply.parse(r.json());
    expect(queuedFor).toBe(srv.host.world.tick);
    // asked twice before the tick: a clear 409
    const twice = await srv.app.inject({ method: 'POST', url, headers: auth(s.me.token), payload: {} });
    expect(twice.statusCode).toBe(409);
    expect(ErrorReply.parse(twice.json()).code).toBe('quest_already_queued');
    // nothing changes before the tick
    expect(srv.host.world.state.quests![s.quest].status).toBe('offered');
    const events = await srv.host.step();
    expect(events.find((e) => e.type === 'quest_taken')).toMatchObject({ tick: queuedFor, quest: s.quest, actor: s.me.actorId });
    const log = QuestLog.parse((await srv.app.inject({ url: `${W}/players/${s.me.actorId}/quests`, headers: auth(s.me.token) })).json());
    expect(log.quests.find((q) => q.id === s.quest)).toMatchObject({
      status: 'taken',
      mine: true,
      goal: { kind: 'bring', item: 'paint', count: 2, to: 'he_wenbo' },
    });
    // taken: no longer on offer to anyone
    const late = await srv.app.inject({ method: 'POST', url, headers: auth(s.me.token) });
    expect(late.statusCode).toBe(409);
    expect(ErrorReply.parse(late.json()).code).toBe('quest_not_open');
  });

  it('answers hostile ids, unknown quests, other players and bad bodies with clean errors', async () => {
    const s = await offeredToPlayer();
    srv = s.srv;
    const headers = auth(s.me.token);
    const take = (id: string, q: string, payload?: unknown, h = headers) =>
      srv!.app.inject({
        method: 'POST',
        url: `${W}/players/${id}/quests/${q}/take`,
        headers: h,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    for (const bad of ['__proto__', 'constructor', 'prototype', 'toString']) {
      const r = await take(s.me.actorId, bad);
      expect([400, 404], `${bad}: ${r.body}`).toContain(r.statusCode);
      expect(ErrorReply.parse(r.json()).message.en.length).toBeGreaterThan(0);
      const log = await srv.app.inject({ url: `${W}/players/${bad}/quests`, headers });
      expect([400, 403, 404], `${bad}: ${log.body}`).toContain(log.statusCode);
      ErrorReply.parse(log.json());
    }
    const unknown = await take(s.me.actorId, 'no_such_quest-3');
    expect(unknown.statusCode).toBe(404);
    expect(ErrorReply.parse(unknown.json()).code).toBe('quest_unknown');
    // a body with anything in it is not a take
    for (const body of [{ quest: s.quest }, { actor: 'lin_feng' }, [1]]) {
      const r = await take(s.me.actorId, s.quest, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(ErrorReply.parse(r.json()).code).toBe('bad_request');
    }
    // a player acts for nobody else, and a bot's quest log is not theirs to read
    expect((await take('lin_feng', s.quest)).statusCode).toBe(403);
    expect((await srv.app.inject({ url: `${W}/players/lin_feng/quests`, headers })).statusCode).toBe(403);
    // the admin's view is the admin's
    expect((await srv.app.inject({ url: `${W}/quests`, headers })).statusCode).toBe(403);
    expect((await srv.app.inject({ url: `${W}/quests` })).statusCode).toBe(401);
    AdminQuests.parse((await srv.app.inject({ url: `${W}/quests`, headers: auth('admin-secret') })).json());
    // away from the giver, the quest cannot be taken
    srv.host.world.state.actors[s.me.actorId].location = 'futian_cbd';
    const away = await take(s.me.actorId, s.quest);
    expect(away.statusCode).toBe(409);
    expect(ErrorReply.parse(away.json()).code).toBe('quest_not_here');
  });
});
