import {
  emptyBufferProbability,
  effectiveBufferLength,
  maxFetchSForStall,
  queueStall,
} from './queue';
import { formatSignificant } from '../math';

/**
 * Data pipeline: demand versus supply per node, the data stall and the cheapest fix.
 *
 * Method (DS-Analyzer, Mohan et al., "Analyzing and Mitigating Data Stalls in DNN
 * Training", VLDB 2021): the input pipeline is a chain of stages — fetch from storage (cache
 * or remote tier), metadata (file opens), CPU pre-processing — running concurrently with
 * the accelerator; its rate is that of its slowest stage, and the accelerator stalls when
 * the pipeline is slower than compute. The cache hit ratio of a node-local cache that keeps
 * what it holds (no thrashing) is cache size ÷ data the node touches (DS-Analyzer's MinIO
 * cache), and it starts cold unless the dataset is pre-staged, so over E epochs the hit
 * ratio is min(1, C/D)·(E − 1)/E. Jitter is absorbed by the prefetch queue (see queue.ts).
 *
 * All nodes are symmetric; each node reads its share of the global batch
 * (samples per step × GPUs per node ÷ GPUs). Under pipeline parallelism only the nodes of
 * the first (and last) stage read, so their real demand is higher than this share.
 */

export type DataPipelineInput = {
  /** Accelerator time per step (compute + exposed communication), s. */
  readonly stepComputeS: number;
  /** Samples per optimizer step, whole cluster. */
  readonly samplesPerStep: number;
  readonly gpus: number;
  readonly gpusPerNode: number;
  readonly sampleBytes: number;
  readonly samplesPerFile: number;
  readonly cpuSecondsPerSample: number;
  /** Dataset size, bytes; null: unknown. */
  readonly datasetBytes: number | null;
  readonly epochs: number;
  readonly shuffle: 'global' | 'per-node-shard';
  readonly tier: {
    readonly readBytesPerS: number;
    readonly perClientReadBytesPerS: number | null;
    readonly metadataOpsPerS: number | null;
    readonly priceUsd: number | null;
  };
  readonly cache: {
    readonly drivesPerNode: number;
    readonly driveReadBytesPerS: number;
    readonly driveCapacityBytes: number;
    readonly drivePriceUsd: number | null;
    readonly hitRatio: number | null;
    readonly prestaged: boolean;
  };
  readonly cpu: {
    readonly coresPerNode: number;
    readonly reservedPerNode: number;
    readonly pricePerCoreUsd: number | null;
  };
  readonly network: {
    readonly sharedWithCompute: boolean;
    readonly perNodeBytesPerS: number;
    /** Share of time the compute fabric is busy with collectives (only when shared), [0, 1). */
    readonly computeFabricBusyFraction: number;
  };
  readonly loader: {
    readonly prefetchDepthBatches: number;
    readonly fetchCv: number;
    /** AU threshold for "accelerators fed", (0, 1]. */
    readonly utilizationThreshold: number;
    /** Stall the fix aims at, (0, 1). */
    readonly targetStall: number;
  };
};

/** Pipeline stage that limits the data loader. */
export type DataStage =
  'storage-tier' | 'network-path' | 'client-limit' | 'cache' | 'metadata' | 'cpu' | 'none';

export type FixKind =
  | 'prefetch-depth'
  | 'repack-shards'
  | 'cpu-cores'
  | 'tier-bandwidth'
  | 'node-cache'
  | 'network-path'
  | 'metadata-service';

/** One change to the build. */
export type FixOption = {
  readonly kind: FixKind;
  /** What to change, for people. */
  readonly description: string;
  /** Amount of the change, in `unit`. */
  readonly amount: number;
  readonly unit: string;
  /** Price of the change, USD; null when a needed price is not entered. */
  readonly costUsd: number | null;
};

export type DataFix = {
  /** False when the stall is already at or below the target. */
  readonly needed: boolean;
  /** The cheapest change per binding constraint (all are needed together). */
  readonly steps: readonly FixOption[];
  /** Sum of the steps' prices, USD; null if any is unpriced. */
  readonly totalCostUsd: number | null;
  /** Other options that also remove a binding constraint. */
  readonly alternatives: readonly FixOption[];
};

export type DataPipelineResult = {
  readonly nodes: number;
  readonly samplesPerNodePerStep: number;
  readonly bytesPerNodePerStep: number;
  /** Read bandwidth that keeps every GPU busy (AU 100 %), aggregate, bytes/s. */
  readonly requiredReadBytesPerS: number;
  readonly requiredReadBytesPerSPerNode: number;
  /** MLPerf Storage requirement per accelerator at the AU threshold, bytes/s. */
  readonly requiredAtThresholdBytesPerSPerAccelerator: number;
  readonly hitRatio: number;
  /** Per-node read bandwidth from the shared tier (after tier share, client and network limits), bytes/s. */
  readonly tierBytesPerSPerNode: number;
  /** What limits the per-node tier bandwidth. */
  readonly tierLimit: 'storage-tier' | 'network-path' | 'client-limit';
  readonly cacheBytesPerSPerNode: number;
  /** Most the pipeline can deliver (all stages), aggregate, bytes/s. */
  readonly supplyReadBytesPerS: number;
  /** Read bandwidth actually delivered at the achieved step rate, aggregate, bytes/s. */
  readonly deliveredReadBytesPerS: number;
  readonly deliveredFromTierBytesPerS: number;
  readonly deliveredFromCacheBytesPerS: number;
  /** File opens per second the shared tier must serve at full speed (misses only). */
  readonly metadataOpsRequiredPerS: number;
  readonly metadataOpsSupplyPerS: number | null;
  /** Cores for pre-processing at full speed plus the reserved cores, per node. */
  readonly cpuCoresRequiredPerNode: number;
  readonly cpuCoresAvailableForDataPerNode: number;
  /** Stage times per batch on one node, s. */
  readonly ioS: number;
  readonly metadataS: number;
  readonly cpuS: number;
  /** Data-loader time per batch (slowest stage), s. */
  readonly fetchS: number;
  readonly limitingStage: DataStage;
  /** Share of step wall time waiting for data, [0, 1). */
  readonly stallFraction: number;
  /** Wall time per step including the data stall, s. */
  readonly wallS: number;
  /** Compute time ÷ wall time (MLPerf Storage AU), [0, 1]. */
  readonly acceleratorUtilization: number;
  /** Accelerators the shared storage keeps at or above the AU threshold; null: not limited by it. */
  readonly acceleratorsFedAtThreshold: number | null;
  /** GPUs per node the node-local path (link, cache, CPU) keeps at or above the threshold. */
  readonly acceleratorsFedPerNode: number;
  readonly fix: DataFix;
};

function check(name: string, v: number, allowZero: boolean): void {
  if (!Number.isFinite(v) || v < 0 || (!allowZero && v === 0)) {
    throw new Error(
      `storage: ${name} must be a finite number ${allowZero ? '≥' : '>'} 0 (got ${v})`,
    );
  }
}

/** Hit ratio of the node-local cache (explicit, or cache size vs data touched × warm share). */
function cacheHitRatio(input: DataPipelineInput, nodes: number): number {
  const c = input.cache;
  if (c.hitRatio !== null) return c.hitRatio;
  if (c.drivesPerNode === 0 || input.datasetBytes === null || input.datasetBytes === 0) {
    return input.datasetBytes === 0 ? 1 : 0;
  }
  const touched = input.shuffle === 'global' ? input.datasetBytes : input.datasetBytes / nodes;
  const fits = Math.min(1, (c.drivesPerNode * c.driveCapacityBytes) / touched);
  return fits * warmShare(input);
}

/** Share of reads that can hit a filled cache: 1 if pre-staged, else (E − 1)/E. */
function warmShare(input: DataPipelineInput): number {
  if (input.cache.prestaged) return 1;
  return input.epochs > 1 ? (input.epochs - 1) / input.epochs : 0;
}

/**
 * Fetch time per batch from cache + tier with an optimal split: cached samples may be read
 * from either source, uncached ones from the tier only, so a cache only ever adds bandwidth.
 */
function ioTimeS(bytes: number, hit: number, tierBps: number, cacheBps: number): number {
  if (bytes === 0) return 0;
  const missS = tierBps > 0 ? ((1 - hit) * bytes) / tierBps : hit >= 1 ? 0 : Infinity;
  const totalBps = tierBps + cacheBps;
  const bothS = totalBps > 0 ? bytes / totalBps : Infinity;
  return Math.max(missS, bothS);
}

/**
 * Evaluate the data pipeline of one training job.
 *
 * @param input resolved inputs in SI units (bytes, bytes/s, seconds)
 * @returns demand, supply, stall, utilisation and the cheapest fix
 */
export function evaluateDataPipeline(input: DataPipelineInput): DataPipelineResult {
  check('stepComputeS', input.stepComputeS, false);
  check('samplesPerStep', input.samplesPerStep, false);
  check('gpus', input.gpus, false);
  check('gpusPerNode', input.gpusPerNode, false);
  check('sampleBytes', input.sampleBytes, false);
  check('samplesPerFile', input.samplesPerFile, false);
  check('cpuSecondsPerSample', input.cpuSecondsPerSample, true);
  check('dataTier.readGBps', input.tier.readBytesPerS, false);
  check('network.perNodeGBps', input.network.perNodeBytesPerS, false);
  const busy = input.network.computeFabricBusyFraction;
  if (!(busy >= 0 && busy < 1)) {
    throw new Error(`storage: computeFabricBusyFraction must be in [0, 1) (got ${busy})`);
  }
  const coresForData = input.cpu.coresPerNode - input.cpu.reservedPerNode;
  if (input.cpuSecondsPerSample > 0 && coresForData <= 0) {
    throw new Error(
      `storage.node.cpuCoresReservedPerNode (${input.cpu.reservedPerNode}) leaves no core of cpuCoresPerNode (${input.cpu.coresPerNode}) for pre-processing`,
    );
  }

  const tc = input.stepComputeS;
  const gpn = Math.min(input.gpusPerNode, input.gpus);
  const nodes = Math.ceil(input.gpus / input.gpusPerNode);
  const samplesNode = (input.samplesPerStep * gpn) / input.gpus;
  const bytesNode = samplesNode * input.sampleBytes;
  const hit = cacheHitRatio(input, nodes);

  // Per-node tier bandwidth: min(share of the tier, client limit, network path).
  const share = input.tier.readBytesPerS / nodes;
  const link = input.network.perNodeBytesPerS * (input.network.sharedWithCompute ? 1 - busy : 1);
  const client = input.tier.perClientReadBytesPerS ?? Infinity;
  let tierBps = share;
  let tierLimit: DataPipelineResult['tierLimit'] = 'storage-tier';
  if (link < tierBps) {
    tierBps = link;
    tierLimit = 'network-path';
  }
  if (client < tierBps) {
    tierBps = client;
    tierLimit = 'client-limit';
  }
  const cacheBps = input.cache.drivesPerNode * input.cache.driveReadBytesPerS;

  const ioS = ioTimeS(bytesNode, hit, tierBps, cacheBps);
  const opensPerStep = (input.samplesPerStep / input.samplesPerFile) * (1 - hit);
  const metaSupply = input.tier.metadataOpsPerS;
  const metadataS = metaSupply === null ? 0 : opensPerStep / metaSupply;
  const cpuS =
    input.cpuSecondsPerSample > 0 ? (samplesNode * input.cpuSecondsPerSample) / coresForData : 0;
  let fetchS = ioS;
  let limitingStage: DataStage =
    ioS > 0 ? ioStage(hit, tierBps, cacheBps, bytesNode, tierLimit) : 'none';
  if (metadataS > fetchS) {
    fetchS = metadataS;
    limitingStage = 'metadata';
  }
  if (cpuS > fetchS) {
    fetchS = cpuS;
    limitingStage = 'cpu';
  }

  const { prefetchDepthBatches: depth, fetchCv: cv } = input.loader;
  const q = queueStall(tc, fetchS, depth, cv);
  const au = 1 - q.stallFraction;
  if (q.stallFraction === 0) limitingStage = 'none';

  const requiredNode = bytesNode / tc;
  // Whole cluster (a partly filled last node reads less than a full one).
  const bytesStep = input.samplesPerStep * input.sampleBytes;
  const perAccelBytes = (input.samplesPerStep * input.sampleBytes) / input.gpus;
  const u = input.loader.utilizationThreshold;
  const requiredThreshold = (u * perAccelBytes) / tc;

  // Accelerators the shared tier feeds at the threshold (deterministic MLPerf rule).
  const tierPerAccel = requiredThreshold * (1 - hit);
  const byBw = tierPerAccel > 0 ? input.tier.readBytesPerS / tierPerAccel : Infinity;
  const opensPerAccelPerS =
    ((u * input.samplesPerStep) / input.gpus / input.samplesPerFile / tc) * (1 - hit);
  const byMeta =
    metaSupply !== null && opensPerAccelPerS > 0 ? metaSupply / opensPerAccelPerS : Infinity;
  // Node-local limits (network path, client, cache, CPU) with the tier not shared.
  const nodeTierBps = Math.min(link, client);
  const nodeFetch = Math.max(ioTimeS(bytesNode, hit, nodeTierBps, cacheBps), cpuS);
  const budget = tc / u;
  const fedPerNode =
    nodeFetch <= budget * (1 + 1e-12) ? gpn : Math.floor((gpn * budget) / nodeFetch + 1e-9);
  const fedShared = Math.min(byBw, byMeta);
  const acceleratorsFedAtThreshold =
    fedPerNode === 0 ? 0 : fedShared === Infinity ? null : Math.floor(fedShared + 1e-9);

  const delivered = bytesStep / q.wallS;
  const fromCacheShare =
    cacheBps > 0 && ioS > 0 ? cacheShare(bytesNode, hit, tierBps, cacheBps, ioS) : 0;

  const fix = cheapestFix(input, {
    nodes,
    samplesNode,
    bytesNode,
    hit,
    tierBps,
    cacheBps,
    link,
    client,
    ioS,
    metadataS,
    cpuS,
    fetchS,
    coresForData,
    stall: q.stallFraction,
    opensPerStep,
  });

  return {
    nodes,
    samplesPerNodePerStep: samplesNode,
    bytesPerNodePerStep: bytesNode,
    requiredReadBytesPerS: bytesStep / tc,
    requiredReadBytesPerSPerNode: requiredNode,
    requiredAtThresholdBytesPerSPerAccelerator: requiredThreshold,
    hitRatio: hit,
    tierBytesPerSPerNode: tierBps,
    tierLimit,
    cacheBytesPerSPerNode: cacheBps,
    supplyReadBytesPerS: bytesStep / (fetchS > 0 ? fetchS : tc),
    deliveredReadBytesPerS: delivered,
    deliveredFromTierBytesPerS: delivered * (1 - fromCacheShare),
    deliveredFromCacheBytesPerS: delivered * fromCacheShare,
    metadataOpsRequiredPerS: opensPerStep / tc,
    metadataOpsSupplyPerS: metaSupply,
    cpuCoresRequiredPerNode:
      (samplesNode * input.cpuSecondsPerSample) / tc + input.cpu.reservedPerNode,
    cpuCoresAvailableForDataPerNode: Math.max(0, coresForData),
    ioS,
    metadataS,
    cpuS,
    fetchS,
    limitingStage,
    stallFraction: q.stallFraction,
    wallS: q.wallS,
    acceleratorUtilization: au,
    acceleratorsFedAtThreshold,
    acceleratorsFedPerNode: fedPerNode,
    fix,
  };
}

function ioStage(
  hit: number,
  tierBps: number,
  cacheBps: number,
  bytes: number,
  tierLimit: DataPipelineResult['tierLimit'],
): DataStage {
  const missS = ((1 - hit) * bytes) / tierBps;
  const bothS = bytes / (tierBps + cacheBps);
  // The cache is the limit when even reading from both sources at full speed is the bound.
  return bothS > missS && cacheBps > 0 ? 'cache' : tierLimit;
}

/** Share of the bytes read from the cache under the optimal split (see ioTimeS). */
function cacheShare(
  bytes: number,
  hit: number,
  tierBps: number,
  cacheBps: number,
  ioS: number,
): number {
  const missS = ((1 - hit) * bytes) / tierBps;
  // Tier-bound: the tier reads the misses, the cache serves every hit. Otherwise both run flat out.
  const fromCache = missS >= bytes / (tierBps + cacheBps) ? hit * bytes : cacheBps * ioS;
  return Math.min(1, fromCache / bytes);
}

type State = {
  nodes: number;
  samplesNode: number;
  bytesNode: number;
  hit: number;
  tierBps: number;
  cacheBps: number;
  link: number;
  client: number;
  ioS: number;
  metadataS: number;
  cpuS: number;
  fetchS: number;
  coresForData: number;
  stall: number;
  opensPerStep: number;
};

const GB = 1e9;
const TB = 1e12;

/** Three significant digits, shortest form ("0.92", "17.7"). */
const fmt = formatSignificant;

/**
 * A fix option with its description. Not a getter (built only when read): object literals with
 * getters are slow to create in V8 and keep garbage alive through minor GCs, which cost more
 * per evaluation than formatting the few options a fix has.
 */
function option(
  kind: FixKind,
  amount: number,
  unit: string,
  costUsd: number | null,
  describe: () => string,
): FixOption {
  return {
    kind,
    amount,
    unit,
    costUsd,
    description: describe(),
  };
}

/**
 * The cheapest of `options` becomes a step, the others alternatives. A module function, not a
 * closure in `cheapestFix`: tsx (the CLI and bench) names every named closure when it is made
 * (esbuild keepNames: a defineProperty per call).
 */
function pickCheapest(steps: FixOption[], alternatives: FixOption[], options: FixOption[]): void {
  const sorted = [...options].sort(byCost);
  const first = sorted[0];
  if (first) steps.push(first);
  alternatives.push(...sorted.slice(1));
}

function byCost(a: FixOption, b: FixOption): number {
  if (a.costUsd === null && b.costUsd === null) return 0;
  if (a.costUsd === null) return 1;
  if (b.costUsd === null) return -1;
  return a.costUsd - b.costUsd;
}

/**
 * The cheapest change(s) that bring the stall to the target: each stage slower than the
 * largest fetch time that meets the target needs one change; among the options for a stage
 * the priced ones are ranked by price (zero-cost software changes first), unpriced ones last.
 */
function cheapestFix(input: DataPipelineInput, s: State): DataFix {
  const tc = input.stepComputeS;
  const { prefetchDepthBatches: depth, fetchCv: cv, targetStall } = input.loader;
  if (s.stall <= targetStall) {
    return { needed: false, steps: [], totalCostUsd: 0, alternatives: [] };
  }
  // 1. Deeper prefetch alone: possible when the loader is faster than compute on average.
  const rho = tc / s.fetchS;
  const deeper = prefetchDepthFor(rho, cv, targetStall);
  if (deeper !== null && deeper <= 1024) {
    const mem = deeper * s.bytesNode;
    return {
      needed: true,
      steps: [
        option(
          'prefetch-depth',
          deeper,
          'batches',
          0,
          () =>
            `raise the prefetch depth from ${depth} to ${deeper} batches (host memory ≈ ${fmt(mem / GB)} GB per node) to absorb the fetch-time jitter`,
        ),
      ],
      totalCostUsd: 0,
      alternatives: [],
    };
  }
  const fStar = maxFetchSForStall(tc, depth, cv, targetStall);
  const steps: FixOption[] = [];
  const alternatives: FixOption[] = [];

  if (s.cpuS > fStar) {
    const need = (s.samplesNode * input.cpuSecondsPerSample) / fStar;
    const extra = Math.ceil(need - s.coresForData);
    const price = input.cpu.pricePerCoreUsd;
    pickCheapest(steps, alternatives, [
      option(
        'cpu-cores',
        extra,
        'cores per node',
        price === null ? null : extra * s.nodes * price,
        () =>
          `add ${extra} CPU cores per node for pre-processing (${fmt(need)} needed, ${s.coresForData} available), or move decoding to the GPU`,
      ),
    ]);
  }
  const metaOps = input.tier.metadataOpsPerS;
  if (s.metadataS > fStar && metaOps !== null) {
    const needOps = s.opensPerStep / fStar;
    const factor = needOps / metaOps;
    pickCheapest(steps, alternatives, [
      option(
        'repack-shards',
        Math.ceil(input.samplesPerFile * factor),
        'samples per file',
        0,
        () =>
          `pack samples into larger files (≥ ${fmt(input.samplesPerFile * factor)} samples per file) so file opens drop ${fmt(factor)}×`,
      ),
      option(
        'metadata-service',
        needOps,
        'ops/s',
        null,
        () => `raise the tier's metadata rate to ${fmt(needOps)} opens/s (now ${fmt(metaOps)})`,
      ),
    ]);
  }
  if (s.ioS > fStar) {
    const b = s.bytesNode;
    const options: FixOption[] = [];
    // (a) more tier bandwidth (per node), and the network path if it becomes the limit.
    const needTierNode = Math.max(((1 - s.hit) * b) / fStar, b / fStar - s.cacheBps);
    const needAgg = needTierNode * s.nodes;
    const tierRead = input.tier.readBytesPerS;
    const pathShort = needTierNode > Math.min(s.link, s.client) * (1 + 1e-12);
    if (needAgg > tierRead) {
      const extra = needAgg - tierRead;
      const price = input.tier.priceUsd;
      const cost = price === null || pathShort ? null : (extra / tierRead) * price;
      options.push(
        option(
          'tier-bandwidth',
          needAgg / GB,
          'GB/s',
          cost,
          () =>
            `raise the shared tier's read bandwidth from ${fmt(tierRead / GB)} to ${fmt(needAgg / GB)} GB/s` +
            (pathShort ? ` and each node's storage path to ${fmt(needTierNode / GB)} GB/s` : ''),
        ),
      );
    } else if (pathShort) {
      options.push(
        option(
          'network-path',
          needTierNode / GB,
          'GB/s per node',
          null,
          () =>
            `raise each node's storage network path to ${fmt(needTierNode / GB)} GB/s${input.network.sharedWithCompute ? ' (a dedicated storage network instead of sharing the compute fabric)' : ''}`,
        ),
      );
    }
    // (b) a node-local NVMe cache holding enough of the dataset, fast enough.
    const cacheOpt = cacheOption(input, s, fStar);
    if (cacheOpt) options.push(cacheOpt);
    // Unpriced options: prefer the cache (NVMe drives are the usual cheapest bandwidth).
    options.sort((x, y) => {
      const c = byCost(x, y);
      if (c !== 0 || x.costUsd !== null) return c;
      return x.kind === 'node-cache' ? -1 : y.kind === 'node-cache' ? 1 : 0;
    });
    const first = options[0];
    if (first) steps.push(first);
    alternatives.push(...options.slice(1));
  }
  let total: number | null = 0;
  for (const st of steps) total = total === null || st.costUsd === null ? null : total + st.costUsd;
  return { needed: true, steps, totalCostUsd: total, alternatives };
}

/** Smallest prefetch depth whose stall ≤ target at producer/consumer ratio rho, or null. */
function prefetchDepthFor(rho: number, cv: number, target: number): number | null {
  if (!(rho > 1)) return null;
  const v = cv * cv;
  if (v === 0) return 1;
  // (ρ − 1)/(ρ^(N+1) − 1) ≤ t  ⇔  N + 1 ≥ ln(1 + (ρ − 1)/t) / ln ρ
  const n = Math.log(1 + (rho - 1) / target) / Math.log(rho) - 1;
  const k = Math.max(1, Math.ceil((n * v) / 2 - 1e-9));
  // Guard rounding: make sure the depth really meets the target.
  return emptyBufferProbability(rho, effectiveBufferLength(k, cv)) <= target * (1 + 1e-9)
    ? k
    : k + 1;
}

function cacheOption(input: DataPipelineInput, s: State, fStar: number): FixOption | null {
  const c = input.cache;
  const b = s.bytesNode;
  const hitNeed = Math.max(0, 1 - (s.tierBps * fStar) / b);
  const cacheBwNeed = Math.max(0, b / fStar - s.tierBps);
  const drivesForBw = Math.ceil(cacheBwNeed / c.driveReadBytesPerS - 1e-9);
  let prestage = c.prestaged;
  let drivesForCap = 0;
  if (c.hitRatio === null) {
    if (input.datasetBytes === null) return null;
    const touched = input.shuffle === 'global' ? input.datasetBytes : input.datasetBytes / s.nodes;
    let w = warmShare(input);
    if (w < hitNeed) {
      w = 1;
      prestage = true;
    }
    drivesForCap = Math.ceil(((hitNeed / w) * touched) / c.driveCapacityBytes - 1e-9);
  } else if (c.hitRatio < hitNeed && c.drivesPerNode === 0) {
    return null;
  }
  const drives = Math.max(drivesForBw, drivesForCap, c.drivesPerNode);
  const extra = drives - c.drivesPerNode;
  if (extra <= 0 || drives > 64) return null;
  const capTB = (drives * c.driveCapacityBytes) / TB;
  return option(
    'node-cache',
    extra,
    'drives per node',
    c.drivePriceUsd === null ? null : extra * s.nodes * c.drivePriceUsd,
    () =>
      `use ${drives} NVMe cache drives per node (+${extra}; ${fmt(capTB)} TB, ${fmt((drives * c.driveReadBytesPerS) / GB)} GB/s RAID-0)${prestage && !c.prestaged ? ' and pre-stage the dataset onto them' : ''} for a hit ratio ≥ ${fmt(hitNeed * 100)} %`,
  );
}
