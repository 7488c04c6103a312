import type { FastifyPluginAsync } from 'fastify';
import type { Event } from '../../../sim/model/events.ts';
import { latestEvents, queryOf } from '../../store/query.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import { EventsQuery, type EventsPage, type Metrics, MetricsQuery } from '../protocol.ts';
import { relationNetwork } from '../metrics.ts';
import { audienceOf, type ServerContext, worldOf } from './context.ts';
import { bearer } from '../auth.ts';
import { mayEverSee, viewMetrics } from '../../../sim/audience/view.ts';
import { EVENT_RULES } from '../../../sim/audience/secrets.ts';

const CURSOR = /^(\d{1,9})\.(\d{1,9})$/;

/** The committed log, paged and filtered, and the figures per tick. */
export const eventRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { host } = ctx;

  app.get('/api/worlds/:w/events', { config: { exposure: 'public' } }, async (req): Promise<EventsPage> => {
    worldOf(ctx, req);
    const q = parseOr400(EventsQuery, req.query);
    // the cursor is the (tick, seq) of the last event returned; the query layer (MongoDB, or mingo
    // over the embedded log) does the filtering and paging
    // what the caller may see of the log: a bystander's view, a player's own, or the admin's all
    const to = audienceOf(ctx, bearer(req.headers.authorization));
    const shown = (events: Event[]) => events.flatMap((e) => host.views.event(e, to) ?? []);
    const read = queryOf(host.world);
    const filter = { from: q.from, to: q.to, actor: q.actor, type: q.type as Event['type'] | undefined };
    // a kind of event the caller may never see: nothing to page through
    if (filter.type && filter.type in EVENT_RULES && !mayEverSee(filter.type, to)) return { events: [], next: null };
    if (q.last !== undefined) {
      const events = await latestEvents(read, filter, q.last, await host.world.store.lastTick());
      return { events: shown(events), next: null };
    }
    let after: { tick: number; seq: number } | undefined;
    if (q.cursor) {
      const m = CURSOR.exec(q.cursor);
      if (!m) throw new HttpError(400, 'bad_request', { detail: 'cursor' });
      after = { tick: Number(m[1]), seq: Number(m[2]) };
    }
    const page = await read.events({ ...filter, after, limit: q.limit });
    const next = page.next ? `${page.next.tick}.${page.next.seq}` : null;
    return { events: shown(page.events), next };
  });

  app.get('/api/worlds/:w/metrics', { config: { exposure: 'public' } }, async (req): Promise<Metrics> => {
    worldOf(ctx, req);
    const q = parseOr400(MetricsQuery, req.query);
    const to = audienceOf(ctx, bearer(req.headers.authorization));
    const net = relationNetwork(host.world.state);
    return {
      ticks: host.metricsBetween(q.from, q.to).map((m) => viewMetrics(m, to)),
      relations: { nodes: net.nodes.map((id) => ({ id, name: host.views.actorName(id) })), edges: net.edges },
    };
  });
};
