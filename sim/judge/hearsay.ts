import type { EventBody } from '../model/events.ts';
import { type Message, msg, ref } from '../model/text.ts';
import type { ToolCall } from '../model/tools.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import type { Claim } from '../model/claims.ts';
import { claimsIn, contradicts } from './claims.ts';
import { textsOf } from './claim-text.ts';
import type { Draft } from './draft.ts';

/**
 * Narration states nothing the changes do not carry: an unbacked narrative becomes the plain one for
 * the tool, unbacked side effects are dropped, and the action records how many texts were held back.
 */
export function holdToChanges(d: Draft, call: ToolCall, unbacked: ReadonlyMap<Message, Claim[]>): void {
  if (!unbacked.size) return;
  // the action is the draft's first event, or its second after the check the Judge rolled for it
  const action = d.events.find((e) => e.type === 'action') as Extract<EventBody, { type: 'action' }>;
  if (unbacked.has(action.narrative)) action.narrative = msg(`narrative.held.${call.tool}`, { actor: ref('actor', call.actor) });
  action.side_effects = action.side_effects.filter((m) => !unbacked.has(m));
  action.held = unbacked.size;
}

/**
 * What a speaker says about the world is hearsay: each claim in an express or interact content is
 * recorded with its speaker and whether the committed state contradicts it, never applied as a fact.
 */
export function hearsay(cat: Catalog, state: WorldState, d: Draft, call: ToolCall): void {
  if (call.tool !== 'express' && call.tool !== 'interact') return;
  const texts = textsOf(call.args.content, cat, state);
  // most contents claim nothing and are never rendered: nothing more is made for them
  if (!texts.length) return;
  const seen = new Set<string>();
  const to = call.tool === 'interact' ? (state.actors[call.args.target] ? call.args.target : null) : (call.args.to ?? null);
  // a word for one listener is theirs alone: the place hears no claim in it
  const aside = call.tool === 'express' && call.args.to !== undefined;
  for (const text of texts) {
    for (const c of claimsIn(text, cat, state)) {
      const key = `${c.kind}|${c.about.join(',')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      d.emit({
        type: 'claimed',
        actor: call.actor,
        place: state.actors[call.actor].location,
        kind: c.kind,
        about: [...c.about],
        contradicts: contradicts(c, state),
        to,
        ...(aside ? { aside: true as const } : {}),
      });
    }
  }
}
