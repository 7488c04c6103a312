import type { FastifyPluginAsync } from 'fastify';
import { bearer } from '../auth.ts';
import { HttpError, parseOr400 } from '../errors.ts';
import { previewCall } from '../preview.ts';
import { ArgueBody, type ArgueReply, PreviewBody, type PreviewReply } from '../protocol.ts';
import { type ServerContext, idOf } from './context.ts';
import { riskyWord } from '../../../sim/model/check.ts';
import { diceScreen } from '../dice-screen.ts';
import { inEveryLang } from '../../../sim/i18n/render.ts';
import { ARGUE } from '../../../sim/tick/requests.ts';
import { situationOf } from '../../../sim/judge/argue.ts';

/** The traits this player argued for `word` that wait for the next tick. */
function pendingArgued(ctx: ServerContext, actor: string, word: string): string[] {
  return ctx.host.inbox
    .pending(ARGUE)
    .filter((x) => x.actor === actor && x.word === word)
    .map((x) => x.trait);
}

/**
 * A dry run of the player's call before they send it: checked like /act (their token, their own
 * character, a call the server would queue), judged on a copy of the world, never queued. Its own
 * rate bucket, so looking does not use up acting.
 */
export const previewRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  app.post('/api/worlds/:w/players/:id/preview', { config: { exposure: 'self' } }, async (req): Promise<PreviewReply> => {
    const id = idOf(ctx, req);
    ctx.tokens.requirePlayer(bearer(req.headers.authorization), id);
    const body = parseOr400(PreviewBody, req.body);
    // an id of its own: the host's call counter (which names the player's next queued call in the log) stays where it is
    const call = ctx.host.prepareCall(id, { ...body.call, id: body.call.id ?? 'preview' });
    if (!ctx.limiter.take(`preview:${id}`)) throw new HttpError(429, 'rate_limited');
    const word = riskyWord(ctx.host.world.cat, call);
    return previewCall(ctx.host.world.cat, ctx.host.world.state, call, word === null ? [] : pendingArgued(ctx, id, word));
  });
  /**
   * Arguing for a trait before the roll (docs/design.md, Traits and tags), judged by rules (sim/judge/argue.ts) or, when
   * the server has a model, by the model with the rules behind it (world-engine/argue/llm.ts). An
   * accepted argument is queued for the Judge with who judged its fit; the Judge verifies it again
   * and commits it at the next tick, before any call: it is one advantage at the player's next check
   * of that word. The reply is the verdict (the model's reason, when it judged) and the dice screen
   * as it will then be.
   */
  app.post('/api/worlds/:w/players/:id/argue', { config: { exposure: 'self' } }, async (req): Promise<ArgueReply> => {
    const id = idOf(ctx, req);
    ctx.tokens.requirePlayer(bearer(req.headers.authorization), id);
    const body = parseOr400(ArgueBody, req.body);
    const { host } = ctx;
    const cat = host.world.cat;
    const call = host.prepareCall(id, { ...body.call, id: body.call.id ?? 'argue' });
    const word = riskyWord(cat, call);
    if (word === null) throw new HttpError(400, 'not_a_check');
    if (!ctx.limiter.take(`preview:${id}`)) throw new HttpError(429, 'rate_limited');
    // the situation the words must speak of: the call's target, where the player stands, the item it uses
    const asked = { actor: id, trait: body.trait, word, words: body.words, ...situationOf(host.world.state, call) };
    const out = await host.judgeArgument(asked);
    // read after the verdict: a tick may have committed while a model thought
    const state = host.world.state;
    const pending = pendingArgued(ctx, id, word);
    const v = out.verdict;
    const again = v.ok && v.why === 'argued' && pending.includes(body.trait);
    if (v.ok && v.why === 'argued' && !again) host.request(ARGUE, { ...asked, by: out.by });
    const check = diceScreen(cat, state, state.actors[id], word, v.ok && v.why === 'argued' ? [...pending, body.trait] : pending);
    if (!v.ok) return { ok: false, code: v.reason.code, text: out.why ?? host.views.messageTo(v.reason.message), check };
    const why = again ? 'again' : v.why;
    const trait = check.factors.find((f) => f.id === body.trait)?.name;
    return {
      ok: true,
      why,
      text:
        (!again && out.why) ||
        inEveryLang(cat, state, (r) => r.t(`argue.${why}`, { trait: r.text(trait) || body.trait, word: r.text(check.name) })),
      check,
    };
  });
};
