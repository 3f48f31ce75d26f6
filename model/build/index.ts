/**
 * The resolved build: what a scenario buys, resolved once from the scenario and the catalog,
 * every value with its provenance (catalog entry, scenario, documented default, stated rule).
 */
export * from './types';
export * from './provenance';
export {
  resolveBuild,
  systemFor,
  systemsFor,
  priceScale,
  facilityCoolingId,
  liquidChangesSystem,
  CACHE_DRIVE_AFR_DEFAULT,
} from './resolve';
export {
  chooseComputeSwitch,
  chooseModule,
  chooseScaleOutNic,
  clusterBillOfMaterials,
  stockScaleOutNic,
} from './bom';
export type { BomInput, NicChoice } from './bom';
export {
  DEFAULT_TIER_CAPACITY_TB,
  SPOD_BETTER_READ_GBPS_PER_SU,
  SPOD_BETTER_WRITE_GBPS_PER_SU,
  SPOD_NODES_PER_SU,
  TIER_DEFAULT_SOURCES,
  buyTier,
  defaultTierGBps,
} from './storageTiers';
export { followBuildEdit } from './edits';
