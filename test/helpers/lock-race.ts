/**
 * One racer of test/store.lock-race.test.ts: `node --import tsx lock-race.ts <gap ms> <dir>...`.
 * Prints `ready`, reads a start time (ms since the epoch) from stdin, then opens the i-th directory
 * at start + i * gap (the same instants in every racer) and tries to become
 * its writer; holds every lease it gets until the parent ends it, so a late racer cannot be admitted
 * legitimately after an early one closed. Prints one JSON line: the outcome per directory.
 */
import { openEmbeddedStore } from '../../adapters/store/embedded.ts';
import { WriterConflictError, type Store, type StoreMeta } from '../../sim/ports/store.ts';

const META: StoreMeta = { world: 'race', scenario: 'test', scenarioHash: 'abc', seed: 1, population: null };
const [gap, ...dirs] = process.argv.slice(2);
process.stdout.write('ready\n');
const start = await new Promise<number>((done) => process.stdin.once('data', (d) => done(Number(String(d).trim()))));
process.stdin.pause();
const held: Store[] = [];
const outcome: string[] = [];

for (let i = 0; i < dirs.length; i++) {
  const at = start + i * Number(gap);
  if (at - Date.now() > 3) await new Promise((done) => setTimeout(done, at - Date.now() - 2));
  while (Date.now() < at); // spin the last ms so the racers really collide
  const store = await openEmbeddedStore(dirs[i]);
  try {
    await store.acquire(META);
    held.push(store);
    outcome.push('writer');
  } catch (err) {
    outcome.push(err instanceof WriterConflictError ? 'refused' : `error: ${(err as Error).message}`);
  }
}
process.stdout.write(JSON.stringify(outcome) + '\n');
// keep the leases until the parent has all outcomes and ends us
setInterval(() => {}, 1 << 30);
