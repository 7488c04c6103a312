export { MetricsFold, type FoldOptions } from './fold.ts';
export { foldHistory } from './history.ts';
export { metricsFiles, METRICS_FILES, writeMetrics } from './files.ts';
export { networkFigures, type NetworkFigures } from './graph.ts';
export { entropy, giniSorted, percentile } from './stats.ts';
export * from './rows.ts';
