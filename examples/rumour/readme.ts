import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { cellNum, parseCsv } from '../../adapters/experiment/csv.ts';

/*
 * The README's figures for the worked example, computed from an experiment's summary.csv and
 * series/<condition>.csv (columns read by name) and written between the README's markers
 * `<!-- rumour:full -->` ... `<!-- /rumour:full -->` and `<!-- rumour:reduced -->` ...: the prose
 * cannot drift from what the script computes. `examples/rumour/run.sh` runs the experiment first.
 */

/** A mean with its 95% interval, as shares (0..1). */
export interface Interval {
  mean: number;
  low: number;
  high: number;
}

export interface ConditionFigures {
  /** the share who know the rumour at each tick of the series */
  share: Interval[];
  /** seeds where half the reachable city came to know it, and seeds in all */
  reachedHalf: number;
  seeds: number;
}

export type Figures = Record<'quiet' | 'hub', ConditionFigures>;

const CONDITIONS = ['quiet', 'hub'] as const;
const LABEL = 'rumour';

function need(v: string | undefined, file: string, what: string): number {
  const n = cellNum(v);
  if (n === null) throw new Error(`${file}: ${what}: no number (${JSON.stringify(v ?? null)})`);
  return n;
}

/** The figures of the experiment in `dir`: its summary and its per-condition series. */
export async function readFigures(dir: string): Promise<Figures> {
  const summaryFile = path.join(dir, 'summary.csv');
  const summary = parseCsv(await readFile(summaryFile, 'utf8'), summaryFile);
  const out = {} as Figures;
  for (const c of CONDITIONS) {
    const row = summary.find((r) => r.condition === c && r.metric === `fact:${LABEL}:reached_half`);
    if (!row) throw new Error(`${summaryFile}: no row for condition ${c}, metric fact:${LABEL}:reached_half`);
    const seeds = need(row.n, summaryFile, `${c} reached_half n`);
    const seriesFile = path.join(dir, 'series', `${c}.csv`);
    const rows = parseCsv(await readFile(seriesFile, 'utf8'), seriesFile);
    const col = `share_${LABEL}`;
    const share = rows.map((r, i) => {
      if (need(r.tick, seriesFile, `row ${i + 2} tick`) !== i)
        throw new Error(`${seriesFile}: row ${i + 2}: tick ${r.tick}, expected ${i}`);
      const at = (k: string) => need(r[`${col}_${k}`], seriesFile, `row ${i + 2} ${col}_${k}`);
      return { mean: at('mean'), low: at('ci95_low'), high: at('ci95_high') };
    });
    // the mean over seeds of a 1-or-0 outcome, times the seeds: how many reached half
    out[c] = { share, reachedHalf: Math.round(need(row.mean, summaryFile, `${c} reached_half mean`) * seeds), seeds };
  }
  return out;
}

const pct = (x: number) => Math.round(x * 100);
const shown = (i: Interval) => `${pct(i.mean)}% [${pct(i.low)}, ${pct(i.high)}]`;

/** Which condition is ahead where the intervals do not overlap, or null when they do. */
function apart(a: Interval, b: Interval): 'hub' | 'quiet' | null {
  if (a.low > b.high) return 'hub';
  if (b.low > a.high) return 'quiet';
  return null;
}

/** The first tick from `from` on where the quiet start's mean is above the hub's, or null. */
function overtakes(f: Figures, from: number): number | null {
  for (let t = from; t < f.hub.share.length; t++) if (f.quiet.share[t].mean > f.hub.share[t].mean) return t;
  return null;
}

/** The full run's paragraph: figures at ticks 25 and 50 and at the last tick, and what they allow one to say. */
export function fullBlock(f: Figures): string {
  const last = f.hub.share.length - 1;
  const [h25, q25, h50, q50, hl, ql] = [
    f.hub.share[25],
    f.quiet.share[25],
    f.hub.share[50],
    f.quiet.share[50],
    f.hub.share[last],
    f.quiet.share[last],
  ];
  const cross = overtakes(f, 26);
  const early = apart(h25, q25);
  const end = apart(hl, ql);
  const lines = [
    `From \`runs/rumour/summary.csv\` and \`runs/rumour/series/*.csv\` (mean of ${f.hub.seeds} seeds [95% interval]): told to the`,
    `busiest teller, the rumour ${h25.mean > q25.mean ? 'is ahead' : 'is behind'} at first: ${shown(h25)} of the city by tick 25 against`,
    `${shown(q25)}, ${shown(h50)} by tick 50 against ${shown(q50)}.`,
    cross === null
      ? 'The quiet start never has the higher mean.'
      : stays(f, cross)
        ? `The quiet start's mean is the higher from tick ${cross} on.`
        : `The quiet start's mean first passes the hub's at tick ${cross}.`,
    `At the last tick (${last}) ${shown(hl)} against ${shown(ql)} know it, and it reached half the city in ${f.hub.reachedHalf} of`,
    `${f.hub.seeds} seeds against ${f.quiet.reachedHalf} of ${f.quiet.seeds}. ${conclusion(early, end)}`,
  ];
  return wrap(lines.join(' '), 118);
}

/** Words in lines of at most `width` characters, as the README's prose is written. */
function wrap(text: string, width: number): string {
  const out: string[] = [];
  let line = '';
  for (const w of text.split(/\s+/)) {
    if (line && line.length + 1 + w.length > width) {
      out.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(line);
  return out.join('\n');
}

function stays(f: Figures, from: number): boolean {
  return f.hub.share.slice(from).every((h, i) => f.quiet.share[from + i].mean > h.mean);
}

/** The sentence the two comparisons support, and no more. */
function conclusion(early: 'hub' | 'quiet' | null, end: 'hub' | 'quiet' | null): string {
  const first =
    early === null
      ? "At tick 25 the intervals overlap: the hub's head start shows in the means, not in a difference these seeds establish"
      : `At tick 25 the intervals do not overlap: the ${early} start is faster`;
  const second =
    end === null
      ? `at the end they overlap, so these seeds do not show that where a rumour starts decides how far it goes.`
      : `at the end the ${end} start has reached more people, and the intervals do not overlap.`;
  return `${first}; ${second}`;
}

/** The reduced run's table: the share by tick 25 and at the last tick, and the seeds that reached half. */
export function reducedBlock(f: Figures): string {
  const last = f.hub.share.length - 1;
  const rows = CONDITIONS.map((c) => {
    const x = f[c];
    return `| \`${c}\` | ${shown(x.share[25])} | ${shown(x.share[last])} | ${x.reachedHalf} of ${x.seeds} |`;
  });
  return [`| condition | by tick 25 | at tick ${last} | reached half the city |`, '| --- | --- | --- | --- |', ...rows].join('\n');
}

const open = (name: string) => `<!-- rumour:${name} -->`;
const close = (name: string) => `<!-- /rumour:${name} -->`;

/** The text between a block's markers (without the line breaks next to them). */
export function blockOf(readme: string, name: string): string {
  const a = readme.indexOf(open(name));
  const b = readme.indexOf(close(name));
  if (a < 0 || b < a) throw new Error(`README: no block ${open(name)} ... ${close(name)}`);
  return readme
    .slice(a + open(name).length, b)
    .replace(/^\n/, '')
    .replace(/\n$/, '');
}

/** The README with the block's text replaced. */
export function withBlock(readme: string, name: string, text: string): string {
  blockOf(readme, name);
  const a = readme.indexOf(open(name)) + open(name).length;
  return readme.slice(0, a) + '\n' + text + '\n' + readme.slice(readme.indexOf(close(name)));
}

/** `tsx examples/rumour/readme.ts --full|--reduced --out DIR [--readme FILE] [--check]` */
async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      full: { type: 'boolean' },
      reduced: { type: 'boolean' },
      out: { type: 'string' },
      readme: { type: 'string', default: 'README.md' },
      check: { type: 'boolean' },
    },
  });
  if (!values.out || values.full === values.reduced) {
    process.stderr.write('Usage: tsx examples/rumour/readme.ts --full|--reduced --out DIR [--readme FILE] [--check]\n');
    return 2;
  }
  const name = values.full ? 'full' : 'reduced';
  const f = await readFigures(values.out);
  const text = values.full ? fullBlock(f) : reducedBlock(f);
  const readme = await readFile(values.readme, 'utf8');
  if (values.check) {
    if (blockOf(readme, name) === text) return 0;
    process.stderr.write(
      `${values.readme}: block rumour:${name} differs from ${values.out}:\n--- README\n${blockOf(readme, name)}\n--- computed\n${text}\n`,
    );
    return 1;
  }
  const next = withBlock(readme, name, text);
  if (next !== readme) await writeFile(values.readme, next);
  process.stdout.write(`${values.readme}: block rumour:${name} ${next === readme ? 'unchanged' : 'rewritten'}\n${text}\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = await main(process.argv.slice(2));
