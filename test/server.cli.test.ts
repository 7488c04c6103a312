import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ControlReply, IntentReply, JoinReply, WorldSummary } from '../adapters/server/protocol.ts';
import { SHENZHEN, spawnAstinus } from './helpers/cli.ts';

const seen = new WeakMap<object, { text: string }>();

/** Wait until the child's stdout (all of it, from the start) matches: two lines may come in one chunk. */
function waitFor(child: ReturnType<typeof spawnAstinus>, re: RegExp): Promise<RegExpMatchArray> {
  let out = seen.get(child);
  if (!out) {
    const o = { text: '' };
    seen.set(child, (out = o));
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      o.text += c;
    });
  }
  const o = out;
  return new Promise((done, fail) => {
    const check = () => {
      const m = o.text.match(re);
      if (!m) return false;
      child.stdout!.off('data', check);
      done(m);
      return true;
    };
    if (check()) return;
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      if (!check()) fail(new Error(`exited ${code} before ${re}: ${o.text}`));
    });
  });
}

describe('astinus serve', () => {
  it('serves, prints its URL and the admin token, obeys it, and stops cleanly on SIGTERM keeping every tick', async () => {
    const data = await mkdtemp(path.join(tmpdir(), 'astinus-serve-'));
    try {
      const child = spawnAstinus(['serve', SHENZHEN, '--port', '0', '--tick-ms', '20', '--data', data], {
        env: { ASTINUS_ADMIN_TOKEN: '' },
      });
      const [, url] = await waitFor(child, /(http:\/\/\S+)/);
      const [, token] = await waitFor(child, /Admin token[^:]*: (\S+)/);
      const worlds = WorldSummary.array().parse(await (await fetch(`${url}/api/worlds`)).json());
      expect(worlds[0].id).toBe('shenzhen');
      const control = (auth: string) =>
        fetch(`${url}/api/worlds/shenzhen/control`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` },
          body: JSON.stringify({ action: 'pause' }),
        });
      expect((await control('wrong')).status).toBe(401);
      // a player joins (and is in once a tick has run), then the server stops
      const joined = JoinReply.parse(
        await (
          await fetch(`${url}/api/worlds/shenzhen/players`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Ada', place: 'dongmen' }),
          })
        ).json(),
      );
      await expect.poll(async () => (await fetch(`${url}/api/worlds/shenzhen/actors/${joined.actorId}`)).status).toBe(200);
      const paused = ControlReply.parse(await (await control(token)).json());
      expect(paused.paused).toBe(true);
      const stopped = waitFor(child, /Stopped at tick (-?\d+)/);
      // and says what came in with the joins, by the source the pack books it under
      const joins = waitFor(child, /players joined: 1, bringing 500 yuan \(Newcomers' savings \+500\)/);
      const exit = new Promise<number | null>((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const [, last] = await stopped;
      await joins;
      expect(await exit).toBe(0);
      expect(Number(last)).toBeGreaterThanOrEqual(paused.tick);
      // the log holds every tick up to where it stopped: a rerun continues from there
      const again = spawnAstinus(['serve', SHENZHEN, '--port', '0', '--tick-ms', '100000', '--data', data]);
      const [, url2] = await waitFor(again, /(http:\/\/\S+)/);
      const w2 = WorldSummary.array().parse(await (await fetch(`${url2}/api/worlds`)).json());
      expect(w2[0].tick).toBe(Number(last));
      // the player's token still stands for their character after the restart
      const intent = await fetch(`${url2}/api/worlds/shenzhen/players/${joined.actorId}/intent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${joined.token}` },
        body: JSON.stringify({ text: 'go to Shekou' }),
      });
      expect(intent.status).toBe(200);
      expect(IntentReply.parse(await intent.json()).call).toMatchObject({ tool: 'move', args: { destination: 'shekou' } });
      const exit2 = new Promise<number | null>((done) => again.once('exit', done));
      again.kill('SIGTERM');
      expect(await exit2).toBe(0);
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });

  it('refuses bad flags with the usage', async () => {
    const child = spawnAstinus(['serve', SHENZHEN, '--tick-ms', 'fast']);
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (c: string) => {
      err += c;
    });
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(2);
    expect(err).toContain('astinus serve');
  });
});
