/**
 * Power and cooling: GPU board power from activity, node power by component, IT power of a
 * build, racks, facility (PUE, cooling, water, energy, electricity cost, carbon).
 */
export * from './activity';
export * from './conversions';
export * from './node';
export * from './itPower';
export * from './racks';
export * from './facility';
export * from './buildPower';
export { powerMetrics } from './metrics';
