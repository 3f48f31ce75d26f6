import type { StorageSection } from '../scenario/storage';

/** Power and price of the storage a scenario describes (for the power and cost engines). */
export type StorageInventory = {
  /** Shared tiers (data tier, plus the checkpoint tier when separate), W; null if any is not entered. */
  readonly tierPowerW: number | null;
  /** Node-local cache drives, all nodes, W (drives × drive power; active power, Micron 9550 default). */
  readonly cachePowerW: number;
  readonly totalPowerW: number | null;
  readonly tierPriceUsd: number | null;
  /** Cache drives, all nodes, USD; null when the drive price is not entered (and drives > 0). */
  readonly cachePriceUsd: number | null;
  readonly totalPriceUsd: number | null;
  /** Cache capacity, all nodes, TB. */
  readonly cacheCapacityTB: number;
};

function sumOrNull(values: readonly (number | null)[]): number | null {
  let s = 0;
  for (const v of values) {
    if (v === null) return null;
    s += v;
  }
  return s;
}

/**
 * Storage power and price: the shared tier(s) as entered plus the node-local NVMe cache
 * (drives per node × nodes).
 *
 * @param storage the parsed `cluster.storage` section
 * @param nodes node count (≥ 0)
 * @returns watts, USD and TB; null where an input price or power is missing
 */
export function storageInventory(storage: StorageSection, nodes: number): StorageInventory {
  if (!Number.isFinite(nodes) || nodes < 0) {
    throw new Error(`nodes must be a finite number ≥ 0 (got ${nodes})`);
  }
  const tiers = storage.checkpointTier
    ? [storage.dataTier, storage.checkpointTier]
    : [storage.dataTier];
  const c = storage.nodeCache;
  const drives = c.drivesPerNode * nodes;
  const tierPowerW = sumOrNull(tiers.map((t) => t.powerW));
  const tierPriceUsd = sumOrNull(tiers.map((t) => t.priceUsd));
  const cachePowerW = drives * c.drivePowerW;
  const cachePriceUsd =
    drives === 0 ? 0 : c.drivePriceUsd === null ? null : drives * c.drivePriceUsd;
  return {
    tierPowerW,
    cachePowerW,
    totalPowerW: tierPowerW === null ? null : tierPowerW + cachePowerW,
    tierPriceUsd,
    cachePriceUsd,
    totalPriceUsd: sumOrNull([tierPriceUsd, cachePriceUsd]),
    cacheCapacityTB: drives * c.driveCapacityTB,
  };
}
