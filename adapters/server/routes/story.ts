import type { FastifyPluginAsync } from 'fastify';
import { bearer } from '../auth.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import { StoryQuery, type StoryPage } from '../protocol.ts';
import { type ServerContext, idOf } from './context.ts';

/** A player's story (sim/story): for the player themselves, or the admin. */
export const storyRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { host } = ctx;

  app.get('/api/worlds/:w/players/:id/story', { config: { exposure: 'self_or_admin' } }, async (req): Promise<StoryPage> => {
    const id = idOf(ctx, req);
    const token = bearer(req.headers.authorization);
    if (!ctx.tokens.isAdmin(token)) ctx.tokens.requirePlayer(token, id);
    const q = parseOr400(StoryQuery, req.query);
    // a join still queued has no story yet, and no line to miss
    const lines = host.story.lines(id, q.after, q.limit + 1) ?? (host.hasPendingJoin(id) ? [] : null);
    if (!lines) throw new HttpError(404, 'not_found');
    const page = lines.slice(0, q.limit);
    return { lines: page, noticed: host.story.noticed(id), next: lines.length > q.limit ? page[page.length - 1].n : null };
  });
};
