import { scored } from '../../bots/brains/policy/index.ts';
import { perceive } from '../../bots/perception.ts';
import type { ToolCall } from '../model/tools.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { indexPlaces } from '../state/place-index.ts';
import { judgeAhead } from './ahead.ts';
import { contentProblem } from '../i18n/content.ts';

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

/** Whether the Judge would accept the call now: the options' one dry run (./ahead.ts). */
export function acceptsNow(cat: Catalog, live: WorldState, call: ToolCall): boolean {
  return judgeAhead(cat, live, call).reason === null;
}

/** An offered call with what its dry run found: the check it would be, and whether it would leave the player collapsed. */
export interface Offer {
  call: ToolCall;
  word: string | null;
  collapses: boolean;
}

/**
 * The game master's next actions for a player (an action_prompt: docs/design.md, Dialog types): what the policy brain
 * would weigh in their place, best first, one per aim, each one the Judge would accept now; two to
 * four of them, or none when fewer than two pass.
 */
export function nextActions(cat: Catalog, live: WorldState, actor: string): ToolCall[] {
  return nextOffers(cat, live, actor).map((o) => o.call);
}

/** The next actions with what the dry run that let each through found. */
export function nextOffers(cat: Catalog, live: WorldState, actor: string): Offer[] {
  const a = live.actors[actor];
  if (!a || a.status !== 'alive') return [];
  const tick = live.tick + 1;
  const p = perceive(cat, live, indexPlaces(cat, live), actor, tick);
  const out: Offer[] = [];
  const aims = new Set<string>();
  for (const c of scored(cat, p, live.seed)) {
    if (out.length >= MAX_ACTIONS) break;
    const key = aim(c.call);
    if (aims.has(key)) continue;
    aims.add(key);
    // what the player could not send themselves (a line only the policy brain may say by key) is not offered
    if ((c.call.tool === 'interact' || c.call.tool === 'express') && contentProblem(c.call.args.content) !== null) continue;
    const ahead = judgeAhead(cat, live, c.call);
    if (ahead.reason === null)
      out.push({
        call: { ...c.call, id: `${tick}:${actor}:offer${out.length}` } as ToolCall,
        word: ahead.word,
        collapses: ahead.collapses,
      });
  }
  return out.length >= MIN_ACTIONS ? out : [];
}
