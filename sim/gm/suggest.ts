import { scored } from '../../bots/brains/policy/index.ts';
import { perceive } from '../../bots/perception.ts';
import { ruleEngine } from '../../world-engine/rules/index.ts';
import { sliceFor } from '../../world-engine/slice.ts';
import { checkCall } from '../judge/calls.ts';
import { TickJudge } from '../judge/judge.ts';
import { Rejection } from '../judge/reasons.ts';
import type { Consequence } from '../model/consequence.ts';
import type { ToolCall } from '../model/tools.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { indexPlaces } from '../state/place-index.ts';

const RULES = ruleEngine();
export const MIN_ACTIONS = 2;
export const MAX_ACTIONS = 4;

/** The one thing a call is about, so that the offer is varied: not four ways to greet one person. */
function aim(c: ToolCall): string {
  switch (c.tool) {
    case 'interact':
      return `interact|${c.args.target}`;
    case 'use_resource':
      return `use|${c.args.purpose}|${c.args.target ?? c.args.resource}`;
    case 'move':
      return `move|${c.args.destination}`;
    case 'create':
      return `create|${c.args.what}`;
    case 'express':
      return `express|${c.args.channel}`;
  }
}

/**
 * Whether the Judge would accept the call now: its own checks, then what the rule engine proposes,
 * judged read-only against the live state (a check as a full success, no dice thrown: an offer is
 * made before the call, and nothing that chooses a call may see its roll).
 */
export function acceptsNow(cat: Catalog, live: WorldState, call: ToolCall): boolean {
  try {
    checkCall(cat, live, call);
  } catch (err) {
    if (err instanceof Rejection) return false;
    throw err;
  }
  const tick = live.tick + 1;
  const index = indexPlaces(cat, live);
  const slice = sliceFor(cat, live, index, tick, call, perceive(cat, live, index, call.actor, tick), { assume: 'full' });
  const c = RULES.resolve(cat, slice, call) as Consequence;
  return new TickJudge(cat, live, tick, 'full').dryRun(call, c) === null;
}

/**
 * The game master's next actions for a player (an action_prompt: docs/design.md, Dialog types): what the policy brain
 * would weigh in their place, best first, one per aim, each one the Judge would accept now; two to
 * four of them, or none when fewer than two pass.
 */
export function nextActions(cat: Catalog, live: WorldState, actor: string): ToolCall[] {
  const a = live.actors[actor];
  if (!a || a.status !== 'alive') return [];
  const tick = live.tick + 1;
  const p = perceive(cat, live, indexPlaces(cat, live), actor, tick);
  const out: ToolCall[] = [];
  const aims = new Set<string>();
  for (const c of scored(cat, p, live.seed)) {
    if (out.length >= MAX_ACTIONS) break;
    const key = aim(c.call);
    if (aims.has(key)) continue;
    aims.add(key);
    if (acceptsNow(cat, live, c.call)) out.push({ ...c.call, id: `${tick}:${actor}:offer${out.length}` } as ToolCall);
  }
  return out.length >= MIN_ACTIONS ? out : [];
}
