import { vi } from 'vitest';
import { main } from '../../adapters/cli/main.ts';
import { HIDDEN_ENV } from './cli.ts';

export interface InProcResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `astinus ...args` in this process, with what it writes to stdout and stderr collected (not shown):
 * the same code path as the binary without a child's start-up, for tests that run many commands. It sees
 * the environment a child would (HIDDEN_ENV hidden, `opts.env` added while it runs). One at a time: it
 * borrows process.stdout and process.env.
 */
export async function astinusHere(args: string[], opts: { env?: Record<string, string> } = {}): Promise<InProcResult> {
  const out: string[] = [];
  const err: string[] = [];
  const take = (into: string[]) =>
    ((chunk: unknown, ...rest: unknown[]) => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      const done = rest.find((x) => typeof x === 'function') as ((e?: Error | null) => void) | undefined;
      if (done) queueMicrotask(() => done(null));
      return true;
    }) as typeof process.stdout.write;
  const extra = opts.env ?? {};
  const saved = [...HIDDEN_ENV, ...Object.keys(extra)].map((k) => [k, process.env[k]] as const);
  for (const k of HIDDEN_ENV) delete process.env[k];
  Object.assign(process.env, extra);
  const o = vi.spyOn(process.stdout, 'write').mockImplementation(take(out));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation(take(err));
  try {
    const code = await main(args);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    o.mockRestore();
    e.mockRestore();
    for (const [k, v] of saved.reverse()) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** `astinusHere` for a command that must succeed: a failure throws with the command and what it said. */
export async function astinusOk(args: string[], opts: { env?: Record<string, string> } = {}): Promise<InProcResult> {
  const r = await astinusHere(args, opts);
  if (r.code !== 0) throw new Error(`astinus ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r;
}
