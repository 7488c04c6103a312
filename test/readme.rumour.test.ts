import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOf, readFigures, reducedBlock } from '../examples/rumour/readme.ts';
import { REPO, removeDir, tempDir } from './helpers/cli.ts';

/*
 * The README's reduced worked example (examples/rumour/run.sh --reduced: 2 seeds x 40 ticks of
 * examples/rumour/conditions.json) rerun into a temporary folder: its block in the README must be
 * what the script computes now, so the prose and the engine cannot drift apart unnoticed.
 */
describe('README worked example, reduced', () => {
  let out: string;
  let run: { code: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    out = path.join(await tempDir('astinus-rumour-'), 'out');
    run = await new Promise((resolve, reject) => {
      const env: NodeJS.ProcessEnv = { ...process.env, RUMOUR_OUT: out, NO_COLOR: '1' };
      delete env.REDIS_URL;
      const child = spawn('bash', [path.join(REPO, 'examples/rumour/run.sh'), '--reduced', '--check'], { cwd: REPO, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout, stderr }));
    });
  }, 240_000);
  afterAll(() => removeDir(path.dirname(out)));

  it('the script checks the README block against its run and finds them equal', () => {
    expect(run.stderr + run.stdout).not.toContain('differs');
    expect(run.code).toBe(0);
  });

  it("the README's reduced block is the table computed from the run's summary and series", async () => {
    const readme = await readFile(path.join(REPO, 'README.md'), 'utf8');
    const figures = await readFigures(out);
    expect(figures.hub.seeds).toBe(2);
    expect(figures.hub.share).toHaveLength(40);
    expect(blockOf(readme, 'reduced')).toBe(reducedBlock(figures));
  });
});
