import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { expect, it } from 'vitest';
import { TickMsg } from '../adapters/server/protocol.ts';
import { describeWithRedis, REDIS_URL as REDIS } from './helpers/redis.ts';
import { served } from './helpers/serve.ts';

// Several server nodes share rooms through Redis: a tick committed behind node A reaches a client
// connected to node B. Needs a real Redis (CI has one at REDIS_URL): like the other Redis suites, a
// missing Redis is a plain skip locally and a failure under CI=true, never a silent pass.
await describeWithRedis('Socket.IO over the Redis adapter', () => {
  it('a client on another node receives the world room', async () => {
    const a = await served({ redisUrl: REDIS });
    const b = await served({ redisUrl: REDIS });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const s = connect(`http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`, {
      auth: { world: 'shenzhen' },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((done, fail) => {
        s.once('connect', () => done());
        s.once('connect_error', fail);
      });
      // the adapter's subscription is in place once a round trip through Redis has been made
      await b.sockets.io.fetchSockets();
      const got = new Promise<unknown>((done) => s.on('tick', done));
      const events = await a.host.step();
      expect(TickMsg.parse(await got).tick).toBe(events[0].tick);
    } finally {
      s.disconnect();
      await a.close();
      await b.close();
    }
  });
});
