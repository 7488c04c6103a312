import { useT } from '../i18n.ts';

export type Series = { label: string; cls: string; points: [number, number][] };

const W = 320;
const H = 140;
const L = 44;
const B = 18;

const fmt = (v: number) =>
  Math.abs(v) >= 10_000 ? `${Math.round(v / 1000)}k` : Math.abs(v) < 1 && v !== 0 ? v.toFixed(2) : String(Math.round(v));

/** Lines over ticks in plain SVG, with the range of each axis written at its ends. */
/** `log`: a logarithmic y axis, for money where the richest hold a hundred times what the poorest do. */
export function LineChart(props: { title: string; series: Series[]; yMin?: number; yMax?: number; log?: boolean; testid?: string }) {
  const { t } = useT();
  const all = props.series.flatMap((s) => s.points);
  if (all.length < 2)
    return (
      <figure class="chart">
        <figcaption>{props.title}</figcaption>
        <p class="empty">{t('charts.waiting')}</p>
      </figure>
    );
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const y0 = props.yMin ?? Math.min(0, ...ys);
  const y1 = Math.max(props.yMax ?? -Infinity, ...ys, y0 + 1e-9);
  const px = (x: number) => L + ((x - x0) / (x1 - x0 || 1)) * (W - L - 6);
  const f = (v: number) => (props.log ? Math.log10(1 + Math.max(0, v)) : v);
  const py = (y: number) => H - B - ((f(y) - f(y0)) / (f(y1) - f(y0) || 1)) * (H - B - 8);
  return (
    <figure class="chart" data-testid={props.testid}>
      <figcaption>{props.title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.title}>
        <line class="axis" x1={L} y1={H - B} x2={W - 6} y2={H - B} />
        <line class="axis" x1={L} y1={8} x2={L} y2={H - B} />
        <text class="tick-label" x={L - 4} y={py(y1) + 4} text-anchor="end">
          {fmt(y1)}
        </text>
        <text class="tick-label" x={L - 4} y={H - B} text-anchor="end">
          {fmt(y0)}
        </text>
        <text class="tick-label" x={L} y={H - 4}>
          {x0}
        </text>
        <text class="tick-label" x={W - 6} y={H - 4} text-anchor="end">
          {x1}
        </text>
        {props.series.map((s) => (
          <polyline
            key={s.label}
            class={`line ${s.cls}`}
            points={s.points.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ')}
          />
        ))}
      </svg>
      {props.series.length > 1 && (
        <ul class="legend">
          {props.series.map((s) => (
            <li key={s.label}>
              <i class={s.cls} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
