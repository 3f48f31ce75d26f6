import { builtinCatalog, findItem, listItems, mergeUserCatalog, platformSystem } from '../catalog';
import type { Catalog } from '../catalog';
import { facilityCoolingId, priceScale, systemFor } from '../build';
import { COOLING_WORDS } from '../scenario';
import { formatGroupedInteger } from '../math';
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
  /** The accelerator's catalog name (its id where the catalog has none). */
  readonly name: string;
  /**
   * GPUs per node of the accelerator's platform (catalog/platform.ts `platformSystem` under the
   * base's cooling; the base's own when the accelerator is the base's).
   */
  readonly gpusPerNode: number;
};

/** The platform (catalog system) a candidate buys, per accelerator × cooling option. */
export type PlatformOption = {
  /** The system's catalog name; the accelerator's name where the catalog has none. */
  readonly name: string;
  /**
   * The platform is liquid-cooled (no air-cooled chassis for the accelerator) but the cooling
   * is not direct liquid: the build cannot be installed (violation `needs-liquid`).
   */
  readonly needsLiquid: boolean;
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
  /** Platform of accelerator option `a` under cooling option `c`: `platforms[a * coolings + c]`. */
  readonly platforms: readonly PlatformOption[];
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
  /** The accelerator's catalog name. */
  readonly acceleratorName: string;
  /** The system bought (catalog name), e.g. "NVIDIA GB200 NVL72 rack (DGX GB200)". */
  readonly platformName: string;
  /** Nodes (servers or rack-scale systems): GPUs ÷ GPUs per node, rounded up. */
  readonly nodes: number;
  readonly gpus: number;
  readonly gpusPerNode: number;
  readonly fabric: Fabric;
  readonly gbpsPerGpu: number;
  readonly fatTreeTiers: FatTreeTiers;
  /** The cooling type in force (searched, else the base facility's). */
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

/** An accelerator a search can price, with the platform it is bought as. */
export type SearchableAccelerator = {
  readonly id: string;
  /** The accelerator's catalog name (a user accelerator's own). */
  readonly name: string;
  /** The air-cooled platform (else the only one), in words. */
  readonly platform: string;
  /** The liquid-cooled platform where it differs (chosen under direct liquid cooling). */
  readonly liquidPlatform: string | null;
  /** Added or edited by a user entry of the scenario. */
  readonly user: boolean;
};

/**
 * Every accelerator of a catalog that a catalog system holds (a built-in or a user system with
 * its `acceleratorId`), in catalog order (built-in first, then the scenario's user ones), with
 * its platform (catalog/platform.ts: the air-cooled chassis where there is one, the
 * liquid-cooled one under direct liquid cooling). An accelerator no system holds is left out:
 * its power and cost cannot be evaluated.
 * @param catalog - the built-in catalog merged with the base scenario's user entries
 */
export function searchAccelerators(catalog: Catalog = builtinCatalog()): SearchableAccelerator[] {
  const systems = listItems(catalog, 'system');
  return listItems(catalog, 'accelerator').flatMap((a) => {
    const air = platformSystem(systems, a.id, false);
    if (!air) return [];
    const liquid = platformSystem(systems, a.id, true);
    return [
      {
        id: a.id,
        name: a.name,
        platform: air.name,
        liquidPlatform: liquid && liquid.id !== air.id ? liquid.name : null,
        user: catalog.userItems.has(`accelerator:${a.id}`),
      },
    ];
  });
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
  // The catalog's accelerators: the built-in ones and the base scenario's user accelerators.
  const known = [...catalog.items.accelerator.keys()];
  const c = baseScenario.cluster.compute;
  const systems = listItems(catalog, 'system');
  const baseLiquid = facilityCoolingId(baseScenario, catalog) === 'direct-liquid';
  const nameOf = (id: string): string => findItem(catalog, 'accelerator', id)?.name ?? id;

  const accelerators: AcceleratorOption[] =
    s.acceleratorIds.length === 0
      ? [{ id: c.acceleratorId, name: nameOf(c.acceleratorId), gpusPerNode: c.gpusPerNode }]
      : s.acceleratorIds.map((id, i) => {
          const path = `space.acceleratorIds[${i}]`;
          if (!known.includes(id))
            fail(path, `unknown accelerator "${id}" (catalog ids: ${known.join(', ')})`);
          if (id === c.acceleratorId) return { id, name: nameOf(id), gpusPerNode: c.gpusPerNode };
          const system = platformSystem(systems, id, baseLiquid);
          if (!system) fail(path, `no system for "${id}" in the catalog (power and cost need one)`);
          return { id, name: nameOf(id), gpusPerNode: system.gpusPerNode };
        });
  if (
    s.acceleratorIds.length === 0 &&
    platformSystem(systems, c.acceleratorId, baseLiquid) === null
  ) {
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
  const space: SearchSpace = {
    spec,
    base: base as SearchSpace['base'],
    axes,
    radices,
    total,
    blockSize,
    perfKeys: total / blockSize,
    platforms: [],
  };
  return { ...space, platforms: platformsOf(space, catalog) };
}

/**
 * The platform of each accelerator × cooling option: the system the build resolves to
 * (`systemFor`, the rule of `systemId: "auto"`), and whether it needs a liquid cooling the
 * option does not have.
 */
function platformsOf(space: SearchSpace, catalog: Catalog): PlatformOption[] {
  const out: PlatformOption[] = [];
  space.axes.accelerators.forEach((a, ai) => {
    space.axes.coolingTypes.forEach((_, ci) => {
      const scenario: Scenario = {
        ...space.base,
        cluster: { ...space.base.cluster, compute: computeFor(space, ai, 0) },
        facility: facilityFor(space, ci, 0),
      };
      const sys = systemFor(scenario, catalog);
      out.push({
        name: sys?.name ?? a.name,
        needsLiquid:
          sys !== null &&
          sys.cooling === 'liquid' &&
          facilityCoolingId(scenario, catalog) !== 'direct-liquid',
      });
    });
  });
  return out;
}

/** The platform of a candidate's accelerator and cooling digits. */
export function platformOf(space: SearchSpace, acc: number, cooling: number): PlatformOption {
  return space.platforms[acc * space.axes.coolingTypes.length + cooling] as PlatformOption;
}

/** A storage tier kind in words (a tier without a name). */
const STORAGE_KIND_WORDS: Readonly<Record<StorageSection['dataTier']['kind'], string>> = {
  'parallel-fs': 'parallel file system',
  nas: 'NAS',
  'object-store': 'object store',
};

/** A fabric in words. */
export const FABRIC_WORDS: Readonly<Record<Fabric, string>> = {
  infiniband: 'InfiniBand',
  roce: 'RoCE',
  ethernet: 'Ethernet (TCP)',
};

/**
 * Every region the catalog prices electricity for, as search regions: the price's own name
 * (priced in its currency, converted with the scenario's rate), with the grid carbon of the same
 * region (else of its country, `US-TX` → `US`) where the catalog has one.
 */
export function catalogRegions(catalog: Catalog = builtinCatalog()): SearchRegion[] {
  const carbons = listItems(catalog, 'gridCarbon');
  return listItems(catalog, 'electricity').map((e) => {
    const country = e.region.split('-')[0];
    const carbon =
      carbons.find((g) => g.region === e.region) ?? carbons.find((g) => g.region === country);
    return {
      name: e.name,
      electricityId: e.id,
      ...(carbon ? { carbonId: carbon.id } : {}),
    };
  });
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
  const acc = space.axes.accelerators[d[0]] as AcceleratorOption;
  const catalog = catalogOf(space.base);
  return {
    acceleratorId: compute.acceleratorId,
    acceleratorName: acc.name,
    platformName: platformOf(space, d[0], d[5]).name,
    nodes: Math.ceil(compute.gpus / compute.gpusPerNode),
    gpus: compute.gpus,
    gpusPerNode: compute.gpusPerNode,
    fabric: net.fabric,
    gbpsPerGpu: net.gbpsPerGpu,
    fatTreeTiers: net.fatTreeTiers,
    coolingType: facilityCoolingId({ ...space.base, facility }, catalog),
    storageTier:
      tier === null
        ? storage.dataTier.name || STORAGE_KIND_WORDS[storage.dataTier.kind]
        : tier.name,
    nodeCacheDrivesPerNode: storage.nodeCache.drivesPerNode,
    region:
      region !== null
        ? region.name
        : facility.priceUsdPerKwh === undefined
          ? (findItem(catalog, 'electricity', facility.electricityId)?.name ??
            facility.electricityId)
          : "the base scenario's electricity price",
  };
}

/**
 * The platforms a candidate buys, in words: `128 × NVIDIA DGX H100 (8x H100 SXM), 1,024 GPUs`
 * (one node when the GPUs fit one, `1 × … , 4 GPUs`).
 */
export function buildWords(choice: CandidateChoice): string {
  const n = formatGroupedInteger;
  return `${n(choice.nodes)} × ${choice.platformName}, ${n(choice.gpus)} GPUs`;
}

/** A cooling type in words. */
export function coolingWords(coolingType: string): string {
  return coolingType in COOLING_WORDS
    ? COOLING_WORDS[coolingType as keyof typeof COOLING_WORDS]
    : coolingType;
}

/**
 * A candidate build in words, e.g. `128 × NVIDIA DGX H100 (8x H100 SXM), 1,024 GPUs ·
 * InfiniBand 400 Gb/s · air · parallel-fs · no node cache · US Texas industrial`.
 */
export function candidateName(choice: CandidateChoice): string {
  const cache =
    choice.nodeCacheDrivesPerNode === 0
      ? 'no node cache'
      : `${choice.nodeCacheDrivesPerNode} cache drive${choice.nodeCacheDrivesPerNode === 1 ? '' : 's'} per node`;
  return `${buildWords(choice)} · ${FABRIC_WORDS[choice.fabric]} ${choice.gbpsPerGpu} Gb/s · ${coolingWords(choice.coolingType)} · ${choice.storageTier} · ${cache} · ${choice.region}`;
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
