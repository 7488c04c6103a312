import { msg, ref } from '../../../sim/model/text.ts';
import { priceOf } from '../../../sim/state/overrides.ts';
import { countIn, sumIn } from '../amount.ts';
import type { Said } from '../context.ts';
import { freeMode, notFound, type Reader, startFor } from './found.ts';

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
  const item = s.item?.id ?? s.itemIn(what);
  if (!item) return what ? notFound(startFor.buy(s, v.purpose), 'item', { what }) : null;
  if (s.sells(s.here).includes(item)) {
    return {
      call: s.call('use_resource', {
        resource: `item:${item}`,
        amount: Math.max(1, Math.min(countIn(s.input.text.slice(v.end)) ?? 1, 10)),
        purpose: v.purpose,
      }),
    };
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

/**
 * Eating: a thing named that one carries; a thing named that is sold here, bought for its price (the rule
 * engine serves the best meal that price buys: that one); a thing named sold only elsewhere, said where;
 * nothing named, a meal bought where one stands (three meals' worth at most).
 */
export const eat: Reader = (s) => {
  const v = verbAt(s, 'eat', 'eat');
  if (!v) return null;
  const item = s.item?.id ?? s.itemIn(s.objectOf('eat'));
  if (item && s.state.actors[s.me].inventory[item])
    return { call: s.call('use_resource', { resource: `item:${item}`, amount: 1, purpose: v.purpose }) };
  if (item && s.cat.items.get(item)!.energy > 0) {
    const price = priceOf(s.cat, s.state, item);
    const call = s.call('use_resource', { resource: 'money', amount: price, purpose: v.purpose });
    if (s.sells(s.here).includes(item)) {
      if (servedFor(s, item, price)) return { call, says: msg('intent.understood.eat_item', { item: ref('item', item), money: price }) };
      // that price would buy a better meal here: the item is bought, to be eaten when the player likes
      return { call: s.call('use_resource', { resource: `item:${item}`, amount: 1, purpose: s.cat.words.purposeFor('buy') ?? v.purpose }) };
    }
    const sellers = s.sellersOf(item);
    if (!sellers.length) return notFound(call, 'sold_nowhere', { item: ref('item', item) });
    return notFound(call, 'sold_elsewhere', { item: ref('item', item) }, { places: sellers.map((p) => ref('place', p)) });
  }
  const sum = sumIn(s.cat, s.k, s.input.text);
  return { call: s.call('use_resource', { resource: 'money', amount: sum && sum > 0 ? sum : 3 * s.cat.levels.meal, purpose: v.purpose }) };
};

/** Whether its price buys this item here and no better meal (the rule engine serves the most filling food a sum buys: world-engine/rules/food.ts). */
function servedFor(s: Said, item: string, price: number): boolean {
  const energy = s.cat.items.get(item)!.energy;
  const better = (p: number, e: number) => p <= price && e > energy;
  for (const id of s.sells(s.here)) if (id !== item && better(priceOf(s.cat, s.state, id), s.cat.items.get(id)?.energy ?? 0)) return false;
  for (const e of Object.values(s.state.entities)) {
    const food = e.location === s.here && e.owner !== null && e.owner !== s.me ? s.cat.effect(e.template, 'food') : undefined;
    if (food && better(food.price, food.energy)) return false;
  }
  return true;
}

/** Playing an instrument the pack lets one perform with: the one named, else one the player carries, else the purpose's first (the preview says one is needed). */
export const perform: Reader = (s) => {
  const v = verbAt(s, 'perform', 'perform');
  if (!v) return null;
  const items = s.cat.words.purpose(v.purpose)?.items ?? [];
  const named = s.item && items.includes(s.item.id) ? s.item.id : undefined;
  const item = named ?? items.find((i) => s.state.actors[s.me].inventory[i]) ?? items[0];
  if (!item) return null;
  return { call: s.call('use_resource', { resource: `item:${item}`, amount: 1, purpose: v.purpose }) };
};

/** Paying for something the pack names as a purpose of its own (an offering, rent, a fee): the sum named, else a meal's worth. */
export const spend: Reader = (s) => {
  const hit = s.wordHit('purposes', (p) => p.does === 'spend' || p.does === 'invest');
  if (!hit) return null;
  const amount = sumIn(s.cat, s.k, s.input.text);
  return {
    call: s.call('use_resource', { resource: 'money', amount: amount && amount > 0 ? amount : s.cat.levels.meal, purpose: hit.id }),
  };
};

export const work: Reader = (s) => {
  const v = verbAt(s, 'work', 'work');
  return v && { call: s.call('use_resource', { resource: 'energy', amount: 1, purpose: v.purpose }) };
};

export const rest: Reader = (s) => {
  const v = verbAt(s, 'rest', 'rest');
  return v && { call: s.call('use_resource', { resource: 'time', amount: 1, purpose: v.purpose }) };
};
