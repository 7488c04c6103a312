import type { Strategy } from './strategy.ts';
import type { ToolCall } from './tools.ts';
import type { MannerMechanism, PurposeMechanism } from './vocabulary.ts';
import type { Catalog } from '../scenario/catalog.ts';

/** Which strategy a call serves, so reflection can tell what paid off: read from the mechanism its word names. */
const PURPOSES: Record<PurposeMechanism, Strategy> = {
  work: 'work',
  eat: 'rest',
  rest: 'rest',
  perform: 'art',
  invest: 'trade',
  gift: 'social',
  buy: 'rest',
  spend: 'rest',
};
const MANNERS: Record<MannerMechanism, Strategy> = {
  befriend: 'social',
  rescue: 'social',
  quarrel: 'social',
  bargain: 'work',
  observe: 'explore',
  learn: 'explore',
  buy: 'rest',
  steal: 'trade',
};

export function strategyOf(cat: Catalog, call: ToolCall): Strategy {
  switch (call.tool) {
    case 'use_resource':
      return PURPOSES[cat.words.purposeDoes(call.args.purpose)];
    case 'interact': {
      const does = cat.words.mannerDoes(call.args.manner);
      return does ? MANNERS[does] : 'social';
    }
    case 'move':
      return 'explore';
    case 'create':
      return cat.templates.get(call.args.what)?.strategy ?? 'art';
    case 'express':
      return cat.words.channel(call.args.channel)?.reach === 'self' ? 'rest' : 'social';
  }
}
