/** Power and cooling: node power by component, racks, facility (PUE, cooling, water, energy, cost, carbon). */
export * from './gpuEnergy';
export * from './conversions';
export * from './node';
export * from './racks';
export * from './facility';
export * from './resolve';
export { powerMetrics } from './metrics';
