import type { FastifyInstance } from 'fastify';
import { bearer } from '../auth.ts';
import { parseOr400 } from '../errors.ts';
import { ControlBody, type ControlReply } from '../protocol.ts';
import { type ServerContext, worldOf } from './context.ts';

/** pause, resume, step, speed: the admin token only. */
export function controlRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/worlds/:w/control', async (req): Promise<ControlReply> => {
    worldOf(ctx, req);
    ctx.tokens.requireAdmin(bearer(req.headers.authorization));
    const body = parseOr400(ControlBody, req.body);
    if (body.action === 'pause') ctx.clock.pause();
    else if (body.action === 'resume') ctx.clock.resume();
    else if (body.action === 'speed') ctx.clock.speed(body.tickMs!);
    else await ctx.clock.stepOnce();
    const s = ctx.host.status();
    return { paused: s.paused, tickMs: s.tickMs, tick: s.tick };
  });
}
