import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../adapters/cli/main.ts';
import { astinus } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';

const LONG = 120_000;

/**
 * Every command answers --help with its own usage line, on stdout, and exits 0. The commands run in
 * this process (the binary's own code path); one goes through the real binary, for its exit code and streams.
 */
describe('astinus <command> --help', () => {
  it('lists the commands it checks', () => {
    expect(COMMAND_NAMES).toEqual(expect.arrayContaining(['run', 'serve', 'validate', 'worker', 'experiment']));
  });

  it('prints the usage of each command and exits 0', async () => {
    for (const name of COMMAND_NAMES) {
      const r = await astinusHere([name, '--help']);
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(r.stdout, name).toMatch(new RegExp(`^Usage: astinus ${name}\\b`));
      expect(r.stderr, name).toBe('');
    }
  });

  it(
    'the binary itself prints a usage on stdout and exits 0',
    async () => {
      const r = await astinus(['experiment', '--help']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^Usage: astinus experiment\b/);
      expect(r.stderr).toBe('');
    },
    LONG,
  );

  it('-h works too, after other options, in the language asked for', async () => {
    const r = await astinusHere(['serve', 'scenarios/shenzhen', '--port', '0', '-h', '--lang', 'cn']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^用法：astinus serve/);
  });

  it('an unknown option is still a usage error naming it', async () => {
    const r = await astinusHere(['serve', 'scenarios/shenzhen', '--hepl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--hepl');
    expect(r.stderr).toContain('Usage: astinus serve');
  });
});
