import path from 'node:path';
import type { T } from '../../sim/i18n/translator.ts';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import { engineDifferences, engineIdentity, shortHash, type EngineDifference, type EngineIdentity } from './engine.ts';
import { lastWriter, readManifest, writeManifest, type Flags, type Manifest } from './manifest.ts';

/*
 * The commands' side of provenance: before a command writes into a data directory or an experiment
 * folder, the engine that wrote there last is compared with this one; a different one is refused
 * unless --allow-mixed, and then every engine that wrote is listed in the manifest.
 */

/** A folder about to be written: its manifest as found (null: none yet) and the engine writing now. */
export interface Claim {
  dir: string;
  engine: EngineIdentity;
  manifest: Manifest | null;
}

export const differencesText = (t: T, ds: EngineDifference[]): string =>
  ds.map((d) => t(`provenance.field.${d.field}`, { from: d.from, to: d.to })).join(', ');

/**
 * The folder's last engine (for a fork at tick `at`: the one that wrote tick at-1) against this one:
 * refused (LocalizedError, exit 1) when they differ, naming what differs and the way on
 * (--allow-mixed); with allowMixed the difference is said on `say` and the command proceeds.
 * Writes nothing.
 */
export async function claimFolder(o: { t: T; dir: string; allowMixed: boolean; say: (line: string) => void; at?: number }): Promise<Claim> {
  const engine = engineIdentity();
  const manifest = await readManifest(o.dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOTDIR') return null;
    throw err;
  });
  const wrote = manifest && (o.at === undefined ? lastWriter(manifest) : manifest.engines.findLast((w) => w.since < o.at!));
  if (wrote) {
    const ds = engineDifferences(wrote.engine, engine);
    if (ds.length && !o.allowMixed) throw new LocalizedError('provenance.refused', { dir: o.dir, differences: differencesText(o.t, ds) });
    if (ds.length) o.say(o.t('provenance.mixed', { dir: o.dir, differences: differencesText(o.t, ds) }));
  }
  return { dir: o.dir, engine, manifest };
}

/**
 * The manifest after this command starts writing at `since` (a tick, or the runs already finished):
 * a new one (the part before `since` of unknown engine when something was there before manifests),
 * the same one when this engine wrote last, or the list with this engine appended.
 */
export function nextManifest(
  claim: Claim,
  o: { kind: Manifest['kind']; since: number; pack: Manifest['pack']; seed: number | null; flags: Flags; existed: boolean },
): Manifest {
  const writer = { engine: claim.engine, since: o.since };
  const m = claim.manifest;
  if (!m)
    return {
      version: 1,
      kind: o.kind,
      pack: o.pack,
      seed: o.seed,
      flags: o.flags,
      unknownBefore: o.existed && o.since > 0 ? o.since : null,
      engines: [writer],
    };
  if (!engineDifferences(lastWriter(m).engine, claim.engine).length) return m;
  return { ...m, engines: [...m.engines, writer] };
}

/** nextManifest, written when it changed. */
export async function recordClaim(claim: Claim, o: Parameters<typeof nextManifest>[1]): Promise<Manifest> {
  const m = nextManifest(claim, o);
  if (m !== claim.manifest) await writeManifest(claim.dir, m);
  return m;
}

/**
 * A fork's manifest: the engines that wrote the original's ticks before `at`, then this one from
 * `at` when it differs from the last of them; an original without a manifest leaves ticks 0..at-1
 * of unknown engine.
 */
export function forkManifest(
  source: Manifest | null,
  engine: EngineIdentity,
  o: { at: number; seed: number; flags: Flags; pack: Manifest['pack'] },
): Manifest {
  const before = source ? source.engines.filter((w) => w.since < o.at) : [];
  const last = before[before.length - 1];
  const engines = last && !engineDifferences(last.engine, engine).length ? before : [...before, { engine, since: o.at }];
  const unknown = Math.min(source ? (source.unknownBefore ?? 0) : o.at, o.at);
  return {
    version: 1,
    kind: 'data',
    pack: o.pack,
    seed: o.seed,
    flags: o.flags,
    unknownBefore: unknown > 0 ? unknown : null,
    engines,
  };
}

/** The manifest as lines for a report: each engine that wrote, from when, and the part of unknown engine. */
export function engineLines(t: T, m: Manifest): string[] {
  const unit = m.kind === 'data' ? 'tick' : 'runs';
  const lines = m.engines.map((w) => {
    const line = identityLine(t, w.engine);
    return m.engines.length > 1 || m.unknownBefore !== null ? t(`provenance.since_${unit}`, { line, since: w.since }) : line;
  });
  if (m.unknownBefore !== null) lines.unshift(t(`provenance.unknown_${unit}`, { before: m.unknownBefore }));
  return lines;
}

/**
 * What a report in `dir` prints of its manifest: the pack, the command's flags, then every engine that
 * wrote. A file named by an absolute path is shown relative to `dir`, so a report moved with the files
 * beside it reads the same and names no one's home directory.
 */
export function provenanceLines(t: T, m: Manifest, dir: string): string[] {
  const shown = (v: string | number | boolean) => (typeof v === 'string' && path.isAbsolute(v) ? path.relative(dir, v) : String(v));
  const flags = Object.entries(m.flags)
    .filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `--${k} ${Array.isArray(v) ? v.map(shown).join(' ') : shown(v!)}`)
    .join(' ');
  return [
    t('provenance.pack', { id: m.pack.id, hash: m.pack.hash }),
    ...(m.seed !== null ? [t('provenance.seed', { seed: m.seed })] : []),
    t('provenance.flags', { flags: flags || '-' }),
    ...engineLines(t, m),
  ];
}

/** One engine in one line. */
export function identityLine(t: T, e: EngineIdentity): string {
  return t('provenance.line', {
    version: e.version || '-',
    commit: e.commit ? t('provenance.commit', { commit: e.commit.slice(0, 12) }) : t('provenance.no_commit'),
    source: shortHash(e.sourceHash),
    lock: shortHash(e.lockHash),
    node: e.node,
  });
}

/** The lines for `dir`'s manifest, or the one line saying it has none. */
export async function engineLinesOf(t: T, dir: string): Promise<string[]> {
  const m = await readManifest(dir);
  return m ? engineLines(t, m) : [t('provenance.none', { dir })];
}
