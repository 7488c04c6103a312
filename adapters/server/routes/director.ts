import type { FastifyPluginAsync } from 'fastify';
import type { EventOf } from '../../../sim/model/events.ts';
import { inEveryLang } from '../../../sim/i18n/render.ts';
import type { Message } from '../../../sim/model/text.ts';
import { MAX_LIMIT, queryOf } from '../../store/query.ts';
import { bandOf } from '../../../world-engine/director/rules.ts';
import { bearer } from '../auth.ts';
import { parseOr400 } from '../errors.ts';
import { DirectorQuery, type DirectorReply } from '../protocol-director.ts';
import { type ServerContext, worldOf } from './context.ts';

/**
 * The director for the admin (the admin token only: its proposals name what the world is about to
 * be put through): the phase, the last reading, and the last proposals with their aim, why they were
 * made and, when refused, the Judge's reason, each in both languages.
 */
export const directorRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  app.get('/api/worlds/:w/director', { config: { exposure: 'admin' } }, async (req): Promise<DirectorReply> => {
    worldOf(ctx, req);
    ctx.tokens.requireAdmin(bearer(req.headers.authorization));
    const q = parseOr400(DirectorQuery, req.query);
    const world = ctx.host.world;
    const { cat, state } = world;
    const f = cat.scenario.director;
    const d = state.director;
    const phase = d?.phase ?? 'steady';
    const both = (m: Message) => inEveryLang(cat, state, (r) => r.render(m));
    const proposals = (f ? await lastProposals(ctx, q.last) : []).map((e) => {
      const t = f?.templates.find((x) => x.id === e.template);
      return {
        tick: e.tick,
        template: e.template,
        name: t?.name ?? { cn: e.template, en: e.template },
        aim: e.aim,
        place: e.place,
        placeName: e.place ? inEveryLang(cat, state, (r) => r.place(e.place!)) : null,
        tension: e.tension,
        measures: e.measures,
        why: both(e.why),
        refused: e.refused ? { code: e.refused.code, message: both(e.refused.message) } : null,
      };
    });
    return {
      enabled: f !== null,
      phase,
      since: d?.since ?? 0,
      band: f ? bandOf(f, phase) : null,
      tension: d?.tension ?? 0,
      measures: (f?.measures ?? []).map((m) => ({ id: m.id, name: m.name, value: d?.measures[m.id] ?? null })),
      accepted: d?.accepted ?? 0,
      refused: d?.refused ?? 0,
      proposals,
    };
  });
};

/** The last `n` director proposals of the log, newest first (a page at a time through the query layer: they are few among the events). */
async function lastProposals(ctx: ServerContext, n: number): Promise<EventOf<'director_proposed'>[]> {
  const read = queryOf(ctx.host.world);
  let kept: EventOf<'director_proposed'>[] = [];
  let after: { tick: number; seq: number } | undefined;
  for (;;) {
    const page = await read.events({ type: 'director_proposed', after, limit: MAX_LIMIT });
    kept = kept.concat(page.events as EventOf<'director_proposed'>[]).slice(-n);
    if (!page.next) return kept.reverse();
    after = page.next;
  }
}
