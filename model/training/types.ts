/**
 * Input and output types of the training performance engine (issue 3; issue 19: the input is
 * the parsed scenario sections).
 *
 * Conventions: every count is a plain positive integer, every time is in seconds, every size in
 * bytes, every rate per second. Field names carry their unit.
 */

import type { Accelerator } from '../catalog/accelerators';
import type { ComputeSection, NetworkSection, TrainingWorkload } from '../scenario';
import type { Precision, Recompute } from '../vocabulary';
import type { FfnType, MlaSpec, ModelShape, MoeSpec, SlidingWindowSpec } from '../workload/types';

/** The model vocabulary lives in model/workload (one shape for training and serving). */
export type { FfnType, MlaSpec, ModelShape, MoeSpec, Precision, Recompute, SlidingWindowSpec };

/**
 * What the training engine reads of a scenario: the parsed sections, as the scenario's schemas
 * (model/scenario) check and default them. Every field keeps the scenario's name and unit; `auto`
 * means the engine chooses (the fastest choice that fits in memory). The engine does not check
 * them again: a section that did not come from its schema (or a whole scenario that skipped the
 * cross-field checks of model/scenario/consistency.ts) is outside its contract.
 */
export type TrainingSections = {
  /** Section `workload` (kind `training`): the model shape, training settings and layout. */
  readonly workload: Pick<TrainingWorkload, 'model' | 'training' | 'parallelism'>;
  /** Section `cluster.compute`: accelerator id, GPUs, GPUs per node, scale-up domain, stack. */
  readonly compute: Pick<
    ComputeSection,
    'acceleratorId' | 'gpus' | 'gpusPerNode' | 'nvlinkDomainGpus' | 'stack'
  >;
  /** Section `cluster.network`: the scale-out fabric (line rate in Gb/s per GPU, fat tree). */
  readonly network: NetworkSection;
  /**
   * The accelerator's figures from the scenario's merged catalog (a user entry's edited peaks or
   * HBM, or a user accelerator: model/catalog `acceleratorIn`); absent: the built-in
   * `compute.acceleratorId`.
   */
  readonly accelerator?: Accelerator | undefined;
  /**
   * Compute-efficiency multiplier of the scenario's `calibration` where it applies (0.2–3,
   * absent: 1): compute kernels take 1/multiplier of the engine's time (model/analysis
   * `fitCalibration`; evaluate's `calibrationMultiplier` decides whether it applies).
   */
  readonly computeEfficiencyMultiplier?: number;
};

/** Training software era (see the working input's `softwareEra`, model/training/input.ts). */
export type SoftwareEra = 'megatron-2021' | 'current';

/**
 * MoE dispatcher ids as Megatron-Core names them (`moe_token_dispatcher_type` alltoall /
 * allgather; `flex` with `moe_flex_dispatcher_backend` deepep / hybridep).
 */
export type MoeDispatcher = 'alltoall' | 'allgather' | 'deepep' | 'hybridep';

/** The layout the engine evaluated (all choices resolved). */
export type ResolvedLayout = {
  readonly tp: number;
  readonly pp: number;
  readonly dp: number;
  readonly cp: number;
  readonly ep: number;
  /** Expert tensor parallelism (1 when absent). */
  readonly etp?: number;
  readonly vpp: number;
  readonly zeroStage: 0 | 1 | 2 | 3;
  readonly sequenceParallel: boolean;
  readonly microBatch: number;
  readonly recompute: Recompute;
  /**
   * With `recompute: 'full'`: layers per pipeline stage that are recomputed, the others keep
   * their activations (Megatron-LM `--recompute-method block --recompute-num-layers k`).
   * Absent: every layer of the stage.
   */
  readonly recomputeLayers?: number;
  /** Micro batches per pipeline per step = globalBatch / (dp × microBatch). */
  readonly microBatchesPerStep: number;
};

/** Step time parts, seconds per optimizer step. They sum to `stepTimeS`. */
export type StepBreakdown = {
  /** Forward matmuls, attention and elementwise work. */
  readonly forwardS: number;
  /** Backward compute. */
  readonly backwardS: number;
  /** Extra forward work for activation recomputation. */
  readonly recomputeS: number;
  /** Tensor-parallel (and sequence-parallel) collectives not hidden behind compute. */
  readonly tpCommS: number;
  /** Context-parallel exchange not hidden. */
  readonly cpCommS: number;
  /** Expert-parallel all-to-all not hidden (MoE). */
  readonly epCommS: number;
  /** Pipeline point-to-point sends not hidden. */
  readonly ppCommS: number;
  /** Data-parallel gradient reduction / ZeRO gathers not hidden. */
  readonly dpCommS: number;
  /** Pipeline fill/drain bubble. */
  readonly bubbleS: number;
  /** Optimizer update (memory bound). */
  readonly optimizerS: number;
};

/** Memory per GPU by part, bytes (the GPU holding the most: first pipeline stage). */
export type MemoryBreakdown = {
  readonly weightsBytes: number;
  readonly gradientsBytes: number;
  readonly optimizerBytes: number;
  readonly activationsBytes: number;
  /** Framework workspace, fragmentation, communication buffers. */
  readonly overheadBytes: number;
  readonly totalBytes: number;
  /** Accelerator HBM capacity. */
  readonly hbmBytes: number;
  /** hbmBytes − totalBytes (negative when it does not fit). */
  readonly headroomBytes: number;
  readonly fits: boolean;
};

export type BottleneckKind =
  | 'memory-capacity'
  | 'compute'
  | 'memory-bandwidth'
  | 'tp-communication'
  | 'cp-communication'
  | 'ep-communication'
  | 'pp-communication'
  | 'dp-communication'
  | 'pipeline-bubble'
  | 'optimizer'
  | 'recompute';

export type Bottleneck = {
  readonly kind: BottleneckKind;
  /** One sentence for people. */
  readonly text: string;
};

export type TrainingResult = {
  readonly layout: ResolvedLayout;
  readonly stepTimeS: number;
  readonly breakdown: StepBreakdown;
  readonly tokensPerS: number;
  readonly samplesPerS: number;
  /** Model FLOPs (PaLM convention) per second per GPU, in TFLOP/s. */
  readonly achievedTflopsPerGpu: number;
  /** Hardware FLOPs (including recompute) per second per GPU, in TFLOP/s. */
  readonly hardwareTflopsPerGpu: number;
  /** Model FLOPs utilisation, % of dense peak at the stated precision (PaLM: 6N + 12·L·h·s per token). */
  readonly mfuPct: number;
  /** Hardware FLOPs utilisation, % (counts recompute). */
  readonly hfuPct: number;
  /** Step time without exposed data-parallel communication ÷ step time, %. */
  readonly scalingEfficiencyPct: number;
  /** Seconds to process `tokensToTrain` (plus fixed overhead); null when not given. */
  readonly timeToTrainS: number | null;
  readonly timeToTrainDays: number | null;
  /** Part of timeToTrainS spent in periodic evaluation, seconds (0 without `evaluation`). */
  readonly evaluationTimeS: number | null;
  readonly memory: MemoryBreakdown;
  readonly bottleneck: Bottleneck;
  /** Total parameters (all experts). */
  readonly paramsTotal: number;
  /** Parameters used per token (dense: = total). */
  readonly paramsActive: number;
  /**
   * Parameters the optimizer updates: LoRA's adapters, otherwise all. What a checkpoint must
   * save (PEFT/NeMo LoRA checkpoints hold the adapters and their optimizer states only).
   */
  readonly paramsTrainable: number;
  /** PaLM-convention model FLOPs per token (6·N_active + 12·L·h·s; LoRA: 4·N + ...). */
  readonly modelFlopsPerToken: number;
  readonly warnings: readonly string[];
};

/** One point of a scaling curve. */
export type ScalingPoint = {
  readonly gpus: number;
  readonly stepTimeS: number;
  readonly tokensPerS: number;
  /** The point's scaling efficiency, % (SCALING_EFFICIENCY_FORMULA, as the scenario's figure). */
  readonly scalingEfficiencyPct: number;
  readonly mfuPct: number;
  readonly layout: ResolvedLayout;
  readonly fits: boolean;
};
