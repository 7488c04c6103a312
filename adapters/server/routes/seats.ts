import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { bearer } from '../auth.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import { isSafeId, SafeId } from '../../../sim/model/ids.ts';
import type { ActReply } from '../protocol.ts';
import type { ServerContext } from './context.ts';

/** the id is checked after the token, so that a hostile one is just not found, and only to the admin */
const Params = z.object({ w: SafeId, id: z.string().max(200) }).strict();

/**
 * The admin frees a player's seat: queued for the Judge, which commits `seat_freed` at the start of
 * the next tick (sim/judge/seats.ts); then the player's token stops working and the seat takes the
 * next join. 202 with that tick; 401/403 for anyone else; 404 for an id that holds no seat.
 */
export const seatRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  app.delete('/api/worlds/:w/players/:id', { config: { exposure: 'admin' } }, async (req, reply): Promise<ActReply> => {
    const { w, id } = parseOr400(Params, req.params);
    if (w !== ctx.host.id) throw new HttpError(404, 'unknown_world', { id: w });
    ctx.tokens.requireAdmin(bearer(req.headers.authorization));
    if (!isSafeId(id)) throw new HttpError(404, 'not_found');
    reply.code(202);
    return { queuedFor: ctx.host.free(id) };
  });
};
