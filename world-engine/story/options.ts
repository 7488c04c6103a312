import type { Text } from '../../sim/model/text.ts';
import type { ToolCall, ToolName } from '../../sim/model/tools.ts';
import { type Catalog, distance } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { canonicalJson } from '../../sim/lib/canonical.ts';
import { type Ahead, judgeAhead } from '../../sim/gm/ahead.ts';
import { MAX_ACTIONS, MIN_ACTIONS, type Offer } from '../../sim/gm/suggest.ts';
import { inEveryLang, type Renderer } from '../../sim/i18n/render.ts';
import { own } from '../../sim/model/ids.ts';
import { scratchState } from '../../sim/state/scratch.ts';
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
export function sameCall(o: Pick<StoryOption, 'call'>, call: { tool: ToolName; args: object }): boolean {
  return o.call.tool === call.tool && canonicalJson(o.call.args) === canonicalJson(call.args);
}

/** An option as it is offered: judged ahead, with the check it would be and whether it would leave the player collapsed. */
export interface OfferedOption {
  /** the ink choice it takes; null for a step toward one (it is sent as a plain call) */
  choice: number | null;
  id: string;
  text: Text;
  call: { tool: ToolName; args: Record<string, unknown> };
  /** the manner or purpose its check tries (the dice screen's word), or null: no dice */
  word: string | null;
  collapses: boolean;
}

const callOf = (actor: string, o: { call: StoryOption['call'] }): ToolCall =>
  ({ id: 'offer', actor, tool: o.call.tool, args: o.call.args }) as ToolCall;

const offered = (o: Omit<OfferedOption, 'word' | 'collapses'>, a: Ahead): OfferedOption => ({
  ...o,
  word: a.word,
  collapses: a.collapses,
});

/**
 * The story's options as the player is offered them (docs/design.md, The story): each ink option
 * dry-run through the Judge at the state it will meet (sim/gm/ahead.ts), the refused ones left out.
 * A refused option the player could reach brings a step toward it instead (go where the person is,
 * or where it can be done), itself dry-run; and when nothing at all is possible, waiting is offered,
 * so the story never leaves the player with nothing to do. Null: no running story.
 */
export function offeredStoryOptions(cat: Catalog, state: WorldState, actor: string): OfferedOption[] | null {
  const raw = storyOptions(cat, state, actor);
  if (!raw) return null;
  const out: OfferedOption[] = [];
  const refused: StoryOption[] = [];
  const candidates: { o: StoryOption; choice: number | null; id: string }[] = [
    ...raw.map((o) => ({ o, choice: o.choice, id: o.id })),
    ...carried(cat, state, actor, raw).map((o) => ({ o, choice: null, id: `carried:${o.id}` })),
  ];
  for (const { o, choice, id } of candidates) {
    const a = judgeAhead(cat, state, callOf(actor, o));
    if (a.reason === null) out.push(offered({ choice, id, text: o.text, call: o.call }, a));
    else if (choice !== null) refused.push(o);
  }
  for (const o of refused) {
    const step = toward(cat, state, actor, o);
    if (step && !out.some((x) => sameCall(x, step.call))) out.push(step);
  }
  if (!out.length) {
    const w = waiting(cat, state, actor, 'wait', (r) => r.t('option.wait'));
    if (w) out.push(w);
  }
  return out;
}

/**
 * Options of this situation the story offers only elsewhere (at the site, say) that name a person who
 * is here instead: the player who went to them may do it here, as a plain call. The story is not
 * taken by it, but what it brings about in the world (being hired) moves the story as the world does.
 */
function carried(cat: Catalog, state: WorldState, actor: string, raw: StoryOption[]): StoryOption[] {
  const me = state.actors[actor];
  const present = (o: { call: StoryOption['call'] }) => {
    const t = o.call.args.target;
    return typeof t === 'string' && t !== actor && own(state.actors, t)?.location === me?.location;
  };
  // most of the time nobody the story names is here: no need to ask the story about other places
  if (!me || !Object.values(cat.scenario.story!.choices).some(present)) return [];
  const out: StoryOption[] = [];
  for (const place of cat.places.keys()) {
    if (place === me.location) continue;
    const s = scratchState(state);
    s.actors[actor].location = place;
    const ev = storyNow(cat, s, actor);
    for (const o of ev ? optionsOf(cat, ev) : [])
      if (present(o) && !raw.some((x) => x.id === o.id) && !out.some((x) => x.id === o.id)) out.push(o);
  }
  return out;
}

/**
 * A step toward a refused option: a move to where it would be accepted (where the person it names is,
 * or else the nearest place where the story offers it and it could be done), or, when the person
 * cannot be reached, waiting for them; null when there is none the Judge accepts now. A refused move
 * is not helped by going elsewhere first.
 */
function toward(cat: Catalog, state: WorldState, actor: string, o: StoryOption): OfferedOption | null {
  const me = state.actors[actor];
  if (!me || o.call.tool === 'move') return null;
  const target = typeof o.call.args.target === 'string' ? own(state.actors, o.call.args.target) : undefined;
  // there, the Judge would accept it, and the story would offer it (or, for a person, carry it there: see carried)
  const there = (place: string) => {
    const s = scratchState(state);
    s.actors[actor].location = place;
    if (!target && !storyNow(cat, s, actor)?.choices.some((c) => c.id === o.id)) return false;
    return judgeAhead(cat, s, callOf(actor, o)).reason === null;
  };
  const far = (p: string) => distance(cat, state, me.location, p) ?? Number.MAX_SAFE_INTEGER;
  const places = target ? [target.location] : [...cat.places.keys()].sort((x, y) => far(x) - far(y));
  const place = places.find((p) => p !== me.location && there(p));
  if (!place) {
    if (!target || target.status !== 'alive' || target.location === me.location) return null;
    return waiting(cat, state, actor, `wait:${o.id}`, (r) => r.t('option.wait_for', { target: r.actor(target.id) }));
  }
  // the cheapest way there that is accepted, one that would not leave the player collapsed first
  const ways = cat.words
    .ids('modes')
    .map((mode) => ({ mode, a: judgeAhead(cat, state, callOf(actor, { call: { tool: 'move', args: { destination: place, mode } } })) }))
    .filter((w) => w.a.reason === null)
    .sort((x, y) => Number(x.a.collapses) - Number(y.a.collapses));
  if (!ways.length) return null;
  const call = { tool: 'move' as const, args: { destination: place, mode: ways[0].mode } };
  const text = inEveryLang(cat, state, (r) =>
    target
      ? r.t('option.go_to', { place: r.place(place), target: r.actor(target.id) })
      : r.t('option.go_for', { place: r.place(place), option: r.text(o.text) }),
  );
  return offered({ choice: null, id: `toward:${o.id}`, text, call }, ways[0].a);
}

/** Waiting a while (the pack's first purpose that rests), when the Judge accepts it: the world moves on and brings other options. */
function waiting(cat: Catalog, state: WorldState, actor: string, id: string, say: (r: Renderer) => string): OfferedOption | null {
  const purpose = cat.words.ids('purposes').find((p) => cat.words.purposeDoes(p) === 'rest');
  if (!purpose) return null;
  const call = { tool: 'use_resource' as const, args: { resource: 'time', amount: 1, purpose } };
  const a = judgeAhead(cat, state, callOf(actor, { call }));
  if (a.reason !== null) return null;
  return offered({ choice: null, id, text: inEveryLang(cat, state, say), call }, a);
}

/**
 * The story's options for the game master's action_prompt beside its own next actions, held to its
 * constraint (two to four actions, each one the Judge would accept now): the story's offered options
 * first, then the game master's that are not the same call, up to four; null: too few.
 */
export function promptWithStory(
  cat: Catalog,
  state: WorldState,
  actor: string,
  actions: Offer[],
): { story: OfferedOption[]; rest: Offer[] } | null {
  const story = (offeredStoryOptions(cat, state, actor) ?? []).slice(0, MAX_ACTIONS);
  const rest = actions.filter((c) => !story.some((o) => sameCall(o, c.call))).slice(0, MAX_ACTIONS - story.length);
  return story.length + rest.length < MIN_ACTIONS ? null : { story, rest };
}
