import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { bearer } from '../auth.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import { isSafeId, SafeId } from '../../../sim/model/ids.ts';
import { SessionQuery, type SessionReply } from '../protocol-session.ts';
import type { SessionRecorder } from '../session-recorder.ts';
import { isPlayer, sessionReply } from '../session-view.ts';
import type { ServerContext } from './context.ts';

/** the id is checked below, so that a hostile one is just not found */
const Params = z.object({ w: SafeId, id: z.string().max(200) }).strict();

/**
 * A player's session (docs/design.md, The story): for the player themselves, or the admin. An id that is no player's,
 * a name of the language among them, is simply not found.
 */
export const sessionRoutes =
  (recorder: SessionRecorder): FastifyPluginAsync<ServerContext> =>
  async (app, ctx) => {
    app.get('/api/worlds/:w/players/:id/session', { config: { exposure: 'self_or_admin' } }, async (req): Promise<SessionReply> => {
      const { w, id } = parseOr400(Params, req.params);
      if (w !== ctx.host.id) throw new HttpError(404, 'unknown_world', { id: w });
      if (!isSafeId(id) || !isPlayer(ctx.host, id)) throw new HttpError(404, 'not_found');
      const token = bearer(req.headers.authorization);
      if (!ctx.tokens.isAdmin(token)) ctx.tokens.requirePlayer(token, id);
      const q = parseOr400(SessionQuery, req.query);
      // what was said just before this request is in the store before it is read
      await recorder.settle();
      const reply = await sessionReply(ctx.host, id, q);
      if (!reply) throw new HttpError(404, 'not_found');
      return reply;
    });
  };
