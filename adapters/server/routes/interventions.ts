import type { FastifyPluginAsync } from 'fastify';
import { translator } from '../../../sim/i18n/translator.ts';
import { checkOneIntervention, InterventionsError } from '../../../sim/scenario/interventions.ts';
import { bearer } from '../auth.ts';
import { HttpError } from '../errors.ts';
import { own } from '../../../sim/model/ids.ts';
import { INTERVENE } from '../../../sim/tick/requests.ts';
import { judgeIntervention } from '../../../sim/judge/interventions.ts';
import { Rejection } from '../../../sim/judge/reasons.ts';
import { inEveryLang } from '../../../sim/i18n/render.ts';
import { type ServerContext, worldOf } from './context.ts';

/**
 * A researcher's intervention (sim/model/interventions.ts) for the next tick: the admin token only.
 * The body is one intervention without `at` (the server sets the next tick), checked as a file's
 * would be against the pack and the world now, then judged against the world now (409 with the reason
 * when refused, a no-op included); the Judge judges it again when the tick runs, and a refusal then is
 * the event `intervention_refused` at the tick the reply names.
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
    // judged now against the world as it stands (pure: nothing is committed), so a refusal the state
    // already shows, a no-op among them, is the answer; what changes before the tick is judged again then
    try {
      judgeIntervention(world.cat, world.state, world.tick, iv);
    } catch (err) {
      if (!(err instanceof Rejection)) throw err;
      const why = inEveryLang(world.cat, world.state, (r) => r.render(err.reason.message));
      throw new HttpError(409, 'intervention_refused', { label, reason: err.reason.code, why_cn: why.cn, why_en: why.en });
    }
    const tick = ctx.host.request(INTERVENE, iv);
    reply.code(202);
    return { label: iv.label, kind: iv.kind, tick };
  });
};
