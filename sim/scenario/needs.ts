import type { Scenario } from '../model/scenario.ts';
import { own } from '../model/ids.ts';
import { jsonPath, type PackIssue } from './errors.ts';
import { type At, refCheck } from './refs.ts';

const FILE = 'scenario.json';

/**
 * The needs a pack declares beyond energy (`rules.needs.more`): each id once and never `energy` (the
 * built-in need, hunger), each satisfied by some item, every item's `satisfies` naming a declared need,
 * a harm at zero one the vocabulary declares, and some purpose that uses things up (`does: eat`) so a
 * satisfying item can be used at all. `vocabulary` is null when vocabulary.json did not parse.
 */
export function needChecks(meta: Scenario['meta'], vocabulary: Scenario['vocabulary'] | null, at: At): void {
  const more = meta.rules.needs.more ?? [];
  const declared = new Set(more.map((n) => n.id));
  const seen = new Set<string>();
  more.forEach((n, i) => {
    const here = ['rules', 'needs', 'more', i];
    if (n.id === 'energy') at(FILE, [...here, 'id'], 'need_is_energy');
    else if (seen.has(n.id)) at(FILE, [...here, 'id'], 'duplicate', { id: n.id });
    seen.add(n.id);
    if (!meta.items.some((it) => it.satisfies && own(it.satisfies, n.id) !== undefined)) at(FILE, here, 'nothing_satisfies', { id: n.id });
    if (typeof n.atZero === 'object' && vocabulary)
      refCheck(at, FILE, [...here, 'atZero', 'harm'], 'unknown_harm_tag', n.atZero.harm, new Set(Object.keys(vocabulary.harm.tags)));
  });
  meta.items.forEach((it, i) => {
    for (const need of Object.keys(it.satisfies ?? {})) refCheck(at, FILE, ['items', i, 'satisfies', need], 'unknown_need', need, declared);
  });
  if (more.length && vocabulary && !Object.values(vocabulary.purposes).some((p) => p.does === 'eat'))
    at('vocabulary.json', ['purposes'], 'need_no_use');
}

/**
 * A declared need whose satisfying things nobody sells and nobody carries: legal (a story may hand them
 * out), but as the pack stands every body runs out of it. `validate` warns and still passes.
 */
export function needWarnings(s: Scenario): PackIssue[] {
  const out: PackIssue[] = [];
  (s.meta.rules.needs.more ?? []).forEach((n, i) => {
    const by = new Set(s.meta.items.filter((it) => it.satisfies && own(it.satisfies, n.id) !== undefined).map((it) => it.id));
    if (by.size === 0) return;
    const sold = s.places.some((p) => p.sells.some((id) => by.has(id)));
    const held = s.actors.some((a) => Object.keys(a.body.inventory).some((id) => by.has(id) && a.body.inventory[id] > 0));
    if (!sold && !held)
      out.push({
        file: FILE,
        path: jsonPath(['rules', 'needs', 'more', i]),
        reason: { key: 'pack.need_out_of_reach', params: { id: n.id } },
      });
  });
  return out;
}
