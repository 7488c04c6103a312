import type { FastifyPluginAsync } from 'fastify';
import { bearer } from '../auth.ts';
import { parseOr400 } from '../errors.ts';
import { ControlBody, type ControlReply } from '../protocol.ts';
import { type ServerContext, worldOf } from './context.ts';

/** pause, resume, step, speed, close and open joining: the admin token only. */
export const controlRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  app.post('/api/worlds/:w/control', { config: { exposure: 'admin' } }, async (req): Promise<ControlReply> => {
    worldOf(ctx, req);
    ctx.tokens.requireAdmin(bearer(req.headers.authorization));
    const body = parseOr400(ControlBody, req.body);
    if (body.action === 'pause') await ctx.clock.pause();
    else if (body.action === 'resume') ctx.clock.resume();
    else if (body.action === 'speed') ctx.clock.speed(body.tickMs!);
    else if (body.action === 'close_joining') ctx.host.setJoining('closed');
    else if (body.action === 'open_joining') ctx.host.setJoining('open');
    else await ctx.clock.stepOnce();
    const s = ctx.host.status();
    return { paused: s.paused, tickMs: s.tickMs, tick: s.tick, joining: s.joining, ...(s.waitingFor ? { waitingFor: s.waitingFor } : {}) };
  });
};
