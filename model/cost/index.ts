/** Cost and finance: capex/opex, depreciation, NPV, TCO, unit costs, cloud break-even, and the power-and-cost stage. */
export * from './finance';
export * from './tco';
export * from './stage';
export { costMetrics } from './metrics';
