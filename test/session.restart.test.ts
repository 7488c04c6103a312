/**
 * A restarted server resumes every session: `astinus serve --data` is killed with SIGKILL mid-run and
 * started again on the same data directory; the player's token still stands for them, and their
 * session, messages and memory records read exactly as before, through the API and on the socket.
 */
import type { ChildProcess } from 'node:child_process';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { ActorDetail, ControlReply, JoinReply, SESSION_EVENT, SessionReply } from '../adapters/server/protocol.ts';
import { removeDir, SHENZHEN, spawnAstinus, tempDir } from './helpers/cli.ts';

const ADMIN = 'restart-admin-token';

function serve(data: string, tickMs: number): { child: ChildProcess; url: Promise<string> } {
  const child = spawnAstinus(['serve', SHENZHEN, '--port', '0', '--tick-ms', String(tickMs), '--wait-ms', '0', '--data', data], {
    env: { ASTINUS_ADMIN_TOKEN: ADMIN },
  });
  let out = '';
  const url = new Promise<string>((done, fail) => {
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = /(http:\/\/\S+)/.exec(out);
      if (m) done(m[1]);
    });
    child.once('exit', (code) => fail(new Error(`serve exited ${code}: ${out}`)));
  });
  return { child, url };
}

const json = (token?: string) => ({ 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });

describe('a session survives SIGKILL and a restart with the same --data', () => {
  it('the same token, session, messages and memory records, through the API and the socket', async () => {
    const data = await tempDir('astinus-restart-');
    const children: ChildProcess[] = [];
    try {
      const first = serve(data, 30);
      children.push(first.child);
      const url = await first.url;
      const w = `${url}/api/worlds/shenzhen`;
      const ada = JoinReply.parse(
        await (
          await fetch(`${w}/players`, { method: 'POST', headers: json(), body: JSON.stringify({ name: 'Ada', place: 'dongmen' }) })
        ).json(),
      );
      await expect.poll(async () => (await fetch(`${w}/actors/${ada.actorId}`)).status).toBe(200);
      // her words, a move, then all her strength given away: she collapses, which she will remember
      const said = await fetch(`${w}/players/${ada.actorId}/intent`, {
        method: 'POST',
        headers: json(ada.token),
        body: JSON.stringify({ text: 'go to Shekou' }),
      });
      expect(said.status).toBe(200);
      const energy = ActorDetail.parse(await (await fetch(`${w}/actors/${ada.actorId}`)).json()).body.resources.energy;
      const gift = { tool: 'use_resource', args: { resource: 'energy', amount: energy, purpose: 'gift', target: 'he_wenbo' } };
      expect(
        (await fetch(`${w}/players/${ada.actorId}/act`, { method: 'POST', headers: json(ada.token), body: JSON.stringify({ call: gift }) }))
          .status,
      ).toBe(200);
      const session = async (base: string, token: string) => {
        const r = await fetch(`${base}/api/worlds/shenzhen/players/${ada.actorId}/session?limit=200&memory=200`, { headers: json(token) });
        expect(r.status).toBe(200);
        return SessionReply.parse(await r.json());
      };
      await expect
        .poll(async () => (await session(url, ada.token)).memory.map((m) => m.kind), { interval: 200 })
        .toContain('status_changed');
      // a few more ticks of the world, then it is paused so that what is read is what is on disk
      const paused = ControlReply.parse(
        await (await fetch(`${w}/control`, { method: 'POST', headers: json(ADMIN), body: JSON.stringify({ action: 'pause' }) })).json(),
      );
      expect(paused.paused).toBe(true);
      // a tick in flight when the pause came still finishes: read until two reads agree
      let before = await session(url, ada.token);
      for (
        let again = await session(url, ada.token);
        JSON.stringify(again) !== JSON.stringify(before);
        again = await session(url, ada.token)
      ) {
        before = again;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(before.messages.items.some((m) => m.kind === 'intent')).toBe(true);
      expect(before.messages.items.some((m) => m.kind === 'call')).toBe(true);
      expect(before.messages.items.some((m) => m.from === 'gm')).toBe(true);
      // Shenzhen has a story: it began when she joined; then she collapsed
      expect(before.memory.map((m) => m.kind).slice(0, 1)).toEqual(['story_started']);
      expect(before.memory.find((m) => m.kind === 'status_changed')).toMatchObject({
        summary: { en: expect.any(String), cn: expect.any(String) },
      });
      expect(before.session?.story).toBe('thirty_days');

      const killed = new Promise((done) => first.child.once('exit', done));
      first.child.kill('SIGKILL');
      await killed;

      const second = serve(data, 600_000);
      children.push(second.child);
      const url2 = await second.url;
      // her token still stands for her; everything reads as it did
      const after = await session(url2, ada.token);
      expect(after).toEqual(before);
      expect(await session(url2, ADMIN)).toEqual(before);
      // the socket of a player who comes back gets her session at once
      const sock = connect(url2, { auth: { world: 'shenzhen', token: ada.token }, transports: ['websocket'], reconnection: false });
      try {
        const pushed = await new Promise<unknown>((done, fail) => {
          sock.once(SESSION_EVENT, done);
          sock.once('connect_error', fail);
        });
        expect(SessionReply.parse(pushed)).toEqual(before);
      } finally {
        sock.disconnect();
      }
    } finally {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await removeDir(data);
    }
  });
});
