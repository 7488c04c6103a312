import type { FastifyInstance } from 'fastify';
import type { Event } from '../../model/events.ts';
import { actorsOf } from '../views.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import { EventsQuery, type EventsPage, type Metrics, MetricsQuery } from '../protocol.ts';
import { relationNetwork } from '../metrics.ts';
import { type ServerContext, worldOf } from './context.ts';

const CURSOR = /^(\d{1,9})\.(\d{1,9})$/;

/** The committed log, paged and filtered, and the figures per tick. */
export function eventRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { host } = ctx;

  app.get('/api/worlds/:w/events', async (req): Promise<EventsPage> => {
    worldOf(ctx, req);
    const q = parseOr400(EventsQuery, req.query);
    // the cursor is the (tick, seq) of the first event not yet returned
    let after: [number, number] = [q.from ?? 0, 0];
    if (q.cursor) {
      const m = CURSOR.exec(q.cursor);
      if (!m) throw new HttpError(400, 'bad_request', { detail: 'cursor' });
      after = [Number(m[1]), Number(m[2])];
    }
    const last = host.world.state.tick;
    const to = Math.min(q.to ?? last, last);
    const out: Event[] = [];
    let next: string | null = null;
    if (after[0] <= to) {
      for await (const e of host.world.store.readEvents(after[0], to)) {
        if (e.tick === after[0] && e.seq < after[1]) continue;
        if (q.type && e.type !== q.type) continue;
        if (q.actor && !actorsOf(e).includes(q.actor)) continue;
        if (out.length === q.limit) {
          next = `${e.tick}.${e.seq}`;
          break;
        }
        out.push(e);
      }
    }
    return { events: out.map((e) => host.views.event(e)), next };
  });

  app.get('/api/worlds/:w/metrics', async (req): Promise<Metrics> => {
    worldOf(ctx, req);
    const q = parseOr400(MetricsQuery, req.query);
    const net = relationNetwork(host.world.state);
    return {
      ticks: host.metricsBetween(q.from, q.to),
      relations: { nodes: net.nodes.map((id) => ({ id, name: host.views.actorName(id) })), edges: net.edges },
    };
  });
}
