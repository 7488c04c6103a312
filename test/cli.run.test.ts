import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import type { Template } from '../sim/model/scenario.ts';
import { astinus, exportBytes, finished, removeDir, SHENZHEN, spawnAstinus, tempDir } from './helpers/cli.ts';
import { astinusHere } from './helpers/inproc.ts';

const SCENARIO = 'scenarios/shenzhen';
const CJK = /[\u4e00-\u9fff]/;
const LONG = 120_000;

const dirs: string[] = [];
async function scratch(): Promise<string> {
  const d = await tempDir('astinus-run-');
  dirs.push(d);
  return d;
}
afterAll(async () => {
  await Promise.all(dirs.map(removeDir));
});

const run = (ticks: number, seed: number, data: string, ...more: string[]) =>
  astinus(['run', SCENARIO, '--ticks', String(ticks), '--seed', String(seed), '--data', data, '--quiet', ...more]);

function parseExport(bytes: Buffer): Event[] {
  const text = bytes.toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  const [first, ...lines] = text.slice(0, -1).split('\n');
  // the first line is the state the export starts from (README, "Exports for analysis"), then the events
  expect(JSON.parse(first)).toMatchObject({ type: 'initial_state', tick: -1 });
  const events = lines.map((line, i) => {
    try {
      return JSON.parse(line) as Event;
    } catch {
      throw new Error(`export line ${i + 2} is not JSON: ${line.slice(0, 200)}`);
    }
  });
  return events.sort((a, b) => a.tick - b.tick || a.seq - b.seq);
}

/** An uninterrupted run of the given seed and length, made once per file and shared. */
const references = new Map<string, Promise<{ dir: string; bytes: Buffer }>>();
function reference(seed: number, ticks: number) {
  const key = `${seed}/${ticks}`;
  if (!references.has(key)) {
    references.set(
      key,
      (async () => {
        const dir = path.join(await scratch(), 'data');
        const r = await run(ticks, seed, dir);
        if (r.code !== 0) throw new Error(`reference run ${key} exited ${r.code}: ${r.stderr}`);
        return { dir, bytes: await exportBytes(dir) };
      })(),
    );
  }
  return references.get(key)!;
}

const templates: Map<string, Template> = new Map(
  (JSON.parse(readFileSync(path.join(SHENZHEN, 'templates.json'), 'utf8')).templates as Template[]).map((t) => [t.id, t]),
);
const initialEntities: { id: string; template: string; owner: string | null }[] = JSON.parse(
  readFileSync(path.join(SHENZHEN, 'entities.json'), 'utf8'),
).entities;
const initialMoney: Record<string, number> = Object.fromEntries(
  (JSON.parse(readFileSync(path.join(SHENZHEN, 'actors.json'), 'utf8')).actors as { id: string; body: { money: number } }[]).map((a) => [
    a.id,
    a.body.money,
  ]),
);

/**
 * Which kinds of things made during the run had a lasting effect afterwards:
 * a stall whose owner then earned its income source, a mural (or pitch) that faded, a class that closed.
 */
function lastingEffects(events: Event[]) {
  interface Thing {
    template: string;
    owner: string | null;
    from: number;
    until: number;
    made: boolean;
  }
  const things = new Map<string, Thing>();
  for (const e of initialEntities) things.set(e.id, { template: e.template, owner: e.owner, from: -1, until: Infinity, made: false });
  for (const e of events) {
    if (e.type === 'entity_created')
      things.set(e.entity.id, { template: e.entity.template, owner: e.entity.owner, from: e.tick, until: Infinity, made: true });
    if (e.type === 'entity_removed' && things.has(e.entity)) things.get(e.entity)!.until = e.tick;
  }
  const fired = new Set<string>(); // template ids
  const kinds = new Set<string>(); // e.g. "stall:stall_sales", "mural:faded", "class:no_students"
  for (const e of events) {
    if (e.type === 'money_created' && e.source !== 'wage') {
      // attribute income to the one kind of thing the earner owns (standing now) that yields this source
      const earners = [...things.values()].filter(
        (t) =>
          t.owner === e.to &&
          t.from <= e.tick &&
          e.tick <= t.until &&
          templates.get(t.template)?.effects.some((x) => x.type === 'income' && x.source === e.source),
      );
      const kindsOwned = new Set(earners.map((t) => t.template));
      if (kindsOwned.size === 1 && earners.every((t) => t.made)) {
        fired.add(earners[0].template);
        kinds.add(`${templates.get(earners[0].template)!.kind}:${e.source}`);
      }
    }
    if (e.type === 'entity_removed' && (e.reason === 'faded' || e.reason === 'no_students') && things.get(e.entity)?.made) {
      fired.add(e.template);
      kinds.add(`${templates.get(e.template)?.kind}:${e.reason}`);
    }
  }
  return { fired, kinds };
}

/** Replays every money movement from the pack's opening balances. */
function checkMoney(events: Event[]) {
  const money: Record<string, number> = { ...initialMoney };
  const negatives: string[] = [];
  const mismatches: string[] = [];
  const bump = (who: string, by: number, e: Event) => {
    expect(money[who], `${e.type} at tick ${e.tick} names unknown actor ${who}`).toBeTypeOf('number');
    money[who] += by;
    if (money[who] < 0) negatives.push(`${who} at ${money[who]} after tick ${e.tick} seq ${e.seq} (${e.type})`);
  };
  for (const e of events) {
    // a newcomer (the director's stranger, a researcher's arrival) comes with an empty purse; its money, if any, is a money_created
    if (e.type === 'intervened' && e.kind === 'arrive') money[e.actor!] = 0;
    else if (e.type === 'money_created') bump(e.to, e.amount, e);
    else if (e.type === 'money_destroyed') bump(e.from, -e.amount, e);
    else if (e.type === 'transfer' && e.resource === 'money') {
      bump(e.from, -e.amount, e);
      bump(e.to, e.amount, e);
    } else if (e.type === 'resource_changed' && e.resource === 'money') bump(e.actor, e.delta, e);
    else if (e.type === 'tick_summary') {
      const held = Object.values(money).reduce((a, b) => a + b, 0);
      if (held !== e.money.after) mismatches.push(`tick ${e.tick}: actors hold ${held}, summary says ${e.money.after}`);
    }
  }
  return { negatives, mismatches };
}

/** The two long runs (started together: the machine has two cores), shared by the tests that read them. */
const SEEDS = [1, 7];
const TICKS = 300;
const longRuns = new Map<number, Promise<{ stdout: string; code: number | null; stderr: string; bytes: Buffer; events: Event[] }>>();
function longRun(seed: number) {
  for (const s of SEEDS) {
    if (longRuns.has(s)) continue;
    longRuns.set(
      s,
      (async () => {
        const dir = path.join(await scratch(), 'data');
        const r = await run(TICKS, s, dir);
        const bytes = r.code === 0 ? await exportBytes(dir) : Buffer.alloc(0);
        return { stdout: r.stdout, code: r.code, stderr: r.stderr, bytes, events: r.code === 0 ? parseExport(bytes) : [] };
      })(),
    );
  }
  return longRuns.get(seed)!;
}

describe('a 300-tick run of Shenzhen', () => {
  const result = longRun;

  describe.each(SEEDS)('seed %i', (seed) => {
    it('exits 0 and says the money reconciled', { timeout: LONG }, async () => {
      const r = await result(seed);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Reconciled exactly.');
      expect(r.stdout).not.toContain('DOES NOT RECONCILE');
    });

    it('commits ticks 0..299, each with balanced books that chain', { timeout: LONG }, async () => {
      const { events } = await result(seed);
      const summaries = events.filter((e) => e.type === 'tick_summary');
      expect(summaries.map((e) => e.tick)).toEqual(Array.from({ length: TICKS }, (_, i) => i));
      let last: number | null = null;
      for (const s of summaries) {
        const m = s.money;
        expect(m.before + m.created - m.destroyed, `tick ${s.tick}`).toBe(m.after);
        if (last !== null) expect(m.before, `tick ${s.tick} opens where tick ${s.tick - 1} closed`).toBe(last);
        last = m.after;
      }
      expect(summaries[0].money.before).toBe(Object.values(initialMoney).reduce((a, b) => a + b, 0));
    });

    it('never leaves anybody with negative money, and the ledger matches every tick summary', { timeout: LONG }, async () => {
      const { negatives, mismatches } = checkMoney((await result(seed)).events);
      expect(negatives).toEqual([]);
      expect(mismatches).toEqual([]);
    });

    it('uses all five tools', { timeout: LONG }, async () => {
      const tools = new Set((await result(seed)).events.flatMap((e) => (e.type === 'action' ? [e.call.tool] : [])));
      for (const tool of ['use_resource', 'interact', 'move', 'create', 'express']) expect(tools, tool).toContain(tool);
    });

    it('creates things whose lasting effects fire later', { timeout: LONG }, async () => {
      const { events } = await result(seed);
      const { fired, kinds } = lastingEffects(events);
      expect([...fired].length, `templates with effects: ${[...fired].join(', ')}`).toBeGreaterThanOrEqual(3);
      expect([...kinds].sort()).toEqual(expect.arrayContaining(['stall:stall_sales', 'mural:faded', 'class:no_students']));
    });

    it('moves relationships and reputations, and people rethink their strategies', { timeout: LONG }, async () => {
      const { events } = await result(seed);
      expect(events.some((e) => e.type === 'relationship_changed' && e.delta !== 0)).toBe(true);
      expect(events.some((e) => e.type === 'reputation_changed' && e.delta !== 0)).toBe(true);
      expect(events.some((e) => e.type === 'reflected' && Object.keys(e.deltas).length > 0)).toBe(true);
    });

    it('nobody healthy drops dead on the spot', { timeout: LONG }, async () => {
      const { events } = await result(seed);
      const sudden = events.filter((e) => e.type === 'status_changed' && e.from === 'alive' && e.to === 'dead');
      expect(sudden).toEqual([]);
    });
  });
});

describe('determinism and continuation', () => {
  it('the same seed gives a byte-identical export', { timeout: LONG }, async () => {
    const [a, b] = await Promise.all([
      reference(3, 120).then((r) => r.bytes),
      scratch().then(async (d) => {
        expect((await run(120, 3, path.join(d, 'data'))).code).toBe(0);
        return exportBytes(path.join(d, 'data'));
      }),
    ]);
    expect(a.length).toBeGreaterThan(0);
    expect(a.equals(b)).toBe(true);
  });

  it('another seed gives another history', { timeout: LONG }, async () => {
    const [a, b] = await Promise.all(SEEDS.map(longRun));
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(a.bytes.equals(b.bytes)).toBe(false);
    // not merely longer or shorter: the very first tick already differs
    const firstTick = (r: { events: Event[] }) => JSON.stringify(r.events.filter((e) => e.tick === 0));
    expect(firstTick(a)).not.toBe(firstTick(b));
  });

  it('stopping at 60 and continuing to 120 equals one run to 120', { timeout: LONG }, async () => {
    const ref = reference(3, 120);
    const dir = path.join(await scratch(), 'data');
    const first = await run(60, 3, dir);
    expect(first.code).toBe(0);
    const second = await run(120, 3, dir);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('Continuing from tick 60');
    const resumed = await exportBytes(dir);
    expect(resumed.equals((await ref).bytes)).toBe(true);
  });

  /** Start the run, SIGKILL it once its log has grown to `at` bytes (0: as soon as it exists). */
  async function killAt(dir: string, at: number, ticks: number, seed: number): Promise<void> {
    const child = spawnAstinus(['run', SCENARIO, '--ticks', String(ticks), '--seed', String(seed), '--data', dir, '--quiet']);
    const done = finished(child);
    let exited = false;
    void done.then(() => {
      exited = true;
    });
    const log = path.join(dir, 'events.log');
    while (!exited) {
      const size = await stat(log).then(
        (s) => s.size,
        () => -1,
      );
      if (size >= at && size >= 0) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    const r = await done;
    // the kill must land mid-run, or this test proves nothing
    expect(r.signal, `the run finished before it could be killed (log target ${at} bytes): ${r.stderr}`).toBe('SIGKILL');
  }

  it(
    'a run SIGKILLed three times (as its log appears, a third and two thirds of the way) and then finished equals an uninterrupted run',
    { timeout: LONG },
    async () => {
      const TICKS = 120;
      const ref = await reference(3, TICKS);
      const full = (await stat(path.join(ref.dir, 'events.log'))).size;
      const dir = path.join(await scratch(), 'data');
      // kill points as fractions of a complete log
      for (const p of [0, 0.33, 0.66]) await killAt(dir, Math.floor(full * p), TICKS, 3);
      const last = await run(TICKS, 3, dir);
      expect(last.stderr).toMatch(/Continuing from tick \d+/);
      expect(last.code).toBe(0);
      expect(last.stdout).toContain('Reconciled exactly.');
      expect((await exportBytes(dir)).equals(ref.bytes)).toBe(true);
    },
  );

  it('refuses to continue a data dir with another seed, and leaves it untouched', { timeout: LONG }, async () => {
    const dir = path.join(await scratch(), 'data');
    expect((await run(10, 5, dir)).code).toBe(0);
    const before = await readFile(path.join(dir, 'events.log'));
    const r = await run(20, 6, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/seed/);
    expect(r.stderr).toContain('5');
    expect(r.stderr).toContain('6');
    expect((await readFile(path.join(dir, 'events.log'))).equals(before)).toBe(true);
  });
});

describe('options', () => {
  it('--population 200 fills the city with clones who act', { timeout: LONG }, async () => {
    const dir = path.join(await scratch(), 'data');
    const r = await run(20, 1, dir, '--population', '200');
    expect(r.code).toBe(0);
    const events = parseExport(await exportBytes(dir));
    const actors = new Set(events.flatMap((e) => (e.type === 'action' ? [e.actor] : [])));
    const clones = [...actors].filter((a) => a.includes('__'));
    expect(clones.length).toBeGreaterThan(Object.keys(initialMoney).length);
    // a clone is a copy of somebody from the pack
    for (const c of clones) expect(Object.keys(initialMoney)).toContain(c.split('__')[0]);
  });

  it('--lang cn tells the story in Chinese, --lang en in English', { timeout: LONG }, async () => {
    const [cn, en] = await Promise.all(['cn', 'en'].map((lang) => astinus(['run', SCENARIO, '--ticks', '5', '--lang', lang])));
    expect(cn.code).toBe(0);
    expect(en.code).toBe(0);
    const feedLines = (out: string) =>
      out
        .split('\n\n')[0]
        .split('\n')
        .filter((l) => l.startsWith('  '));
    const cnFeed = feedLines(cn.stdout);
    const enFeed = feedLines(en.stdout);
    expect(cnFeed.length).toBeGreaterThan(0);
    expect(enFeed.length).toBeGreaterThan(0);
    expect(cnFeed.filter((l) => CJK.test(l)).length).toBe(cnFeed.length);
    expect(enFeed.filter((l) => CJK.test(l))).toEqual([]);
    expect(en.stdout).not.toMatch(CJK);
    // the same world, told twice: as many feed lines in both languages
    expect(cnFeed.length).toBe(enFeed.length);
  });
});

describe('command-line mistakes', () => {
  it.each([
    ['no --ticks', ['run', SCENARIO], /--ticks/],
    ['--ticks abc', ['run', SCENARIO, '--ticks', 'abc'], /--ticks.*abc/],
    ['an unknown flag', ['run', SCENARIO, '--ticks', '5', '--frobnicate'], /frobnicate/],
    ['an unknown command', ['frobnicate'], /frobnicate/],
  ])('%s: exit 2 with a message and the usage', { timeout: LONG }, async (_name, args, message) => {
    // in this process: the same main() as the binary, without a child's start-up
    const r = await astinusHere(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr).toContain('Usage');
    expect(r.stdout).toBe('');
  });

  it('export of a dir without events.log fails and names the dir', { timeout: LONG }, async () => {
    const dir = await scratch();
    const r = await astinusHere(['export', dir]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(dir);
    expect(r.stdout).toBe('');
    expect(existsSync(path.join(dir, 'events.log'))).toBe(false);
  });
});
