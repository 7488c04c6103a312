import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineIdentity } from '../adapters/provenance/engine.ts';
import { Manifest } from '../adapters/provenance/manifest.ts';
import { astinus, REPO, removeDir, SHENZHEN, tempDir } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';

/*
 * manifest.json against a changed engine: a small folder given as ASTINUS_ENGINE_ROOT plays the
 * engine with one edited source file (same package.json and lockfile), so only the engine hash differs.
 * The first run goes through the binary; the commands after it run in this process.
 */
const manifestOf = async (dir: string) => Manifest.parse(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')));

describe('provenance: manifest.json and --allow-mixed', () => {
  let tmp: string;
  let other: { ASTINUS_ENGINE_ROOT: string };
  const ours = engineIdentity().sourceHash;
  let theirs: string;

  beforeAll(async () => {
    tmp = await tempDir('astinus-prov-');
    const root = path.join(tmp, 'engine');
    await mkdir(path.join(root, 'sim'), { recursive: true });
    for (const f of ['package.json', 'package-lock.json']) await copyFile(path.join(REPO, f), path.join(root, f));
    await writeFile(path.join(root, 'sim', 'constant.ts'), 'export const WAGE = 41;\n');
    other = { ASTINUS_ENGINE_ROOT: root };
    theirs = engineIdentity(root).sourceHash;
  });
  afterAll(() => removeDir(tmp));

  it('run: another engine is refused with the difference named; --allow-mixed proceeds and lists both', async () => {
    const d = path.join(tmp, 'run');
    const first = await astinus(['run', SHENZHEN, '--ticks', '5', '--seed', '2', '--data', d, '--quiet']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`sources ${ours.slice(0, 12)}`);
    const m = await manifestOf(d);
    expect(m).toMatchObject({ kind: 'data', seed: 2, unknownBefore: null, pack: { id: 'shenzhen' } });
    expect(m.engines.map((w) => [w.since, w.engine.sourceHash])).toEqual([[0, ours]]);

    const refused = await astinusHere(['run', SHENZHEN, '--ticks', '8', '--data', d, '--quiet'], { env: other });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`engine hash ${ours.slice(0, 12)} -> ${theirs.slice(0, 12)}`);
    expect(refused.stderr).toContain('--allow-mixed');
    expect(refused.stderr).not.toContain('lockfile');
    expect(await manifestOf(d)).toEqual(m);

    const mixed = await astinusHere(['run', SHENZHEN, '--ticks', '8', '--data', d, '--quiet', '--allow-mixed'], { env: other });
    expect(mixed.code, mixed.stderr).toBe(0);
    expect((await manifestOf(d)).engines.map((w) => [w.since, w.engine.sourceHash])).toEqual([
      [0, ours],
      [5, theirs],
    ]);

    // a fork before the other engine's ticks continues ours; one after them is refused, then mixed on request
    const early = await astinusHere(['fork', d, '--at', '3', '--out', path.join(tmp, 'fork3')]);
    expect(early.code, early.stderr).toBe(0);
    expect((await manifestOf(path.join(tmp, 'fork3'))).engines.map((w) => [w.since, w.engine.sourceHash])).toEqual([[0, ours]]);
    const late = await astinusHere(['fork', d, '--at', '7', '--out', path.join(tmp, 'fork7')]);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain(`engine hash ${theirs.slice(0, 12)} -> ${ours.slice(0, 12)}`);
    const lateMixed = await astinusHere(['fork', d, '--at', '7', '--out', path.join(tmp, 'fork7'), '--allow-mixed']);
    expect(lateMixed.code, lateMixed.stderr).toBe(0);
    expect((await manifestOf(path.join(tmp, 'fork7'))).engines.map((w) => [w.since, w.engine.sourceHash])).toEqual([
      [0, ours],
      [5, theirs],
      [7, ours],
    ]);
  }, 120_000);

  it('a data directory from before manifests gets one, its earlier ticks of unknown engine', async () => {
    const d = path.join(tmp, 'old');
    expect((await astinusHere(['run', SHENZHEN, '--ticks', '3', '--data', d, '--quiet'])).code).toBe(0);
    await rm(path.join(d, 'manifest.json'));
    const r = await astinusHere(['run', SHENZHEN, '--ticks', '5', '--data', d, '--quiet'], { env: other });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Ticks before 3 were written before manifests existed');
    const m = await manifestOf(d);
    expect(m.unknownBefore).toBe(3);
    expect(m.engines.map((w) => [w.since, w.engine.sourceHash])).toEqual([[3, theirs]]);
  }, 60_000);

  it('experiment: resuming under another engine is refused; --allow-mixed proceeds and lists both', async () => {
    const out = path.join(tmp, 'exp');
    const args = ['experiment', SHENZHEN, '--seeds', '1', '--ticks', '5', '--out', out, '--jobs', '1'];
    const first = await astinusHere(args);
    expect(first.code, first.stderr).toBe(0);
    expect((await manifestOf(out)).engines.map((w) => [w.since, w.engine.sourceHash])).toEqual([[0, ours]]);
    const refused = await astinusHere(args, { env: other });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`engine hash ${ours.slice(0, 12)} -> ${theirs.slice(0, 12)}`);
    const mixed = await astinusHere([...args, '--allow-mixed'], { env: other });
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(mixed.stdout).toContain(`sources ${theirs.slice(0, 12)}`);
    expect((await manifestOf(out)).engines.map((w) => [w.since, w.engine.sourceHash])).toEqual([
      [0, ours],
      [1, theirs],
    ]);
    // the report says it too: the pack, the flags and both engines, with the run each began at
    const report = await readFile(path.join(out, 'report.html'), 'utf8');
    const provenance = report.slice(report.indexOf('<section id="provenance">'), report.indexOf('</section>'));
    expect(provenance).toContain('Pack: shenzhen, hash ');
    expect(provenance).toContain('--seeds 1 --ticks 5');
    expect(provenance).toMatch(new RegExp(`sources ${ours.slice(0, 12)}.*\\(from run 0 on\\)`));
    expect(provenance).toMatch(new RegExp(`sources ${theirs.slice(0, 12)}.*\\(from run 1 on\\)`));
  }, 120_000);

  it('--help of run, fork and experiment documents --allow-mixed', async () => {
    for (const cmd of ['run', 'fork', 'experiment']) {
      const r = await astinusHere([cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/--allow-mixed (continues|forks|resumes)/);
    }
  }, 60_000);
});
