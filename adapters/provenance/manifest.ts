import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import { EngineIdentity } from './engine.ts';

/**
 * `manifest.json`, in every data directory and experiment folder: what the result was made from
 * (the pack, the seed, the flags) and every engine that wrote into it, in order.
 */
export const MANIFEST = 'manifest.json';

const Flag = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.number()), z.array(z.string())]);

/** An engine that wrote here, from `since` on: a tick (a data directory) or a count of finished runs (an experiment). */
export const Writer = z.object({ engine: EngineIdentity, since: z.number().int().min(0) }).strict();
export type Writer = z.infer<typeof Writer>;

export const Manifest = z
  .object({
    version: z.literal(1),
    kind: z.enum(['data', 'experiment']),
    // path: where the pack was read from, so `export` and `metrics` find a pack kept outside scenarios/
    pack: z.object({ id: z.string(), hash: z.string(), path: z.string().optional() }).strict(),
    /** the world's seed; null for an experiment (its seeds are in `flags`) */
    seed: z.number().int().min(0).nullable(),
    /** the flags of the command that made it */
    flags: z.record(z.string(), Flag),
    /** ticks (or finished runs) before this were written before manifests existed: by an unknown engine */
    unknownBefore: z.number().int().min(1).nullable(),
    engines: z.array(Writer).min(1),
  })
  .strict();
export type Manifest = z.infer<typeof Manifest>;
export type Flags = Manifest['flags'];

/** The manifest of `dir`, validated; null when there is none. A damaged one is an error naming the file, the path and why. */
export async function readManifest(dir: string): Promise<Manifest | null> {
  const file = path.join(dir, MANIFEST);
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new LocalizedError('provenance.error.bad', { file, path: '$', reason: (err as Error).message });
  }
  const m = Manifest.safeParse(json);
  if (!m.success) {
    const i = m.error.issues[0];
    throw new LocalizedError('provenance.error.bad', { file, path: ['$', ...i.path].join('.'), reason: i.message });
  }
  return m.data;
}

/** Written whole, then renamed over the old one: a reader never sees half a manifest. */
export async function writeManifest(dir: string, m: Manifest): Promise<void> {
  const file = path.join(dir, MANIFEST);
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, JSON.stringify(Manifest.parse(m), null, 2) + '\n');
  await rename(tmp, file);
}

/** The engine that wrote last: the one a continuation must match. */
export const lastWriter = (m: Manifest): Writer => m.engines[m.engines.length - 1];
