import type { Scenario } from '../model/scenario.ts';
import { jsonPath, type PackIssue } from './errors.ts';
import { inkReach } from './ink-reach.ts';
import { classWarnings } from './grants.ts';
import { fundWarnings } from './funds.ts';
import { needWarnings } from './needs.ts';

/**
 * What is legal but probably not meant: a declared money sink nothing spends into, a source nothing
 * draws from, sources that can create far more in a day than eating takes, a story ending nothing reaches,
 * a story condition the pack's world can never meet,
 * a class only a role that teaches anything can open, a need nothing within reach satisfies. `validate` prints these and still passes: the pack runs, the books just never use them.
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
  const flow = moneyFlow(s);
  if (flow.sinks > 0 && flow.sources > OUTRUN * flow.sinks)
    out.push({
      file: 'scenario.json',
      path: jsonPath(['rules', 'money', 'sources']),
      reason: {
        key: 'pack.sources_outrun_sinks',
        params: { created: Math.round(flow.sources), taken: Math.round(flow.sinks), times: (flow.sources / flow.sinks).toFixed(1) },
      },
    });
  out.push(...classWarnings(s, s.story ?? null));
  out.push(...fundWarnings(s));
  out.push(...needWarnings(s));
  if (s.story) out.push(...inkReach(s.story, new Set(s.places.map((p) => p.id))).warnings);
  return out;
}

/** How many times what the sources can create a day may exceed what eating takes before `validate` warns. */
const OUTRUN = 3;

/**
 * A rough day of money, from the pack's own numbers (README, Open or closed economy): what its sources can
 * create (every job's crew working a shift per heartbeat of the waking hours, every earning thing the pack
 * places, or one of each, earning at its chance; a source's `perDay` caps it) against what its people must
 * spend to eat (the day's energy, living and working, at the median price of a unit of food). Travel, goods and upkeep are left
 * out: they take more, so an economy this warns about grows faster still only if nobody travels or buys.
 */
export function moneyFlow(s: Scenario): { sources: number; sinks: number } {
  const time = s.vocabulary.time;
  const sleep = time.sleep ? (time.sleep.to - time.sleep.from + 24) % 24 : 0;
  const waking = (time.ticksPerDay * (24 - sleep)) / 24;
  const beats = s.actors.map((a) => a.heartbeat).sort((a, b) => a - b);
  const heartbeat = beats[Math.floor(beats.length / 2)] ?? 1;
  const by = new Map<string, number>();
  const add = (source: string, amount: number) => by.set(source, (by.get(source) ?? 0) + amount);
  for (const j of s.meta.jobs) if (j.source) add(j.source, (j.wage * j.capacity * waking) / heartbeat);
  for (const t of s.templates)
    for (const e of t.effects)
      if (e.type === 'income' && e.source) {
        const placed = s.entities.filter((x) => x.template === t.id).length;
        add(e.source, e.chance * ((e.min + e.max) / 2) * time.ticksPerDay * Math.max(1, placed));
      }
  let sources = 0;
  for (const x of s.meta.rules.money.sources) sources += Math.min(by.get(x.id) ?? 0, x.perDay ?? Infinity);
  const perEnergy = s.meta.items
    .filter((i) => i.energy > 0)
    .map((i) => i.price / i.energy)
    .sort((a, b) => a - b);
  const price = perEnergy[Math.floor(perEnergy.length / 2)] ?? 0;
  // a day's energy: living, and each crew's shifts (a full crew, or as many people as there are)
  let crew = s.actors.length;
  let energy = s.actors.length * s.meta.rules.needs.energyPerDay;
  for (const j of s.meta.jobs) {
    const hands = Math.min(j.capacity, crew);
    crew -= hands;
    energy += (hands * j.energy * waking) / heartbeat;
  }
  return { sources, sinks: energy * price };
}
