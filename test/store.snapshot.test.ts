/**
 * A snapshot edited on disk must not become the world: it fails its checksum, is ignored with a
 * warning, and the world is rebuilt from the log, so the run goes on exactly as an untouched one.
 */
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { policyBrain } from '../bots/brains/policy/index.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import { canonicalJson } from '../sim/lib/canonical.ts';
import { openEmbeddedStore } from '../adapters/store/embedded.ts';
import type { StoreLog } from '../adapters/store/snapshot.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { shenzhen } from './helpers/world.ts';

let cat: Catalog;
let root = '';
beforeAll(async () => {
  cat = await shenzhen();
});
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true });
});

async function open(dir: string, log: StoreLog): Promise<World> {
  return World.open({
    scenario: cat.scenario,
    seed: 3,
    population: null,
    store: await openEmbeddedStore(dir, { log }),
    brain: policyBrain(),
    engine: ruleEngine(),
    snapshotEvery: 5,
  });
}

async function exported(dir: string): Promise<string> {
  const store = await openEmbeddedStore(dir);
  let out = '';
  for await (const e of store.readEvents(0, Number.MAX_SAFE_INTEGER)) out += canonicalJson(e) + '\n';
  await store.close();
  return out;
}

it('an edited snapshot is ignored with a warning; the world is rebuilt from the log and runs on as an untouched one', async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'astinus-snap-'));
  const [clean, edited] = [join(root, 'clean'), join(root, 'edited')];
  const quiet: StoreLog = { warn: () => {} };
  const first = await open(clean, quiet);
  for (let t = 0; t < 12; t++) await first.step();
  await first.close();
  await fsp.cp(clean, edited, { recursive: true });

  // every snapshot gets richer actors, its checksum left as it was: valid JSON, wrong content
  const snaps = await fsp.readdir(join(edited, 'snapshots'));
  expect(snaps).toEqual(['0000000004.json', '0000000009.json']);
  for (const name of snaps) {
    const file = join(edited, 'snapshots', name);
    const snap = JSON.parse(await fsp.readFile(file, 'utf8')) as {
      tick: number;
      sum: string;
      state: { actors: Record<string, { money: number }> };
    };
    for (const a of Object.values(snap.state.actors)) a.money += 1000;
    await fsp.writeFile(file, `{"tick":${snap.tick},"sum":"${snap.sum}","state":${JSON.stringify(snap.state)}}`);
  }

  const warnings: string[] = [];
  const a = await open(clean, quiet);
  const b = await open(edited, { warn: (fields) => warnings.push((fields as { file: string }).file) });
  expect(warnings.sort()).toEqual(
    snaps
      .map((n) => join(edited, 'snapshots', n))
      .reverse()
      .sort(),
  );
  expect(b.tick).toBe(12);
  expect(canonicalJson(b.state)).toBe(canonicalJson(a.state));
  for (let t = 0; t < 8; t++) {
    await a.step();
    await b.step();
  }
  await a.close();
  await b.close();
  const [ea, eb] = [await exported(clean), await exported(edited)];
  expect(ea.length).toBeGreaterThan(0);
  expect(eb).toBe(ea);
});
