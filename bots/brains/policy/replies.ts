import { bothLanguages, type PhraseFinder } from '../../../sim/i18n/phrases.ts';
import { type Message, msg, ref } from '../../../sim/model/text.ts';
import { heldJob } from '../../../sim/model/jobs.ts';
import type { AnswerBasis } from '../../work-lead.ts';
import type { Ctx } from './context.ts';

/**
 * What a person says back when spoken to: a sentence (`reply.*` in locales/<lang>/replies.json) chosen
 * by what was raised, how they feel about the speaker and how they are, never a bare topic word. On
 * work and news it holds to what is true: the work really open (`basis.work`, from committed state)
 * and the facts the speaker knows; without a basis (a bot answering a bot) it speaks only of its own
 * job and its own facts. The event carries the key and ids; the words are rendered at display.
 */

/** What a person may be asked about, in the order a text is read for them: a question about work is about work, whatever else it mentions. */
const ASKED = ['work', 'news', 'food', 'money', 'music', 'family', 'place'] as const;
type Asked = (typeof ASKED)[number];

/** Keys a speaker's own lines carry that already say what they raise. */
const RAISED_BY_KEY: Record<string, Asked> = {
  'say.ask_work': 'work',
  'say.news': 'news',
  'say.order': 'food',
};

let finders: [Asked, PhraseFinder][] | null = null;
/** The words that raise each subject, in either language (`reply.asks.*`), built once. */
const askedFinders = () => (finders ??= ASKED.map((a) => [a, bothLanguages(`reply.asks.${a}`)]));

/** What the speaker raised: a topic key, one of their lines, or their own words read for the subject; null when nothing is recognised. */
export function raisedBy(said: Message): Asked | null {
  if ('key' in said) {
    if (said.key.startsWith('topic.')) {
      const t = said.key.slice('topic.'.length) as Asked;
      return ASKED.includes(t) ? t : null;
    }
    return RAISED_BY_KEY[said.key] ?? null;
  }
  for (const [a, find] of askedFinders()) if (find(said.text) !== null) return a;
  return null;
}

/** How the answer sounds: warm to a friend, curt when hungry, tired or cool toward them, plain otherwise. */
function toneOf(ctx: Ctx, to: string): 'warm' | 'plain' | 'curt' {
  const feeling = ctx.self.relations[to] ?? 0;
  if (feeling >= 20) return 'warm';
  if (feeling < 0 || ctx.needs.hunger > 0.6 || ctx.self.energy < 20) return 'curt';
  return 'plain';
}

/** The reply to `to`, who raised what `said` says (small talk in their tone when nothing was recognised). */
export function replyTo(ctx: Ctx, to: string, said: Message, basis?: AnswerBasis): Message {
  const asked = raisedBy(said);
  const tone = toneOf(ctx, to);
  if (asked === null) return msg(`reply.chat.${tone}`);
  if (asked === 'work') return workReply(ctx, basis);
  if (asked === 'news') return newsReply(ctx, basis);
  if (asked === 'food') {
    const meal = cheapestMeal(ctx);
    if (meal)
      return msg(`reply.food.here_${tone}`, { item: ref('item', meal.item), money: meal.price, place: ref('place', ctx.p.place.id) });
  }
  return msg(`reply.${asked}.${tone}`);
}

function workReply(ctx: Ctx, basis?: AnswerBasis): Message {
  const lead = basis?.work;
  if (lead) {
    const params = {
      employer: ref('actor', lead.employer),
      job: ref('job', lead.job),
      place: ref('place', lead.place),
      money: lead.wage,
    };
    return msg(lead.employer === ctx.self.id ? 'reply.work.mine_open' : 'reply.work.open', params);
  }
  if (basis) return msg('reply.work.none');
  // a bot asked by a bot knows only its own job, not who has room
  const held = heldJob(ctx.self.tags);
  const job = held && ctx.cat.scenario.meta.jobs.find((j) => j.id === held.job);
  return job
    ? msg('reply.work.own', { job: ref('job', job.id), place: ref('place', job.place), employer: ref('actor', held.employer) })
    : msg('reply.work.unsure');
}

/** The newest fact the speaker knows, in its own words; with none, they say they have heard nothing. */
function newsReply(ctx: Ctx, basis?: AnswerBasis): Message {
  const fact = basis ? basis.known[0]?.id : ctx.self.knows[ctx.self.knows.length - 1];
  return fact ? msg('reply.news.fact', { fact: ref('fact', fact) }) : msg('reply.news.none');
}

/** The cheapest thing to eat sold where the speaker stands, at the price the Judge would charge. */
function cheapestMeal(ctx: Ctx): { item: string; price: number } | null {
  let best: { item: string; price: number } | null = null;
  for (const id of ctx.p.place.sells) {
    const item = ctx.cat.items.get(id);
    if (!item || item.energy <= 0) continue;
    const price = ctx.p.place.prices && Object.hasOwn(ctx.p.place.prices, id) ? ctx.p.place.prices[id] : item.price;
    if (!best || price < best.price) best = { item: id, price };
  }
  return best;
}
