import type { Strategy } from './strategy.ts';
import type { ToolCall } from './tools.ts';
import { own } from './ids.ts';

/** Which strategy a call serves, so reflection can tell what paid off. */
const PURPOSES: Record<string, Strategy> = {
  work: 'work', eat: 'rest', rest: 'rest', perform: 'art', invest: 'trade', gift: 'social', buy: 'rest',
};
const MANNERS: Record<string, Strategy> = {
  friendly: 'social', help: 'social', hostile: 'social', negotiate: 'work', observe: 'explore', learn: 'explore',
  buy: 'rest',
};

export function strategyOf(call: ToolCall, templateStrategy: (id: string) => Strategy | undefined): Strategy {
  switch (call.tool) {
    case 'use_resource': return own(PURPOSES, call.args.purpose) ?? 'rest';
    case 'interact': return own(MANNERS, call.args.manner) ?? 'social';
    case 'move': return 'explore';
    case 'create': return templateStrategy(call.args.what) ?? 'art';
    case 'express': return call.args.channel === 'self_talk' ? 'rest' : 'social';
  }
}
