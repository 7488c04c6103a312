/**
 * The world's clock from its tick: a pack's `time.ticksPerDay` says how long a tick is, so tick 0 is
 * day 1 at 00:00. Pure and free of imports: the dashboard bundles it too.
 */
export function clockOf(tick: number, ticksPerDay: number): { day: number; time: string } {
  const minutes = Math.floor((tick * 1440) / ticksPerDay);
  const inDay = minutes % 1440;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: Math.floor(minutes / 1440) + 1, time: `${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}` };
}
