import type { FastifyPluginAsync } from 'fastify';
import { bearer } from '../auth.ts';
import { HttpError } from '../errors.ts';
import type { LookReply } from '../protocol-look.ts';
import { type ServerContext, idOf } from './context.ts';
import { queryOf, MAX_LIMIT } from '../../store/query.ts';
import type { EventOf } from '../../../sim/model/events.ts';
import { SAID_TOOLS, sceneOf } from '../../../sim/gm/scene.ts';
import { sceneLines } from '../../../sim/gm/scene-lines.ts';
import { playerAudience } from '../../../sim/audience/audience.ts';

/** How far back "lately" reaches, in ticks, for what was said here. */
const HEARD_TICKS = 36;
/** Pages of talk read at most: a crowded place's tail is enough. */
const PAGES = 4;

/** Looking around: the player's own scene, for the player alone. It changes nothing and queues nothing. */
export const lookRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { host } = ctx;

  app.get('/api/worlds/:w/players/:id/look', { config: { exposure: 'self' } }, async (req): Promise<LookReply> => {
    const id = idOf(ctx, req);
    ctx.tokens.requirePlayer(bearer(req.headers.authorization), id);
    if (!ctx.limiter.take(`look:${id}`)) throw new HttpError(429, 'rate_limited');
    const { cat, state } = host.world;
    const me = Object.hasOwn(state.actors, id) ? state.actors[id] : undefined;
    // a join still queued has no place yet
    if (!me) throw new HttpError(409, 'not_joined');
    const events = await said(ctx, me.location);
    // the state may have moved on while the log was read: the scene is of the state as it is now
    const scene = sceneOf(cat, host.world.state, id, events, playerAudience(id));
    return { scene, lines: sceneLines(cat, host.world.state, scene) };
  });
};

/** The committed words at a place over the last ticks (the tail, when there are many). */
async function said(ctx: ServerContext, place: string): Promise<EventOf<'action'>[]> {
  const read = queryOf(ctx.host.world);
  const last = await ctx.host.world.store.lastTick();
  if (last < 0) return [];
  const q = {
    type: 'action' as const,
    from: Math.max(0, last - HEARD_TICKS + 1),
    filter: { place, 'call.tool': { $in: [...SAID_TOOLS] } },
    limit: MAX_LIMIT,
  };
  let out: EventOf<'action'>[] = [];
  let after: { tick: number; seq: number } | undefined;
  for (let i = 0; i < PAGES; i++) {
    const page = await read.events({ ...q, after });
    out = out.concat(page.events as EventOf<'action'>[]).slice(-MAX_LIMIT);
    if (!page.next) break;
    after = page.next;
  }
  return out;
}
