import type { Reason } from '../model/events.ts';

/**
 * A kind of request that arrives from outside the world between ticks (a player joining, the admin
 * freeing a seat, a researcher's intervention, ...), judged by the phase that owns the kind at the
 * next tick. `id` names it in refusals (and to the player, as the refused request's `callId`);
 * `askedBy` is the player a refusal is told to, or null when the admin or a researcher asked.
 */
export interface RequestKind<R> {
  readonly id: string;
  askedBy(r: R): string | null;
}

/** A request the Judge refused, with why: told to whoever asked (the host) or to the run's log. */
export interface Refusal {
  kind: string;
  askedBy: string | null;
  request: unknown;
  reason: Reason;
}

/**
 * Requests waiting for the next tick, by kind, in the order they came. The server queues into one;
 * each tick takes what is there (`drain`) and each phase takes its own kind. Kinds are keyed by
 * object, so two features cannot collide on an id string.
 */
export class Inbox {
  private readonly byKind = new Map<RequestKind<never>, unknown[]>();

  put<R>(kind: RequestKind<R>, r: R): void {
    const list = this.byKind.get(kind as RequestKind<never>);
    if (list) list.push(r);
    else this.byKind.set(kind as RequestKind<never>, [r]);
  }

  /** What waits of a kind, without taking it (for the server's early refusals and its views). */
  pending<R>(kind: RequestKind<R>): readonly R[] {
    return (this.byKind.get(kind as RequestKind<never>) ?? []) as R[];
  }

  /** Take every request of a kind: its phase judges them. */
  take<R>(kind: RequestKind<R>): R[] {
    const list = (this.byKind.get(kind as RequestKind<never>) ?? []) as R[];
    this.byKind.delete(kind as RequestKind<never>);
    return list;
  }

  /** Replace each waiting request of a kind (the admin closing joining marks the queued joins). */
  update<R>(kind: RequestKind<R>, f: (r: R) => R): void {
    const list = this.byKind.get(kind as RequestKind<never>) as R[] | undefined;
    if (list) this.byKind.set(kind as RequestKind<never>, list.map(f));
  }

  /** Drop every waiting request of a kind that `f` says to (a freed seat's requests go with it). */
  drop<R>(kind: RequestKind<R>, f: (r: R) => boolean): void {
    const list = this.byKind.get(kind as RequestKind<never>) as R[] | undefined;
    if (list)
      this.byKind.set(
        kind as RequestKind<never>,
        list.filter((r) => !f(r)),
      );
  }

  /** Everything waiting, moved into a new inbox for a tick; this one is left empty for the next. */
  drain(): Inbox {
    const out = new Inbox();
    for (const [k, v] of this.byKind) out.byKind.set(k, v);
    this.byKind.clear();
    return out;
  }
}

/** An inbox holding one kind's requests (for a run's interventions, and for tests). */
export function inboxOf<R>(kind: RequestKind<R>, requests: readonly R[]): Inbox {
  const inbox = new Inbox();
  for (const r of requests) inbox.put(kind, r);
  return inbox;
}
