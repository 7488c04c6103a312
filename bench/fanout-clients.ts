/**
 * The observers of bench/fanout.ts, in their own process: N Socket.IO clients on loopback. Prints
 * one JSON line when all are connected, then one per tick once the last client has it, with the
 * wall time (timeOrigin + now, comparable across processes on one machine).
 */
import { io, type Socket } from 'socket.io-client';

const [url, world, nArg] = process.argv.slice(2);
const n = Number(nArg);
const got = new Map<number, number>();
const sockets: Socket[] = [];
let connected = 0;
const say = (o: object) => process.stdout.write(JSON.stringify(o) + '\n');

for (let i = 0; i < n; i++) {
  const s = io(url, { auth: { world }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(s);
  s.once('connect', () => {
    if (++connected === n) say({ stage: 'ready' });
  });
  s.once('connect_error', (err) => {
    say({ stage: 'error', message: err.message });
    process.exit(1);
  });
  s.on('tick', (m: { tick: number }) => {
    const c = (got.get(m.tick) ?? 0) + 1;
    got.set(m.tick, c);
    if (c === n) {
      say({ stage: 'tick', tick: m.tick, at: performance.timeOrigin + performance.now() });
      got.delete(m.tick);
    }
  });
}
process.on('SIGTERM', () => {
  for (const s of sockets) s.disconnect();
  process.exit(0);
});
