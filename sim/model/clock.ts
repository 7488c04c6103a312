/**
 * The world's clock from its tick: a pack's `time.ticksPerDay` says how long a tick is, so tick 0 is
 * day 1 at 00:00. Pure and free of imports: the dashboard bundles it too.
 */
/** Whether the tick falls in the pack's sleeping hours (`from` inclusive to `to` exclusive, wrapping past midnight). */
export function asleep(tick: number, ticksPerDay: number, sleep: { from: number; to: number } | undefined): boolean {
  if (!sleep) return false;
  const hour = Math.floor((((tick * 1440) / ticksPerDay) % 1440) / 60);
  return sleep.from < sleep.to ? hour >= sleep.from && hour < sleep.to : hour >= sleep.from || hour < sleep.to;
}

/** Ticks in [from, to) that are not sleeping hours: what a body spends energy over (sleep costs nothing). */
export function awakeTicks(from: number, to: number, ticksPerDay: number, sleep: { from: number; to: number } | undefined): number {
  if (!sleep || to <= from) return Math.max(0, to - from);
  let n = 0;
  for (let t = from; t < to; t++) if (!asleep(t, ticksPerDay, sleep)) n++;
  return n;
}

export function clockOf(tick: number, ticksPerDay: number): { day: number; time: string } {
  const minutes = Math.floor((tick * 1440) / ticksPerDay);
  const inDay = minutes % 1440;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: Math.floor(minutes / 1440) + 1, time: `${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}` };
}
