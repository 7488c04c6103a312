/**
 * The writer lock under a real race: three processes open the same directory at the same instant,
 * 100 times on fresh directories and 100 times on directories whose lock was left by a dead process.
 * Exactly one of the three must become the writer each time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fsp from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { REPO } from './helpers/cli.ts';

const TRIALS = 100;
const RACERS = 3;
const GAP_MS = 15;

let root = '';
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await fsp.rm(root, { recursive: true, force: true });
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => child.on('exit', done));
  return child.pid!;
}

/** Starts a racer and resolves once it is loaded; `outcome` resolves with what it printed last. */
function racer(dirs: string[]): Promise<{ child: ChildProcess; outcome: Promise<string[]> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'test/helpers/lock-race.ts'), String(GAP_MS), ...dirs], {
    cwd: REPO,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  return new Promise((ready, fail) => {
    let resolveOutcome: (v: string[]) => void;
    const outcome = new Promise<string[]>((r) => {
      resolveOutcome = r;
    });
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`racer exited early (${code}): ${out}`)));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('ready\n')) ready({ child, outcome });
      const lines = out.split('\n');
      if (lines.length > 2 && lines[1]) resolveOutcome(JSON.parse(lines[1]) as string[]);
    });
  });
}

it(`admits exactly one writer of ${RACERS} racing processes, ${TRIALS} times fresh and ${TRIALS} times over a dead writer's lock`, async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'astinus-race-'));
  const dead = await deadPid();
  const dirs: string[] = [];
  for (let i = 0; i < TRIALS; i++) {
    for (const kind of ['fresh', 'stale']) {
      const dir = join(root, `${kind}-${i}`);
      await fsp.mkdir(dir);
      if (kind === 'stale')
        await fsp.writeFile(join(dir, 'writer.lock'), JSON.stringify({ pid: dead, hostname: hostname(), token: `dead-${i}` }) + '\n');
      dirs.push(dir);
    }
  }
  const racers = await Promise.all(Array.from({ length: RACERS }, () => racer(dirs)));
  const start = String(Date.now() + 200);
  for (const r of racers) r.child.stdin!.end(start + '\n');
  const outcomes = await Promise.all(racers.map((r) => r.outcome));

  const writers = dirs.map((_, d) => outcomes.filter((o) => o[d] === 'writer').length);
  const errors = outcomes.flat().filter((o) => o !== 'writer' && o !== 'refused');
  const count = (kind: string, ok: (n: number) => boolean) => dirs.filter((dir, d) => dir.includes(`${kind}-`) && ok(writers[d])).length;
  expect(errors).toEqual([]);
  // the figures first, so a failure reads as "n of 100 trials"
  expect({
    fresh: { double: count('fresh', (n) => n > 1), none: count('fresh', (n) => n === 0) },
    stale: { double: count('stale', (n) => n > 1), none: count('stale', (n) => n === 0) },
  }).toEqual({ fresh: { double: 0, none: 0 }, stale: { double: 0, none: 0 } });
  // claims and temp files of the takeover are gone once every racer is done
  const leftovers = (await Promise.all(dirs.map((d) => fsp.readdir(d)))).flat().filter((n) => n.startsWith('writer.lock.'));
  expect(leftovers).toEqual([]);
});
