import { describe, expect, it } from 'vitest';
import { Metrics } from '../adapters/server/protocol.ts';
import { removeDir, SHENZHEN, spawnAstinus, tempDir } from './helpers/cli.ts';

/** The URL a `serve` child prints once it listens. */
function urlOf(child: ReturnType<typeof spawnAstinus>): Promise<string> {
  let out = '';
  return new Promise((done, fail) => {
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = out.match(/(http:\/\/\S+)/);
      if (m) done(m[1]);
    });
    child.once('exit', (code) => fail(new Error(`exited ${code} before printing its URL: ${out}`)));
  });
}
const history = async (url: string) => Metrics.parse(await (await fetch(`${url}/api/worlds/shenzhen/metrics`)).json()).ticks;

describe("a served world's metrics", () => {
  it('are the same history after the server is killed and started again: rebuilt from the log, every tick from 0', async () => {
    const data = await tempDir('astinus-metrics-serve-');
    const children: ReturnType<typeof spawnAstinus>[] = [];
    try {
      const first = spawnAstinus(['serve', SHENZHEN, '--port', '0', '--tick-ms', '20', '--data', data, '--seed', '5']);
      children.push(first);
      const url = await urlOf(first);
      await expect.poll(async () => (await history(url)).length, { interval: 200 }).toBeGreaterThanOrEqual(12);
      const before = await history(url);
      const killed = new Promise((done) => first.once('exit', done));
      first.kill('SIGKILL');
      await killed;
      // started again, it runs no tick for a long while: what it shows is what it rebuilt
      const again = spawnAstinus(['serve', SHENZHEN, '--port', '0', '--tick-ms', '100000', '--data', data, '--seed', '5']);
      children.push(again);
      const after = await history(await urlOf(again));
      expect(before.map((m) => m.tick)).toEqual([...before.keys()]);
      // the ticks committed after the history was read and before the kill are there too
      expect(after.length).toBeGreaterThanOrEqual(before.length);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(before.at(-1)!.network?.density).toBeGreaterThan(0);
    } finally {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await removeDir(data);
    }
  });
});
