import { riskyWord, traitsOf } from '../../../sim/model/check.ts';
import type { ToolCall } from '../../../sim/model/tools.ts';
import { TraitArgument } from '../../../sim/model/traits.ts';
import { describeIssues } from '../../../adapters/llm/repair.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import type { ActorState } from '../../../sim/state/types.ts';
import type { Decided } from '../types.ts';

/** Why an argument the model attached was dropped: malformed, a trait the bot lacks, or a call that is no check. */
export interface Dropped {
  reason: 'argue_invalid' | 'argue_no_trait' | 'argue_not_check';
  error: string;
}

/** `trait id: why it helps`, as the model writes it (a full-width colon too) */
const SAID = /^\s*([^\s:：]+)\s*[:：]([\s\S]*)$/;

/** The argument as the model wrote it, in the shape a brain hands on; anything else is passed on as it is, to fail the parse. */
function shaped(argue: unknown): unknown {
  const m = typeof argue === 'string' ? SAID.exec(argue) : null;
  return m ? { trait: m[1], words: m[2] } : argue;
}

/**
 * The call with the argument the model attached to it (docs/design.md, Traits and tags: one of the bot's own traits fits
 * this risky call, and why), kept only when it reads and names a trait the bot has, for a call that
 * is a check; else the call alone, and why the argument was dropped. The call never suffers for a
 * bad argument: it is judged as it is. What is kept is still only a claim: the argument judge
 * weighs the words and the Judge verifies the rest again (sim/tick/argues.ts).
 */
export function withArgument(cat: Catalog, self: ActorState, c: ToolCall & { argue?: unknown }): { value: Decided; dropped?: Dropped } {
  const { argue, ...rest } = c;
  const call = rest as ToolCall;
  if (argue === undefined) return { value: call };
  const a = TraitArgument.safeParse(shaped(argue));
  if (!a.success) return { value: call, dropped: { reason: 'argue_invalid', error: `argue: ${describeIssues(a.error.issues)}` } };
  if (!traitsOf(cat, self).some((t) => t.id === a.data.trait))
    return { value: call, dropped: { reason: 'argue_no_trait', error: `argue: no trait ${a.data.trait}` } };
  if (riskyWord(cat, call) === null)
    return { value: call, dropped: { reason: 'argue_not_check', error: `argue: ${call.tool} is no check` } };
  return { value: { ...call, argue: a.data } };
}
