import { useT } from '../i18n.ts';
import type { ActorSummary } from '../types.ts';

const W = 320;
const H = 140;
const B = 18;
// money brackets, roughly tripling: under 100, 100-300, 300-1k, 1k-3k, 3k-10k, 10k-30k, 30k and more
const EDGES = [0, 100, 300, 1000, 3000, 10_000, 30_000];

/** How money is spread right now: how many people fall in each bracket. */
export function MoneyHistogram(props: { actors: ActorSummary[] }) {
  const { t } = useT();
  const title = t('charts.histogram');
  const alive = props.actors.filter((a) => a.status !== 'dead');
  if (!alive.length)
    return (
      <figure class="chart">
        <figcaption>{title}</figcaption>
        <p class="empty">{t('charts.waiting')}</p>
      </figure>
    );
  const counts = EDGES.map(() => 0);
  for (const a of alive) {
    let i = EDGES.length - 1;
    while (i > 0 && a.money < EDGES[i]) i--;
    counts[i]++;
  }
  const max = Math.max(1, ...counts);
  const bw = (W - 8) / counts.length;
  const label = (i: number) =>
    i === EDGES.length - 1 ? `${EDGES[i] / 1000}k+` : EDGES[i] >= 1000 ? `${EDGES[i] / 1000}k` : String(EDGES[i]);
  return (
    <figure class="chart" data-testid="chart-histogram">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        {counts.map((n, i) => {
          const h = (n / max) * (H - B - 20);
          return (
            <g key={i}>
              <rect class="hist" x={4 + i * bw + 2} y={H - B - h} width={bw - 4} height={h} />
              {n > 0 && (
                <text class="tick-label" x={4 + i * bw + bw / 2} y={H - B - h - 3} text-anchor="middle">
                  {n}
                </text>
              )}
              <text class="tick-label" x={4 + i * bw + bw / 2} y={H - 4} text-anchor="middle">
                {label(i)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
