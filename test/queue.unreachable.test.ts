/**
 * When Redis cannot be reached, the BullMQ suites say so plainly and skip; under CI=true (where
 * Redis is part of the deal) they fail instead. Runs a queue suite in a child vitest pointed at a
 * port where nothing listens.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO } from './helpers/cli.ts';

function vitest(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const base: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'CI') base[k] = v;
  const child = spawn(
    process.execPath,
    [path.join(REPO, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/queue.deliberation.test.ts'],
    {
      cwd: REPO,
      env: { ...base, ...env, REDIS_URL: 'redis://127.0.0.1:1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr.on('data', (b: Buffer) => {
    out += b.toString();
  });
  return new Promise((done) => child.once('close', (code) => done({ code, out })));
}

it('without Redis the queue suites are skipped with a plain message', async () => {
  const r = await vitest({});
  expect(r.out).toContain('Redis is not reachable at redis://127.0.0.1:1');
  expect(r.out).toMatch(/skipped/);
  expect(r.code).toBe(0);
}, 120_000);

it('without Redis under CI=true the queue suites fail', async () => {
  const r = await vitest({ CI: 'true' });
  expect(r.out).toContain('Redis is not reachable at redis://127.0.0.1:1');
  expect(r.code).not.toBe(0);
}, 120_000);
