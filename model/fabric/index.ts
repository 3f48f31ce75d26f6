/** Fabric sizing: fat trees (2/3 tiers, rail-optimized, oversubscribed), storage and management networks. */
export * from './fatTree';
export * from './network';
