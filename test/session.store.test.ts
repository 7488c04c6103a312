/**
 * What a crash leaves in the embedded store's session records: a torn last record is a write that
 * never returned, dropped with a warning when the writer opens the world (and skipped by a reader
 * meanwhile); a bad record with more after it is skipped, named by file and line
 * (test/store.sidelogs.test.ts has every kind of damage).
 */
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../adapters/store/embedded.ts';
import type { Store } from '../sim/ports/store.ts';
import { META, memoryFor, messageFor } from './store.contract.ts';

let dir: string;
let stores: Store[];
let warnings: { fields: object; msg: string }[];

async function open(): Promise<Store> {
  const s = await openEmbeddedStore(dir, { log: { warn: (fields, msg) => warnings.push({ fields, msg }) } });
  stores.push(s);
  return s;
}

beforeEach(async () => {
  dir = await fsp.mkdtemp(join(tmpdir(), 'astinus-records-'));
  stores = [];
  warnings = [];
});
afterEach(async () => {
  for (const s of stores) await s.close().catch(() => {});
  await fsp.rm(dir, { recursive: true, force: true });
});

describe('embedded session records after a crash', () => {
  it('a world with no records has no record files', async () => {
    const s = await open();
    await s.acquire(META);
    expect((await fsp.readdir(dir)).filter((f) => f.includes('messages') || f.includes('memory'))).toEqual([]);
  });

  it('a torn last line is skipped by a reader, dropped with a warning by the next writer, and numbering goes on from it', async () => {
    const w = await open();
    await w.acquire(META);
    await w.appendRecords('messages', [messageFor('p1', 0, 0), messageFor('p1', 1, 1)]);
    await w.appendRecords('memory', [memoryFor('p1', 1, 0)]);
    await w.close();
    // a crash in the middle of the third message's line
    const file = join(dir, 'messages.log');
    await fsp.appendFile(file, '{"n":2,"sum":"0123456789abcdef","rec":{"player":"p1","ti');
    const reader = await open();
    expect((await reader.readRecords('messages', 'p1', { limit: 10 })).map((m) => m.n)).toEqual([0, 1]);
    expect(warnings).toEqual([]);
    const next = await open();
    await next.acquire(META);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].fields).toMatchObject({ file, line: 3 });
    expect(await next.appendRecords('messages', [messageFor('p1', 2, 2)])).toMatchObject([{ n: 2, tick: 2 }]);
    expect((await next.readRecords('messages', 'p1', { limit: 10 })).map((m) => m.n)).toEqual([0, 1, 2]);
    expect(await next.readRecords('memory', 'p1', { limit: 10 })).toEqual([{ n: 0, ...memoryFor('p1', 1, 0) }]);
  });

  it('a last line that is whole but damaged (its checksum fails) is dropped the same way', async () => {
    const w = await open();
    await w.acquire(META);
    await w.appendRecords('memory', [memoryFor('p1', 0, 0), memoryFor('p1', 1, 1)]);
    await w.close();
    const file = join(dir, 'memory.log');
    const text = await fsp.readFile(file, 'utf8');
    await fsp.writeFile(file, text.replace('memory 1', 'memory X'));
    const next = await open();
    await next.acquire(META);
    expect(warnings[0].fields).toMatchObject({ file, line: 2, fault: 'checksum' });
    expect((await next.readRecords('memory', 'p1', { limit: 10 })).map((m) => m.summary.en)).toEqual(['memory 0']);
  });

  it('a damaged line with more after it is skipped: the writer opens, naming the file and line', async () => {
    const w = await open();
    await w.acquire(META);
    await w.appendRecords(
      'messages',
      [0, 1, 2].map((i) => messageFor('p1', i, i)),
    );
    await w.close();
    const file = join(dir, 'messages.log');
    const text = await fsp.readFile(file, 'utf8');
    await fsp.writeFile(file, text.replace('words 0', 'words 9'));
    const next = await open();
    await next.acquire(META);
    expect(warnings.map((w) => w.fields)).toEqual([{ file, line: 1, fault: 'checksum', key: 'backends.store.record_skipped' }]);
    expect((await next.readRecords('messages', 'p1', { limit: 10 })).map((m) => m.n)).toEqual([1, 2]);
    expect(await next.appendRecords('messages', [messageFor('p1', 3, 3)])).toMatchObject([{ n: 3 }]);
  });
});
