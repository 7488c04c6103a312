import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Which engine wrote a result: the package's version, the git commit when the engine's files are a
 * clean checkout, and always a content hash of the engine's sources (the hash is what is compared,
 * so an edited constant is caught in a dirty tree too), the lockfile's hash and the Node version.
 */
export const EngineIdentity = z
  .object({
    version: z.string(),
    commit: z.string().nullable(),
    sourceHash: z.string().regex(/^[0-9a-f]{64}$/),
    lockHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    node: z.string(),
  })
  .strict();
export type EngineIdentity = z.infer<typeof EngineIdentity>;

/** What makes the engine: its code, its messages, its entry point and its declared dependencies. */
export const ENGINE_PATHS = ['sim', 'bots', 'world-engine', 'adapters', 'locales', 'bin', 'package.json'] as const;

const OWN_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The engine's folder: this checkout, or ASTINUS_ENGINE_ROOT (tests point it at a small copy to play another engine). */
export function engineRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.ASTINUS_ENGINE_ROOT ? path.resolve(env.ASTINUS_ENGINE_ROOT) : OWN_ROOT;
}

const known = new Map<string, EngineIdentity>();

/** The identity of the engine at `root`, computed once per process and root. */
export function engineIdentity(root: string = engineRoot()): EngineIdentity {
  let id = known.get(root);
  if (!id) {
    id = {
      version: versionOf(root),
      commit: cleanCommit(root),
      sourceHash: sourceHash(root),
      lockHash: fileHash(path.join(root, 'package-lock.json')),
      node: process.versions.node,
    };
    known.set(root, id);
  }
  return id;
}

/**
 * sha256 over the engine's files, sorted by path: each as its path, its length and its bytes.
 * Markdown is left out: a README edit changes no result. node_modules is the lockfile's business.
 */
export function sourceHash(root: string): string {
  const files: string[] = [];
  const walk = (rel: string): void => {
    const abs = path.join(root, rel);
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      if (fileHash(abs) !== null) files.push(rel);
      return;
    }
    for (const e of entries) {
      if (e.name === 'node_modules') continue;
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else if (e.isFile() && !e.name.endsWith('.md')) files.push(child);
    }
  };
  for (const p of ENGINE_PATHS) walk(p);
  files.sort();
  const h = createHash('sha256');
  for (const f of files) {
    const bytes = readFileSync(path.join(root, f));
    h.update(`${f}\0${bytes.length}\0`);
    h.update(bytes);
  }
  return h.digest('hex');
}

function fileHash(file: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

function versionOf(root: string): string {
  try {
    const v = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : '';
  } catch {
    return '';
  }
}

/** HEAD when the engine's files are as committed there; null in a dirty tree or outside git. */
function cleanCommit(root: string): string | null {
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    if (path.resolve(git('rev-parse', '--show-toplevel').trim()) !== path.resolve(root)) return null;
    if (git('status', '--porcelain', '--', ...ENGINE_PATHS, 'package-lock.json').trim() !== '') return null;
    return git('rev-parse', 'HEAD').trim();
  } catch {
    return null;
  }
}

/** One way two engines differ, for the refusal: the field and both values. */
export interface EngineDifference {
  field: 'engine' | 'lockfile' | 'node';
  from: string;
  to: string;
}

const short = (h: string | null) => (h === null ? '-' : h.slice(0, 12));
const minor = (v: string) => v.split('.').slice(0, 2).join('.');

/** What differs between the engine that wrote and this one: the source hash, the lockfile, Node's major.minor. */
export function engineDifferences(wrote: EngineIdentity, now: EngineIdentity): EngineDifference[] {
  const out: EngineDifference[] = [];
  if (wrote.sourceHash !== now.sourceHash) out.push({ field: 'engine', from: short(wrote.sourceHash), to: short(now.sourceHash) });
  if (wrote.lockHash !== now.lockHash) out.push({ field: 'lockfile', from: short(wrote.lockHash), to: short(now.lockHash) });
  if (minor(wrote.node) !== minor(now.node)) out.push({ field: 'node', from: minor(wrote.node), to: minor(now.node) });
  return out;
}

export const shortHash = short;
