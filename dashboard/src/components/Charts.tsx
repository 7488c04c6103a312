import { useT } from '../i18n.ts';
import type { ActorSummary, Metrics } from '../types.ts';
import { ActionsChart } from './ActionsChart.tsx';
import { LineChart } from './LineChart.tsx';
import { MoneyHistogram } from './MoneyHistogram.tsx';
import { RelationsGraph } from './RelationsGraph.tsx';

/** The world over time: money spread and its Gini, the mix of actions, who likes whom. */
export function Charts(props: { metrics: Metrics | null; actors: ActorSummary[] }) {
  const { t } = useT();
  const m = props.metrics;
  if (!m) return <p class="empty">{t('charts.waiting')}</p>;
  const ticks = m.ticks;
  const money = (k: 'p10' | 'p50' | 'p90'): [number, number][] => ticks.map((x) => [x.tick, x.money[k]]);
  // the network's figures per tick (sim/metrics); a tick where one has no meaning leaves a gap
  const net = (k: 'density' | 'reciprocity' | 'clustering'): [number, number][] =>
    ticks.flatMap((x) => (x.network && x.network[k] !== null ? [[x.tick, x.network[k]] as [number, number]] : []));
  return (
    <div class="charts">
      <LineChart
        testid="chart-money"
        log
        title={t('charts.money')}
        series={[
          { label: t('charts.p90'), cls: 's-p90', points: money('p90') },
          { label: t('charts.p50'), cls: 's-p50', points: money('p50') },
          { label: t('charts.p10'), cls: 's-p10', points: money('p10') },
        ]}
      />
      <MoneyHistogram actors={props.actors} />
      <LineChart
        testid="chart-gini"
        title={t('charts.gini', { g: ticks.length ? ticks[ticks.length - 1].gini.toFixed(3) : '—' })}
        yMin={0}
        yMax={1}
        series={[{ label: t('charts.gini_short'), cls: 's-gini', points: ticks.map((x) => [x.tick, x.gini]) }]}
      />
      <ActionsChart ticks={ticks} />
      <LineChart
        testid="chart-network"
        title={t('charts.network')}
        yMin={0}
        yMax={1}
        series={[
          { label: t('charts.density'), cls: 's-density', points: net('density') },
          { label: t('charts.reciprocity'), cls: 's-reciprocity', points: net('reciprocity') },
          { label: t('charts.clustering'), cls: 's-clustering', points: net('clustering') },
        ]}
      />
      <RelationsGraph relations={m.relations} />
    </div>
  );
}
