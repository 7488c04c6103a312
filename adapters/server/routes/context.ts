import type { FastifyRequest } from 'fastify';
import type { RateLimiter, Tokens } from '../auth.ts';
import type { Clock } from '../clock.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import type { WorldHost } from '../host.ts';
import { IdParams, WorldParams } from '../protocol.ts';
import { ADMIN, type Audience, playerAudience, PUBLIC } from '../../../sim/audience/audience.ts';

/**
 * Who a route answers, declared beside it in its `config` (every `/api` route must say; app.ts refuses
 * one that does not, and test/audience.routes.test.ts holds each to its word):
 * - `open`: anyone, even in a private world; it tells no one who is in the world
 * - `public`: whoever may observe; what it serves is cut for the caller's audience (`sim/audience`)
 * - `self`: only the player named by `:id`, with their token
 * - `self_or_admin`: that player or the admin
 * - `admin`: the admin alone
 */
export type Exposure = 'open' | 'public' | 'self' | 'self_or_admin' | 'admin';
export const EXPOSURES: readonly Exposure[] = ['open', 'public', 'self', 'self_or_admin', 'admin'];

declare module 'fastify' {
  interface FastifyContextConfig {
    exposure?: Exposure;
  }
}

/** What every route group gets. */
export interface ServerContext {
  host: WorldHost;
  clock: Clock;
  tokens: Tokens;
  limiter: RateLimiter;
  /** observers without a token may read */
  observing: 'public' | 'private';
}

/** The world named in the path must be the one this process serves. */
export function worldOf(ctx: ServerContext, req: FastifyRequest): string {
  const { w } = parseOr400(WorldParams, req.params);
  if (w !== ctx.host.id) throw new HttpError(404, 'unknown_world', { id: w });
  return w;
}

export function idOf(ctx: ServerContext, req: FastifyRequest): string {
  const { w, id } = parseOr400(IdParams, req.params);
  if (w !== ctx.host.id) throw new HttpError(404, 'unknown_world', { id: w });
  return id;
}

/** The audience a caller's token makes them: the admin, one player, or a bystander. */
export function audienceOf(ctx: ServerContext, token: string | undefined): Audience {
  if (ctx.tokens.isAdmin(token)) return ADMIN;
  const actor = ctx.tokens.playerOf(token);
  return actor ? playerAudience(actor) : PUBLIC;
}
