/**
 * Summarises a V8 CPU profile: the functions with the most self time (and their inclusive time).
 * Positions are mapped back to the TypeScript sources by bench/profile.ts before saving, because
 * tsx runs transpiled code and the profiler only knows the transpiled positions.
 *
 *   node --import tsx bench/hotspots.ts bench/profiles/<file>.cpuprofile [--top 25] [--without fn]
 *
 * --without drops every sample with `fn` on its stack: what would be hot once `fn` is fixed.
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { numArg, usage } from './common.ts';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
  scriptId: string;
}
export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
  hitCount?: number;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}
export interface Hotspot {
  fn: string;
  where: string;
  selfMs: number;
  selfPct: number;
  totalMs: number;
  totalPct: number;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `file:line` relative to the repo (this one, or the tree at `root`; 1-based line), or the url as is for node internals. */
export function where(f: CallFrame, root = ROOT): string {
  if (!f.url) return '';
  const file = f.url.startsWith('file:') ? relative(root, fileURLToPath(f.url)) : f.url;
  return `${file}:${f.lineNumber + 1}`;
}

/**
 * Sampled µs per profile node: each sample owns the gap before it, but the first: that gap is the
 * profiler starting (once 0.2 s, which the first sample, inside the inspector's dispatch, took as its own).
 */
export function timePerNode(p: CpuProfile): Map<number, number> {
  const us = new Map<number, number>();
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  for (let i = 1; i < samples.length; i++) us.set(samples[i], (us.get(samples[i]) ?? 0) + (deltas[i] ?? 0));
  return us;
}

/** Functions by self time, each with its inclusive time (recursion counted once per sample). */
export function hotspots(p: CpuProfile, top = 20, without?: string): { sampledMs: number; rows: Hotspot[] } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'}\u0000${where(n.callFrame)}`;

  let sampledMs = 0;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const [id, us] of timePerNode(p)) {
    const ms = us / 1000;
    const seen = new Set<string>();
    let skip = false;
    for (let n = byId.get(id); n; n = byId.get(parent.get(n.id) ?? -1)) {
      seen.add(key(n));
      skip ||= n.callFrame.functionName === without;
    }
    if (skip) continue;
    sampledMs += ms;
    for (const k of seen) total.set(k, (total.get(k) ?? 0) + ms);
    const k = key(byId.get(id)!);
    self.set(k, (self.get(k) ?? 0) + ms);
  }

  const pct = (ms: number) => (sampledMs > 0 ? (100 * ms) / sampledMs : 0);
  const rows = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, ms]) => {
      const [fn, at] = k.split('\u0000');
      const t = total.get(k) ?? ms;
      return { fn, where: at, selfMs: ms, selfPct: pct(ms), totalMs: t, totalPct: pct(t) };
    });
  return { sampledMs, rows };
}

export function formatHotspots(h: { sampledMs: number; rows: Hotspot[] }): string {
  const lines = [`sampled ${(h.sampledMs / 1000).toFixed(2)} s`, '  self%   self s  total%  function  (file:line)'];
  for (const r of h.rows) {
    lines.push(
      `${r.selfPct.toFixed(1).padStart(7)} ${(r.selfMs / 1000).toFixed(2).padStart(8)} ${r.totalPct.toFixed(1).padStart(7)}  ${r.fn}  ${r.where}`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) usage('hotspots.ts needs a profile: hotspots.ts <file.cpuprofile> [--top N] [--without fn]');
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const w = process.argv.indexOf('--without');
  console.log(formatHotspots(hotspots(profile, numArg(process.argv, 'top', 25), w < 0 ? undefined : process.argv[w + 1])));
}
