import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { REPO } from './helpers/cli.ts';

const run = promisify(execFile);

/** `npm run bench -- …` as a researcher types it, with the flags the bench cannot use. */
async function bench(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], { cwd: REPO });
    return { code: 0, ...r };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * A side-by-side run takes minutes: a flag it cannot use is refused before anything runs, in one line
 * that names the flag and what it needs, with exit code 2 and no stack trace.
 */
it('refuses an unknown revision and unusable counts in one plain line each', async () => {
  const cases: [string[], string][] = [
    [['--against', 'no-such-revision'], 'bench: no commit "no-such-revision" in this repository'],
    [['--against', 'HEAD', '--runs', '0'], 'bench: --runs needs a number of at least 1, not "0"'],
    [['--against', 'HEAD', '--ticks', 'many'], 'bench: --ticks needs a number of at least 1, not "many"'],
    [['--against', 'HEAD', '--ticks', '12', '--warm', '12'], 'bench: --warm must be below --ticks (12), not 12'],
  ];
  const results = await Promise.all(cases.map(([args]) => bench(...args)));
  for (const [i, r] of results.entries()) {
    const [args, said] = cases[i];
    expect(r.code, args.join(' ')).toBe(2);
    expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    expect(r.stderr, args.join(' ')).toContain(said);
    expect(r.stdout).toBe('');
  }
});
