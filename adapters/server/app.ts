import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { PlayerQueue } from '../../bots/brains/player.ts';
import { offlineIntentParser } from '../../bots/intent/offline.ts';
import type { IntentParser } from '../../bots/intent/types.ts';
import { offlineNarrator } from '../../world-engine/narrator/offline.ts';
import type { Narrator } from '../../world-engine/narrator/types.ts';
import type { ArgueJudge } from '../../world-engine/argue/types.ts';
import type { Director } from '../../world-engine/director/types.ts';
import type { ProgressJudge } from '../../world-engine/story/progress/types.ts';
import { translator } from '../../sim/i18n/translator.ts';
import type { Logger } from '../../sim/log.ts';
import type { World } from '../../sim/world.ts';
import { bearer, newToken, RateLimiter, Tokens } from './auth.ts';
import { Clock } from './clock.ts';
import { errorBody, HttpError } from './errors.ts';
import { WorldHost } from './host.ts';
import { controlRoutes } from './routes/control.ts';
import { directorRoutes } from './routes/director.ts';
import { interventionRoutes } from './routes/interventions.ts';
import { EXPOSURES, type Exposure, type ServerContext } from './routes/context.ts';
import { eventRoutes } from './routes/events.ts';
import { playerRoutes } from './routes/players.ts';
import { seatRoutes } from './routes/seats.ts';
import { storyRoutes } from './routes/story.ts';
import { storyOptionRoutes } from './routes/story-options.ts';
import { lookRoutes } from './routes/look.ts';
import { questRoutes } from './routes/quests.ts';
import { previewRoutes } from './routes/preview.ts';
import { traitRoutes } from './routes/traits.ts';
import { worldRoutes } from './routes/world.ts';
import { attachSockets, type Sockets } from './sockets.ts';
import type { SocketBudget } from './socket-budget.ts';
import { type Embedder, SessionRecorder } from './session-recorder.ts';
import { sessionRoutes } from './routes/session.ts';

export interface ServerOptions {
  world: World;
  /** the queue the world takes players' calls from (`World.open({ players })`) */
  queue: PlayerQueue;
  logger: Logger;
  tickMs?: number;
  turnBased?: boolean;
  /** turn-based: how long a tick waits for players who have not acted, in ms (default: no limit) */
  waitMs?: number;
  observing?: 'public' | 'private';
  adminToken?: string;
  narrator?: Narrator;
  intent?: IntentParser;
  /** who judges a player's argument for a trait (default: the rules) */
  argue?: ArgueJudge;
  /** who proposes the director's events (default: the rules) */
  director?: Director;
  /** who judges a player's story turn (default: the rules, world-engine/story/progress) */
  progress?: ProgressJudge;
  /** player actions: burst and refill per second */
  rate?: { burst: number; perSecond: number };
  /** every socket's messages, before any is read (adapters/server/socket-budget.ts) */
  socketBudget?: SocketBudget;
  redisUrl?: string;
  /** where player tokens are kept across restarts (serve: `<data>/player-tokens.json`) */
  tokenFile?: string;
  /** where the admin's close/open joining survives restarts (serve: `<data>/joining.json`) */
  joiningFile?: string;
  /** where the built dashboard lives (default dashboard/dist) */
  dashboardDir?: string;
  /** embeddings for players' memory records, when the model endpoint offers them */
  embedder?: Embedder;
}

export interface AstinusServer {
  app: FastifyInstance;
  host: WorldHost;
  /** keeps players' session messages and memory records in the store */
  sessions: SessionRecorder;
  clock: Clock;
  sockets: Sockets;
  adminToken: string;
  /** every route the app registered (method, URL pattern) */
  routes: readonly RouteSeen[];
  close(): Promise<void>;
}

/** A route as the app registered it, with whom it answers (`null` outside `/api`: the dashboard's files). */
export interface RouteSeen {
  method: string;
  url: string;
  exposure: Exposure | null;
}

/** Refuse, as the app starts, an API route that does not say whom it answers (routes/context.ts); list the rest. */
export function requireExposure(app: FastifyInstance, seen: RouteSeen[]): void {
  app.addHook('onRoute', (r) => {
    const exposure = (r.config as { exposure?: Exposure } | undefined)?.exposure;
    if (r.url.startsWith('/api/') && (!exposure || !EXPOSURES.includes(exposure))) throw new Error(`route ${r.url} declares no exposure`);
    for (const method of [r.method].flat()) seen.push({ method, url: r.url, exposure: exposure ?? null });
  });
}

const DIST = fileURLToPath(new URL('../../dashboard/dist/', import.meta.url));

/**
 * The fastify instance with every route group, Socket.IO on the same server, and the clock (not
 * started: `serve` starts it, tests step by hand). Every error leaves as `{ code, message:{cn,en} }`.
 */
export async function buildServer(o: ServerOptions): Promise<AstinusServer> {
  const host = new WorldHost({
    world: o.world,
    queue: o.queue,
    narrator: o.narrator ?? offlineNarrator(),
    intent: o.intent ?? offlineIntentParser(),
    advisors: { argue: o.argue, director: o.director, progress: o.progress },
    tickMs: o.tickMs ?? 1000,
    turnBased: o.turnBased ?? false,
    waitMs: o.waitMs,
    log: o.logger,
    joiningFile: o.joiningFile,
  });
  await host.init();
  const sessions = new SessionRecorder(host, o.logger, o.embedder);
  const clock = new Clock(host, o.logger);
  const adminToken = o.adminToken ?? newToken();
  const ctx: ServerContext = {
    host,
    clock,
    tokens: new Tokens(adminToken, o.tokenFile),
    observing: o.observing ?? 'public',
    limiter: new RateLimiter(o.rate?.burst ?? 5, o.rate?.perSecond ?? 1),
  };

  const app = Fastify({ loggerInstance: o.logger as FastifyBaseLogger, bodyLimit: 64 * 1024 });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.status).send(errorBody(err.code, err.params, err.issues));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody('bad_request', { detail: err.message }));
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(errorBody('internal'));
  });

  // a private world gives a caller without a token nothing: every API route, whatever its method,
  // refuses them unless it declares itself open (health, the world list). Decided on the matched
  // route, not the raw URL, so a route added later is private by default; the dashboard's own files
  // (outside /api) carry no world data, and an unmatched URL gets the plain 404
  app.addHook('onRequest', async (req) => {
    if (ctx.observing === 'public') return;
    const url = req.routeOptions.url;
    if (url === undefined || !url.startsWith('/api/') || req.routeOptions.config.exposure === 'open') return;
    if (!ctx.tokens.known(bearer(req.headers.authorization))) throw new HttpError(401, 'private');
  });
  // every route as registered, so tests can hold each one to the rules above
  const routes: RouteSeen[] = [];
  requireExposure(app, routes);

  app.get('/api/health', { config: { exposure: 'open' } }, async () => ({ ok: true }));
  // one plugin per route group; the error handler and the private-observing hook above reach them all
  for (const routes of [
    worldRoutes,
    eventRoutes,
    controlRoutes,
    interventionRoutes,
    playerRoutes,
    seatRoutes,
    storyRoutes,
    previewRoutes,
    traitRoutes,
    questRoutes,
    sessionRoutes(sessions),
    directorRoutes,
    storyOptionRoutes,
    lookRoutes,
  ])
    await app.register(routes, ctx);

  const dist = o.dashboardDir ?? DIST;
  if (existsSync(dist)) {
    await app.register(fastifyStatic, { root: dist, prefix: '/' });
  } else {
    app.get('/', async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(`${translator('en')('server.no_dashboard')}\n${translator('cn')('server.no_dashboard')}\n`),
    );
  }
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBody('not_found')));

  // a freed seat's token stops working: when the Judge frees it, and for seats freed before a restart
  host.onFreed((actor) => ctx.tokens.revoke(actor));
  for (const a of Object.values(o.world.state.actors)) if (a.player?.freed) ctx.tokens.revoke(a.id);
  const sockets = await attachSockets(app.server, ctx, o.logger, o.redisUrl, o.socketBudget);
  sessions.attachSockets(sockets.io);
  return {
    app,
    host,
    sessions,
    clock,
    sockets,
    adminToken,
    routes,
    async close() {
      clock.stop();
      await host.settle();
      await sessions.settle();
      await sockets.close();
      await app.close();
    },
  };
}
