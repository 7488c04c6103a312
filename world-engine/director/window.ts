import type { Event } from '../../sim/model/events.ts';

/**
 * What the director's measures read of the recent past: one line per event that was a conflict
 * (hostile words, a theft) or that happened to someone (they were spoken to, paid, told something,
 * hurt, brought down or up, given a tag), kept for the pack's window of ticks. It is a function of the
 * committed log only, so a world reopened from its store primes it from its last ticks and measures
 * exactly what an uninterrupted run would.
 */
export interface Touch {
  tick: number;
  conflict: boolean;
  who: string[];
}

export class DirectorWindow {
  private lines: Touch[] = [];
  constructor(readonly ticks: number) {}

  /** Add one committed tick's events (in order); lines older than the window are dropped. */
  add(events: readonly Event[]): void {
    for (const e of events) {
      const t = touchOf(e);
      if (t) this.lines.push(t);
    }
    const last = events.length ? events[events.length - 1].tick : null;
    if (last === null) return;
    // lines come a tick at a time, oldest first: the old ones are a prefix, cut off without copying the window's thousands
    let old = 0;
    while (old < this.lines.length && this.lines[old].tick <= last - this.ticks) old++;
    if (old > 0) this.lines.splice(0, old);
  }

  /** The lines of ticks in (tick - window, tick), oldest first. */
  before(tick: number): readonly Touch[] {
    return this.lines.filter((l) => l.tick < tick && l.tick > tick - 1 - this.ticks);
  }
}

function touchOf(e: Event): Touch | null {
  switch (e.type) {
    case 'addressed':
      return { tick: e.tick, conflict: e.hostile, who: [e.actor] };
    case 'transfer':
      return { tick: e.tick, conflict: e.reason === 'theft', who: [e.from, e.to] };
    case 'fact_learned':
      return e.from === e.actor ? null : { tick: e.tick, conflict: false, who: [e.actor] };
    case 'status_changed':
    case 'tag_added':
    case 'joined':
      return { tick: e.tick, conflict: false, who: [e.actor] };
    case 'check_rolled':
      return e.target ? { tick: e.tick, conflict: false, who: [e.target] } : null;
    default:
      return null;
  }
}
