import { expect } from 'vitest';
import type { AstinusServer } from '../../adapters/server/app.ts';
import { JoinReply, QuestLog } from '../../adapters/server/protocol.ts';
import { auth, served } from './serve.ts';

export const W = '/api/worlds/shenzhen';

/**
 * A served Shenzhen world where a player has joined at Dongmen, beside He Wenbo, who offers his paint
 * errand at the end of tick 0: the player sees it in their quest log.
 */
export async function offeredToPlayer(): Promise<{ srv: AstinusServer; me: JoinReply; quest: string }> {
  const srv = await served();
  const r = await srv.app.inject({
    method: 'POST',
    url: `${W}/players`,
    payload: { name: 'Ada', concept: 'a courier', place: 'dongmen', lang: 'en' },
  });
  expect(r.statusCode).toBe(201);
  const me = JoinReply.parse(r.json());
  await srv.host.step();
  const log = QuestLog.parse((await srv.app.inject({ url: `${W}/players/${me.actorId}/quests`, headers: auth(me.token) })).json());
  const offer = log.quests.find((q) => q.id.startsWith('paint_for_class-'));
  expect(offer, JSON.stringify(log)).toBeDefined();
  return { srv, me, quest: offer!.id };
}
