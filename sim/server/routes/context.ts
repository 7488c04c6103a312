import type { FastifyRequest } from 'fastify';
import type { RateLimiter, Tokens } from '../auth.ts';
import type { Clock } from '../clock.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import type { WorldHost } from '../host.ts';
import { IdParams, WorldParams } from '../protocol.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** open to callers without a token even when the world is private (health, the world list) */
    open?: boolean;
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
