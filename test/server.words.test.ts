import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { readToolCall } from '../bots/brains/llm/tools.ts';
import { WORDS_MAX } from '../sim/model/text.ts';
import { neutralise } from '../adapters/llm/fence.ts';
import type { AstinusServer } from '../adapters/server/app.ts';
import { type ActAck, ErrorReply, JoinReply } from '../adapters/server/protocol.ts';
import { auth, served } from './helpers/serve.ts';

// One cap on anyone's own words, at the door: a shout of 60,000 characters is a 400, and nothing of it reaches the log.

let srv: AstinusServer;
let sock: Socket | undefined;
afterEach(async () => {
  sock?.disconnect();
  sock = undefined;
  await srv?.close();
});

const W = '/api/worlds/shenzhen';
const shout = (n: number) => ({ call: { tool: 'express', args: { channel: 'shout', content: { text: 'a'.repeat(n) } } } });

async function joined() {
  srv = await served({ rate: { burst: 1e6, perSecond: 1e6 } });
  const p = JoinReply.parse(
    (await srv.app.inject({ method: 'POST', url: `${W}/players`, payload: { name: 'Loud', place: 'huaqiangbei' } })).json(),
  );
  await srv.host.step();
  return p;
}

/** everything the store keeps for the world and this player */
async function logSize(actor: string): Promise<number> {
  const { store } = srv.host.world;
  let n = 0;
  for await (const e of store.readEvents(0, srv.host.world.tick)) n += JSON.stringify(e).length;
  for (const kind of ['messages', 'memory'] as const) n += JSON.stringify(await store.readRecords(kind, actor, { limit: 10_000 })).length;
  return n;
}

describe('the words cap', () => {
  it("is the prompts' cut too: what the door lets in is never cut in a prompt", () => {
    expect(neutralise('a'.repeat(WORDS_MAX))).toBe('a'.repeat(WORDS_MAX));
    expect([...neutralise('a'.repeat(WORDS_MAX + 1))]).toHaveLength(WORDS_MAX);
  });

  it('refuses ten 60,000-character shouts over REST with a 400 and the log barely grows', async () => {
    const p = await joined();
    await srv.sessions.settle();
    const before = await logSize(p.actorId);
    for (let i = 0; i < 10; i++) {
      const r = await srv.app.inject({
        method: 'POST',
        url: `${W}/players/${p.actorId}/act`,
        payload: shout(60_000),
        headers: auth(p.token),
      });
      expect(r.statusCode).toBe(400);
      const body = ErrorReply.parse(r.json());
      expect(body.code).toBe('bad_request');
      expect(body.message.en).toContain(String(WORDS_MAX));
    }
    for (const url of ['intent', 'preview']) {
      const payload = url === 'intent' ? { text: 'a'.repeat(60_000) } : shout(60_000);
      expect(
        (await srv.app.inject({ method: 'POST', url: `${W}/players/${p.actorId}/${url}`, payload, headers: auth(p.token) })).statusCode,
      ).toBe(400);
    }
    await srv.host.step();
    await srv.sessions.settle();
    expect((await logSize(p.actorId)) - before).toBeLessThan(10_000);
    // at the cap it is still said
    const ok = await srv.app.inject({
      method: 'POST',
      url: `${W}/players/${p.actorId}/act`,
      payload: shout(WORDS_MAX),
      headers: auth(p.token),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses the same over the socket with an error ack', async () => {
    const p = await joined();
    await srv.app.listen({ port: 0, host: '127.0.0.1' });
    await srv.sessions.settle();
    const before = await logSize(p.actorId);
    const s = connect(`http://127.0.0.1:${(srv.app.server.address() as AddressInfo).port}`, {
      auth: { world: 'shenzhen', token: p.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sock = s;
    await new Promise<void>((done, fail) => {
      s.once('connect', () => done());
      s.once('connect_error', fail);
    });
    for (let i = 0; i < 10; i++) {
      const ack = await new Promise<ActAck>((done) => s.emit('act', shout(60_000), done));
      expect(ack.ok).toBe(false);
      if (!ack.ok) expect(ack.error.code).toBe('bad_request');
    }
    await srv.host.step();
    await srv.sessions.settle();
    expect((await logSize(p.actorId)) - before).toBeLessThan(10_000);
  });

  it("holds a model's speech to it when its tool call is read", async () => {
    srv = await served();
    const { words } = srv.host.world.cat;
    const call = (n: number) => ({
      tool_calls: [
        {
          id: 't',
          type: 'function',
          function: { name: 'express', arguments: JSON.stringify({ channel: 'shout', content: 'b'.repeat(n) }) },
        },
      ],
    });
    expect(readToolCall(call(WORDS_MAX) as never, 'a', 'c', words).ok).toBe(true);
    const long = readToolCall(call(WORDS_MAX + 1) as never, 'a', 'c', words);
    expect(long.ok).toBe(false);
  });
});
