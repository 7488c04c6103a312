import type { Template } from '../../../sim/model/scenario.ts';
import { msg, ref } from '../../../sim/model/text.ts';
import type { Args, Ctx } from './context.ts';
import { replyTo } from './replies.ts';

/**
 * The arguments of the calls the options propose, each made from a few values the option found
 * (`Build` in context.ts): only a candidate the weighing keeps has them made. Their keys are in the
 * order the calls always had them: a call is logged as it is made.
 */

/** A trip to a place by a mode of travel. */
export const trip = (_: Ctx, destination: string, mode: string): Args<'move'> => ({ destination, mode });

/** A line with no parameters, to someone, in a manner. */
export const saying = (_: Ctx, target: string, manner: string, key: string): Args<'interact'> => ({ target, manner, content: msg(key) });

/** An answer to someone on the topic they raised (replies.ts). */
export const replying = (ctx: Ctx, target: string, manner: string, topic: string): Args<'interact'> => ({
  target,
  manner,
  content: replyTo(ctx, target, msg(topic)),
});

/** The answer to the player who spoke to the actor (replies.ts). */
export const answering = (ctx: Ctx, manner: string): Args<'interact'> => {
  const a = ctx.p.answering!;
  return { target: a.to, manner, content: replyTo(ctx, a.to, a.said, a.basis) };
};

/** Some of a resource spent for a purpose, on a target if any. */
export const spending = (_: Ctx, resource: string, amount: number, purpose: string, target?: string): Args<'use_resource'> =>
  target === undefined ? { resource, amount, purpose } : { resource, amount, purpose, target };

/** Some of an item carried or bought used for a purpose. */
export const usingItem = (_: Ctx, item: string, amount: number, purpose: string): Args<'use_resource'> => ({
  resource: `item:${item}`,
  amount,
  purpose,
});

/** A thing of a template made here, at its cost. */
export const making = (ctx: Ctx, t: Template): Args<'create'> => ({
  what: t.id,
  where: ctx.p.place.id,
  using: { money: t.cost.money, energy: t.cost.energy },
});

/** A rumour of a template started here about someone, at its cost in energy. */
export const rumour = (ctx: Ctx, t: Template, about: string): Args<'create'> => ({
  what: t.id,
  where: ctx.p.place.id,
  using: { energy: t.cost.energy },
  about,
});

/** A line with no parameters on a channel. */
export const shouting = (_: Ctx, channel: string, key: string): Args<'express'> => ({ channel, content: msg(key) });

/** A fact one knows told on a channel, to one listener if the channel reaches one. */
export const news = (_: Ctx, channel: string, fact: string, to?: string): Args<'express'> => {
  const content = msg('say.news', { fact: ref('fact', fact) });
  return to === undefined ? { channel, content } : { channel, content, to };
};

/** A moment at the actor's place shared on a channel. */
export const moment = (ctx: Ctx, channel: string): Args<'express'> => ({
  channel,
  content: msg('say.moment', { place: ref('place', ctx.p.place.id) }),
});

/** A thing of the actor's advertised on a channel. */
export const advertising = (_: Ctx, channel: string, entity: string): Args<'express'> => ({
  channel,
  content: msg('say.advertise', { entity: ref('entity', entity) }),
});
