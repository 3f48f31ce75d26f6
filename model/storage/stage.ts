import type { MetricValue } from '../metrics/metric';
import { dalyIntervalS, youngIntervalS } from '../reliability/interval';
import { goodput, restartTime } from '../reliability/goodput';
import type { GoodputResult, RestartTime } from '../reliability/goodput';
import { SECONDS_PER_YEAR, fatTreeSwitches, jobInterruptionRates } from '../reliability/rates';
import type { InterruptionRates } from '../reliability/rates';
import type { ReliabilitySection } from '../scenario/reliability';
import type { StorageSection, StorageTier } from '../scenario/storage';
import { checkpointBytesPerParameter, checkpointCost } from './checkpoint';
import type { CheckpointResult } from './checkpoint';
import {
  SPOD_BETTER_READ_GBPS_PER_SU,
  SPOD_BETTER_WRITE_GBPS_PER_SU,
  SPOD_NODES_PER_SU,
} from './defaults';
import { evaluateDataPipeline } from './pipeline';
import type { DataFix, DataPipelineInput, DataPipelineResult } from './pipeline';
import { formatSignificant } from '../math';

/**
 * The data + reliability stage of `evaluate()`: data pipeline stall, checkpoint I/O,
 * failures and goodput, priced as lost GPU-hours. Plain numbers in, plain object out.
 *
 * Wall time is split into four shares (they sum to 1):
 *   failures   f_fail = λ_u (R + L) + λ_p R              (reliability/goodput.ts)
 *   checkpoint f_ckpt = (1 − f_fail) · δ / (τ + δ)
 *   data stall f_stall = goodput · s                     (s: stall share of a step)
 *   useful     f_use  = goodput · (1 − s)
 * Lost GPU-hours per day of each cause = GPUs × 24 h × its share.
 */

export type DataReliabilityInput = {
  /** Accelerator time per optimizer step from the training engine (compute + exposed communication), s. */
  readonly stepComputeS: number;
  /** Samples (sequences) per optimizer step, whole cluster. */
  readonly samplesPerStep: number;
  readonly gpus: number;
  readonly gpusPerNode: number;
  /**
   * Parameters a checkpoint saves (with their optimizer states): all of them (incl. every
   * expert) for full training, the adapters for LoRA.
   */
  readonly parameterCount: number;
  /** LLM workloads: tokens per sequence, for the default sample size. */
  readonly seqLenTokens?: number;
  /** LLM workloads: vocabulary size, for the default token width (2 or 4 bytes). */
  readonly vocabSize?: number;
  /**
   * Share of time the compute fabric carries collectives, [0, 1); only used when the storage
   * path is shared with the compute fabric. Default 0.
   */
  readonly computeFabricBusyFraction?: number;
  /**
   * The job's compute time (time to train before stalls, checkpoints and failures), s; null or
   * absent when unknown. A job shorter than the checkpoint interval checkpoints once, at its
   * end: the interval is capped at this length, so the rework a failure costs is at most half
   * the job (a failure strikes uniformly in it), not half of a Young/Daly interval that the job
   * never reaches.
   */
  readonly jobComputeS?: number | null;
  readonly storage: StorageSection;
  readonly reliability: ReliabilitySection;
  /**
   * Switches of the compute fabric as the build's bill of materials sizes them; null or absent:
   * a non-blocking fat tree of `reliability.switchRadix` over the job's links.
   */
  readonly computeSwitches?: number | null;
};

export type LostCause = 'data-stall' | 'checkpoint' | 'failures';

export type DataReliabilityResult = {
  /** Registered metrics (ids in storage/metrics.ts and reliability/metrics.ts), all finite. */
  readonly metrics: Readonly<Record<string, MetricValue>>;
  readonly data: DataPipelineResult;
  readonly checkpoint: CheckpointResult;
  readonly interruptions: InterruptionRates;
  readonly restart: RestartTime;
  readonly reliability: GoodputResult;
  /** Checkpoint interval used (compute time between checkpoints), s; null: no checkpoints needed (no failures). */
  readonly checkpointIntervalS: number | null;
  /** Young and Daly optima for reference, s; null when the job never fails. */
  readonly youngIntervalS: number | null;
  readonly dalyIntervalS: number | null;
  /** Shares of wall time; they sum to 1. */
  readonly wallShares: {
    readonly useful: number;
    readonly dataStall: number;
    readonly checkpoint: number;
    readonly failures: number;
  };
  readonly lostGpuHoursPerDay: {
    readonly dataStall: number;
    readonly checkpoint: number;
    readonly failures: number;
    readonly total: number;
  };
  /**
   * Multiply the training engine's compute-only time to train by this to include stalls,
   * checkpoints and failures (= 1 / useful share); null when the job cannot make progress.
   */
  readonly timeToTrainFactor: number | null;
  /** The largest loss and what removes it. */
  readonly bottleneck: {
    readonly cause: LostCause | 'none';
    /** Share of wall time this cause costs, [0, 1]. */
    readonly share: number;
    readonly text: string;
  };
  readonly fix: DataFix;
  readonly warnings: readonly string[];
};

const GB = 1e9;
const TB = 1e12;

/** Three significant digits, shortest form ("0.92", "17.7"). */
const fmt = formatSignificant;

function pct(f: number): string {
  return `${fmt(f * 100)} %`;
}

function tierBandwidths(tier: StorageTier, nodes: number): { read: number; write: number } {
  const sus = nodes / SPOD_NODES_PER_SU;
  return {
    read: (tier.readGBps ?? SPOD_BETTER_READ_GBPS_PER_SU * sus) * GB,
    write: (tier.writeGBps ?? SPOD_BETTER_WRITE_GBPS_PER_SU * sus) * GB,
  };
}

/** Bytes per sample: the dataset's, or an LLM sequence of tokens (Megatron indexed dataset widths). */
export function sampleBytesFor(input: DataReliabilityInput): number {
  const d = input.storage.dataset;
  if (d.sampleBytes !== null) return d.sampleBytes;
  if (input.seqLenTokens === undefined) {
    throw new Error(
      'storage.dataset.sampleBytes is required when the workload has no sequence length',
    );
  }
  const tokenBytes = d.tokenBytes ?? ((input.vocabSize ?? 65536) <= 65536 ? 2 : 4);
  return input.seqLenTokens * tokenBytes;
}

/**
 * Evaluate the data pipeline, checkpoint I/O and reliability of one training job.
 *
 * @param input step compute time (s), batch, GPU counts, parameters and the scenario's
 *   `cluster.storage` and `reliability` sections (parsed)
 * @returns registered metrics, breakdowns, the largest loss and its cheapest fix
 */
export function evaluateDataAndReliability(input: DataReliabilityInput): DataReliabilityResult {
  const { storage: st, reliability: rel, gpus, gpusPerNode } = input;
  if (!Number.isInteger(gpus) || gpus < 1)
    throw new Error(`gpus must be an integer ≥ 1 (got ${gpus})`);
  if (!Number.isInteger(gpusPerNode) || gpusPerNode < 1) {
    throw new Error(`gpusPerNode must be an integer ≥ 1 (got ${gpusPerNode})`);
  }
  if (!Number.isFinite(input.parameterCount) || input.parameterCount < 0) {
    throw new Error(`parameterCount must be a finite number ≥ 0 (got ${input.parameterCount})`);
  }
  const warnings: string[] = [];
  const nodes = Math.ceil(gpus / gpusPerNode);
  const dataTier = tierBandwidths(st.dataTier, nodes);
  const ckptTierSpec = st.checkpointTier ?? st.dataTier;
  const ckptTier = st.checkpointTier ? tierBandwidths(st.checkpointTier, nodes) : dataTier;
  const sampleBytes = sampleBytesFor(input);
  const d = st.dataset;
  const samplesPerFile =
    d.samplesPerFile ??
    (d.format === 'file-per-sample' ? 1 : Math.max(1, (d.shardMB * 1e6) / sampleBytes));
  const datasetBytes = d.sizeTB === null ? null : d.sizeTB * TB;
  const perNodeBytesPerS = st.network.perNodeGBps * GB;
  const shared = st.network.path === 'shared-with-compute';

  // ---- data pipeline ----
  const pipelineInput: DataPipelineInput = {
    stepComputeS: input.stepComputeS,
    samplesPerStep: input.samplesPerStep,
    gpus,
    gpusPerNode,
    sampleBytes,
    samplesPerFile,
    cpuSecondsPerSample: d.cpuSecondsPerSample,
    datasetBytes,
    epochs: d.epochs,
    shuffle: d.shuffle,
    tier: {
      readBytesPerS: dataTier.read,
      perClientReadBytesPerS:
        st.dataTier.perClientReadGBps === null ? null : st.dataTier.perClientReadGBps * GB,
      metadataOpsPerS: st.dataTier.metadataOpsPerS,
      priceUsd: st.dataTier.priceUsd,
    },
    cache: {
      drivesPerNode: st.nodeCache.drivesPerNode,
      driveReadBytesPerS: st.nodeCache.driveReadGBps * GB,
      driveCapacityBytes: st.nodeCache.driveCapacityTB * TB,
      drivePriceUsd: st.nodeCache.drivePriceUsd,
      hitRatio: st.nodeCache.hitRatio,
      prestaged: st.nodeCache.prestaged,
    },
    cpu: {
      coresPerNode: st.node.cpuCoresPerNode,
      reservedPerNode: st.node.cpuCoresReservedPerNode ?? Math.min(gpusPerNode, gpus),
      pricePerCoreUsd: st.node.cpuPricePerCoreUsd,
    },
    network: {
      sharedWithCompute: shared,
      perNodeBytesPerS,
      computeFabricBusyFraction: shared ? (input.computeFabricBusyFraction ?? 0) : 0,
    },
    loader: {
      prefetchDepthBatches: st.loader.prefetchDepthBatches,
      fetchCv: st.loader.fetchTimeCv,
      utilizationThreshold: st.loader.utilizationThresholdPct / 100,
      targetStall: st.loader.targetStallPct / 100,
    },
  };
  const data = evaluateDataPipeline(pipelineInput);
  const cacheLoss = cacheLossShare(pipelineInput, data, st.nodeCache.driveAfrPerYear, nodes);
  if (st.dataTier.metadataOpsPerS === null && d.format === 'file-per-sample') {
    warnings.push(
      'storage: one file per sample but the data tier has no metadata rate (metadataOpsPerS); file opens were not checked',
    );
  }
  // A single pass that is not pre-staged never hits, whatever the dataset's size: say so first,
  // so that entering the value a warning asks for clears it.
  if (st.nodeCache.drivesPerNode > 0 && st.nodeCache.hitRatio === null) {
    if (!st.nodeCache.prestaged && d.epochs <= 1) {
      warnings.push(
        'storage: a single pass over a dataset that is not pre-staged never hits the node cache (more than one epoch, pre-staging or a stated cache hit ratio changes that)',
      );
    } else if (datasetBytes === null) {
      warnings.push(
        'storage: dataset size unknown, the node cache is assumed to miss (enter cluster.storage.dataset.sizeTB or cluster.storage.nodeCache.hitRatio)',
      );
    }
  }
  if (
    datasetBytes !== null &&
    st.dataTier.capacityTB !== null &&
    datasetBytes > st.dataTier.capacityTB * TB
  ) {
    warnings.push(
      `storage: the dataset (${fmt(datasetBytes / TB)} TB) exceeds the data tier's capacity (${fmt(st.dataTier.capacityTB)} TB)`,
    );
  }

  // ---- checkpoint I/O ----
  const bytesPerParameter =
    st.checkpoint.bytesPerParameter ?? checkpointBytesPerParameter(st.checkpoint.optimizer);
  const ckpt = checkpointCost({
    parameterCount: input.parameterCount,
    bytesPerParameter,
    gpus,
    nodes,
    mode: st.checkpoint.mode,
    tierWriteBytesPerS: ckptTier.write,
    tierReadBytesPerS: ckptTier.read,
    perNodeBytesPerS,
    deviceToHostBytesPerSPerGpu: st.checkpoint.deviceToHostGBpsPerGpu * GB,
  });

  // ---- failures, interval, goodput ----
  const links = gpus * rel.linksPerGpu;
  const switches =
    rel.switchCount ?? input.computeSwitches ?? fatTreeSwitches(links, rel.switchRadix);
  const interruptions = jobInterruptionRates(
    { gpus, nodes, links, switches },
    {
      gpuPerGpuYear: rel.gpuFailuresPerGpuYear,
      hostPerNodeYear: rel.hostFailuresPerNodeYear,
      softwarePerNodeYear: rel.softwareFailuresPerNodeYear,
      linkPerLinkYear: rel.linkFailuresPerLinkYear,
      switchPerSwitchYear: rel.switchFailuresPerSwitchYear,
    },
    rel.plannedInterruptionsPerDay,
  );
  const lambda = interruptions.unexpectedPerS;
  const mtbfS = lambda > 0 ? 1 / lambda : null;
  const young = mtbfS === null ? null : youngIntervalS(ckpt.blockingS, mtbfS);
  const daly = mtbfS === null ? null : dalyIntervalS(ckpt.blockingS, mtbfS);
  let intervalS: number | null =
    rel.checkpointIntervalMin !== null
      ? rel.checkpointIntervalMin * 60
      : rel.intervalMethod === 'young'
        ? young
        : daly;
  if (intervalS !== null) {
    const floor = Math.max(data.wallS, ckpt.persistS);
    if (intervalS < floor) {
      warnings.push(
        ckpt.persistS > data.wallS && intervalS < ckpt.persistS
          ? `checkpoint: interval raised to the asynchronous persist time (${fmt(ckpt.persistS)} s): a snapshot must be durable before the next`
          : `checkpoint: interval raised to one step (${fmt(data.wallS)} s)`,
      );
      intervalS = floor;
    }
    const job = input.jobComputeS ?? null;
    if (job !== null && Number.isFinite(job) && intervalS > job && job >= floor) {
      warnings.push(
        `checkpoint: the job (${fmt(job / 3600)} h of compute) is shorter than the ${fmt(intervalS / 3600)} h checkpoint interval; it checkpoints once, at its end`,
      );
      intervalS = job;
    }
  } else {
    warnings.push('reliability: every failure rate is zero; no checkpoints are needed');
  }
  const restart = restartTime(rel.detectionMin * 60, rel.rescheduleMin * 60, ckpt.loadS);
  const rel0 = goodput({
    unexpectedPerS: lambda,
    plannedPerS: interruptions.plannedPerS,
    restartS: restart.totalS,
    intervalS: intervalS ?? 0,
    blockingS: intervalS === null ? 0 : ckpt.blockingS,
    persistS: ckpt.persistS,
    mode: st.checkpoint.mode,
  });
  if (rel0.noProgress) {
    warnings.push(
      'reliability: interruptions come faster than the job restarts and redoes its lost work; it makes no progress',
    );
  }

  // ---- combine ----
  const failures = rel0.failureFraction;
  const checkpoint = rel0.checkpointFraction;
  const dataStall = rel0.goodputFraction * Math.min(1, data.stallFraction + cacheLoss);
  const useful = rel0.goodputFraction - dataStall;
  const gpuHoursPerDay = gpus * 24;
  const lost = {
    dataStall: gpuHoursPerDay * dataStall,
    checkpoint: gpuHoursPerDay * checkpoint,
    failures: gpuHoursPerDay * failures,
    total: gpuHoursPerDay * (dataStall + checkpoint + failures),
  };
  const timeToTrainFactor = useful > 0 ? 1 / useful : null;

  const bottleneck = largestLoss(
    dataStall,
    checkpoint,
    failures,
    data,
    ckpt,
    rel0,
    interruptions,
    st.checkpoint.mode,
  );

  const metrics: Record<string, MetricValue> = {
    data_stall_pct: { value: data.stallFraction * 100, unit: '%' },
    accelerator_utilization_pct: { value: data.acceleratorUtilization * 100, unit: '%' },
    required_read_gbps: { value: data.requiredReadBytesPerS / GB, unit: 'GB/s' },
    delivered_read_gbps: { value: data.deliveredReadBytesPerS / GB, unit: 'GB/s' },
    metadata_ops_required_per_s: { value: data.metadataOpsRequiredPerS, unit: 'ops/s' },
    cpu_cores_required_per_node: { value: data.cpuCoresRequiredPerNode, unit: 'cores' },
    checkpoint_size_tb: { value: ckpt.sizeBytes / TB, unit: 'TB' },
    checkpoint_write_s: { value: ckpt.writeS, unit: 's' },
    checkpoint_blocking_s: { value: ckpt.blockingS, unit: 's' },
    cache_restage_pct: { value: cacheLoss * 100, unit: '%' },
    lost_gpu_hours_per_day_data_stall: { value: lost.dataStall, unit: 'GPU-h/day' },
    lost_gpu_hours_per_day_checkpoint: { value: lost.checkpoint, unit: 'GPU-h/day' },
    interruptions_per_day: { value: lambda * 86400, unit: '1/day' },
    restart_min: { value: restart.totalS / 60, unit: 'min' },
    goodput_pct: { value: rel0.goodputFraction * 100, unit: '%' },
    effective_compute_pct: { value: useful * 100, unit: '%' },
    lost_gpu_hours_per_day_failures: { value: lost.failures, unit: 'GPU-h/day' },
    lost_gpu_hours_per_day: { value: lost.total, unit: 'GPU-h/day' },
  };
  if (data.acceleratorsFedAtThreshold !== null) {
    metrics.accelerators_fed_at_threshold = {
      value: data.acceleratorsFedAtThreshold,
      unit: 'GPUs',
    };
  }
  if (mtbfS !== null) metrics.mean_time_to_interrupt_h = { value: mtbfS / 3600, unit: 'h' };
  if (intervalS !== null) metrics.checkpoint_interval_min = { value: intervalS / 60, unit: 'min' };

  return {
    metrics,
    data,
    checkpoint: ckpt,
    interruptions,
    restart,
    reliability: rel0,
    checkpointIntervalS: intervalS,
    youngIntervalS: young,
    dalyIntervalS: daly,
    wallShares: { useful, dataStall, checkpoint, failures },
    lostGpuHoursPerDay: lost,
    timeToTrainFactor,
    bottleneck,
    fix: data.fix,
    warnings:
      ckptTierSpec.writeGBps === null || st.dataTier.readGBps === null
        ? [
            ...warnings,
            'storage: tier bandwidth not entered; using NVIDIA SuperPOD "better" guidance (40 GB/s read, 20 GB/s write per 32 nodes)',
          ]
        : warnings,
  };
}

/**
 * Share of wall time lost to re-staging node caches after drive failures. A node cache is a
 * RAID-0 stripe: one failed drive loses the node's cached data, and the node refills it from
 * the data tier at its per-node tier bandwidth while training goes on with that node reading
 * cold. A synchronous job runs at its slowest node's pace, so for the re-stage time the job
 * stalls as a cold-cache job does (the pipeline evaluated with a hit ratio of 0: an upper
 * bound, as one cold node gets more of the tier than all nodes cold would):
 *
 *   loss = (failures per second of the job's cache drives) × re-stage time × (cold stall − stall)
 *
 * Failures per drive-year from the scenario (Backblaze SSD lifetime AFR by default).
 * @returns share of wall time, [0, 1)
 */
function cacheLossShare(
  input: DataPipelineInput,
  data: DataPipelineResult,
  afrPerYear: number,
  nodes: number,
): number {
  const c = input.cache;
  if (c.drivesPerNode === 0 || afrPerYear <= 0 || data.hitRatio <= 0) return 0;
  const cold = evaluateDataPipeline({ ...input, cache: { ...c, hitRatio: 0 } });
  const extra = cold.stallFraction - data.stallFraction;
  if (!(extra > 0) || !(data.tierBytesPerSPerNode > 0)) return 0;
  const capacity = c.drivesPerNode * c.driveCapacityBytes;
  const touched =
    input.datasetBytes === null
      ? capacity
      : input.shuffle === 'per-node-shard'
        ? input.datasetBytes / nodes
        : input.datasetBytes;
  const cachedBytes = Math.min(capacity, touched) * data.hitRatio;
  const restageS = cachedBytes / data.tierBytesPerSPerNode;
  const failuresPerS = (nodes * c.drivesPerNode * afrPerYear) / SECONDS_PER_YEAR;
  return Math.min(0.99, failuresPerS * restageS * extra);
}

const STAGE_TEXT: Record<string, string> = {
  'storage-tier': "the shared tier's read bandwidth",
  'network-path': "the nodes' storage network path",
  'client-limit': 'the per-client read limit of the tier',
  cache: "the node cache's bandwidth",
  metadata: "the tier's metadata (file open) rate",
  cpu: 'CPU pre-processing',
  none: 'nothing',
};

function largestLoss(
  dataStall: number,
  checkpoint: number,
  failures: number,
  data: DataPipelineResult,
  ckpt: CheckpointResult,
  rel: GoodputResult,
  rates: InterruptionRates,
  mode: 'sync' | 'async',
): DataReliabilityResult['bottleneck'] {
  const max = Math.max(dataStall, checkpoint, failures);
  if (max <= 0) return withText('none', 0, () => 'no time lost to data, checkpoints or failures');
  if (max === dataStall) {
    return withText('data-stall', dataStall, () => {
      const steps = data.fix.steps.map((s) => s.description).join('; ');
      const cost =
        data.fix.totalCostUsd === null
          ? 'price not entered'
          : `≈ ${fmt(data.fix.totalCostUsd)} USD`;
      return (
        `data stall ${pct(data.stallFraction)} of step time, limited by ${STAGE_TEXT[data.limitingStage] ?? data.limitingStage}` +
        (data.fix.needed && steps ? `. Cheapest fix: ${steps} (${cost})` : '')
      );
    });
  }
  if (max === checkpoint) {
    return withText(
      'checkpoint',
      checkpoint,
      () =>
        `checkpoints block training ${pct(checkpoint)} of the time (${fmt(ckpt.blockingS)} s per save, write limited by ${ckpt.writeLimit === 'tier' ? 'the tier' : "the nodes' links"})` +
        (mode === 'sync'
          ? '. Asynchronous two-stage checkpointing blocks only for the device-to-host copy'
          : ''),
    );
  }
  return withText('failures', failures, () => {
    // The most frequent cause (the first of equal ones).
    let top = 'GPUs';
    let most = rates.gpuPerS;
    if (rates.hostPerS > most) {
      top = 'hosts';
      most = rates.hostPerS;
    }
    if (rates.softwarePerS > most) {
      top = 'software';
      most = rates.softwarePerS;
    }
    if (rates.linkPerS > most) {
      top = 'links';
      most = rates.linkPerS;
    }
    if (rates.switchPerS > most) top = 'switches';
    return `failures cost ${pct(failures)} of wall time (${fmt(rates.unexpectedPerS * 86400)} interruptions/day, mostly ${top}; ${fmt(rel.lostWorkPerFailureS / 60)} min rework each)`;
  });
}

/**
 * The bottleneck with its text. Built here, not in a getter: `evaluate()` reads the text of
 * every stage's candidate anyway, and object literals with getters are slow to create in V8
 * and keep garbage alive through minor GCs (measured: about 10 µs per evaluation).
 */
function withText(
  cause: DataReliabilityResult['bottleneck']['cause'],
  share: number,
  describe: () => string,
): DataReliabilityResult['bottleneck'] {
  return { cause, share, text: describe() };
}

/**
 * Time to train including data stalls, checkpoints and failures.
 *
 * The training engine's `time_to_train_days` assumes every step runs at its compute step
 * time. The stalls stretch each step by 1/(1 − s) and goodput scales wall time by
 * 1/goodput, so the adjusted time is fixed + (base − fixed) × timeToTrainFactor, where a
 * fixed start-up/evaluation overhead (MLPerf-style) is not stretched.
 *
 * @param baseDays the training engine's time to train, days
 * @param timeToTrainFactor from {@link evaluateDataAndReliability} (null: never finishes)
 * @param fixedOverheadDays part of baseDays that is not step time (default 0)
 * @returns adjusted days, or null when the job cannot make progress
 */
export function adjustTimeToTrainDays(
  baseDays: number,
  timeToTrainFactor: number | null,
  fixedOverheadDays: number = 0,
): number | null {
  if (!Number.isFinite(baseDays) || baseDays < 0) {
    throw new Error(`baseDays must be a finite number ≥ 0 (got ${baseDays})`);
  }
  if (timeToTrainFactor === null) return null;
  const fixed = Math.min(Math.max(0, fixedOverheadDays), baseDays);
  return fixed + (baseDays - fixed) * timeToTrainFactor;
}
