import { useT } from '../i18n.ts';
import type { TickMetrics } from '../types.ts';
import { TOOLS } from '../types.ts';

const W = 320;
const H = 140;
const B = 18;

/** The mix of actions: one stacked bar per tick (the latest ticks), a colour per tool. */
export function ActionsChart(props: { ticks: TickMetrics[] }) {
  const { t } = useT();
  const shown = props.ticks.slice(-60);
  const title = t('charts.actions');
  if (!shown.length)
    return (
      <figure class="chart">
        <figcaption>{title}</figcaption>
        <p class="empty">{t('charts.waiting')}</p>
      </figure>
    );
  const tools = [...new Set([...TOOLS, ...shown.flatMap((m) => Object.keys(m.actions))])];
  const max = Math.max(1, ...shown.map((m) => Object.values(m.actions).reduce((a, b) => a + b, 0)));
  const bw = (W - 8) / shown.length;
  const totals = tools.map((tool) => shown.reduce((a, m) => a + (m.actions[tool] ?? 0), 0));
  return (
    <figure class="chart" data-testid="chart-actions">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        {shown.map((m, i) => {
          let y = H - B;
          return (
            <g key={m.tick}>
              {tools.map((tool, k) => {
                const n = m.actions[tool] ?? 0;
                if (!n) return null;
                const h = (n / max) * (H - B - 8);
                y -= h;
                return (
                  <rect key={tool} class={`tool-${k}`} x={4 + i * bw} y={y} width={Math.max(1, bw - 1)} height={h}>
                    <title>{`${m.tick} · ${t(`tools.${tool}.name`)}: ${n}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
        <text class="tick-label" x={4} y={H - 4}>
          {shown[0].tick}
        </text>
        <text class="tick-label" x={W - 4} y={H - 4} text-anchor="end">
          {shown[shown.length - 1].tick}
        </text>
      </svg>
      <ul class="legend">
        {tools.map((tool, k) => (
          <li key={tool}>
            <i class={`tool-${k}`} />
            {t(`tools.${tool}.name`)} <span class="dim">{totals[k]}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
