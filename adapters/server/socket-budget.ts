import type { Socket } from 'socket.io';
import { Bucket } from './auth.ts';
import { errorBody } from './errors.ts';
import type { ActAck } from './protocol.ts';

/** A connection's messages: `burst` at once, `perSecond` after; more than `strikes` refused in a row ends the connection. */
export interface SocketBudget {
  burst: number;
  perSecond: number;
  strikes: number;
}
export const SOCKET_BUDGET: SocketBudget = { burst: 20, perSecond: 5, strikes: 40 };

/** An event packet of the main namespace, as the engine carries it: `2…`, or `5<n>-…` with binary attachments. */
const EVENT = /^(?:2|5\d+-)(?!\/)/;

/**
 * Meter a connection's messages before anything reads them. Every engine message costs a token,
 * counted before Socket.IO decodes it; an event over budget is dropped before any handler sees it
 * (a `rate_limited` ack when it asked for one); a connection that keeps sending over budget is
 * closed, after which its packets are not even decoded. Each connection has its own bucket, so a
 * flood costs its sender, not the tick.
 */
export function meter(socket: Socket, o: SocketBudget, now?: () => number): void {
  const bucket = new Bucket(o.burst, o.perSecond, now);
  // Socket.IO hands a decoded event on a tick later, in order: each waits for its verdict here
  const verdicts: boolean[] = [];
  let strikes = 0;
  socket.conn.on('packet', (p: { type: string; data?: unknown }) => {
    if (p.type !== 'message') return;
    const ok = bucket.take();
    strikes = ok ? 0 : strikes + 1;
    // closing here takes the decoder off the connection before this packet's data reaches it
    if (strikes > o.strikes) return void socket.disconnect(true);
    if (typeof p.data === 'string' && EVENT.test(p.data)) verdicts.push(ok);
  });
  socket.use((event, next) => {
    if (verdicts.shift()) return next();
    const ack = event[event.length - 1];
    if (typeof ack === 'function') (ack as (a: ActAck) => void)({ ok: false, error: errorBody('rate_limited') });
  });
}
