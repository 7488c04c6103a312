import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import type { Metrics } from '../types.ts';

const S = 320;

/** The relationship network: people on a circle, a line for each strong tie (green liking, red grudge). */
export function RelationsGraph(props: { relations: Metrics['relations'] }) {
  const { t, tx } = useT();
  const { select, selected } = useWorldCtx();
  const title = t('charts.relations');
  const { nodes } = props.relations;
  const edges = [...props.relations.edges].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight)).slice(0, 120);
  if (!nodes.length)
    return (
      <figure class="chart">
        <figcaption>{title}</figcaption>
        <p class="empty">{t('charts.waiting')}</p>
      </figure>
    );
  const r = S / 2 - 36;
  const pos = new Map(
    nodes.map((n, i) => {
      const a = (i / nodes.length) * 2 * Math.PI - Math.PI / 2;
      return [n.id, { x: S / 2 + r * Math.cos(a), y: S / 2 + r * Math.sin(a), a }];
    }),
  );
  return (
    <figure class="chart relations-chart" data-testid="chart-relations">
      <figcaption>{title}</figcaption>
      <svg viewBox={`-70 0 ${S + 140} ${S}`} role="img" aria-label={title}>
        {edges.map((e) => {
          const a = pos.get(e.from);
          const b = pos.get(e.to);
          if (!a || !b) return null;
          const hot = selected?.kind === 'actor' && (selected.id === e.from || selected.id === e.to);
          return (
            <line
              key={`${e.from}>${e.to}`}
              class={`edge ${e.weight < 0 ? 'neg' : 'pos'}${hot ? ' hot' : ''}`}
              x1={a.x}
              y1={a.y}
              x2={b.x}
              y2={b.y}
              stroke-width={0.5 + Math.abs(e.weight) / 25}
            />
          );
        })}
        {nodes.map((n) => {
          const p = pos.get(n.id)!;
          const right = Math.cos(p.a) >= 0;
          return (
            <g key={n.id} class={`node${selected?.id === n.id ? ' selected' : ''}`} onClick={() => select({ kind: 'actor', id: n.id })}>
              <circle cx={p.x} cy={p.y} r={4} />
              {nodes.length <= 40 && (
                <text x={p.x + (right ? 6 : -6)} y={p.y + 3} text-anchor={right ? 'start' : 'end'}>
                  {tx(n.name)}
                </text>
              )}
              <title>{tx(n.name)}</title>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
