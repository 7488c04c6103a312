import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astinus, REPO, RIVERFORD, removeDir, tempDir } from './helpers/cli.ts';

/**
 * `bin/astinus.mjs` runs the CLI compiled from the sources (bin/compiled.mjs), rebuilt when a source
 * changes, and the sources through tsx where it cannot compile: the same world either way.
 */
describe('the compiled CLI', () => {
  let root: string;
  let base: string;
  let cache: string;
  const builds = async () => (await readdir(cache)).filter((d) => d.startsWith('build-'));
  const pointer = async () =>
    JSON.parse(await readFile(path.join(cache, 'current.json'), 'utf8')) as { dir: string; inputs: Record<string, string> };

  beforeAll(async () => {
    root = await tempDir('astinus-compiled-');
    // a cache of this test's own, where the bundle still finds the packages: under node_modules
    await mkdir(path.join(REPO, 'node_modules', '.cache'), { recursive: true });
    base = await mkdtemp(path.join(REPO, 'node_modules', '.cache', 'astinus-test-'));
  });
  afterAll(() => Promise.all([removeDir(root), removeDir(base)]));

  it('runs the same world as the sources, byte for byte', async () => {
    const exported: Buffer[] = [];
    for (const env of [{ ASTINUS_CACHE: base }, { ASTINUS_SOURCES: '1' }]) {
      const data = path.join(root, `data-${exported.length}`);
      const run = await astinus(['run', RIVERFORD, '--ticks', '6', '--seed', '3', '--data', data, '--quiet'], { env });
      expect(run.code, run.stderr).toBe(0);
      const out = await astinus(['export', data], { env });
      expect(out.code, out.stderr).toBe(0);
      exported.push(out.stdoutBytes);
    }
    expect(exported[0].length).toBeGreaterThan(1000);
    expect(exported[0].equals(exported[1])).toBe(true);
    // built once (in the checkout's own folder), from the CLI's sources and the engine's
    const [folder, ...more] = await readdir(base);
    expect(more).toEqual([]);
    cache = path.join(base, folder);
    expect(await builds()).toHaveLength(1);
    const inputs = Object.keys((await pointer()).inputs);
    expect(inputs).toContain('adapters/cli/main.ts');
    expect(inputs).toContain('sim/judge/judge.ts');
  });

  it('builds again once a source it was made from has changed', async () => {
    const before = await pointer();
    const edited = { ...before, inputs: { ...before.inputs, 'sim/judge/judge.ts': '1:0' } };
    await writeFile(path.join(cache, 'current.json'), JSON.stringify(edited));
    const help = await astinus(['--help'], { env: { ASTINUS_CACHE: base } });
    expect(help.code, help.stderr).toBe(0);
    const after = await pointer();
    expect(after.dir).not.toBe(before.dir);
    expect(after.inputs['sim/judge/judge.ts']).toBe(before.inputs['sim/judge/judge.ts']);
    expect(await builds()).toHaveLength(2);
  });

  it('runs the sources where it cannot build', async () => {
    // a cache "folder" that is a file: nothing can be written there
    const blocked = path.join(base, 'blocked');
    await writeFile(blocked, '');
    const help = await astinus(['--help'], { env: { ASTINUS_CACHE: blocked } });
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/astinus run <scenario>/);
  });
});
