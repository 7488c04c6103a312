import type { FastifyPluginAsync } from 'fastify';
import { bearer } from '../auth.ts';
import { HttpError } from '../errors.ts';
import type { StoryOptionsReply } from '../protocol-story-options.ts';
import { isPlayer } from '../session-view.ts';
import { storyOptionViews } from '../offers.ts';
import { type ServerContext, idOf } from './context.ts';

/** The player's story choices as the dashboard offers them (for the player themselves, or the admin). */
export const storyOptionRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  app.get(
    '/api/worlds/:w/players/:id/story/options',
    { config: { exposure: 'self_or_admin' } },
    async (req): Promise<StoryOptionsReply> => {
      const id = idOf(ctx, req);
      if (!isPlayer(ctx.host, id)) throw new HttpError(404, 'not_found');
      const token = bearer(req.headers.authorization);
      if (!ctx.tokens.isAdmin(token)) ctx.tokens.requirePlayer(token, id);
      return { options: storyOptionViews(ctx.host.world.cat, ctx.host.world.state, id) };
    },
  );
};
