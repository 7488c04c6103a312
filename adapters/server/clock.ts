import type { Logger } from '../../sim/log.ts';
import type { WorldHost } from './host.ts';

/**
 * The real-time loop: a tick every `tickMs` unless paused. Turn-based (docs/design.md, Player pace),
 * a tick also waits until every player here who can act has queued a call or passed, for at most the
 * host's `waitMs`; those it still waits for then are found away, and the tick runs without them (a
 * world with no player here runs on the timer). The clock is the server's edge: the world itself
 * never reads it.
 */
export class Clock {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private running: Promise<void> | null = null;
  /** when the world began to wait for its players for the next tick (wall-clock ms), or null */
  private waitingSince: number | null = null;

  constructor(
    private readonly host: WorldHost,
    private readonly log?: Logger,
  ) {
    // turn-based: a player's queued call may be the last one missing, so look again at once
    host.onQueue(() => {
      if (host.turnBased) this.kick(0);
    });
  }

  start(): void {
    this.stopped = false;
    this.kick(this.host.tickMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Resolves once no tick is in flight, so the reply's tick is the last one committed. */
  async pause(): Promise<void> {
    this.host.paused = true;
    this.host.emitStatus();
    await this.running;
  }

  resume(): void {
    this.host.paused = false;
    this.host.emitStatus();
    this.kick(this.host.tickMs);
  }

  speed(tickMs: number): void {
    this.host.tickMs = tickMs;
    this.host.emitStatus();
    this.kick(tickMs);
  }

  /** One tick now, paused or not (the admin's `step`). */
  async stepOnce(): Promise<void> {
    await this.host.step();
  }

  private kick(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.fire(), ms);
  }

  private async fire(): Promise<void> {
    this.timer = null;
    if (this.stopped || this.host.paused || this.running) return;
    const waiting = this.host.turnBased ? this.host.waitingFor() : [];
    if (waiting.length) {
      const now = Date.now();
      this.waitingSince ??= now;
      const left = this.waitingSince + this.host.waitMs - now;
      if (left > 0) {
        this.host.emitStatus();
        // the next queued call kicks us; the limit, when there is one, too
        if (Number.isFinite(left)) this.kick(left);
        return;
      }
      for (const id of waiting) this.host.absent(id, 'quiet');
    }
    this.waitingSince = null;
    this.running = this.tick();
    await this.running;
    this.running = null;
    this.kick(this.host.tickMs);
  }

  private async tick(): Promise<void> {
    try {
      await this.host.step();
    } catch (err) {
      // a tick that fails is not committed; the world stays at the last committed tick, paused
      this.log?.error({ err }, 'tick failed; pausing');
      this.host.paused = true;
      this.host.emitStatus();
    }
  }
}
