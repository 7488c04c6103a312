/**
 * The world's clock from its tick. A pack's `time` says how many ticks make a day, the hour tick 0
 * falls on, and the hours people sleep. Pure and free of imports: the dashboard bundles it too.
 */
export interface Clock {
  ticksPerDay: number;
  startHour?: number;
  sleep?: { from: number; to: number };
}

/** Minutes since midnight of day 1. */
const minutesAt = (tick: number, c: Clock) => Math.floor((tick * 1440) / c.ticksPerDay) + 60 * (c.startHour ?? 0);

/** Whether the tick falls between two hours of the day (`from` inclusive to `to` exclusive, wrapping past midnight). */
export function between(tick: number, c: Clock, from: number, to: number): boolean {
  const hour = Math.floor((minutesAt(tick, c) % 1440) / 60);
  return from < to ? hour >= from && hour < to : hour >= from || hour < to;
}

/** Whether the tick falls in the sleeping hours. */
export function asleep(tick: number, c: Clock): boolean {
  return c.sleep !== undefined && between(tick, c, c.sleep.from, c.sleep.to);
}

/** Ticks in [from, to) outside the sleeping hours: what a body spends energy over (sleep costs nothing). */
export function awakeTicks(from: number, to: number, c: Clock): number {
  if (!c.sleep || to <= from) return Math.max(0, to - from);
  let n = 0;
  for (let t = from; t < to; t++) if (!asleep(t, c)) n++;
  return n;
}

export function clockOf(tick: number, c: Clock): { day: number; time: string } {
  const minutes = minutesAt(tick, c);
  const inDay = minutes % 1440;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: Math.floor(minutes / 1440) + 1, time: `${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}` };
}
