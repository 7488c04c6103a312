import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../adapters/cli/main.ts';
import { astinus } from './helpers/cli.ts';

const LONG = 120_000;

/** Every command of the real binary answers --help with its own usage line, on stdout, and exits 0. */
describe('astinus <command> --help', () => {
  it('lists the commands it checks', () => {
    expect(COMMAND_NAMES).toEqual(expect.arrayContaining(['run', 'serve', 'validate', 'worker', 'experiment']));
  });

  it(
    'prints the usage of each command and exits 0',
    async () => {
      const runs = await Promise.all(COMMAND_NAMES.map((name) => astinus([name, '--help'])));
      runs.forEach((r, i) => {
        const name = COMMAND_NAMES[i];
        expect(r.code, `${name}: ${r.stderr}`).toBe(0);
        expect(r.stdout, name).toMatch(new RegExp(`^Usage: astinus ${name}\\b`));
        expect(r.stderr, name).toBe('');
      });
    },
    LONG,
  );

  it(
    '-h works too, after other options, in the language asked for',
    async () => {
      const r = await astinus(['serve', 'scenarios/shenzhen', '--port', '0', '-h', '--lang', 'cn']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^用法：astinus serve/);
    },
    LONG,
  );

  it(
    'an unknown option is still a usage error naming it',
    async () => {
      const r = await astinus(['serve', 'scenarios/shenzhen', '--hepl']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--hepl');
      expect(r.stderr).toContain('Usage: astinus serve');
    },
    LONG,
  );
});
