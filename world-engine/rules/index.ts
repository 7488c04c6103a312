import type { Consequence } from '../../sim/model/consequence.ts';
import type { CallOf, ToolCall, ToolName } from '../../sim/model/tools.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { Slice, WorldEngine } from '../types.ts';
import { create } from './create.ts';
import { express } from './express.ts';
import { interact } from './interact.ts';
import { move } from './move.ts';
import { useResource } from './use-resource.ts';
import { msg, ref } from '../../sim/model/text.ts';
import { Outcome } from './build.ts';

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
      const band = slice.check?.band;
      // a risky call that fails does not come off (a theft tells its own failure: caught); one that
      // succeeds at a cost takes more out of the body
      const caught = call.tool === 'interact' && cat.words.mannerDoes(call.args.manner) === 'steal';
      if (band === 'fail' && !caught) return failed(slice, call);
      const c = (RESOLVERS[call.tool] as (cat: Catalog, s: Slice, c: ToolCall) => Consequence)(cat, slice, call);
      const extra = cat.scenario.vocabulary.checks.partialEnergy;
      if (band === 'partial' && extra > 0) c.resource_changes.energy = (c.resource_changes.energy ?? 0) - extra;
      return c;
    },
  };
}

function failed(s: Slice, call: ToolCall): Consequence {
  const word =
    call.tool === 'interact' ? ref('manner', call.args.manner) : ref('purpose', call.tool === 'use_resource' ? call.args.purpose : '');
  return new Outcome(msg('narrative.check_failed', { actor: ref('actor', s.actor.id), word })).done();
}
