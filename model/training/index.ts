/**
 * Training performance engine: public API (issue 3).
 * See README.md in this folder for the method and its sources.
 */
export type * from './types';
export { simulateTraining } from './engine';
export { autoLayout } from './auto';
export { scalingCurve } from './scaling';
export { trainingMetrics, trainingMetricValues } from './metrics';
export { SCALING_EFFICIENCY_FORMULA, scalingEfficiencyPct } from './efficiency';
export { layoutText, recomputeText } from './simulate';
export type { LayoutWordsInput } from './simulate';
