import type { FastifyPluginAsync } from 'fastify';
import { storyOptions } from '../../../world-engine/story/options.ts';
import { bearer } from '../auth.ts';
import { HttpError } from '../errors.ts';
import type { StoryOptionsReply } from '../protocol-story-options.ts';
import { isPlayer } from '../session-view.ts';
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
      const options = storyOptions(ctx.host.world.cat, ctx.host.world.state, id) ?? [];
      // the pack's choice id stays on the server: the page shows the words and sends the index with the call
      return { options: options.map((o) => ({ choice: o.choice, text: o.text, call: o.call })) };
    },
  );
};
