import type { Message, Param, Ref } from '../../../sim/model/text.ts';
import type { ToolCall } from '../../../sim/model/tools.ts';
import type { Said } from '../context.ts';

/**
 * A thing, person or place the player named that is not to be had: a message the card shows
 * instead of a call to confirm (`intent.not_found.<key>`), with lists of what would do instead. The
 * call goes along only as a starting point for the form.
 */
export interface NotFound {
  key: string;
  params: Record<string, Param>;
  lists?: Record<string, Ref[]>;
}
/**
 * What a reader made of the words: one call; or (`choices`) several calls the words fit equally (whom of
 * those present), the first being `call`; or `look`: the player asks what is around. `says`: the call in
 * words when the call alone does not say what was named (a meal bought with money, named by its item).
 */
export type Reading = { call: ToolCall; notFound?: NotFound; choices?: ToolCall[]; look?: true; says?: Message };
export type Reader = (s: Said) => Reading | null;

export const notFound = (call: ToolCall, key: string, params: Record<string, Param> = {}, lists?: Record<string, Ref[]>): Reading => ({
  call,
  notFound: { key, params, ...(lists ? { lists } : {}) },
});

/** Where the form starts when nothing named could be found: the tool the player meant, with what is at hand. */
export const startFor = {
  buy(s: Said, purpose: string): ToolCall {
    const first = s.sells(s.here)[0];
    return s.call('use_resource', { resource: first ? `item:${first}` : 'money', amount: 1, purpose });
  },
  person(s: Said): ToolCall {
    const other = Object.keys(s.state.actors).find((id) => id !== s.me && s.isHere(id));
    const manner = s.cat.words.mannerFor('befriend') ?? s.cat.words.ids('manners')[0];
    if (other) return s.call('interact', { target: other, manner, content: { text: s.input.text.trim() } });
    return s.call('move', { destination: firstLink(s), mode: freeMode(s) });
  },
  place(s: Said): ToolCall {
    return s.call('move', { destination: firstLink(s), mode: s.mode ?? freeMode(s) });
  },
  make(s: Said, what: string): ToolCall {
    const t = s.cat.templates.get(what)!;
    return s.call('create', { what, where: s.here, using: { money: t.cost.money, energy: t.cost.energy } });
  },
};

export function firstLink(s: Said): string {
  return s.cat.places.get(s.here)?.links[0]?.to ?? [...s.cat.places.keys()].find((p) => p !== s.here) ?? s.here;
}

/** The pack's way of going that costs no money (else its first). */
export function freeMode(s: Said): string {
  const v = s.cat.words.v.modes;
  return Object.keys(v).find((m) => v[m].moneyBase === 0 && v[m].moneyPerUnit === 0) ?? Object.keys(v)[0];
}
