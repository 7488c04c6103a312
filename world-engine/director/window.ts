import type { Event } from '../../sim/model/events.ts';

/**
 * What the director's measures read of the ticks before one: how many conflicts there were (hostile
 * words, thefts), and when something last happened to someone (they were spoken to, paid, told
 * something, hurt, brought down or up, given a tag). Ticks older than the pack's window are not seen.
 */
export interface Recent {
  /** conflicts in the window's ticks before `tick` */
  conflicts(tick: number): number;
  /** the last of the window's ticks before `tick` when something happened to one of `who` (to anyone when null), or null */
  lastTouched(tick: number, who: ReadonlySet<string> | null): number | null;
}

/** A world younger than its first tick, or with no window kept: nothing happened. */
export const NOTHING_RECENT: Recent = { conflicts: () => 0, lastTouched: () => null };

/**
 * The recent past as counts per tick and the last tick each person was touched, not the events
 * themselves: a window of a crowded world's ticks holds hundreds of thousands of them, which the collector
 * would carry from tick to tick. It is a function of the committed log only, so a world reopened from
 * its store primes it from its last ticks and measures exactly what an uninterrupted run would.
 * It answers for ticks after the last one added (the tick being run, or the next).
 */
export class DirectorWindow implements Recent {
  private readonly conflictsAt = new Map<number, number>();
  private readonly touched = new Map<string, number>();
  private lastAny = -1;
  private newest = -1;
  constructor(readonly ticks: number) {}

  /** Add one committed tick's events (in order); counts older than the window are dropped. */
  add(events: readonly Event[]): void {
    for (const e of events) {
      switch (e.type) {
        case 'addressed':
          this.touch(e.tick, e.actor, e.hostile);
          break;
        case 'transfer':
          this.touch(e.tick, e.from, e.reason === 'theft');
          this.touch(e.tick, e.to, false);
          break;
        case 'fact_learned':
          if (e.from !== e.actor) this.touch(e.tick, e.actor, false);
          break;
        case 'status_changed':
        case 'tag_added':
        case 'joined':
          this.touch(e.tick, e.actor, false);
          break;
        case 'check_rolled':
          if (e.target) this.touch(e.tick, e.target, false);
          break;
      }
      if (e.tick > this.newest) this.newest = e.tick;
    }
    for (const t of this.conflictsAt.keys()) if (t <= this.newest - this.ticks) this.conflictsAt.delete(t);
  }

  conflicts(tick: number): number {
    this.answers(tick);
    let n = 0;
    for (const [t, c] of this.conflictsAt) if (this.within(t, tick)) n += c;
    return n;
  }

  lastTouched(tick: number, who: ReadonlySet<string> | null): number | null {
    this.answers(tick);
    let last = -1;
    if (who === null) last = this.lastAny;
    else for (const id of who) last = Math.max(last, this.touched.get(id) ?? -1);
    return last >= 0 && this.within(last, tick) ? last : null;
  }

  private touch(tick: number, who: string, conflict: boolean): void {
    this.touched.set(who, tick);
    this.lastAny = tick;
    if (conflict) this.conflictsAt.set(tick, (this.conflictsAt.get(tick) ?? 0) + 1);
  }

  /** the window's ticks before `tick`: (tick - 1 - window, tick) */
  private within(t: number, tick: number): boolean {
    return t < tick && t > tick - 1 - this.ticks;
  }

  /** Only the last tick a person was touched is kept: a question about an earlier tick has no answer here. */
  private answers(tick: number): void {
    if (tick <= this.newest)
      throw new Error(`the director's window holds tick ${this.newest}: it cannot tell what was before tick ${tick}`);
  }
}
