import { ref } from '../../../sim/model/text.ts';
import type { Said } from '../context.ts';
import { freeMode, notFound, type Reader, startFor } from './found.ts';

const amountIn = (s: Said) => Number(/\d+/.exec(s.text)?.[0] ?? 0);

/** Where a verb stands: the pack's word for it (a purpose's name or alias), else a generic verb of intent.json. */
function verbAt(s: Said, does: 'buy' | 'eat' | 'work' | 'rest' | 'perform', key: string): { purpose: string; end: number } | null {
  const hit = s.wordHit('purposes', (p) => p.does === does);
  const generic = s.at(key);
  const purpose = hit?.id ?? (generic ? s.cat.words.purposeFor(does) : undefined);
  if (!purpose) return null;
  const pos = hit && (!generic || hit.at <= generic.at) ? hit : generic!;
  return { purpose, end: pos.at + pos.len };
}

/**
 * Buying an item the pack sells: here, it is bought; sold only elsewhere, it is said where (and if
 * the player named that place, going there is the call: their choice, in their words); sold nowhere,
 * or not an item of this world at all, it is said so.
 */
export const buy: Reader = (s) => {
  const v = verbAt(s, 'buy', 'buy');
  if (!v) return null;
  // buying from someone in front of you is an interaction (the pack's manner for it)
  if (s.person && s.manner('buy')) return null;
  const what = s.objectOf('buy') || s.input.text.slice(v.end).trim();
  // a part of an item's name will do ("tea" for "green tea")
  const item = s.item?.id ?? (what ? s.itemByPart(what) : null);
  if (!item) return what ? notFound(startFor.buy(s, v.purpose), 'item', { what }) : null;
  if (s.sells(s.here).includes(item)) {
    return { call: s.call('use_resource', { resource: `item:${item}`, amount: Math.min(amountIn(s) || 1, 10), purpose: v.purpose }) };
  }
  const sellers = s.sellersOf(item);
  if (!sellers.length) return notFound(startFor.buy(s, v.purpose), 'sold_nowhere', { item: ref('item', item) });
  if (s.place && sellers.includes(s.place.id)) return { call: s.call('move', { destination: s.place.id, mode: s.mode ?? freeMode(s) }) };
  return notFound(
    startFor.buy(s, v.purpose),
    'sold_elsewhere',
    { item: ref('item', item) },
    { places: sellers.map((p) => ref('place', p)) },
  );
};

/** Eating: what one carries, by name, else a meal bought where one stands (three meals' worth at most). */
export const eat: Reader = (s) => {
  const v = verbAt(s, 'eat', 'eat');
  if (!v) return null;
  const carried = s.item && s.state.actors[s.me].inventory[s.item.id] ? s.item.id : null;
  if (carried) return { call: s.call('use_resource', { resource: `item:${carried}`, amount: 1, purpose: v.purpose }) };
  return { call: s.call('use_resource', { resource: 'money', amount: amountIn(s) || 3 * s.cat.levels.meal, purpose: v.purpose }) };
};

/** Playing an instrument the pack lets one perform with. */
export const perform: Reader = (s) => {
  const v = verbAt(s, 'perform', 'perform');
  if (!v || !s.item) return null;
  return { call: s.call('use_resource', { resource: `item:${s.item.id}`, amount: 1, purpose: v.purpose }) };
};

export const work: Reader = (s) => {
  const v = verbAt(s, 'work', 'work');
  return v && { call: s.call('use_resource', { resource: 'energy', amount: 1, purpose: v.purpose }) };
};

export const rest: Reader = (s) => {
  const v = verbAt(s, 'rest', 'rest');
  return v && { call: s.call('use_resource', { resource: 'time', amount: 1, purpose: v.purpose }) };
};
