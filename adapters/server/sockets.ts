import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Logger } from '../../sim/log.ts';
import { errorBody, HttpError, issueLines } from './errors.ts';
import type { Broadcast } from './host.ts';
import {
  type ActAck,
  ActMsg,
  adminRoom,
  type ErrorReply,
  playerRoom,
  publicRoom,
  SOCKET_EVENTS,
  SocketAuth,
  worldRoom,
} from './protocol.ts';
import { ADMIN, playerAudience, PUBLIC } from '../../sim/audience/audience.ts';
import type { ServerContext } from './routes/context.ts';
import { meter, SOCKET_BUDGET, type SocketBudget } from './socket-budget.ts';

/** Socket.IO on the server's port: a room per world, a private room per player. */
export interface Sockets {
  io: Server;
  close(): Promise<void>;
}

function refusal(code: string, params: Record<string, unknown> = {}, issues?: string[]): Error {
  const err = new Error(code) as Error & { data: ErrorReply };
  err.data = errorBody(code, params, issues);
  return err;
}

function toReply(err: unknown): ErrorReply {
  if (err instanceof HttpError) return errorBody(err.code, err.params, err.issues);
  return errorBody('internal');
}

export async function attachSockets(
  server: HttpServer,
  ctx: ServerContext,
  log: Logger,
  redisUrl?: string,
  budget: SocketBudget = SOCKET_BUDGET,
): Promise<Sockets> {
  const io = new Server(server, { serveClient: false, maxHttpBufferSize: 64 * 1024, cors: { origin: true } });
  const closers: (() => Promise<unknown>)[] = [];
  if (redisUrl) {
    // several server nodes share rooms: what one node (or the coordinator) emits reaches every client
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    const pub = new Redis(redisUrl, { lazyConnect: false });
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub));
    closers.push(
      () => pub.quit(),
      () => sub.quit(),
    );
  }

  // a player whose seat is freed is let go: their socket closes, and their token no longer opens one
  ctx.host.onFreed((actor) => io.in(playerRoom(actor)).disconnectSockets(true));

  io.use((socket, next) => {
    const auth = SocketAuth.safeParse(socket.handshake.auth ?? {});
    if (!auth.success) return next(refusal('bad_request', { detail: issueLines(auth.error).join('; ') }, issueLines(auth.error)));
    if (auth.data.world !== ctx.host.id) return next(refusal('unknown_world', { id: auth.data.world }));
    const token = auth.data.token;
    const actor = ctx.tokens.playerOf(token);
    const admin = ctx.tokens.isAdmin(token);
    if (token !== undefined && !actor && !admin) return next(refusal('unauthorized'));
    if (ctx.observing === 'private' && !actor && !admin) return next(refusal('private'));
    socket.data.actor = actor;
    socket.data.admin = admin;
    next();
  });

  io.on('connection', (socket: Socket) => {
    const actor = socket.data.actor as string | null;
    meter(socket, budget);
    socket.join(worldRoom(ctx.host.id));
    // each socket hears the ticks in exactly one audience's room (sim/audience)
    socket.join(actor ? playerRoom(actor) : socket.data.admin ? adminRoom(ctx.host.id) : publicRoom(ctx.host.id));
    if (actor) ctx.host.present(actor);
    socket.emit('status', ctx.host.status());
    // a turn survives a reload: the prompt the player waits on is sent again to the socket that came
    const prompt = actor ? ctx.host.promptNow(actor) : null;
    if (prompt) socket.emit(SOCKET_EVENTS.prompt, prompt);
    // the player's last connection closed: away at the next tick, so nobody waits for them
    if (actor)
      socket.on('disconnect', () => {
        void io
          .in(playerRoom(actor))
          .fetchSockets()
          .then((left) => (left.length ? undefined : ctx.host.absent(actor, 'left')))
          .catch((err: unknown) => log.warn({ err }, 'socket presence check failed'));
      });

    socket.on('act', (payload: unknown, ack?: unknown) => {
      const answer = (a: ActAck) => (typeof ack === 'function' ? ack(a) : a.ok ? undefined : socket.emit('error', a.error));
      try {
        if (!actor) throw new HttpError(403, 'forbidden');
        const body = ActMsg.safeParse(payload);
        if (!body.success) throw new HttpError(400, 'bad_request', { detail: issueLines(body.error).join('; ') }, issueLines(body.error));
        const call = ctx.host.prepareCall(actor, body.data.call);
        // a player's one call per tick is theirs whatever the pace; only replacing it draws on the bucket
        if (ctx.host.queue.has(actor) && !ctx.limiter.take(actor)) throw new HttpError(429, 'rate_limited');
        answer({ ok: true, queuedFor: ctx.host.act(call, body.data.choice) });
      } catch (err) {
        if (!(err instanceof HttpError)) log.error({ err }, 'socket act failed');
        answer({ ok: false, error: toReply(err) });
      }
    });
  });

  const world = () => io.to(worldRoom(ctx.host.id));
  const broadcast: Broadcast = {
    tick: (v) => {
      io.to(publicRoom(ctx.host.id)).emit('tick', v.for(PUBLIC));
      io.to(adminRoom(ctx.host.id)).emit('tick', v.for(ADMIN));
      // a player who joined hears ticks before their join is committed, as they did as a bystander
      for (const p of new Set([...v.players, ...ctx.tokens.actors()])) io.to(playerRoom(p)).emit('tick', v.for(playerAudience(p)));
    },
    status: (m) => world().emit('status', m),
    narration: (a, m) => io.to(playerRoom(a)).emit('narration', m),
    rejection: (a, m) => io.to(playerRoom(a)).emit('rejection', m),
    perceived: (a, m) => io.to(playerRoom(a)).emit('perceived', m),
    prompt: (a, m) => io.to(playerRoom(a)).emit(SOCKET_EVENTS.prompt, m),
    story: (a, m) => io.to(playerRoom(a)).emit(SOCKET_EVENTS.story, m),
  };
  ctx.host.listen(broadcast);

  return {
    io,
    async close() {
      // the http server belongs to fastify, which closes it; here only the sockets and the engine
      io.disconnectSockets(true);
      io.engine.close();
      for (const c of closers) await c().catch(() => undefined);
    },
  };
}
