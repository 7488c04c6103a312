/**
 * The compressed log (adapters/store/logrecord.ts): a run exports byte for byte as it did when the log
 * held plain JSON lines, a data directory written by the code before compression still opens,
 * exports and continues, and a torn compressed last line is dropped so the world resumes.
 */
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { openEmbeddedStore, type EmbeddedStoreOptions } from '../adapters/store/embedded.ts';
import type { StoreMeta } from '../sim/ports/store.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { eventsFor } from './store.contract.ts';
import { shenzhen } from './helpers/world.ts';

// events.log, meta.json and `astinus export` of Shenzhen, seed 7, 6 ticks, written by the code
// before the log was compressed
const V1 = fileURLToPath(new URL('./fixtures/store-v1/', import.meta.url));

let cat: Catalog;
let root = '';
beforeAll(async () => {
  cat = await shenzhen();
});
beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'astinus-format-'));
});
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true });
});

async function run(dir: string, ticks: number, opts: EmbeddedStoreOptions = {}): Promise<void> {
  const world = await World.open({
    scenario: cat.scenario,
    seed: 5,
    population: 40,
    store: await openEmbeddedStore(dir, opts),
    brain: policyBrain(),
    engine: ruleEngine(),
    snapshotEvery: 0,
  });
  try {
    while (world.tick < ticks) await world.step();
  } finally {
    await world.close();
  }
}

/** The events `astinus export` prints after its first line, the state it starts from (adapters/cli/export.ts). */
async function exported(dir: string): Promise<string> {
  const store = await openEmbeddedStore(dir);
  let out = '';
  try {
    for await (const e of store.readEvents(0, Number.MAX_SAFE_INTEGER)) out += canonicalJson(e) + '\n';
  } finally {
    await store.close();
  }
  return out;
}

const logLines = async (dir: string) => (await fsp.readFile(join(dir, 'events.log'), 'latin1')).split('\n').slice(0, -1);

it('a run written compressed exports byte for byte as the same run written as plain JSON lines, in a smaller log', async () => {
  const [plain, packed] = [join(root, 'plain'), join(root, 'packed')];
  await run(plain, 12, { logFormat: 'json' });
  await run(packed, 12);
  expect((await logLines(plain)).every((l) => l.includes('"events":['))).toBe(true);
  expect((await logLines(packed)).every((l) => l.includes('"br":"'))).toBe(true);
  const out = await exported(packed);
  expect(out.split('\n').length).toBeGreaterThan(100);
  expect(out).toBe(await exported(plain));
  const size = async (dir: string) => (await fsp.stat(join(dir, 'events.log'))).size;
  expect(await size(packed)).toBeLessThan(await size(plain));
});

it('a data directory written before compression exports as it did then, and continues in the new format', async () => {
  const dir = join(root, 'old');
  await fsp.mkdir(dir);
  for (const f of ['meta.json', 'events.log']) await fsp.copyFile(join(V1, f), join(dir, f));
  const before = await exported(dir);
  expect(before).toBe(await fsp.readFile(join(V1, 'export.jsonl'), 'utf8'));

  const meta = JSON.parse(await fsp.readFile(join(V1, 'meta.json'), 'utf8')) as StoreMeta;
  const w = await openEmbeddedStore(dir);
  expect(await w.acquire(meta)).toEqual(meta);
  expect(await w.lastTick()).toBe(5);
  expect(await w.commitTick(6, eventsFor(6))).toBe('committed');
  await w.close();

  const lines = await logLines(dir);
  expect(lines).toHaveLength(7);
  expect(lines.slice(0, 6).join('\n') + '\n').toBe(await fsp.readFile(join(V1, 'events.log'), 'latin1'));
  expect(lines[6]).toMatch(/^\{"tick":6,"sum":"[0-9a-f]{16}","br":"/);
  expect(await exported(dir)).toBe(
    before +
      eventsFor(6)
        .map((e) => canonicalJson(e) + '\n')
        .join(''),
  );
});

it('a torn compressed last line is dropped, and the world resumes to the export of an uninterrupted run', async () => {
  const [whole, torn] = [join(root, 'whole'), join(root, 'torn')];
  await run(whole, 10);
  await run(torn, 8);
  const lines = await logLines(torn);
  const keep = lines.slice(0, 7).join('\n') + '\n';
  // the kill landed half way through tick 7's line
  await fsp.writeFile(join(torn, 'events.log'), keep + lines[7].slice(0, lines[7].length >> 1), 'latin1');

  const reader = await openEmbeddedStore(torn);
  expect(await reader.lastTick()).toBe(6);
  await reader.close();
  await run(torn, 10);
  expect(await exported(torn)).toBe(await exported(whole));
});

it('refuses an unknown log format', async () => {
  await expect(openEmbeddedStore(root, { logFormat: 'zstd' as 'json' })).rejects.toThrow(/logFormat/);
});
