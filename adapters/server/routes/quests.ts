import type { FastifyPluginAsync } from 'fastify';
import { bearer } from '../auth.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import { own } from '../../../sim/model/ids.ts';
import { openTo } from '../../../sim/model/quests.ts';
import { type AdminQuests, type QuestLog, QuestParams, TakeBody, type TakeReply } from '../protocol.ts';
import { adminQuests, playerQuests } from '../quest-views.ts';
import { TAKE } from '../../../sim/tick/quests.ts';
import { takeAhead } from '../../../sim/gm/ahead.ts';
import type { Text } from '../../../sim/model/text.ts';
import { type ServerContext, idOf, worldOf } from './context.ts';

/** Whether the player may take an offered quest now, dry-run by the Judge at the next tick, and if not, why in their words. */
function takeView(host: ServerContext['host'], actor: string, quest: string): { ok: boolean; why?: Text } {
  const reason = takeAhead(host.world.cat, host.world.state, quest, actor);
  return reason ? { ok: false, why: host.views.messageTo(reason.message) } : { ok: true };
}

/** A player's quest log and taking a quest (player token); every quest with its hidden risk (admin token). */
export const questRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { host } = ctx;

  app.get('/api/worlds/:w/players/:id/quests', { config: { exposure: 'self' } }, async (req): Promise<QuestLog> => {
    const id = idOf(ctx, req);
    ctx.tokens.requirePlayer(bearer(req.headers.authorization), id);
    const { state } = host.world;
    const me = own(state.actors, id);
    if (!me) {
      // a join still queued has been offered nothing yet: an empty panel, not an error
      if (host.hasPendingJoin(id)) return { quests: [] };
      throw new HttpError(404, 'not_found');
    }
    // offered to them by name (as their log told them), or open to them where they stand now (where they could take it)
    const tick = host.world.tick;
    const quests = playerQuests(
      host.views,
      state,
      id,
      (q) => q.offeredTo === id || (openTo(q, id, tick) && state.actors[q.giver]?.location === me.location),
    );
    // an offered quest's take, dry-run by the Judge: a Take button only where it would be accepted
    return { quests: quests.map((q) => (q.status === 'offered' && !q.mine ? { ...q, take: takeView(host, id, q.id) } : q)) };
  });

  app.post('/api/worlds/:w/players/:id/quests/:q/take', { config: { exposure: 'self' } }, async (req, reply): Promise<TakeReply> => {
    const { w, id, q } = parseOr400(QuestParams, req.params);
    if (w !== host.id) throw new HttpError(404, 'unknown_world', { id: w });
    ctx.tokens.requirePlayer(bearer(req.headers.authorization), id);
    parseOr400(TakeBody, req.body);
    const { state } = host.world;
    const me = own(state.actors, id);
    if (!me) throw new HttpError(409, 'not_joined');
    const quest = own(state.quests ?? {}, q);
    if (!quest) throw new HttpError(404, 'quest_unknown');
    if (quest.status !== 'offered') throw new HttpError(409, 'quest_not_open');
    // judged at the tick the take is queued for: held for someone else until then, it is not theirs
    if (!openTo(quest, id, host.world.tick)) throw new HttpError(409, 'quest_not_yours');
    if (state.actors[quest.giver]?.location !== me.location) throw new HttpError(409, 'quest_not_here');
    if (!ctx.limiter.take(id)) throw new HttpError(429, 'rate_limited');
    // the Judge judges it again at the start of the next tick, against the state it finds then
    reply.code(202);
    // once per quest
    if (host.inbox.pending(TAKE).some((x) => x.actor === id && x.quest === q)) throw new HttpError(409, 'quest_already_queued');
    return { queuedFor: host.request(TAKE, { actor: id, quest: q }) };
  });

  app.get('/api/worlds/:w/quests', { config: { exposure: 'admin' } }, async (req): Promise<AdminQuests> => {
    worldOf(ctx, req);
    ctx.tokens.requireAdmin(bearer(req.headers.authorization));
    return { quests: adminQuests(host.views, host.world.state) };
  });
};
