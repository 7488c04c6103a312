/**
 * Does this tree commit the same events as another revision? For every shipped pack and seeds 1-3,
 * `astinus run <pack> --ticks 300 --seed S` then `astinus export`, in both trees; prints per pack and
 * seed whether the exports are byte-identical. Speed work must keep them so.
 *
 *   node --import tsx bench/identical.ts --rev <rev> [--ticks 300] [--seeds 3] [--prepare]
 *
 * The revision's export hashes are kept in its worktree (they cannot change), so only this tree reruns;
 * `--prepare` only computes those.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkout } from './against.ts';
import { numArg, progress, shippedPacks, usage } from './common.ts';

const HERE = fileURLToPath(new URL('../', import.meta.url));
const PACKS = shippedPacks();

function exportOf(root: string, pack: string, seed: number, ticks: number): string {
  const data = mkdtempSync(join(tmpdir(), 'astinus-identical-'));
  try {
    const cli = join(root, 'bin/astinus.mjs');
    execFileSync(
      process.execPath,
      [cli, 'run', join(root, 'scenarios', pack), '--ticks', String(ticks), '--seed', String(seed), '--data', join(data, 'w'), '--quiet'],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const out = execFileSync(process.execPath, [cli, 'export', join(data, 'w')], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
    // the events only: an export's first line is its initial state (older commits did not write one)
    return out.startsWith('{') && out.slice(0, out.indexOf('\n')).endsWith('"type":"initial_state"}')
      ? out.slice(out.indexOf('\n') + 1)
      : out;
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const argv = process.argv;
const rev = argv[argv.indexOf('--rev') + 1];
if (!argv.includes('--rev') || !rev || rev.startsWith('--')) usage('--rev needs a revision (a commit, a branch or a tag)');
const ticks = numArg(argv, 'ticks', 300);
const seeds = numArg(argv, 'seeds', 3);
const theirs = checkout(rev);
const cache = join(theirs, '.identical');
mkdirSync(cache, { recursive: true });
let same = true;
for (const pack of PACKS) {
  for (let seed = 1; seed <= seeds; seed++) {
    const kept = join(cache, `${pack}-${seed}-${ticks}.sha256`);
    if (!existsSync(kept)) {
      progress(`${rev}: ${pack} seed ${seed}`);
      writeFileSync(kept, sha256(exportOf(theirs, pack, seed, ticks)));
    }
    if (argv.includes('--prepare')) continue;
    progress(`this tree: ${pack} seed ${seed}`);
    const mine = exportOf(HERE, pack, seed, ticks);
    const ok = sha256(mine) === readFileSync(kept, 'utf8');
    same &&= ok;
    console.log(`${pack} seed ${seed}: ${ok ? 'identical' : 'DIFFERENT'} (${mine.length} bytes)`);
  }
}
process.exitCode = same ? 0 : 1;
