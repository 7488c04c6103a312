import type { T } from '../../sim/i18n/translator.ts';
import { ACTION_KINDS, round6, type Series } from './aggregate.ts';
import { cellNum, parseCsv } from './csv.ts';

/**
 * DIR/report.html: one self-contained file (the charting library, uPlot, is inlined from
 * node_modules; the data is inline JSON), so it opens offline from disk. Charts: each labelled
 * fact's diffusion per condition with its 95% band, Gini and network density over time with bands,
 * and the action mix of each condition. Every word comes from locales (`experiment.report.*`).
 */

export interface Line {
  name: string;
  mean: (number | null)[];
  low: (number | null)[] | null;
  high: (number | null)[] | null;
}
export interface Chart {
  id: string;
  kind: 'diffusion' | 'gini' | 'density' | 'actions';
  title: string;
  y: string;
  range: [number, number] | null;
  lines: Line[];
}
export interface ReportData {
  lang: string;
  title: string;
  intro: string;
  note: string;
  tick: string;
  ticks: number[];
  charts: Chart[];
  table: Table;
  contrasts: Table;
  /** how the results were made: the manifest's pack, flags and engines (adapters/provenance) */
  provenance: { caption: string; lines: string[] };
}
export interface Table {
  caption: string;
  header: string[];
  rows: string[][];
}

/** What the report shows, from the conditions' series (the same numbers as series/*.csv, rounded the same way). */
export function reportData(o: {
  t: T;
  lang: string;
  scenario: string;
  seeds: number[];
  ticks: number;
  conditions: { name: string; series: Series }[];
  labels: string[];
  summary: string;
  contrasts: string;
  baseline: string;
  /** the reporters' columns (rep_<name>) */
  extra: string[];
  provenance: string[];
}): ReportData {
  const { t } = o;
  const ticks = o.conditions[0]?.series.ticks ?? [];
  // conditions may have run different numbers of ticks only if something went wrong; align on the first one's
  const line = (name: string, s: Series, key: string, band: boolean): Line => {
    const at = (f: (i: number) => number | null) =>
      ticks.map((tk) => {
        const i = s.ticks.indexOf(tk);
        return i < 0 ? null : round6(f(i));
      });
    const st = s.stats[key];
    return { name, mean: at((i) => st[i].mean), low: band ? at((i) => st[i].low) : null, high: band ? at((i) => st[i].high) : null };
  };
  const charts: Chart[] = [];
  o.labels.forEach((label, i) =>
    charts.push({
      id: `diffusion-${i}`,
      kind: 'diffusion',
      title: t('experiment.report.diffusion', { label }),
      y: t('experiment.report.share'),
      range: [0, 1],
      lines: o.conditions.filter((c) => c.series.stats[`share_${label}`]).map((c) => line(c.name, c.series, `share_${label}`, true)),
    }),
  );
  charts.push({
    id: 'gini',
    kind: 'gini',
    title: t('experiment.report.gini'),
    y: t('experiment.report.gini_axis'),
    range: null,
    lines: o.conditions.map((c) => line(c.name, c.series, 'gini', true)),
  });
  charts.push({
    id: 'density',
    kind: 'density',
    title: t('experiment.report.density'),
    y: t('experiment.report.density_axis'),
    range: null,
    lines: o.conditions.map((c) => line(c.name, c.series, 'density', true)),
  });
  o.conditions.forEach((c, i) =>
    charts.push({
      id: `actions-${i}`,
      kind: 'actions',
      title: t('experiment.report.actions', { condition: c.name }),
      y: t('experiment.report.share'),
      range: [0, 1],
      lines: ACTION_KINDS.map((k) => line(t(`experiment.report.kind.${k}`), c.series, `mix_${k}`, false)),
    }),
  );
  return {
    lang: o.lang,
    title: t('experiment.report.title', { scenario: o.scenario }),
    intro: t('experiment.report.intro', { conditions: o.conditions.length, seeds: o.seeds.length, ticks: o.ticks }),
    note: t('experiment.report.note'),
    tick: t('experiment.report.tick'),
    ticks,
    charts,
    table: summaryTable(
      t,
      o.summary,
      o.conditions.map((c) => c.name),
      o.extra,
    ),
    contrasts: contrastsTable(
      t,
      o.contrasts,
      o.baseline,
      o.conditions.map((c) => c.name).filter((c) => c !== o.baseline),
      o.extra,
    ),
    provenance: { caption: t('experiment.report.provenance'), lines: o.provenance },
  };
}

const TABLE_METRICS = ['population', 'gini', 'density', 'reciprocity', 'clustering', 'action_entropy', 'knowings', 'actions:total'];

/** The metrics the tables show: the usual ones, the labelled facts' and the reporters'. */
const tableMetrics = (rows: Record<string, string>[], extra: string[]) => [
  ...TABLE_METRICS,
  ...extra,
  ...new Set(rows.map((r) => r.metric).filter((m) => m.startsWith('fact:'))),
];

const f3 = (v: string) => Number(v).toFixed(3);
/** `mean [low, high] n=K`: the interval's n always beside it. */
const withInterval = (mean: string, low: string, high: string, n: string) =>
  `${f3(mean)}${low === '' ? '' : ` [${f3(low)}, ${f3(high)}]`} n=${n}`;

/** The final-tick figures a reader compares first: mean [95% interval] n per condition. */
function summaryTable(t: T, summary: string, conditions: string[], extra: string[]): Table {
  const rows = parseCsv(summary, 'summary.csv');
  const show = (r: Record<string, string> | undefined) => (!r || r.mean === '' ? '' : withInterval(r.mean, r.ci95_low, r.ci95_high, r.n));
  return {
    caption: t('experiment.report.table'),
    header: [t('experiment.report.metric'), ...conditions],
    rows: tableMetrics(rows, extra)
      .filter((m) => rows.some((r) => r.metric === m && cellNum(r.n)))
      .map((m) => [m, ...conditions.map((c) => show(rows.find((r) => r.condition === c && r.metric === m)))]),
  };
}

/** Each condition against the baseline: difference of means [Welch 95% interval] n=condition/baseline. */
function contrastsTable(t: T, contrasts: string, baseline: string, conditions: string[], extra: string[]): Table {
  const rows = parseCsv(contrasts, 'contrasts.csv');
  const show = (r: Record<string, string> | undefined) =>
    !r || r.diff === '' ? '' : withInterval(r.diff, r.ci95_low, r.ci95_high, `${r.n}/${r.n_baseline}`);
  return {
    caption: t('experiment.report.contrasts', { baseline }),
    header: [t('experiment.report.metric'), ...conditions],
    rows: conditions.length
      ? tableMetrics(rows, extra)
          .filter((m) => rows.some((r) => r.metric === m && r.diff !== ''))
          .map((m) => [m, ...conditions.map((c) => show(rows.find((r) => r.condition === c && r.metric === m)))])
      : [],
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside a <script> element: nothing in it may close the element. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page. `lib` is uPlot's minified IIFE build and its stylesheet, as read from node_modules. */
const tableHtml = (table: Table, id: string) =>
  `<table id="${id}"><caption>${escapeHtml(table.caption)}</caption><thead><tr>${table.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${table.rows
    .map((r) => `<tr>${r.map((c, i) => (i ? `<td>${escapeHtml(c)}</td>` : `<th>${escapeHtml(c)}</th>`)).join('')}</tr>`)
    .join('')}</tbody></table>`;

export function reportHtml(data: ReportData, lib: { js: string; css: string }): string {
  const table = tableHtml(data.table, 'summary') + (data.contrasts.rows.length ? tableHtml(data.contrasts, 'contrasts') : '');
  return `<!doctype html>
<html lang="${data.lang === 'cn' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(data.title)}</title>
<style>${lib.css}</style>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; background: #fff; }
section.chart { margin: 24px 0; width: 840px; padding: 8px; background: #fff; }
section.chart h2 { font-size: 16px; margin: 0 0 8px; }
table { border-collapse: collapse; margin: 16px 0; } td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: left; font-weight: normal; }
thead th { font-weight: bold; } caption { text-align: left; font-weight: bold; margin-bottom: 4px; }
.note { color: #555; }
</style>
</head>
<body>
<h1>${escapeHtml(data.title)}</h1>
<p>${escapeHtml(data.intro)}</p>
<p class="note">${escapeHtml(data.note)}</p>
${table}
<section id="provenance"><h2>${escapeHtml(data.provenance.caption)}</h2><ul>${data.provenance.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul></section>
<div id="charts"></div>
<script type="application/json" id="report-data">${scriptJson(data)}</script>
<script>${lib.js}</script>
<script>${RENDER}</script>
</body>
</html>
`;
}

/** In the page: one uPlot chart per entry; each condition's band is the area between its interval's bounds. */
const RENDER = `(() => {
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const colors = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
  const alpha = (hex, a) => 'rgba(' + [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(',') + ',' + a + ')';
  window.__chartsDrawn = 0;
  const root = document.getElementById('charts');
  for (const chart of data.charts) {
    const section = document.createElement('section');
    section.className = 'chart ' + chart.kind;
    section.id = 'chart-' + chart.id;
    const h = document.createElement('h2');
    h.textContent = chart.title;
    section.appendChild(h);
    root.appendChild(section);
    const columns = [data.ticks];
    const series = [{ label: data.tick }];
    const bands = [];
    const hidden = [];
    chart.lines.forEach((line, i) => {
      const color = colors[i % colors.length];
      columns.push(line.mean);
      series.push({ label: line.name, stroke: color, width: 2, points: { show: false } });
      if (line.low && line.high) {
        const hi = columns.length;
        columns.push(line.high, line.low);
        series.push({ label: line.name + ' hi', stroke: 'transparent', points: { show: false } }, { label: line.name + ' lo', stroke: 'transparent', points: { show: false } });
        bands.push({ series: [hi, hi + 1], fill: alpha(color, 0.18) });
        hidden.push(hi, hi + 1);
      }
    });
    const opts = {
      width: 820, height: 340, series, bands,
      scales: { x: { time: false }, y: chart.range ? { range: chart.range } : {} },
      axes: [{ label: data.tick }, { label: chart.y, size: 60 }],
      cursor: { show: false },
      legend: { live: false },
      hooks: { draw: [() => { if (!section.dataset.drawn) { section.dataset.drawn = '1'; window.__chartsDrawn++; } }] },
    };
    const u = new uPlot(opts, columns, section);
    // the legend names the lines: not the x axis, nor the bounds drawn as a band
    const rows = u.root.querySelectorAll('.u-legend .u-series');
    // (uPlot leaves the x series out of a legend that is not live; otherwise it comes first)
    const shift = rows.length === series.length ? 0 : 1;
    for (const i of [0, ...hidden]) if (i - shift >= 0 && rows[i - shift]) rows[i - shift].style.display = 'none';
  }
  window.__chartsTotal = data.charts.length;
})();`;
