/**
 * The CLI as plain JavaScript, compiled from the TypeScript sources when they change.
 *
 * Run through tsx, every `astinus` process paid about a second of CPU before its first line of work
 * (tsx loading esbuild, then each of some 160 modules transformed and sent across the loader thread):
 * more than a short run's whole simulation, paid again by every worker, experiment run and test that
 * starts one. So the first command after a change bundles the sources with esbuild (about half a second)
 * into node_modules/.cache/astinus/ (or ASTINUS_CACHE), one chunk per lazily loaded command as in the
 * sources, and every command after it loads that. The bundle is used only while every source it was
 * made from has the size and modification time it had then; anything that stops a build (no esbuild, a
 * cache folder that cannot be written) leaves the caller to run the sources through tsx, as before.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
// ASTINUS_CACHE (the tests') must lie inside the repository too: the bundle finds its packages in node_modules above it.
// A folder per checkout: worktrees that share one node_modules (bench/against.ts) keep their builds apart.
const CACHE = join(
  process.env.ASTINUS_CACHE ? resolve(process.env.ASTINUS_CACHE) : join(ROOT, 'node_modules', '.cache', 'astinus'),
  createHash('sha256').update(ROOT).digest('hex').slice(0, 12),
);
const POINTER = join(CACHE, 'current.json');
/** Builds kept besides the current one, and for how long any is kept. */
const KEEP = 4;
const HOUR = 3_600_000;

/** The compiled entry's URL for `entry` (a path from the repository root), or null: then run the sources. */
export async function compiled(entry) {
  try {
    const require = createRequire(import.meta.url);
    let version;
    try {
      // the version alone: esbuild itself loads only to build
      version = require('esbuild/package.json').version;
    } catch {
      return null;
    }
    const current = await readPointer();
    if (current && current.entry === entry && current.esbuild === version && (await unchanged(current.inputs))) {
      return pathToFileURL(join(ROOT, current.out)).href;
    }
    return await build(require('esbuild'), entry);
  } catch {
    return null;
  }
}

async function readPointer() {
  try {
    return JSON.parse(await readFile(POINTER, 'utf8'));
  } catch {
    return null;
  }
}

/** Whether every source of a build is as it was: a changed file is stale, and a new one only matters if a changed one imports it. */
async function unchanged(inputs) {
  const files = Object.keys(inputs);
  const now = await stats(files);
  return now.every((s, i) => stamp(s) === inputs[files[i]]);
}

/** Each file's stat (null if it is gone), read side by side. */
const stats = (files) => Promise.all(files.map((f) => stat(join(ROOT, f)).catch(() => null)));
const stamp = (s) => (s ? `${s.size}:${s.mtimeMs}` : 'missing');

async function build(esbuild, entry) {
  await mkdir(CACHE, { recursive: true });
  const dir = `build-${Date.now()}-${randomBytes(4).toString('hex')}`;
  const started = Date.now();
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outdir: join(CACHE, dir),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // dependencies load from node_modules as they always did
    packages: 'external',
    // as tsx compiles: a function's or class's name is the one in the source
    keepNames: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    plugins: [SOURCE_URLS],
  });
  // the entry's chunk, as a path from the repository root
  const out = Object.keys(result.metafile.outputs).find((o) => result.metafile.outputs[o].entryPoint === entry);
  const files = Object.keys(result.metafile.inputs);
  const read = await stats(files);
  // a source edited while it was read may have been read either way: build again next time
  if (read.every((s) => !s || s.mtimeMs < started)) {
    const inputs = Object.fromEntries(files.map((f, i) => [f, stamp(read[i])]));
    const tmp = `${POINTER}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(tmp, JSON.stringify({ entry, esbuild: esbuild.version, dir, out, inputs }));
    // one rename: a process reading the pointer sees the old build or the new, never half of one
    await rename(tmp, POINTER);
    await prune(dir);
  }
  return pathToFileURL(join(ROOT, out)).href;
}

/** Drop builds that are neither among the newest nor made within the hour: a process started from one may still load its lazy chunks. */
async function prune(keep) {
  const builds = (await readdir(CACHE)).filter((d) => d.startsWith('build-') && d !== keep).sort();
  const old = Date.now() - HOUR;
  for (const d of builds.slice(0, Math.max(0, builds.length - KEEP)))
    if (Number(d.split('-')[1]) < old) await rm(join(CACHE, d), { recursive: true, force: true });
}

/**
 * Each module keeps its own `import.meta.url`: the sources find locales, packs, schemas and the
 * dashboard beside themselves, so in the bundle that must still be the source file's address.
 */
const SOURCE_URLS = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.[mc]?tsx?$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      resolveDir: join(args.path, '..'),
    }));
  },
};
