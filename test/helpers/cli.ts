import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in test/helpers). */
export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = path.join(REPO, 'bin', 'astinus.mjs');
export const SHENZHEN = path.join(REPO, 'scenarios', 'shenzhen');
export const RIVERFORD = path.join(REPO, 'scenarios', 'riverford');

export interface CliOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}
export interface CliResult {
  /** exit code, or null when the process was ended by a signal */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout exactly as written, for byte comparisons */
  stdoutBytes: Buffer;
}

/**
 * What the CLI does not see of the test's environment: its language, and the backends (a command runs
 * embedded unless the test passes them itself).
 */
export const HIDDEN_ENV = [
  'ASTINUS_LANG',
  'NODE_OPTIONS',
  'REDIS_URL',
  'MONGODB_URL',
  'ASTINUS_QUEUE',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
];

/** The environment a child gets: ours, minus HIDDEN_ENV, plus `extra`. */
function childEnv(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of HIDDEN_ENV) delete env[k];
  return { ...env, ...extra };
}

/** Start `node bin/astinus.mjs ...args` (cwd = repository root unless told otherwise); for kill tests. */
export function spawnAstinus(args: string[], opts: CliOptions = {}): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? REPO,
    env: childEnv(opts.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Wait for a child to end; collects whatever it printed. */
export function finished(child: ChildProcess): Promise<CliResult> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => out.push(b));
  child.stderr?.on('data', (b: Buffer) => err.push(b));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const stdoutBytes = Buffer.concat(out);
      resolve({ code, signal, stdout: stdoutBytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), stdoutBytes });
    });
  });
}

/** Run the CLI to completion. */
export function astinus(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  return finished(spawnAstinus(args, opts));
}

/** A fresh empty directory under the OS temp dir. */
export function tempDir(prefix = 'astinus-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/** A copy of a shipped pack (Shenzhen unless told) in its own temp dir (the returned path is the pack itself), for making broken variants. */
export async function copyScenario(pack: string = SHENZHEN): Promise<string> {
  const dir = await tempDir('astinus-pack-');
  await cp(pack, dir, { recursive: true });
  return dir;
}

export function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

/** `astinus export <dir>` as bytes; fails loudly when the export itself fails. */
export async function exportBytes(dataDir: string): Promise<Buffer> {
  const r = await astinus(['export', dataDir]);
  if (r.code !== 0) throw new Error(`export ${dataDir} exited ${r.code}: ${r.stderr}`);
  return r.stdoutBytes;
}
