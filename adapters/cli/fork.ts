import { copyFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { translator } from '../../sim/i18n/translator.ts';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import type { Event } from '../../sim/model/events.ts';
import { buildCatalog } from '../../sim/scenario/catalog.ts';
import { loadInterventions } from '../../sim/scenario/interventions.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import { applyEvent } from '../../sim/state/apply.ts';
import { initialState } from '../../sim/state/initial.ts';
import { openEmbeddedStore } from '../store/embedded.ts';
import { readTextIfExists } from '../store/files.ts';
import type { Store, StoreMeta } from '../../sim/ports/store.ts';
import { FORK_OPTIONS, ForkArgs, parse, UsageError } from './args.ts';
import { claimFolder, forkManifest } from '../provenance/commands.ts';
import { writeManifest } from '../provenance/manifest.ts';

/** A fork's own interventions, which `astinus run` on the fork makes when it is given no file of its own. */
export const FORK_INTERVENTIONS = 'interventions.json';

/**
 * `astinus fork <data-dir> --at T --out DIR [--seed S] [--interventions F] [--scenario PATH]`: a new
 * world in DIR whose ticks 0..T-1 are the original's, for `astinus run <scenario> --data DIR` to
 * continue from tick T. The original is only read, without its writer lock (as `export` reads it).
 * The fork runs on the seed that made tick T of the original unless `--seed` gives another; its
 * meta.json records that seed, and the original's as `origin` (its people were drawn with it), so
 * `run` without --seed continues on the fork's. With --interventions, the file is checked against
 * the pack (at --scenario, default scenarios/<id>) and the world at T, and kept in DIR.
 */
export async function forkCommand(argv: string[]): Promise<number> {
  const args = parse(argv, FORK_OPTIONS, ['data'], ForkArgs);
  const t = translator(args.lang);
  const text = await readTextIfExists(join(args.data, 'meta.json'));
  if (text === null) throw new UsageError([{ key: 'cli.error.no_data', params: { dir: args.data } }]);
  let meta: StoreMeta;
  try {
    meta = JSON.parse(text) as StoreMeta;
  } catch (err) {
    throw new LocalizedError('cli.error.corrupt', { detail: `${join(args.data, 'meta.json')}: ${(err as Error).message}` });
  }
  const present = await readdir(args.out).catch(() => []);
  if (present.length) throw new UsageError([{ key: 'cli.error.fork_out', params: { dir: args.out } }]);
  // the original's engine against this one (adapters/provenance): a fork must not mix them unasked
  const claim = await claimFolder({
    t,
    dir: args.data,
    allowMixed: args['allow-mixed'],
    say: (l) => process.stderr.write(l + '\n'),
    at: args.at,
  });

  const src = await openEmbeddedStore(args.data);
  let made = false;
  try {
    const last = await src.lastTick();
    if (args.at > last + 1) throw new UsageError([{ key: 'cli.error.fork_beyond', params: { at: args.at, last, next: last + 1 } }]);
    const first = meta.origin?.seed ?? meta.seed;
    // the seed that made the original's tick T: its own from its fork point on, its origin's before
    const seed = args.seed ?? (meta.origin && args.at < meta.origin.at ? meta.origin.seed : meta.seed);
    if (args.interventions)
      await checkAgainstWorld(args.interventions, args.scenario ?? join('scenarios', meta.scenario), meta, first, src, args.at);
    const dst = await openEmbeddedStore(args.out);
    made = true;
    try {
      await dst.acquire({
        world: meta.world,
        scenario: meta.scenario,
        scenarioHash: meta.scenarioHash,
        seed,
        population: meta.population,
        origin: { seed: first, at: args.at },
      });
      await copyTicks(src, dst, args.at);
    } finally {
      await dst.close();
    }
    if (args.interventions) await copyFile(args.interventions, join(args.out, FORK_INTERVENTIONS));
    await writeManifest(
      args.out,
      forkManifest(claim.manifest, claim.engine, {
        at: args.at,
        seed,
        pack: { id: meta.scenario, hash: meta.scenarioHash, ...(claim.manifest?.pack.path ? { path: claim.manifest.pack.path } : {}) },
        flags: { at: args.at, seed: args.seed ?? null, interventions: args.interventions ?? null },
      }),
    );
    process.stderr.write(t('cli.fork.done', { from: args.data, out: args.out, at: args.at, last: args.at - 1, seed }) + '\n');
    return 0;
  } catch (err) {
    // a fork half made is no fork: the directory was empty (or absent) before, so it goes
    if (made) await rm(args.out, { recursive: true, force: true });
    throw err;
  } finally {
    await src.close();
  }
}

/** Ticks 0..at-1, whole, in order: the new store checks each as the writer does. */
async function copyTicks(src: Store, dst: Store, at: number): Promise<void> {
  let tick = 0;
  let events: Event[] = [];
  for await (const e of src.readEvents(0, at - 1)) {
    if (e.tick !== tick) {
      await dst.commitTick(tick, events);
      tick = e.tick;
      events = [];
    }
    events.push(e);
  }
  if (at > 0) await dst.commitTick(tick, events);
}

/** The interventions file against the pack the original was made with and the world as it stands at tick `at`. */
async function checkAgainstWorld(
  file: string,
  scenarioPath: string,
  meta: StoreMeta,
  firstSeed: number,
  src: Store,
  at: number,
): Promise<void> {
  const scenario = await loadScenario(scenarioPath);
  if (scenario.hash !== meta.scenarioHash)
    throw new UsageError([{ key: 'cli.error.fork_scenario', params: { path: scenarioPath, id: meta.scenario } }]);
  const cat = buildCatalog(scenario);
  const state = initialState(cat, firstSeed, meta.population);
  for await (const e of src.readEvents(0, at - 1)) applyEvent(state, e);
  await loadInterventions(file, cat, state);
}
