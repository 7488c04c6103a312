import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { type ActAck, ErrorReply, JoinReply } from '../adapters/server/protocol.ts';
import { served } from './helpers/serve.ts';

let srv: AstinusServer;
let sock: Socket;

beforeAll(async () => {
  srv = await served({ rate: { burst: 1e9, perSecond: 1e9 }, socketBudget: { burst: 1e9, perSecond: 1e9, strikes: 1e9 } });
  const p = JoinReply.parse(
    (await srv.app.inject({ method: 'POST', url: '/api/worlds/shenzhen/players', payload: { name: 'Fuzz', place: 'dongmen' } })).json(),
  );
  await srv.host.step();
  await srv.app.listen({ port: 0, host: '127.0.0.1' });
  sock = connect(`http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`, {
    auth: { world: 'shenzhen', token: p.token },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((done, fail) => {
    sock.once('connect', () => done());
    sock.once('connect_error', fail);
  });
});
afterAll(async () => {
  sock?.disconnect();
  await srv?.close();
});

describe('random socket payloads', () => {
  it('every `act` is acknowledged, a refusal with its reason, and the connection stays', async () => {
    const payload = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.record({
        call: fc.record(
          {
            tool: fc.constantFrom('use_resource', 'interact', 'move', 'create', 'express'),
            args: fc.jsonValue({ maxDepth: 3 }),
            actor: fc.string(),
          },
          { requiredKeys: ['tool'] },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(payload, async (p) => {
        const ack = await new Promise<ActAck>((done) => sock.emit('act', p, done));
        if (!ack.ok) expect(ErrorReply.safeParse(ack.error).success).toBe(true);
        else expect(typeof ack.queuedFor).toBe('number');
      }),
      { numRuns: 200 },
    );
    sock.emit('whatever', 1, 2, 3);
    expect(sock.connected).toBe(true);
    await srv.host.step();
    expect((await srv.app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
  });
});
