import type { Text } from '../../sim/model/text.ts';
import type { ToolCall, ToolName } from '../../sim/model/tools.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { canonicalJson } from '../../sim/lib/canonical.ts';
import { acceptsNow, MAX_ACTIONS, MIN_ACTIONS } from '../../sim/gm/suggest.ts';
import { bindings } from './bind.ts';
import { evaluate, type Evaluation } from './ink.ts';

/** One of the player's story options (an action_prompt option): the ink choice's index and id, its words, and the one call it stands for. */
export interface StoryOption {
  choice: number;
  id: string;
  text: Text;
  call: { tool: ToolName; args: Record<string, unknown> };
}

/** Where the player's story stands now, with the world bound in; null when they have no running story. */
export function storyNow(cat: Catalog, state: WorldState, actor: string): Evaluation | null {
  const ls = cat.scenario.story;
  const s = state.stories?.[actor];
  if (!ls || !s || s.ended || s.story !== ls.id || !state.actors[actor]) return null;
  return evaluate(ls, { ink: s.ink, chapter: s.chapter, situation: s.situation }, bindings(cat, state, actor, ls));
}

/**
 * The player's story options now, in both languages, each with its call: what the server offers as
 * action_prompt options. Acting with `choice` set to an option's `choice` (and its call) takes it.
 */
export function storyOptions(cat: Catalog, state: WorldState, actor: string): StoryOption[] | null {
  const ev = storyNow(cat, state, actor);
  if (!ev) return null;
  return optionsOf(cat, ev);
}

export function optionsOf(cat: Catalog, ev: Evaluation): StoryOption[] {
  const ls = cat.scenario.story!;
  return ev.choices.flatMap((c) => {
    const def = Object.prototype.hasOwnProperty.call(ls.choices, c.id) ? ls.choices[c.id] : null;
    return def ? [{ choice: c.index, id: c.id, text: def.text, call: { tool: def.call.tool, args: def.call.args } }] : [];
  });
}

/** Whether a committed call is the one an option stands for (same tool, same arguments). */
export function sameCall(o: StoryOption, call: ToolCall): boolean {
  return o.call.tool === call.tool && canonicalJson(o.call.args) === canonicalJson(call.args);
}

/**
 * The story's options for the game master's action_prompt beside its own next actions, held to seed
 * 001's constraint (two to four actions, each one the Judge would accept now): the story's first, those
 * the Judge accepts now, then the game master's that are not the same call, up to four; null: too few.
 */
export function promptWithStory(
  cat: Catalog,
  state: WorldState,
  actor: string,
  actions: ToolCall[],
): { story: StoryOption[]; rest: ToolCall[] } | null {
  const story = (storyOptions(cat, state, actor) ?? [])
    .filter((o) => acceptsNow(cat, state, { id: 'story', actor, tool: o.call.tool, args: o.call.args } as ToolCall))
    .slice(0, MAX_ACTIONS);
  const rest = actions.filter((c) => !story.some((o) => sameCall(o, c))).slice(0, MAX_ACTIONS - story.length);
  return story.length + rest.length < MIN_ACTIONS ? null : { story, rest };
}
