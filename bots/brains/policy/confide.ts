import { FRIEND } from '../../../sim/model/relations.ts';
import { type Ctx, propose } from './context.ts';
import { news } from './calls.ts';
import { learnedWithin, spokeSince } from './recent.ts';

/** How long news stays worth confiding, in ticks: longer than shouting's, as one waits to see the friend */
const FRESH = 12;

/**
 * Fresh news told to a friend alone, where the pack has a channel for one listener: the closest
 * friend present hears it, once, instead of the whole place. The less of a gossip, the more one
 * keeps news between friends.
 */
export function confide(ctx: Ctx): boolean {
  const channel = ctx.cat.words.channelFor('one');
  const { self } = ctx;
  if (!channel || !self.knows.length) return false;
  const learned = learnedWithin(ctx, FRESH);
  if (!learned || spokeSince(ctx, channel, learned.tick + 1)) return false;
  let friend: { id: string; relation: number } | undefined;
  for (const n of ctx.p.people) if (n.status === 'alive' && n.relation >= FRIEND && (!friend || n.relation > friend.relation)) friend = n;
  if (!friend) return false;
  const fact = self.knows[self.knows.length - 1];
  return propose(ctx, 'gossip', 0.5 + 0.5 * (1 - self.drives.gossip) * self.drives.sociability, 'express', news, channel, fact, friend.id);
}
