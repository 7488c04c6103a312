import { randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from './errors.ts';

export const newToken = () => randomBytes(24).toString('base64url');

/** `Authorization: Bearer <token>`, or undefined. */
export function bearer(header: string | string[] | undefined): string | undefined {
  const h = Array.isArray(header) ? header[0] : header;
  const m = h?.match(/^Bearer\s+(\S{1,200})$/i);
  return m?.[1];
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Who may do what: the admin token drives the controls; a player token, issued at join, acts as
 * that one character and nobody else; anyone else only observes (if observing is public).
 */
export class Tokens {
  private readonly players = new Map<string, string>();
  constructor(readonly admin: string) {}

  issue(actor: string): string {
    const t = newToken();
    this.players.set(t, actor);
    return t;
  }

  isAdmin(token: string | undefined): boolean {
    return token !== undefined && same(token, this.admin);
  }

  /** the actor a player token stands for */
  playerOf(token: string | undefined): string | null {
    return token === undefined ? null : this.players.get(token) ?? null;
  }

  /** 401 without a token, 403 with one that is not the admin's */
  requireAdmin(token: string | undefined): void {
    if (token === undefined) throw new HttpError(401, 'unauthorized');
    if (!this.isAdmin(token)) throw new HttpError(403, 'forbidden');
  }

  /** 401 without a token, 403 with anyone else's */
  requirePlayer(token: string | undefined, actor: string): void {
    if (token === undefined) throw new HttpError(401, 'unauthorized');
    if (this.playerOf(token) !== actor) throw new HttpError(403, 'forbidden');
  }
}

/**
 * A token bucket per player: `burst` actions at once, refilled at `perSecond`. The clock is passed
 * in so tests can drive it; this is the server's edge, not simulation code.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(private readonly burst = 5, private readonly perSecond = 1, private readonly now: () => number = () => Date.now()) {}

  take(key: string): boolean {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.perSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens--;
    return true;
  }
}
