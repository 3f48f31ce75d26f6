/** Cost and finance: capex/opex, depreciation, NPV, TCO, unit costs, cloud break-even, and a build's cost. */
export * from './finance';
export * from './tco';
export * from './buildCost';
export { costMetrics } from './metrics';
export * from './fleet';
