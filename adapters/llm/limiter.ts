/** At most n at once; the rest wait in order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly n: number) {}

  async run<T>(f: () => Promise<T>): Promise<T> {
    if (this.active >= this.n) await new Promise<void>((go) => this.waiting.push(go));
    else this.active++;
    try {
      return await f();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes straight to the next caller
      else this.active--;
    }
  }
}

interface Spent {
  at: number;
  tokens: number;
}

/**
 * Requests and tokens per minute over a sliding window. A request reserves its estimated tokens
 * before it goes out and settles the real figure when the answer arrives. The clock is injected:
 * this is the I/O layer, never simulation code.
 */
export class RateLimiter {
  private readonly window: Spent[] = [];
  constructor(
    private readonly rpm: number,
    private readonly tpm: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /** Wait until one more request of about `tokens` fits; returns the reservation to settle. */
  async acquire(tokens: number): Promise<Spent> {
    for (;;) {
      const t = this.now();
      while (this.window.length && this.window[0].at <= t - 60_000) this.window.shift();
      const used = this.window.reduce((s, x) => s + x.tokens, 0);
      const reqOk = this.rpm === 0 || this.window.length < this.rpm;
      // a single request larger than the whole budget still goes, alone
      const tokOk = this.tpm === 0 || used + tokens <= this.tpm || this.window.length === 0;
      if (reqOk && tokOk) {
        const s = { at: t, tokens };
        this.window.push(s);
        return s;
      }
      await this.sleep(Math.max(1, this.window[0].at + 60_000 - t));
    }
  }

  settle(s: Spent, tokens: number): void {
    s.tokens = tokens;
  }
}
