import type { Consequence } from '../../sim/model/consequence.ts';
import type { CallOf, ToolCall, ToolName } from '../../sim/model/tools.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { Slice, WorldEngine } from '../types.ts';
import { create } from './create.ts';
import { express } from './express.ts';
import { interact } from './interact.ts';
import { move } from './move.ts';
import { useResource } from './use-resource.ts';

type Resolvers = { [T in ToolName]: (cat: Catalog, s: Slice, c: CallOf<T>) => Consequence };

const RESOLVERS: Resolvers = { use_resource: useResource, interact, move, create, express };

/**
 * The deterministic World Engine: every tool resolved by rules into the consequence format of seed
 * 002. It proposes generously and lets the Judge refuse; randomness is keyed by tick and actor.
 */
export function ruleEngine(): WorldEngine {
  return {
    name: 'rules',
    trusted: true,
    resolve(cat, slice, call: ToolCall) {
      return (RESOLVERS[call.tool] as (cat: Catalog, s: Slice, c: ToolCall) => Consequence)(cat, slice, call);
    },
  };
}
