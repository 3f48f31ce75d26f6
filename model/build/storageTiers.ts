import type { CatalogStorageSystem } from '../catalog';
import type { DefaultSource } from '../scenario';

/**
 * Storage sizing: what a shared tier delivers when the scenario leaves a figure out, and how
 * many rack units of the catalog's storage system buy it (capacity and read bandwidth, the
 * larger), with their power and price.
 */

/**
 * NVIDIA DGX SuperPOD (H100) storage performance guideline, "better" level, per scalable
 * unit (SU) of 32 DGX nodes: 40 GB/s aggregate read, 20 GB/s aggregate write.
 * Source: NVIDIA DGX SuperPOD Reference Architecture RA-11333-001 V11, Table 6 (catalog
 * `nvidia-spod-storage-guidance`, source nv-spod-h100-ra, read 2023).
 */
export const SPOD_BETTER_READ_GBPS_PER_SU = 40;
export const SPOD_BETTER_WRITE_GBPS_PER_SU = 20;
export const SPOD_NODES_PER_SU = 32;

/** Where the tier defaults come from (shown with the values in the report). */
export const TIER_DEFAULT_SOURCES = {
  readGBps: {
    source:
      'NVIDIA DGX SuperPOD RA-11333-001 V11, Table 6: "better" storage read of 40 GB/s per scalable unit of 32 nodes, scaled by the node count',
    date: '2023',
    basis: 'derived',
  },
  writeGBps: {
    source:
      'NVIDIA DGX SuperPOD RA-11333-001 V11, Table 6: "better" storage write of 20 GB/s per scalable unit of 32 nodes, scaled by the node count',
    date: '2023',
    basis: 'derived',
  },
  capacityTB: {
    source:
      'NVIDIA DGX SuperPOD storage guidance: at least 1 PiB of high-performance storage for an AI cluster (rounded to 1,000 TB)',
    date: '2023',
    basis: 'read',
  },
} as const satisfies Record<string, DefaultSource>;

/** Default capacity of a shared tier, TB. */
export const DEFAULT_TIER_CAPACITY_TB = 1000;

/** Default aggregate read and write bandwidth of a shared tier for `nodes` nodes, GB/s. */
export function defaultTierGBps(nodes: number): { readonly read: number; readonly write: number } {
  const sus = nodes / SPOD_NODES_PER_SU;
  return { read: SPOD_BETTER_READ_GBPS_PER_SU * sus, write: SPOD_BETTER_WRITE_GBPS_PER_SU * sus };
}

/** A tier bought from the catalog's storage system. */
export type TierPurchase = {
  readonly rackUnits: number;
  readonly powerW: number;
  /** In the build's currency. */
  readonly price: number;
};

/**
 * Rack units, power and price of a tier that stores `capacityTB` and reads at `readGBps`:
 * units = ⌈max(capacity ÷ usable TB per U, read ÷ read GB/s per U)⌉; power by the provisioned
 * capacity (W per TB); price by the capacity asked for, plus the extra capacity bandwidth
 * forces (capped at 4× the capacity, as bandwidth-heavy builds buy performance nodes rather than
 * raw capacity). Nothing is bought for a tier of zero capacity and bandwidth.
 */
export function buyTier(
  sys: CatalogStorageSystem,
  capacityTB: number,
  readGBps: number,
  fxPerUsd: number,
): TierPurchase {
  if (capacityTB <= 0 && readGBps <= 0) return { rackUnits: 0, powerW: 0, price: 0 };
  const unitsForCapacity = capacityTB / sys.usableTbPerRackUnit.value;
  const unitsForBandwidth = readGBps / sys.readGBpsPerRackUnit.value;
  const rackUnits = Math.ceil(Math.max(unitsForCapacity, unitsForBandwidth) - 1e-9);
  const provisionedTB = rackUnits * sys.usableTbPerRackUnit.value;
  const powerW = provisionedTB * sys.powerWPerTb.value;
  const pricedTB = Math.max(capacityTB, Math.min(provisionedTB, Math.max(capacityTB, 1) * 4));
  return { rackUnits, powerW, price: pricedTB * sys.priceUsdPerTb.value * fxPerUsd };
}
