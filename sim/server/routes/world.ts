import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';
import type { WorldSummary } from '../protocol.ts';
import { type ServerContext, idOf, worldOf } from './context.ts';

/** Worlds, places, actors, entities and facts: reads of the in-memory state. */
export function worldRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { host } = ctx;
  const state = () => host.world.state;

  app.get('/api/worlds', async (): Promise<WorldSummary[]> => {
    const s = host.status();
    return [{ id: host.id, name: host.world.cat.scenario.meta.name, tick: s.tick, paused: s.paused, tickMs: s.tickMs, turnBased: s.turnBased,
      population: Object.keys(state().actors).length, observing: ctx.observing }];
  });

  app.get('/api/worlds/:w/places', async (req) => {
    worldOf(ctx, req);
    return host.views.places();
  });

  app.get('/api/worlds/:w/actors', async (req) => {
    worldOf(ctx, req);
    return Object.values(state().actors).map((a) => host.views.actorSummary(a));
  });

  app.get('/api/worlds/:w/actors/:id', async (req) => {
    const id = idOf(ctx, req);
    const a = state().actors[id];
    if (!a) throw new HttpError(404, 'not_found');
    return host.views.actorDetail(a, host.lastDecision(id));
  });

  app.get('/api/worlds/:w/entities', async (req) => {
    worldOf(ctx, req);
    return Object.values(state().entities).map((e) => host.views.entity(e));
  });

  app.get('/api/worlds/:w/entities/:id', async (req) => {
    const e = state().entities[idOf(ctx, req)];
    if (!e) throw new HttpError(404, 'not_found');
    return host.views.entity(e);
  });

  app.get('/api/worlds/:w/facts', async (req) => {
    worldOf(ctx, req);
    return Object.keys(state().facts).map((id) => host.views.fact(id, host.factKnownBy(id)));
  });

  app.get('/api/worlds/:w/facts/:id', async (req) => {
    const id = idOf(ctx, req);
    const f = host.views.fact(id, host.factKnownBy(id));
    if (!f) throw new HttpError(404, 'not_found');
    return f;
  });
}
