/**
 * The 1,000,000-candidate search the `search_1m_s` benchmark runs: Llama 3 70B on 2 T tokens
 * (examples/pretrain-llama3-70b-1024xh100-ib.json as the base), minimise 3-year TCO within 30
 * days and 20 MW, over 5 accelerators × 20 GPU counts (64 to 40,960) × 2 fabrics × 2 line rates (400
 * performance keys) × 4 cooling types × 5 storage tiers × 5 node-cache sizes × 25 regions.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEARCH_FORMAT } from '../../model/search';

const here = dirname(fileURLToPath(import.meta.url));

/** The US electricity ids of the catalog plus flat prices (scenario currency per kWh). */
function regions(): { name: string; electricityId?: string; priceUsdPerKwh?: number }[] {
  const ids = [
    'us-industrial-2023',
    'us-new-england',
    'us-new-york',
    'us-new-jersey',
    'us-pennsylvania',
    'us-ohio',
    'us-illinois',
    'us-iowa',
    'us-minnesota',
    'us-virginia',
    'us-texas',
  ];
  const out: { name: string; electricityId?: string; priceUsdPerKwh?: number }[] = ids.map(
    (id) => ({ name: id, electricityId: id }),
  );
  for (let k = 0; out.length < 25; k++) {
    const price = Number((0.04 + 0.01 * k).toFixed(2));
    out.push({ name: `flat ${price}/kWh`, priceUsdPerKwh: price });
  }
  return out;
}

/** The benchmark's spec (raw JSON shape, base scenario inline). */
export function benchSearchSpec(options: { prune?: boolean } = {}): Record<string, unknown> {
  const base = JSON.parse(
    readFileSync(resolve(here, '../../examples/pretrain-llama3-70b-1024xh100-ib.json'), 'utf8'),
  ) as unknown;
  // Powers of two and 5 × powers of two (5 pipeline stages divide the 80 layers), so the
  // 1,024-sequence global batch splits over the data-parallel groups.
  const gpuCounts = [
    64, 80, 128, 160, 256, 320, 512, 640, 1024, 1280, 2048, 2560, 4096, 5120, 8192, 10240, 16384,
    20480, 32768, 40960,
  ];
  return {
    format: SEARCH_FORMAT,
    name: 'bench: 1,000,000 builds',
    base,
    goal: 'tco_usd',
    horizonYears: 3,
    constraints: { maxTimeToTrainDays: 30, maxFacilityPowerMW: 20 },
    space: {
      acceleratorIds: ['a100-sxm-80gb', 'h100-sxm', 'h200-sxm', 'b200', 'mi300x'],
      gpuCounts,
      fabrics: ['infiniband', 'roce'],
      gbpsPerGpu: [400, 800],
      fatTreeTiers: ['auto'],
      coolingTypes: ['air', 'rear-door', 'direct-liquid', 'immersion'],
      storageTiers: [
        { name: 'Lustre 1 PB', kind: 'parallel-fs', capacityTB: 1000 },
        { name: 'Lustre 2 PB', kind: 'parallel-fs', capacityTB: 2000, readGBps: 400 },
        { name: 'Lustre 4 PB', kind: 'parallel-fs', capacityTB: 4000, readGBps: 800 },
        { name: 'NAS 20 GB/s', kind: 'nas', capacityTB: 1000, readGBps: 20, writeGBps: 10 },
        { name: 'Object store', kind: 'object-store', capacityTB: 4000, readGBps: 100 },
      ],
      nodeCacheDrivesPerNode: [0, 1, 2, 4, 8],
      regions: regions(),
    },
    topK: 10,
    nearMisses: 5,
    prune: options.prune ?? true,
  };
}
