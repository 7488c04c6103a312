import { LocalizedError } from '../../sim/i18n/errors.ts';
import { RESERVED_IDS } from '../../sim/model/ids.ts';
import { PACK_FILES } from '../../sim/model/scenario.ts';
import { readPackJson } from '../../sim/scenario/json.ts';
import { mergeOverride, type Condition } from './conditions.ts';

/**
 * `--sweep FILE:KEY.KEY...=FROM..TO:STEP`: a numeric pack value run at each value of a range, one
 * condition per value (given twice, per pair of values: a grid). The path addresses the pack as a
 * condition's `pack` override does: a pack file, then keys; in an array whose items carry an `id`,
 * the key is the item's id (`scenario.json:jobs.<job id>.wage`), in any other array its index.
 */
export interface Sweep {
  file: string;
  keys: string[];
  values: number[];
  /** the text as given, for errors */
  text: string;
}

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** At most this many values per sweep and conditions in all (the conditions file's limit). */
export const MAX_CONDITIONS = 100;

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const SPEC = new RegExp(String.raw`^([^:=]+):([^=]+)=(${NUMBER})\.\.(${NUMBER}):(${NUMBER})$`);

/** Parses one `--sweep` (shape only; `checkSweep` checks the path against the pack). */
export function parseSweep(text: string): Sweep {
  const m = SPEC.exec(text.trim());
  const bad = (reason: string, params: Record<string, unknown> = {}) =>
    new LocalizedError(`experiment.error.sweep_${reason}`, { value: text, ...params });
  if (!m) throw bad('shape');
  const [, file, dotted, a, b, s] = m;
  const from = Number(a),
    to = Number(b),
    step = Number(s);
  if (!(step > 0) || to < from) throw bad('range');
  // whole steps counted on integers scaled by the decimals given, so 0.1 steps do not drift
  const scale = 10 ** Math.max(...[a, b, s].map((x) => (x.split('.')[1] ?? '').length));
  const [f, t, st] = [from, to, step].map((x) => Math.round(x * scale));
  const count = Math.floor((t - f) / st) + 1;
  if (count > MAX_CONDITIONS) throw bad('many', { max: MAX_CONDITIONS });
  const values = Array.from({ length: count }, (_, i) => (f + i * st) / scale);
  return { file, keys: dotted.split('.'), values, text };
}

/**
 * Checks a sweep's path against the pack: the file is a pack file, every key exists, and the value
 * there is a number. The error names the file, the path, the reason and the valid choices there.
 */
export async function checkSweep(scenarioDir: string, sw: Sweep): Promise<void> {
  const fail = (at: string, reason: string, choices: string[]) =>
    new LocalizedError(`experiment.error.sweep_${reason}`, {
      value: sw.text,
      file: sw.file,
      path: at,
      choices: choices.slice(0, 30).join(', ') || '-',
    });
  if (!has(PACK_FILES, sw.file)) throw fail('$', 'no_file', Object.keys(PACK_FILES));
  const read = await readPackJson(scenarioDir, sw.file);
  if (read.kind !== 'ok') throw fail('$', 'no_file', Object.keys(PACK_FILES));
  let v: unknown = read.json;
  const at: string[] = [];
  for (const k of sw.keys) {
    const here = at.length ? at.join('.') : '$';
    if (RESERVED_IDS.has(k)) throw fail(here, 'no_key', []);
    if (Array.isArray(v)) {
      const ids = v.map((x) => (x && typeof x === 'object' ? (x as { id?: unknown }).id : undefined));
      const byId = ids.every((x) => typeof x === 'string');
      const i = byId ? ids.indexOf(k) : /^\d+$/.test(k) ? Number(k) : -1;
      if (i < 0 || i >= v.length) throw fail(here, 'no_key', byId ? (ids as string[]) : v.map((_, j) => String(j)));
      v = v[i];
    } else if (v !== null && typeof v === 'object') {
      if (!has(v, k)) throw fail(here, 'no_key', Object.keys(v));
      v = (v as Record<string, unknown>)[k];
    } else throw fail(here, 'no_key', []);
    at.push(k);
  }
  if (typeof v !== 'number') throw fail(at.join('.'), 'not_number', []);
}

/** The pack override that sets the swept value, in the form a condition's `pack` takes (ids kept so it merges item by item). */
async function overrideOf(scenarioDir: string, sw: Sweep, value: number): Promise<Record<string, unknown>> {
  const read = await readPackJson(scenarioDir, sw.file);
  const build = (base: unknown, keys: string[]): unknown => {
    if (!keys.length) return value;
    const [k, ...rest] = keys;
    if (Array.isArray(base)) {
      const byId = base.every((x) => x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string');
      if (byId) {
        const item = base.find((x) => (x as { id: string }).id === k);
        return [{ id: k, ...(build(item, rest) as Record<string, unknown>) }];
      }
      // a plain array is replaced whole by an override: the base with the one item changed
      const copy = base.slice();
      copy[Number(k)] = build(base[Number(k)], rest);
      return copy;
    }
    return { [k]: build((base as Record<string, unknown>)[k], rest) };
  };
  return build(read.kind === 'ok' ? read.json : {}, sw.keys) as Record<string, unknown>;
}

/** `wage_120`, `0.5` as `0p5`, `-3` as `m3`: a value in a condition's name (letters, digits, _ and - only). */
const valueName = (v: number) => String(v).replace('-', 'm').replace('.', 'p');

/**
 * Each base condition (the conditions file's, or the baseline) at every value of the sweeps (every
 * combination for two): named `<key>_<value>` (the path's last key, or the key before it when two
 * sweeps end in the same key: `<id a>_120_<id b>_150`), after the base's name when there is a conditions file.
 */
export async function expandSweeps(scenarioDir: string, sweeps: Sweep[], bases: Condition[], named: boolean): Promise<Condition[]> {
  if (!sweeps.length) return bases;
  const lasts = sweeps.map((s) => s.keys[s.keys.length - 1]);
  const labels = sweeps.map((s, i) =>
    lasts.filter((l) => l === lasts[i]).length > 1 ? (s.keys[s.keys.length - 2] ?? lasts[i]) : lasts[i],
  );
  let combos: { name: string[]; pack: Record<string, Record<string, unknown>> }[] = [{ name: [], pack: {} }];
  for (const [i, sw] of sweeps.entries()) {
    const next: typeof combos = [];
    for (const c of combos)
      for (const v of sw.values) {
        const patch = await overrideOf(scenarioDir, sw, v);
        next.push({
          name: [...c.name, `${labels[i]}_${valueName(v)}`],
          pack: { ...c.pack, [sw.file]: mergeOverride(c.pack[sw.file] ?? {}, patch) as Record<string, unknown> },
        });
      }
    combos = next;
  }
  const out: Condition[] = [];
  for (const b of bases)
    for (const c of combos) {
      let pack: Record<string, Record<string, unknown>> = { ...(b.pack ?? {}) };
      for (const [file, patch] of Object.entries(c.pack))
        pack = { ...pack, [file]: mergeOverride(pack[file] ?? {}, patch) as Record<string, unknown> };
      out.push({ ...b, name: [...(named ? [b.name] : []), ...c.name].join('_'), pack });
    }
  if (out.length > MAX_CONDITIONS)
    throw new LocalizedError('experiment.error.sweep_many', { value: sweeps.map((s) => s.text).join(' '), max: MAX_CONDITIONS });
  const badName = out.find((c) => !/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/.test(c.name));
  if (badName) throw new LocalizedError('experiment.error.sweep_name', { value: sweeps.map((s) => s.text).join(' '), name: badName.name });
  return out;
}
