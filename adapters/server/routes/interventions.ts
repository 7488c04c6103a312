import type { FastifyPluginAsync } from 'fastify';
import { translator } from '../../../sim/i18n/translator.ts';
import { checkOneIntervention, InterventionsError } from '../../../sim/scenario/interventions.ts';
import { bearer } from '../auth.ts';
import { HttpError } from '../errors.ts';
import { own } from '../../../sim/model/ids.ts';
import { INTERVENE } from '../../../sim/tick/requests.ts';
import { type ServerContext, worldOf } from './context.ts';

/**
 * A researcher's intervention (sim/model/interventions.ts) for the next tick: the admin token only.
 * The body is one intervention without `at` (the server sets the next tick), checked as a file's
 * would be against the pack and the world now; the Judge judges it again when the tick runs.
 */
export const interventionRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  app.post('/api/worlds/:w/interventions', { config: { exposure: 'admin' } }, async (req, reply) => {
    worldOf(ctx, req);
    ctx.tokens.requireAdmin(bearer(req.headers.authorization));
    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new HttpError(400, 'bad_request', { detail: '(root): an object' }, ['(root): an object']);
    const world = ctx.host.world;
    let iv;
    try {
      iv = checkOneIntervention({ ...body, at: world.tick }, world.cat, world.state);
    } catch (err) {
      if (!(err instanceof InterventionsError)) throw err;
      const t = translator('en');
      const issues = err.problems
        .slice(0, 10)
        .map((p) => `${p.path}: ${'text' in p.reason ? p.reason.text : t(p.reason.key, p.reason.params)}`);
      throw new HttpError(400, 'bad_intervention', { detail: issues.join('; ') }, issues);
    }
    // a label commits once: taken when committed already, or queued for the next tick
    const label = iv.label;
    if (
      own(world.state.interventions?.labels ?? {}, label) !== undefined ||
      ctx.host.inbox.pending(INTERVENE).some((x) => x.label === label)
    )
      throw new HttpError(409, 'intervention_label', { label });
    const tick = ctx.host.request(INTERVENE, iv);
    reply.code(202);
    return { label: iv.label, kind: iv.kind, tick };
  });
};
