import type { FastifyPluginAsync } from 'fastify';
import { bearer } from '../auth.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import { ActBody, type ActReply, IntentBody, type IntentFound, JoinBody, type JoinReply } from '../protocol.ts';
import { type ServerContext, idOf, worldOf } from './context.ts';
import { resolveTraits } from '../traits.ts';

/** Join, understand, act: a player token acts as its own character and nobody else. */
export const playerRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { host } = ctx;

  app.post('/api/worlds/:w/players', { config: { exposure: 'public' } }, async (req, reply): Promise<JoinReply> => {
    worldOf(ctx, req);
    // a private world lets in only whom its admin lets in: the admin joins for them and hands over the token
    if (ctx.observing === 'private') ctx.tokens.requireAdmin(bearer(req.headers.authorization), 'private_join');
    const body = parseOr400(JoinBody, req.body);
    if (!ctx.limiter.take(`join:${req.ip}`)) throw new HttpError(429, 'rate_limited');
    const traits = resolveTraits(host.world.cat, body.traits);
    const actorId = host.join(body.name, body.concept, body.place, traits);
    reply.code(201);
    return { actorId, token: ctx.tokens.issue(actorId) };
  });

  app.post('/api/worlds/:w/players/:id/intent', { config: { exposure: 'self' } }, async (req): Promise<IntentFound> => {
    const id = idOf(ctx, req);
    ctx.tokens.requirePlayer(bearer(req.headers.authorization), id);
    const body = parseOr400(IntentBody, req.body);
    if (!ctx.limiter.take(`intent:${id}`)) throw new HttpError(429, 'rate_limited');
    return host.intent(id, body.text, body.lang);
  });

  app.post('/api/worlds/:w/players/:id/act', { config: { exposure: 'self' } }, async (req): Promise<ActReply> => {
    const id = idOf(ctx, req);
    ctx.tokens.requirePlayer(bearer(req.headers.authorization), id);
    const body = parseOr400(ActBody, req.body);
    const call = host.prepareCall(id, body.call);
    // a player's one call per tick is theirs whatever the pace; only replacing it draws on the bucket
    if (host.queue.has(id) && !ctx.limiter.take(id)) throw new HttpError(429, 'rate_limited');
    return { queuedFor: host.act(call, body.choice) };
  });

  /** Let the next tick go by without a call: a world that waits for its players does not wait for this one. */
  app.post('/api/worlds/:w/players/:id/pass', { config: { exposure: 'self' } }, async (req): Promise<ActReply> => {
    const id = idOf(ctx, req);
    ctx.tokens.requirePlayer(bearer(req.headers.authorization), id);
    const a = host.world.state.actors[id];
    if (!a) throw new HttpError(409, 'not_joined');
    if (a.player?.freed) throw new HttpError(403, 'seat_freed');
    if (!ctx.limiter.take(id)) throw new HttpError(429, 'rate_limited');
    return { queuedFor: host.pass(id) };
  });
};
