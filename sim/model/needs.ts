import { asleep, type Clock } from './clock.ts';
import { own } from './ids.ts';
import type { Need } from './scenario.ts';

/**
 * What a body tells its owner as its energy runs down, in order, with the fraction of the pack's
 * energyMax below which each is given. The Judge's clock commits each once on the way down (a
 * `warned` event), well before an empty body collapses; eating well back above a line lifts it.
 * `need`: the same line's word for a need a pack declares beyond energy (`rules.needs.more`), a word
 * that fits any need (the warning names the need itself). One table, so a line without both words
 * does not type-check.
 */
export const WARNINGS = [
  { level: 'hungry', need: 'low', below: 0.5 },
  { level: 'exhausted', need: 'very_low', below: 0.25 },
  { level: 'collapsing', need: 'critical', below: 0.1 },
] as const;
export type WarnLevel = (typeof WARNINGS)[number]['level'];
export type NeedWarnLevel = (typeof WARNINGS)[number]['need'];

/** The resource a `resource_changed` event names for a declared need (never a tool call's resource). */
export const NEED_PREFIX = 'need:';
export const needResource = (need: string) => `${NEED_PREFIX}${need}`;

/** The tag a need whose `atZero` is `weak` puts on an empty body, and takes off once it is raised. */
export const WEAK = 'weak';

/** The part of a body a need's level reads: what it has lost of each need (absent: none, so a body starts full). */
export interface NeedBody {
  needsLost?: Record<string, number>;
}

/** A declared need's level in a body, 0..max. */
export const needLevel = (need: Pick<Need, 'id' | 'max'>, a: NeedBody): number =>
  need.max - ((a.needsLost && own(a.needsLost, need.id)) ?? 0);

/** How pressing a need is, 0 (full) to 1 (empty). */
export const needPressure = (need: Need, a: NeedBody): number => 1 - needLevel(need, a) / need.max;

/** The energy below which a warning is given, in the pack's whole units. */
export const warnBelow = (frac: number, energyMax: number) => Math.ceil(frac * energyMax);

/**
 * A warning stands until the body is back a fifth above its line: a body hovering at the line
 * (a bite here, an hour there) is told once, not at every wobble.
 */
export const rearmAt = (below: number) => below + Math.ceil(below / 5);

/** awake ticks in [0, i) of one day, for i in 0..ticksPerDay; the day repeats exactly, tick for tick */
const prefixes = new WeakMap<Clock, number[]>();
function dayPrefix(c: Clock): number[] {
  let p = prefixes.get(c);
  if (!p) {
    p = [0];
    for (let t = 0; t < c.ticksPerDay; t++) p.push(p[t] + (asleep(t, c) ? 0 : 1));
    prefixes.set(c, p);
  }
  return p;
}

/** Awake ticks in [0, t): what a body has burnt energy over since the world began. */
function awakeBefore(t: number, c: Clock): number {
  const p = dayPrefix(c);
  const days = Math.floor(t / c.ticksPerDay);
  return days * p[c.ticksPerDay] + p[t - days * c.ticksPerDay];
}

/**
 * The energy a body burns over [from, to): the pack's energyPerDay spread over a day's waking ticks,
 * counted in whole units against the world's clock, so the total never depends on how often it is
 * charged (a fraction of a unit is charged at the tick it adds up, the same for everyone).
 */
export function burnt(energyPerDay: number, from: number, to: number, c: Clock): number {
  if (to <= from) return 0;
  const awake = dayPrefix(c)[c.ticksPerDay];
  if (awake === 0) return 0;
  return Math.floor((energyPerDay * awakeBefore(to, c)) / awake) - Math.floor((energyPerDay * awakeBefore(from, c)) / awake);
}
