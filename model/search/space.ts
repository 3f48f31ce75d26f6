import { builtinCatalog, findItem, mergeUserCatalog } from '../catalog';
import type { Catalog } from '../catalog';
import { acceleratorIds } from '../catalog/accelerators';
import { priceScale, systemsFor } from '../build';
import type {
  ClusterSection,
  ComputeSection,
  FacilitySection,
  Scenario,
  ScaleOutSection,
  StorageSection,
} from '../scenario';
import type { SearchRegion, SearchSpec, SearchStorageTier } from './spec';

/**
 * The search space resolved against its base scenario: one option list per axis and the
 * mixed-radix enumeration of candidates by index.
 *
 * Axis order (outermost first): accelerator, GPUs, fabric, Gb/s per GPU, fat-tree tiers |
 * cooling, storage tier, node cache, region. The first five make the *performance key*: the
 * training engine's result (step time with the best layout) depends only on them (the model,
 * training settings and software stack come from the base). Candidates of one performance
 * key are contiguous (a *block* of `blockSize` indices), so a chunk of indices runs the
 * layout search once per block. Cooling is outside storage so consecutive candidates share
 * the power/cost stage's per-build network sizing (it caches the last build).
 */

export type CoolingType = NonNullable<FacilitySection['coolingType']>;
export type FatTreeTiers = ScaleOutSection['fatTreeTiers'];
export type Fabric = ScaleOutSection['fabric'];

export type AcceleratorOption = {
  readonly id: string;
  /** GPUs per server of the accelerator's reference system (or the base's when not searched). */
  readonly gpusPerNode: number;
};

export type SearchAxes = {
  readonly accelerators: readonly AcceleratorOption[];
  readonly gpuCounts: readonly number[];
  readonly fabrics: readonly Fabric[];
  readonly gbpsPerGpu: readonly number[];
  readonly fatTreeTiers: readonly FatTreeTiers[];
  /** null: the base scenario's facility cooling (no override). */
  readonly coolingTypes: readonly (CoolingType | null)[];
  /** null: the base scenario's data tier. */
  readonly storageTiers: readonly (SearchStorageTier | null)[];
  /** null: the base scenario's node cache. */
  readonly nodeCacheDrivesPerNode: readonly (number | null)[];
  /** null: the base scenario's electricity and carbon. */
  readonly regions: readonly (SearchRegion | null)[];
};

export type SearchSpace = {
  readonly spec: SearchSpec;
  /** The base with the spec's overrides: layout, micro batch and recompute `auto`, tokens, horizon. */
  readonly base: Scenario & { readonly workload: { readonly kind: 'training' } };
  readonly axes: SearchAxes;
  /** Options per axis, outermost first (9 axes). */
  readonly radices: readonly number[];
  /** Number of candidates (product of the radices). */
  readonly total: number;
  /** Candidates per performance key (cooling × storage × cache × regions). */
  readonly blockSize: number;
  /** Number of distinct performance keys (total / blockSize). */
  readonly perfKeys: number;
};

/** Axis digits of one candidate (indices into each option list), outermost first. */
export type CandidateDigits = readonly [
  acc: number,
  gpus: number,
  fabric: number,
  gbps: number,
  tiers: number,
  cooling: number,
  storage: number,
  cache: number,
  region: number,
];

/** The build a candidate stands for, in words and numbers (for results and tables). */
export type CandidateChoice = {
  readonly acceleratorId: string;
  readonly gpus: number;
  readonly gpusPerNode: number;
  readonly fabric: Fabric;
  readonly gbpsPerGpu: number;
  readonly fatTreeTiers: FatTreeTiers;
  readonly coolingType: string;
  readonly storageTier: string;
  readonly nodeCacheDrivesPerNode: number;
  readonly region: string;
};

/** Largest space a search accepts (candidate indices stay exact integers far below 2^53). */
export const MAX_SEARCH_CANDIDATES = 1e9;

function catalogOf(base: Scenario): Catalog {
  return base.userCatalog.entries.length === 0
    ? builtinCatalog()
    : mergeUserCatalog(builtinCatalog(), base.userCatalog);
}

function orBase<T>(list: readonly T[], base: T): readonly T[] {
  return list.length > 0 ? list : [base];
}

function fail(path: string, message: string): never {
  throw new Error(`${path}: ${message}`);
}

/**
 * Resolve a validated spec against its validated base scenario.
 * @throws Error naming the spec field (e.g. `space.acceleratorIds[1]: ...`) for a base that is
 *   not a training scenario, unknown catalog ids, or a space larger than MAX_SEARCH_CANDIDATES
 */
export function buildSearchSpace(spec: SearchSpec, baseScenario: Scenario): SearchSpace {
  const w = baseScenario.workload;
  if (w.kind !== 'training')
    fail('base.workload.kind', 'a design search needs a training workload');
  const catalog = catalogOf(baseScenario);
  const s = spec.space;
  const known = acceleratorIds();
  const c = baseScenario.cluster.compute;

  const accelerators: AcceleratorOption[] =
    s.acceleratorIds.length === 0
      ? [{ id: c.acceleratorId, gpusPerNode: c.gpusPerNode }]
      : s.acceleratorIds.map((id, i) => {
          const path = `space.acceleratorIds[${i}]`;
          if (!known.includes(id))
            fail(path, `unknown accelerator "${id}" (catalog ids: ${known.join(', ')})`);
          const system = systemsFor(catalog, id)[0];
          if (!system) fail(path, `no system for "${id}" in the catalog (power and cost need one)`);
          return { id, gpusPerNode: system.gpusPerNode };
        });
  if (s.acceleratorIds.length === 0 && systemsFor(catalog, c.acceleratorId).length === 0) {
    fail(
      'base.cluster.compute.acceleratorId',
      `no system for "${c.acceleratorId}" in the catalog (power and cost need one)`,
    );
  }

  const currency = baseScenario.finance.currency;
  s.regions.forEach((r, i) => {
    const path = `space.regions[${i}]`;
    if (r.electricityId !== undefined && r.priceUsdPerKwh === undefined) {
      const e = findItem(catalog, 'electricity', r.electricityId);
      if (!e) fail(`${path}.electricityId`, `unknown electricity price id "${r.electricityId}"`);
      if (priceScale(e.currency, currency, baseScenario.finance.fxPerUsd) === null)
        fail(
          `${path}.electricityId`,
          `"${r.electricityId}" is priced in ${e.currency}, for which the catalog has no exchange rate; give priceUsdPerKwh`,
        );
    }
    if (r.carbonId !== undefined && !findItem(catalog, 'gridCarbon', r.carbonId))
      fail(`${path}.carbonId`, `unknown grid-carbon id "${r.carbonId}"`);
  });

  const training = w.training;
  const tokensToTrain = spec.tokensToTrain ?? training.tokensToTrain;
  const base = {
    ...baseScenario,
    workload: {
      ...w,
      training: {
        ...training,
        tokensToTrain,
        microBatchSeqs: 'auto' as const,
        recompute: 'auto' as const,
      },
      parallelism: 'auto' as const,
    },
    finance:
      spec.horizonYears === undefined
        ? baseScenario.finance
        : { ...baseScenario.finance, horizonYears: spec.horizonYears },
  };
  const needsTime =
    spec.goal === 'time_to_train_days' ||
    spec.goal === 'cost_per_training_run_usd' ||
    spec.constraints.maxTimeToTrainDays !== undefined ||
    spec.front?.x === 'time_to_train_days' ||
    spec.front?.y === 'time_to_train_days' ||
    spec.front?.x === 'cost_per_training_run_usd' ||
    spec.front?.y === 'cost_per_training_run_usd';
  if (needsTime && tokensToTrain === null) {
    fail('tokensToTrain', 'time to train needs the tokens to train (here or in the base scenario)');
  }

  const net = baseScenario.cluster.network.scaleOut;
  const axes: SearchAxes = {
    accelerators,
    gpuCounts: orBase(s.gpuCounts, c.gpus),
    fabrics: orBase(s.fabrics, net.fabric),
    gbpsPerGpu: orBase(s.gbpsPerGpu, net.gbpsPerGpu),
    fatTreeTiers: orBase<FatTreeTiers>(s.fatTreeTiers, net.fatTreeTiers),
    coolingTypes: orBase<CoolingType | null>(s.coolingTypes, null),
    storageTiers: orBase<SearchStorageTier | null>(s.storageTiers, null),
    nodeCacheDrivesPerNode: orBase<number | null>(s.nodeCacheDrivesPerNode, null),
    regions: orBase<SearchRegion | null>(s.regions, null),
  };
  const radices = [
    axes.accelerators.length,
    axes.gpuCounts.length,
    axes.fabrics.length,
    axes.gbpsPerGpu.length,
    axes.fatTreeTiers.length,
    axes.coolingTypes.length,
    axes.storageTiers.length,
    axes.nodeCacheDrivesPerNode.length,
    axes.regions.length,
  ];
  const total = radices.reduce((a, b) => a * b, 1);
  if (total > MAX_SEARCH_CANDIDATES) {
    fail('space', `${total} candidates; at most ${MAX_SEARCH_CANDIDATES} (narrow an axis)`);
  }
  const blockSize = radices.slice(5).reduce((a, b) => a * b, 1);
  return {
    spec,
    base: base as SearchSpace['base'],
    axes,
    radices,
    total,
    blockSize,
    perfKeys: total / blockSize,
  };
}

/** The axis digits of candidate `index` (0 ≤ index < total). */
export function decodeIndex(space: SearchSpace, index: number): CandidateDigits {
  if (!Number.isInteger(index) || index < 0 || index >= space.total) {
    throw new RangeError(`index must be an integer from 0 to ${space.total - 1} (got ${index})`);
  }
  const d = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  let rest = index;
  for (let k = 8; k >= 0; k--) {
    const r = space.radices[k] as number;
    d[k] = rest % r;
    rest = Math.floor(rest / r);
  }
  return d as unknown as CandidateDigits;
}

/** `cluster.compute` of a candidate. */
export function computeFor(space: SearchSpace, acc: number, gpusIdx: number): ComputeSection {
  const a = space.axes.accelerators[acc] as AcceleratorOption;
  const gpus = space.axes.gpuCounts[gpusIdx] as number;
  const base = space.base.cluster.compute;
  return {
    acceleratorId: a.id,
    gpus,
    gpusPerNode: Math.min(a.gpusPerNode, gpus),
    nvlinkDomainGpus: a.id === base.acceleratorId ? base.nvlinkDomainGpus : 'auto',
    systemId: a.id === base.acceleratorId ? base.systemId : 'auto',
    stack: base.stack,
  };
}

/** `cluster.network` of a candidate. */
export function networkFor(
  space: SearchSpace,
  fabric: number,
  gbps: number,
  tiers: number,
): ClusterSection['network'] {
  const base = space.base.cluster.network.scaleOut;
  return {
    scaleOut: {
      fabric: space.axes.fabrics[fabric] as Fabric,
      gbpsPerGpu: space.axes.gbpsPerGpu[gbps] as number,
      fatTreeTiers: space.axes.fatTreeTiers[tiers] as FatTreeTiers,
      oversubscriptionRatio: base.oversubscriptionRatio,
      railOptimized: base.railOptimized,
    },
  };
}

/** `cluster.storage` of a candidate (data tier and node cache replaced when searched). */
export function storageFor(space: SearchSpace, storage: number, cache: number): StorageSection {
  const base = space.base.cluster.storage;
  const tier = space.axes.storageTiers[storage] ?? null;
  const drives = space.axes.nodeCacheDrivesPerNode[cache] ?? null;
  if (tier === null && drives === null) return base;
  return {
    ...base,
    dataTier: tier === null ? base.dataTier : tier,
    nodeCache: drives === null ? base.nodeCache : { ...base.nodeCache, drivesPerNode: drives },
  };
}

/** `facility` of a candidate (cooling and region applied over the base's). */
export function facilityFor(space: SearchSpace, cooling: number, region: number): FacilitySection {
  const base = space.base.facility;
  const c = space.axes.coolingTypes[cooling] ?? null;
  const r = space.axes.regions[region] ?? null;
  if (c === null && r === null) return base;
  const out: Record<string, unknown> = { ...base };
  if (c !== null) {
    // The cooling type's planning PUE, WUE and rack limit replace the preset's and overrides.
    delete out['presetId'];
    delete out['pue'];
    delete out['wueLPerKwh'];
    delete out['rackLimitKw'];
    out['coolingType'] = c;
  }
  if (r !== null) {
    delete out['priceUsdPerKwh'];
    delete out['peakOffPeak'];
    delete out['carbonGPerKwh'];
    if (r.electricityId !== undefined) out['electricityId'] = r.electricityId;
    if (r.priceUsdPerKwh !== undefined) out['priceUsdPerKwh'] = r.priceUsdPerKwh;
    if (r.carbonId !== undefined) out['carbonId'] = r.carbonId;
    if (r.carbonGPerKwh !== undefined) out['carbonGPerKwh'] = r.carbonGPerKwh;
  }
  return out as FacilitySection;
}

/** The build of candidate `index`, in words and numbers. */
export function candidateChoice(space: SearchSpace, index: number): CandidateChoice {
  const d = decodeIndex(space, index);
  const compute = computeFor(space, d[0], d[1]);
  const net = networkFor(space, d[2], d[3], d[4]).scaleOut;
  const storage = storageFor(space, d[6], d[7]);
  const facility = facilityFor(space, d[5], d[8]);
  const tier = space.axes.storageTiers[d[6]] ?? null;
  const region = space.axes.regions[d[8]] ?? null;
  return {
    acceleratorId: compute.acceleratorId,
    gpus: compute.gpus,
    gpusPerNode: compute.gpusPerNode,
    fabric: net.fabric,
    gbpsPerGpu: net.gbpsPerGpu,
    fatTreeTiers: net.fatTreeTiers,
    coolingType: facility.coolingType ?? 'base',
    storageTier: tier === null ? storage.dataTier.name || storage.dataTier.kind : tier.name,
    nodeCacheDrivesPerNode: storage.nodeCache.drivesPerNode,
    region:
      region === null
        ? facility.priceUsdPerKwh === undefined
          ? facility.electricityId
          : 'base'
        : region.name,
  };
}

/** A short name for a candidate build, e.g. `h100-sxm × 1,024 · infiniband 400G · air · us-texas`. */
export function candidateName(choice: CandidateChoice): string {
  const gpus = choice.gpus.toLocaleString('en-US');
  return `${choice.acceleratorId} × ${gpus} · ${choice.fabric} ${choice.gbpsPerGpu}G · ${choice.coolingType} · ${choice.storageTier} · cache ${choice.nodeCacheDrivesPerNode} · ${choice.region}`;
}

/**
 * The full scenario of candidate `index`: the base with the candidate's build (layout, micro
 * batch and recompute left to the engine, as the search evaluated them). `evaluate()` on it
 * gives the figures the search reported (tested).
 */
export function candidateScenario(space: SearchSpace, index: number, name?: string): Scenario {
  const d = decodeIndex(space, index);
  return {
    ...space.base,
    name: (name ?? `Search: ${candidateName(candidateChoice(space, index))}`).slice(0, 200),
    cluster: {
      compute: computeFor(space, d[0], d[1]),
      network: networkFor(space, d[2], d[3], d[4]),
      storage: storageFor(space, d[6], d[7]),
    },
    facility: facilityFor(space, d[5], d[8]),
  };
}

/**
 * Flat electricity price of each region option, in the scenario currency per kWh (the same
 * rule as the power/cost stage's tariff: explicit price, else the catalog id's price, USD ones
 * converted with `finance.fxPerUsd`), or null when a price cannot be told this way (the base's
 * own tariff or a peak/off-peak one).
 */
export function regionPrices(space: SearchSpace): number[] | null {
  const catalog = catalogOf(space.base);
  const fin = space.base.finance;
  const out: number[] = [];
  for (const r of space.axes.regions) {
    if (r === null) return null;
    if (r.priceUsdPerKwh !== undefined) {
      out.push(r.priceUsdPerKwh);
      continue;
    }
    const id = r.electricityId ?? space.base.facility.electricityId;
    const e = findItem(catalog, 'electricity', id);
    if (!e) return null;
    const scale = priceScale(e.currency, fin.currency, fin.fxPerUsd);
    if (scale === null) return null;
    out.push(e.pricePerKwh.value * scale);
  }
  return out;
}
