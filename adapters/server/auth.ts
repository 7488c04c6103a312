import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { HttpError } from './errors.ts';

export const newToken = () => randomBytes(24).toString('base64url');
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

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
  /** sha-256 of a player token -> its actor: what is kept (and saved) is never the token itself */
  private readonly players = new Map<string, string>();

  /**
   * `file`: where player tokens survive a restart (the data directory's `player-tokens.json`), so a
   * player who comes back to a world that continues keeps their character.
   */
  constructor(
    readonly admin: string,
    private readonly file?: string,
  ) {
    if (file && existsSync(file)) {
      for (const [h, actor] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)) this.players.set(h, actor);
    }
  }

  issue(actor: string): string {
    const t = newToken();
    this.players.set(hash(t), actor);
    this.save();
    return t;
  }

  /** Every token of this character stops working (its seat was freed). */
  revoke(actor: string): void {
    let gone = false;
    for (const [h, a] of this.players) if (a === actor) gone = this.players.delete(h);
    if (gone) this.save();
  }

  private save(): void {
    if (!this.file) return;
    // written whole and renamed into place: a crash leaves the old file or the new one
    writeFileSync(`${this.file}.tmp`, JSON.stringify(Object.fromEntries(this.players)), { mode: 0o600 });
    renameSync(`${this.file}.tmp`, this.file);
  }

  isAdmin(token: string | undefined): boolean {
    return token !== undefined && same(token, this.admin);
  }

  /** the actor a player token stands for */
  playerOf(token: string | undefined): string | null {
    return token === undefined ? null : (this.players.get(hash(token)) ?? null);
  }

  /** every actor a player token was issued for */
  actors(): IterableIterator<string> {
    return this.players.values();
  }

  /** a token this server issued (or the admin's) */
  known(token: string | undefined): boolean {
    return this.isAdmin(token) || this.playerOf(token) !== null;
  }

  /**
   * 401 without a token or with one this server does not know (a guess, or a session from before a
   * restart: the client should start over); 403 with a known token that is not the admin's.
   */
  requireAdmin(token: string | undefined, forbidden = 'forbidden'): void {
    if (!this.known(token)) throw new HttpError(401, 'unauthorized');
    if (!this.isAdmin(token)) throw new HttpError(403, forbidden);
  }

  /** 401 as for the admin; 403 with a known token that is not this character's */
  requirePlayer(token: string | undefined, actor: string): void {
    if (!this.known(token)) throw new HttpError(401, 'unauthorized');
    if (this.playerOf(token) !== actor) throw new HttpError(403, 'forbidden');
  }
}

/**
 * One token bucket: `burst` at once, refilled at `perSecond`. The clock is passed in so tests can
 * drive it; this is the server's edge, not simulation code.
 */
export class Bucket {
  private tokens: number;
  private at: number;
  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.tokens = burst;
    this.at = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.perSecond);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }
}

/** A token bucket per player (or per key: a join's address, a player's previews). */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly burst = 5,
    private readonly perSecond = 1,
    private readonly now: () => number = () => Date.now(),
  ) {}

  take(key: string): boolean {
    const b = this.buckets.get(key) ?? this.buckets.set(key, new Bucket(this.burst, this.perSecond, this.now)).get(key)!;
    return b.take();
  }
}
