import { spawn, type ChildProcess } from 'node:child_process';
import * as fsp from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson, checksum, digest } from '../sim/lib/canonical.ts';
import { LocalizedError } from '../sim/i18n/errors.ts';
import { translator } from '../sim/i18n/translator.ts';
import { openEmbeddedStore, StoreCorruptError, type EmbeddedStoreOptions } from '../adapters/store/embedded.ts';
import { encodeLine, type LogFormat } from '../adapters/store/logrecord.ts';
import type { Event } from '../sim/model/events.ts';
import { WriterConflictError, type Store } from '../sim/ports/store.ts';
import { META, eventsFor, storeContract } from './store.contract.ts';

async function tempDir(): Promise<string> {
  return fsp.mkdtemp(join(tmpdir(), 'astinus-store-'));
}

storeContract('embedded', async () => {
  const dir = await tempDir();
  return {
    store: await openEmbeddedStore(dir),
    reopen: () => openEmbeddedStore(dir),
    cleanup: () => fsp.rm(dir, { recursive: true, force: true }),
  };
});

describe('canonicalJson', () => {
  it('sorts keys recursively, keeps array order, no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('does not depend on insertion order, integer-like keys included', () => {
    const a: Record<string, number> = {};
    a['10'] = 1;
    a.b = 2;
    a['2'] = 3;
    const b: Record<string, number> = {};
    b.b = 2;
    b['2'] = 3;
    b['10'] = 1;
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"10":1,"2":3,"b":2}');
  });

  it('follows JSON.stringify for the odd values', () => {
    expect(canonicalJson({ u: undefined, f: () => 1, n: NaN, i: -Infinity, s: 'é"\n' })).toBe('{"i":null,"n":null,"s":"é\\"\\n"}');
    expect(canonicalJson([undefined, null, true])).toBe('[null,null,true]');
    expect(canonicalJson(new Date(0))).toBe('"1970-01-01T00:00:00.000Z"');
    expect(canonicalJson(undefined)).toBe('null');
    expect(() => canonicalJson({ x: 1n })).toThrow(TypeError);
    const v = { k: [1, 'two', { three: 3 }], e: {} };
    expect(JSON.parse(canonicalJson(v))).toEqual(v);
  });

  it('checksum is a stable 16-hex digest, equal for a string and its UTF-8 bytes', () => {
    expect(checksum('abc')).toMatch(/^[0-9a-f]{16}$/);
    expect(checksum('abc')).toBe(checksum('abc'));
    expect(checksum('abc')).not.toBe(checksum('abd'));
    expect(checksum('héllo')).toBe(checksum(Buffer.from('héllo', 'utf8')));
  });
});

describe('embedded store', () => {
  let dir: string;
  let stores: Store[];
  let children: ChildProcess[];

  async function open(opts?: EmbeddedStoreOptions): Promise<Store> {
    const s = await openEmbeddedStore(dir, opts);
    stores.push(s);
    return s;
  }

  async function writer(ticks: number, opts?: EmbeddedStoreOptions): Promise<Store> {
    const s = await open(opts);
    await s.acquire(META);
    for (let t = 0; t < ticks; t++) await s.commitTick(t, eventsFor(t));
    return s;
  }

  const logPath = () => join(dir, 'events.log');
  const lockPath = () => join(dir, 'writer.lock');

  beforeEach(async () => {
    dir = await tempDir();
    stores = [];
    children = [];
  });

  afterEach(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const s of stores) await s.close().catch(() => {});
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('lays the world out as documented', async () => {
    const s = await writer(2);
    await s.saveSnapshot(1, { b: 1, a: [1] });
    expect(JSON.parse(await fsp.readFile(join(dir, 'meta.json'), 'utf8'))).toEqual(META);
    const lines = (await fsp.readFile(logPath(), 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(2);
    lines.forEach((line, t) => {
      const rec = JSON.parse(line) as { tick: number; sum: string; br: string };
      expect(Object.keys(rec)).toEqual(['tick', 'sum', 'br']);
      expect(rec.tick).toBe(t);
      expect(JSON.parse(brotliDecompressSync(Buffer.from(rec.br, 'base64')).toString('utf8'))).toEqual(eventsFor(t));
      expect(rec.sum).toBe(checksum(rec.br));
    });
    expect(await fsp.readdir(join(dir, 'snapshots'))).toEqual(['0000000001.json']);
    expect(await fsp.readFile(join(dir, 'snapshots', '0000000001.json'), 'utf8')).toBe(
      `{"tick":1,"sum":"${checksum('{"b":1,"a":[1]}')}","state":{"b":1,"a":[1]}}`,
    );
    const lock = JSON.parse(await fsp.readFile(lockPath(), 'utf8')) as { pid: number; hostname: string; token: string };
    expect(lock).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(typeof lock.token).toBe('string');
    await s.close();
    await expect(fsp.access(lockPath())).rejects.toThrow();
  });

  it('keeps only the newest snapshotKeep snapshots', async () => {
    const s = await writer(5, { snapshotKeep: 2 });
    for (const t of [0, 2, 3, 4]) await s.saveSnapshot(t, { t });
    expect((await fsp.readdir(join(dir, 'snapshots'))).sort()).toEqual(['0000000003.json', '0000000004.json']);
    await expect(openEmbeddedStore(dir, { snapshotKeep: 0 })).rejects.toThrow(RangeError);
  });

  it('refuses events whose tick is not the committed tick', async () => {
    const s = await writer(1);
    await expect(s.commitTick(1, eventsFor(2))).rejects.toThrow(/tick/);
    expect(await s.lastTick()).toBe(0);
  });

  for (const [what, tail] of [
    ['half a line', '{"tick":3,"sum":"0123456789abcdef","events":[{"tick":3,"se'],
    ['a complete line with a bad checksum', `{"tick":3,"sum":"0123456789abcdef","events":${JSON.stringify(eventsFor(3))}}\n`],
    ['a garbage line', 'not json at all\n'],
  ] as const) {
    it(`drops a torn tail (${what}) and continues at the right tick`, async () => {
      const first = await writer(3);
      await first.close();
      const good = await fsp.readFile(logPath());
      await fsp.appendFile(logPath(), tail);

      // a reader ignores the tail and leaves the file alone
      const reader = await open();
      expect(await reader.lastTick()).toBe(2);
      expect((await reader.load()).ticks.map((r) => r.tick)).toEqual([0, 1, 2]);
      expect((await fsp.stat(logPath())).size).toBe(good.length + Buffer.byteLength(tail));

      // the writer truncates it away and appends cleanly
      const w = await open();
      await w.acquire(META);
      expect((await fsp.readFile(logPath())).equals(good)).toBe(true);
      expect(await w.lastTick()).toBe(2);
      expect(await w.commitTick(3, eventsFor(3))).toBe('committed');
      await w.close();

      const again = await open();
      const world = await again.load();
      expect(world.ticks).toEqual([0, 1, 2, 3].map((t) => ({ tick: t, events: eventsFor(t) })));
      expect((await fsp.readFile(logPath(), 'utf8')).split('\n')).toHaveLength(5);
    });
  }

  const compressed = async () => (await encodeLine(3, eventsFor(3), 'brotli')).map((b) => b.toString('latin1')).join('');
  for (const [what, tail] of [
    [
      'half a compressed line',
      async () => {
        const l = await compressed();
        return l.slice(0, l.length >> 1);
      },
    ],
    [
      'a complete compressed line with a bad checksum',
      async () => (await compressed()).replace(/"sum":"[0-9a-f]{16}"/, '"sum":"0123456789abcdef"'),
    ],
  ] as const) {
    it(`drops a torn tail (${what}) and continues at the right tick`, async () => {
      const first = await writer(3);
      await first.close();
      const good = await fsp.readFile(logPath());
      const t = await tail();
      expect(t).not.toBe(await compressed());
      await fsp.appendFile(logPath(), t, 'latin1');
      const reader = await open();
      expect(await reader.lastTick()).toBe(2);
      const w = await open();
      await w.acquire(META);
      expect((await fsp.readFile(logPath())).equals(good)).toBe(true);
      expect(await w.commitTick(3, eventsFor(3))).toBe('committed');
      await w.close();
      expect((await (await open()).load()).ticks).toEqual([0, 1, 2, 3].map((t) => ({ tick: t, events: eventsFor(t) })));
    });
  }

  // one character of the line's payload changed: an event's actor, or a letter of the base64
  const damage: Record<LogFormat, (line: string) => string> = {
    json: (line) => line.replace('"actor":"a1"', '"actor":"a9"'),
    brotli: (line) => {
      const i = line.indexOf('"br":"') + 12;
      return line.slice(0, i) + (line[i] === 'A' ? 'B' : 'A') + line.slice(i + 1);
    },
  };
  it.each(['brotli', 'json'] as const)(
    'fails on corruption in the middle (%s lines), naming events.log and the line',
    async (logFormat) => {
      const s = await writer(4, { logFormat });
      await s.close();
      const lines = (await fsp.readFile(logPath(), 'utf8')).split('\n');
      const damaged = damage[logFormat](lines[1]);
      expect(damaged).not.toBe(lines[1]);
      lines[1] = damaged;
      await fsp.writeFile(logPath(), lines.join('\n'));

      const r = await open();
      for (const attempt of [
        () => r.load(),
        () => r.lastTick(),
        async () => {
          for await (const _ of r.readEvents(0, 3));
        },
      ]) {
        const err = await attempt().catch((e: unknown) => e);
        expect(err).toBeInstanceOf(StoreCorruptError);
        expect((err as Error).message).toMatch(/events\.log: line 2\b/);
      }
      const w = await open();
      await expect(w.acquire(META)).rejects.toThrow(/events\.log: line 2\b/);
      // a failed acquire leaves no lock behind
      await expect(fsp.access(lockPath())).rejects.toThrow();
      expect((await fsp.readFile(logPath(), 'utf8')).split('\n')).toHaveLength(5);
    },
  );

  it('fails on a tick out of sequence, naming the line', async () => {
    const s = await writer(3);
    await s.close();
    const lines = (await fsp.readFile(logPath(), 'utf8')).split('\n');
    await fsp.writeFile(logPath(), [lines[0], lines[2], ''].join('\n'));
    await expect((await open()).load()).rejects.toThrow(/events\.log: line 2: holds tick 2, expected tick 1/);
  });

  it('takes over the lock of a dead process', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    const deadPid = child.pid!;
    await fsp.writeFile(lockPath(), JSON.stringify({ pid: deadPid, hostname: hostname(), token: 'dead' }));
    const s = await writer(1);
    const lock = JSON.parse(await fsp.readFile(lockPath(), 'utf8')) as { pid: number; token: string };
    expect(lock.pid).toBe(process.pid);
    expect(lock.token).not.toBe('dead');
    expect(await s.lastTick()).toBe(0);
  });

  it('takes over a lock with our pid that no store of ours holds (a previous process with the same pid)', async () => {
    await fsp.writeFile(lockPath(), JSON.stringify({ pid: process.pid, hostname: hostname(), token: 'previous-life' }));
    await writer(1);
  });

  for (const [what, content] of [
    ['an empty', ''],
    ['a partial', '{"pid":12'],
    ['a tokenless', `{"pid":1,"hostname":"${hostname()}"}`],
  ]) {
    it(`refuses ${what} lock (a writer may be filling it), naming the file and what to do`, async () => {
      await fsp.writeFile(lockPath(), content);
      const err = await (await open()).acquire(META).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LocalizedError);
      expect(err).toMatchObject({ key: 'backends.store.lock_unreadable', params: { file: lockPath() } });
      expect(await fsp.readFile(lockPath(), 'utf8')).toBe(content);
      expect(translator('en')('backends.store.lock_unreadable', (err as LocalizedError).params)).toContain(
        `${lockPath()} is empty or unreadable`,
      );
    });
  }

  it('creates the lock whole: never an empty writer.lock, no temp files left', async () => {
    const s = await writer(0);
    expect((await fsp.readdir(dir)).sort()).toEqual(['events.log', 'meta.json', 'snapshots', 'writer.lock']);
    await s.close();
    expect((await fsp.readdir(dir)).sort()).toEqual(['events.log', 'meta.json', 'snapshots']);
  });

  it('two stores of one process: the second is refused while the first is live, in-process tokens are not mistaken for a dead pid', async () => {
    const [a, b] = [await open(), await open()];
    const results = await Promise.allSettled([a.acquire(META), b.acquire(META)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(WriterConflictError);
  });

  it("takes over a dead writer's lock even when a dead taker left its claim behind", async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    const lock = { pid: dead.pid, hostname: hostname(), token: 'dead-writer' };
    await fsp.writeFile(lockPath(), JSON.stringify(lock));
    await fsp.writeFile(`${lockPath()}.taken-${digest('dead-writer')}`, JSON.stringify({ ...lock, token: 'dead-taker' }));
    await writer(1);
    expect(JSON.parse(await fsp.readFile(lockPath(), 'utf8'))).toMatchObject({ pid: process.pid });
    expect((await fsp.readdir(dir)).filter((n) => n.startsWith('writer.lock.'))).toEqual([]);
  });

  it('refuses a lock held by a live process', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(child);
    await new Promise((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    await fsp.writeFile(lockPath(), JSON.stringify({ pid: child.pid, hostname: hostname(), token: 'live' }));
    const s = await open();
    const err = await s.acquire(META).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WriterConflictError);
    expect((err as Error).message).toContain(`pid ${child.pid}`);
    // the holder's lock is untouched
    expect(JSON.parse(await fsp.readFile(lockPath(), 'utf8'))).toMatchObject({ token: 'live' });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await s.acquire(META)).toEqual(META);
  });

  it('refuses a lock held on another host', async () => {
    await fsp.writeFile(lockPath(), JSON.stringify({ pid: 1, hostname: `${hostname()}-elsewhere`, token: 't' }));
    await expect((await open()).acquire(META)).rejects.toBeInstanceOf(WriterConflictError);
  });

  it('falls back to an older snapshot when the newest is corrupt', async () => {
    const s = await writer(4);
    await s.saveSnapshot(1, { at: 1 });
    await s.saveSnapshot(3, { at: 3 });
    await fsp.writeFile(join(dir, 'snapshots', '0000000003.json'), '{"tick":3,"state":{"at"');
    const world = await s.load();
    expect(world.snapshot).toEqual({ tick: 1, state: { at: 1 } });
    expect(world.ticks.map((r) => r.tick)).toEqual([2, 3]);
  });

  it('ignores a snapshot whose state was edited (checksum mismatch), with a warning naming the file', async () => {
    const warnings: { fields: object; msg: string }[] = [];
    const s = await writer(4, { log: { warn: (fields, msg) => warnings.push({ fields, msg }) } });
    await s.saveSnapshot(1, { money: 10 });
    await s.saveSnapshot(3, { money: 30 });
    const file = join(dir, 'snapshots', '0000000003.json');
    // still valid JSON, same length: only the checksum can tell
    await fsp.writeFile(file, (await fsp.readFile(file, 'utf8')).replace('"money":30', '"money":90'));
    const world = await s.load();
    expect(world.snapshot).toEqual({ tick: 1, state: { money: 10 } });
    expect(world.ticks.map((r) => r.tick)).toEqual([2, 3]);
    expect(warnings).toEqual([
      { fields: { file, reason: 'checksum mismatch (edited or torn)' }, msg: expect.stringMatching(/snapshot ignored/) },
    ]);
  });

  it('ignores a snapshot ahead of the log', async () => {
    const s = await writer(3);
    await s.saveSnapshot(1, { at: 1 });
    await s.close();
    await fsp.writeFile(join(dir, 'snapshots', '0000000009.json'), '{"tick":9,"state":{"at":9}}');
    const world = await (await open()).load();
    expect(world.snapshot).toEqual({ tick: 1, state: { at: 1 } });
    expect(world.ticks.map((r) => r.tick)).toEqual([2]);
  });

  it('serializes concurrent commits', async () => {
    const s = await writer(0);
    const results = await Promise.all([0, 1, 2, 0, 3].map((t) => s.commitTick(t, eventsFor(t))));
    expect(results).toEqual(['committed', 'committed', 'committed', 'duplicate', 'committed']);
    expect((await s.load()).ticks.map((r) => r.tick)).toEqual([0, 1, 2, 3]);
  });

  it.each(['brotli', 'json'] as const)('reads large logs (%s lines) across read-chunk boundaries', async (logFormat) => {
    const s = await writer(0, { logFormat });
    // digests do not compress, so even compressed lines are larger than a 1 MiB read chunk
    const noise = (key: string) => Array.from({ length: 12 }, (_, i) => digest(`${key}:${i}`)).join('');
    const big = (t: number) => eventsFor(t, 3000).map((e) => ({ ...e, by: noise(`${t}:${e.seq}`) }) as Event);
    for (let t = 0; t < 5; t++) await s.commitTick(t, big(t));
    expect((await fsp.stat(logPath())).size).toBeGreaterThan(2 << 20);
    const r = await open();
    expect(await r.lastTick()).toBe(4);
    const world = await r.load();
    expect(world.ticks).toHaveLength(5);
    expect(world.ticks[3]).toEqual({ tick: 3, events: big(3) });
    let n = 0;
    for await (const e of r.readEvents(2, 3)) {
      expect(e.tick === 2 || e.tick === 3).toBe(true);
      n++;
    }
    expect(n).toBe(6000);
  });
});
