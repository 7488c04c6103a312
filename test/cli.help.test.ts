import { describe, expect, it } from 'vitest';
import { astinus } from './helpers/cli.ts';

/** Every command answers `--help` (and `-h`) with its usage on stdout and exit 0, in both languages: a new user's first try. */
const COMMANDS = ['run', 'serve', 'fork', 'experiment', 'metrics', 'export', 'health', 'panel', 'edges', 'validate', 'schema', 'worker'];

describe('astinus <command> --help', () => {
  it('prints the usage of every command, and exits 0', async () => {
    for (const cmd of COMMANDS) {
      const r = await astinus([cmd, cmd === 'worker' ? '-h' : '--help']);
      expect(r.code, `${cmd}: ${r.stderr}`).toBe(0);
      expect(r.stdout, cmd).toMatch(new RegExp(`^Usage: astinus ${cmd}\\b`));
      expect(r.stderr, cmd).toBe('');
    }
    const cn = await astinus(['serve', '--help', '--lang', 'cn']);
    expect(cn.code).toBe(0);
    expect(cn.stdout).toMatch(/astinus serve/);
    expect(cn.stdout).not.toMatch(/^Usage/);
  }, 120_000);

  it('takes --help after `--` as an argument, not a request for help', async () => {
    const r = await astinus(['validate', '--', '--help']);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
  }, 60_000);
});
