import { estimate } from './build';
import type { CatalogStorageSystem } from './schemas';

/**
 * Shared storage systems, as planning classes. The research found no stored appliance
 * throughput, power or rack-unit figures for DDN/WEKA/VAST/NetApp/Pure (catalog.md §4), so
 * these are soft planning values to be replaced by vendor quotes (user catalog entries).
 */
export const storageSystemItems: readonly CatalogStorageSystem[] = [
  {
    id: 'all-flash-parallel-fs',
    name: 'All-flash parallel file system (appliance or software-defined NVMe)',
    priceUsdPerTb: estimate(
      400,
      'USD/TB',
      ['planning-estimate'],
      'effective $200-600/TB incl. support (memory), midpoint',
    ),
    powerWPerTb: estimate(
      3,
      'W/TB',
      ['planning-estimate'],
      '2U NVMe server ~1.5 kW holding ~500 TB raw of 30 TB drives; planning value',
    ),
    readGBpsPerRackUnit: estimate(
      45,
      'GB/s/U',
      ['planning-estimate'],
      'DDN AI400X2 class: ~90 GB/s read in 2 U (memory, not found in the store)',
    ),
    usableTbPerRackUnit: estimate(
      250,
      'TB/U',
      ['planning-estimate'],
      'planning value for dense NVMe',
    ),
  },
  {
    id: 'hybrid-capacity-tier',
    name: 'Capacity tier (QLC flash / nearline HDD object store)',
    priceUsdPerTb: estimate(
      120,
      'USD/TB',
      ['planning-estimate'],
      'QLC $50-100/TB, HDD $15-25/TB raw plus servers and protection',
    ),
    powerWPerTb: estimate(
      1,
      'W/TB',
      ['planning-estimate'],
      'HDD ~8 W per 30 TB drive plus servers',
    ),
    readGBpsPerRackUnit: estimate(5, 'GB/s/U', ['planning-estimate'], 'planning value'),
    usableTbPerRackUnit: estimate(600, 'TB/U', ['planning-estimate'], 'planning value'),
  },
];
