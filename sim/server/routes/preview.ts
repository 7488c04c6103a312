import type { FastifyPluginAsync } from 'fastify';
import { bearer } from '../auth.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import { previewCall } from '../preview.ts';
import { PreviewBody, type PreviewReply } from '../protocol.ts';
import { type ServerContext, idOf } from './context.ts';

/**
 * A dry run of the player's call before they send it: checked like /act (their token, their own
 * character, a call the server would queue), judged on a copy of the world, never queued. Its own
 * rate bucket, so looking does not use up acting.
 */
export const previewRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  app.post('/api/worlds/:w/players/:id/preview', async (req): Promise<PreviewReply> => {
    const id = idOf(ctx, req);
    ctx.tokens.requirePlayer(bearer(req.headers.authorization), id);
    const body = parseOr400(PreviewBody, req.body);
    // an id of its own: the host's call counter (which names the player's next queued call in the log) stays where it is
    const call = ctx.host.prepareCall(id, { ...body.call, id: body.call.id ?? 'preview' });
    if (!ctx.limiter.take(`preview:${id}`)) throw new HttpError(429, 'rate_limited');
    return previewCall(ctx.host.world.cat, ctx.host.world.state, call);
  });
};
