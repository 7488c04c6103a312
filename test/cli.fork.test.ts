import { existsSync } from 'node:fs';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import { removeDir, tempDir } from './helpers/cli.ts';
import { astinusOk, astinusHere } from './helpers/inproc.ts';

/**
 * `astinus fork` and `run --interventions` (a researcher's labelled changes): a fork with the same seed and no intervention
 * continues the original byte for byte; an intervention makes it diverge from its tick on, with the
 * labelled event in the export; a resumed run never makes an intervention twice.
 */
const SCENARIO = 'scenarios/shenzhen';
const POP = '20';
const dirs: string[] = [];
async function scratch(): Promise<string> {
  const d = await tempDir('astinus-fork-');
  dirs.push(d);
  return d;
}
afterAll(async () => {
  await Promise.all(dirs.map(removeDir));
});

const run = (data: string, ticks: number, ...more: string[]) =>
  astinusOk(['run', SCENARIO, '--ticks', String(ticks), '--population', POP, '--data', data, '--quiet', ...more]);
const exportFrom = async (data: string, from: number) => (await astinusOk(['export', data, '--from', String(from)])).stdout;
const events = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Event)
    // the first line is the state the export starts from, not an event
    .filter((e) => (e.type as string) !== 'initial_state');

/** An original world, made once for the file. */
let original: Promise<string> | null = null;
const ORIGINAL_TICKS = 40;
const AT = 20;
function originalWorld(): Promise<string> {
  original ??= (async () => {
    const dir = path.join(await scratch(), 'orig');
    await run(dir, ORIGINAL_TICKS, '--seed', '7');
    return dir;
  })();
  return original;
}

async function interventionsFile(list: unknown[]): Promise<string> {
  const f = path.join(await scratch(), 'interventions.json');
  await writeFile(f, JSON.stringify({ interventions: list }));
  return f;
}
const rumour = (at: number, actor = 'lin_feng') => ({
  label: 'rumour',
  at,
  kind: 'learn_fact',
  actor,
  content: { cn: '工厂下个月要关门', en: 'The factory closes next month' },
  truth: false,
});

describe('astinus fork', () => {
  it('with the same seed and no intervention, continues the original byte for byte from the fork tick', async () => {
    const orig = await originalWorld();
    const fork = path.join(await scratch(), 'fork');
    await astinusOk(['fork', orig, '--at', String(AT), '--out', fork]);
    // the copied ticks are the original's, and the original is untouched
    expect(await exportFrom(fork, 0)).toBe((await astinusOk(['export', orig, '--to', String(AT - 1)])).stdout);
    await run(fork, ORIGINAL_TICKS);
    const mine = await exportFrom(fork, AT);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine).toBe(await exportFrom(orig, AT));
  });

  it('with an intervention at the fork tick, diverges from that tick and the export holds the labelled event', async () => {
    const orig = await originalWorld();
    const fork = path.join(await scratch(), 'fork');
    await astinusOk(['fork', orig, '--at', String(AT), '--out', fork, '--interventions', await interventionsFile([rumour(AT)])]);
    // the fork keeps its interventions: `run` on it makes them without being told again
    await run(fork, ORIGINAL_TICKS);
    const mine = events(await exportFrom(fork, AT));
    const theirs = events(await exportFrom(orig, AT));
    expect(mine[0]).toMatchObject({ tick: AT, seq: 0, type: 'intervened', label: 'rumour', kind: 'learn_fact', actor: 'lin_feng' });
    const fact = (mine[0] as Extract<Event, { type: 'intervened' }>).fact!;
    expect(mine[1]).toMatchObject({ type: 'fact_created', fact: { id: fact, truth: false, origin: { actor: 'lin_feng', tick: AT } } });
    expect(mine[2]).toMatchObject({ type: 'fact_learned', actor: 'lin_feng', fact });
    // the first tick already differs from the original's
    const tickOf = (list: Event[], t: number) => JSON.stringify(list.filter((e) => e.tick === t));
    expect(tickOf(mine, AT)).not.toBe(tickOf(theirs, AT));
    expect(theirs.some((e) => e.type === 'intervened')).toBe(false);
    // and a rerun with the same file is the same world, byte for byte
    const again = path.join(await scratch(), 'again');
    await astinusOk(['fork', orig, '--at', String(AT), '--out', again]);
    await run(again, ORIGINAL_TICKS, '--interventions', path.join(fork, 'interventions.json'));
    expect(await exportFrom(again, 0)).toBe(await exportFrom(fork, 0));
  });

  it('with a new seed, records it, and `run` without --seed continues on it', async () => {
    const orig = await originalWorld();
    const fork = path.join(await scratch(), 'fork');
    await astinusOk(['fork', orig, '--at', String(AT), '--out', fork, '--seed', '99']);
    expect(JSON.parse(await readFile(path.join(fork, 'meta.json'), 'utf8'))).toMatchObject({ seed: 99, origin: { seed: 7, at: AT } });
    await run(fork, AT + 5);
    expect(
      await exportFrom(fork, 0).then((s) =>
        s
          .split('\n')
          .filter((l) => JSON.parse(l || '{"tick":-1}').tick < AT)
          .join('\n'),
      ),
    ).toBe(
      (await exportFrom(orig, 0))
        .split('\n')
        .filter((l) => JSON.parse(l || '{"tick":-1}').tick < AT)
        .join('\n'),
    );
    expect(await exportFrom(fork, AT)).not.toBe((await astinusOk(['export', orig, '--from', String(AT), '--to', String(AT + 4)])).stdout);
    // asked for another seed, it says which one it was made with
    const r = await astinusHere([
      'run',
      SCENARIO,
      '--ticks',
      String(AT + 6),
      '--population',
      POP,
      '--data',
      fork,
      '--quiet',
      '--seed',
      '7',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('seed 99');
  });

  it('refuses a tick beyond the original and a directory that is not empty', async () => {
    const orig = await originalWorld();
    const beyond = await astinusHere(['fork', orig, '--at', String(ORIGINAL_TICKS + 1), '--out', path.join(await scratch(), 'f')]);
    expect(beyond.code).toBe(2);
    expect(beyond.stderr).toContain(`--at ${ORIGINAL_TICKS + 1} is beyond the original: its last committed tick is ${ORIGINAL_TICKS - 1}`);
    const full = await scratch();
    await mkdir(path.join(full, 'something'));
    const taken = await astinusHere(['fork', orig, '--at', '3', '--out', full]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('exists and is not empty');
    const missing = await astinusHere(['fork', orig, '--out', path.join(await scratch(), 'f')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--at T is required');
  });
});

describe('run --interventions', () => {
  it('names the file, the path and the reason of a bad intervention, and runs nothing', async () => {
    const data = path.join(await scratch(), 'data');
    const file = await interventionsFile([
      rumour(2),
      { ...rumour(3, 'nobody_here'), label: 'second' },
      { label: 'third', at: 1, kind: 'drive', actor: '__proto__', strategy: 'work', weight: 1 },
      { label: 'fourth', at: 1, kind: 'price', item: 'no_such_item', price: 3 },
    ]);
    const r = await astinusHere(['run', SCENARIO, '--ticks', '5', '--population', POP, '--data', data, '--quiet', '--interventions', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('interventions.json: interventions[2].actor: a reserved name');
    const again = await interventionsFile([
      rumour(2),
      { ...rumour(3, 'nobody_here'), label: 'second' },
      { label: 'fourth', at: 1, kind: 'price', item: 'no_such_item', price: 3 },
    ]);
    const r2 = await astinusHere([
      'run',
      SCENARIO,
      '--ticks',
      '5',
      '--population',
      POP,
      '--data',
      data,
      '--quiet',
      '--interventions',
      again,
    ]);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toContain('interventions.json: interventions[1].actor: no person "nobody_here" in scenario shenzhen');
    expect(r2.stderr).toContain('interventions.json: interventions[2].item: no item "no_such_item" in scenario shenzhen');
    const dup = await interventionsFile([rumour(2), rumour(3)]);
    const r3 = await astinusHere(['run', SCENARIO, '--ticks', '5', '--population', POP, '--data', data, '--quiet', '--interventions', dup]);
    expect(r3.stderr).toContain('interventions[1].label: label "rumour" is used twice');
    // nothing was committed by the refused runs: the folder they would have made is not there
    expect(existsSync(data)).toBe(false);
  });

  it('makes each intervention once when a run is resumed with the same file', async () => {
    const data = path.join(await scratch(), 'data');
    const file = await interventionsFile([
      rumour(4),
      { label: 'late', at: 9, kind: 'drive', actor: 'lin_feng', strategy: 'gossip', weight: 2 },
    ]);
    await run(data, 6, '--interventions', file);
    await run(data, 12, '--interventions', file);
    const labelled = events(await exportFrom(data, 0)).filter((e) => e.type === 'intervened');
    expect(labelled.map((e) => [e.tick, (e as { label: string }).label])).toEqual([
      [4, 'rumour'],
      [9, 'late'],
    ]);
  });
});

describe('the figures of a fork', () => {
  it('a fork at tick 150 of a 300-tick run reproduces ticks 150-299 without an intervention and diverges from 150 with one', async () => {
    const orig = path.join(await scratch(), 'orig');
    await run(orig, 300, '--seed', '3');
    const same = path.join(await scratch(), 'same');
    await astinusOk(['fork', orig, '--at', '150', '--out', same]);
    await run(same, 300);
    const theirs = await exportFrom(orig, 150);
    expect(await exportFrom(same, 150)).toBe(theirs);
    const other = path.join(await scratch(), 'other');
    await astinusOk(['fork', orig, '--at', '150', '--out', other, '--interventions', await interventionsFile([rumour(150)])]);
    await run(other, 300);
    const mine = await exportFrom(other, 150);
    expect(events(mine)[0]).toMatchObject({ tick: 150, type: 'intervened', label: 'rumour' });
    const firstTick = (text: string) =>
      text
        .split('\n')
        .filter((l) => l && JSON.parse(l).tick === 150)
        .join('\n');
    expect(firstTick(mine)).not.toBe(firstTick(theirs));
  });
});
