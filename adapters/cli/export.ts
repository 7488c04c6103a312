import { openEmbeddedStore } from '../store/embedded.ts';
import { canonicalJson } from '../../sim/lib/canonical.ts';
import { buildCatalog } from '../../sim/scenario/catalog.ts';
import { initialState } from '../../sim/state/initial.ts';
import { applyEvent } from '../../sim/state/apply.ts';
import { EXPORT_OPTIONS, ExportArgs, parse } from './args.ts';
import { stat } from 'node:fs/promises';
import { UsageError } from './args.ts';
import { readMeta, scenarioOf } from './data-dir.ts';

/**
 * `astinus export <data-dir>`: committed events as canonical JSON lines, for `cmp` and for analysis.
 * The first line is the state the export starts from (`initial_state`: the pack's people, or the
 * --population drawn, before tick 0; with --from T, that state folded up to T - 1), so the export
 * alone can be refolded without the pack (README, "Exports for analysis").
 */
export async function exportCommand(argv: string[]): Promise<number> {
  const args = parse(argv, EXPORT_OPTIONS, ['data'], ExportArgs);
  const info = await stat(`${args.data}/events.log`).catch(() => null);
  if (!info) throw new UsageError([{ key: 'cli.error.no_data', params: { dir: args.data } }]);
  const meta = await readMeta(args.data);
  const cat = buildCatalog(await scenarioOf(meta, args.scenario, args.data));
  const from = args.from ?? 0;
  // a fork's people were drawn with its origin's seed, as sim/metrics/history.ts folds it
  const state = initialState(cat, meta.origin?.seed ?? meta.seed, meta.population);
  const store = await openEmbeddedStore(args.data);
  let buf = '';
  try {
    if (from > 0) for await (const e of store.readEvents(0, from - 1)) applyEvent(state, e);
    buf += canonicalJson(initialLine(meta, state)) + '\n';
    for await (const e of store.readEvents(from, args.to ?? Number.MAX_SAFE_INTEGER)) {
      buf += canonicalJson(e) + '\n';
      if (buf.length > 1 << 20) {
        await write(buf);
        buf = '';
      }
    }
    await write(buf);
  } finally {
    await store.close();
  }
  return 0;
}

/** The export's first line: what the world was made from, and its state after `tick` (-1: before the first). */
function initialLine(meta: { scenario: string; scenarioHash: string; seed: number; population: number | null }, state: { tick: number }) {
  return {
    type: 'initial_state',
    tick: state.tick,
    scenario: meta.scenario,
    scenarioHash: meta.scenarioHash,
    population: meta.population,
    state,
  };
}

function write(s: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!s) return resolve();
    process.stdout.write(s, (err) => (err ? reject(err) : resolve()));
  });
}
