import type { FastifyPluginAsync } from 'fastify';
import { bearer } from '../auth.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import { type ActReply, DeclareBody } from '../protocol.ts';
import { type ServerContext, idOf } from './context.ts';
import { declaredTrait } from '../traits.ts';
import { traitsOf } from '../../../sim/model/check.ts';
import { DECLARE } from '../../../sim/tick/requests.ts';

/**
 * Declaring a new trait in play (docs/design.md, Traits and tags), where the pack allows it: checked here as a trait at join
 * is, against the traits the player holds and those still queued, then queued for the Judge, which
 * judges it again and commits it (`trait_declared`) at the start of the next tick, before anyone acts.
 */
export const traitRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { host } = ctx;

  app.post('/api/worlds/:w/players/:id/traits', { config: { exposure: 'self' } }, async (req): Promise<ActReply> => {
    const id = idOf(ctx, req);
    ctx.tokens.requirePlayer(bearer(req.headers.authorization), id);
    const body = parseOr400(DeclareBody, req.body);
    const a = host.world.state.actors[id];
    if (!a) throw new HttpError(409, 'not_joined');
    if (a.status !== 'alive' && a.status !== 'dying') throw new HttpError(409, 'not_alive');
    const queued = host.inbox
      .pending(DECLARE)
      .filter((x) => x.actor === id)
      .map((x) => x.trait);
    const trait = declaredTrait(host.world.cat, [...traitsOf(host.world.cat, a), ...queued], body.trait);
    if (!ctx.limiter.take(id)) throw new HttpError(429, 'rate_limited');
    return { queuedFor: host.request(DECLARE, { actor: id, trait }) };
  });
};
