import type { Scenario } from '../model/scenario.ts';
import { jsonPath, type PackIssue } from './errors.ts';
import { inkReach } from './ink-reach.ts';

/**
 * What is legal but probably not meant: a declared money sink nothing spends into, a source nothing
 * draws from, a story ending nothing reaches, a story condition the pack's world can never meet. `validate` prints these and still passes: the pack runs, the books just never use them.
 */
export function packWarnings(s: Scenario): PackIssue[] {
  const v = s.vocabulary;
  const effects = s.templates.flatMap((t) => t.effects);
  const spent = new Set<string>([
    v.spending,
    ...Object.values(v.modes).flatMap((m) => (m.sink ? [m.sink] : [])),
    ...Object.values(v.purposes).flatMap((p) => (p.sink ? [p.sink] : [])),
    ...Object.values(v.kinds).flatMap((k) => (k.sink ? [k.sink] : [])),
    ...effects.flatMap((e) => (e.type === 'upkeep' ? [e.sink] : [])),
  ]);
  const drawn = new Set<string>([
    ...s.meta.jobs.flatMap((j) => (j.source ? [j.source] : [])),
    ...Object.values(v.purposes).flatMap((p) => (p.source ? [p.source] : [])),
    ...effects.flatMap((e) => (e.type === 'income' && e.source ? [e.source] : [])),
    ...(s.meta.rules.players.source ? [s.meta.rules.players.source] : []),
  ]);
  const out: PackIssue[] = [];
  s.meta.rules.money.sinks.forEach((x, i) => {
    if (!spent.has(x.id))
      out.push({
        file: 'scenario.json',
        path: jsonPath(['rules', 'money', 'sinks', i]),
        reason: { key: 'pack.unused_sink', params: { id: x.id } },
      });
  });
  s.meta.rules.money.sources.forEach((x, i) => {
    if (!drawn.has(x.id))
      out.push({
        file: 'scenario.json',
        path: jsonPath(['rules', 'money', 'sources', i]),
        reason: { key: 'pack.unused_source', params: { id: x.id } },
      });
  });
  if (s.story) out.push(...inkReach(s.story, new Set(s.places.map((p) => p.id))).warnings);
  return out;
}
