import type { Accelerator } from '../catalog/accelerators';
import type { ComputeSection } from '../scenario/cluster';
import type { ServingWorkload } from '../scenario/serving';
import type { ModelShape, MoeSpec } from '../workload/shape';
import type { ServingStack } from './constants';
import type { ServingPrecision } from './hardware';

/**
 * The serving engine's input: the scenario sections as the scenario's schemas parse them (and
 * model/scenario `servingWorkloadIssues` checks them against each other), with the accelerator
 * of the scenario's merged catalog. The engine reads them once into its working input
 * ({@link ServingConfig}, input.ts `servingInputOf`) and checks nothing again.
 */
export type ServingSections = {
  /**
   * Section `workload` (kind `serving`): the model, the serving settings and load, the layout, the
   * partition and the power cap.
   */
  readonly workload: Pick<
    ServingWorkload,
    'model' | 'serving' | 'parallelism' | 'partition' | 'powerLimitW'
  >;
  /** Section `cluster.compute`: accelerator id, GPUs, GPUs per node, scale-up domain, stack. */
  readonly compute: Pick<
    ComputeSection,
    'acceleratorId' | 'gpus' | 'gpusPerNode' | 'nvlinkDomainGpus' | 'stack'
  >;
  /**
   * The accelerator's figures from the scenario's merged catalog (a user entry's edited peaks or
   * HBM, or a user accelerator: model/catalog `acceleratorIn`); absent: the built-in
   * `compute.acceleratorId`.
   */
  readonly accelerator?: Accelerator | undefined;
};

/**
 * Decoder-only transformer as the serving engine sees it: the workload's one model vocabulary
 * (model/workload `ModelShape`: MLA, head_dim, sliding windows, MoE with shared experts and dense
 * first layers, MTP modules) without a training sequence length, plus the stated parameter
 * counts. Counts are plain numbers.
 */
export type ServingModelShape = Omit<ModelShape, 'seqLen' | 'moe' | 'tiedEmbeddings'> & {
  /** Total parameters (all experts), count. */
  readonly paramsTotal: number;
  /** Input and output embeddings share one matrix. Default false (Llama, Mixtral). */
  readonly tiedEmbeddings?: boolean;
  /** null: dense. `activeParams`: parameters used per token (count). */
  readonly moe: null | (MoeSpec & { readonly activeParams: number });
};

/** How requests arrive. */
export type ServingLoad =
  | { readonly mode: 'offline' }
  | { readonly mode: 'request_rate'; readonly requestsPerS: number }
  | { readonly mode: 'concurrency'; readonly concurrency: number }
  | { readonly mode: 'batch'; readonly batch: number }
  | {
      readonly mode: 'slo';
      readonly ttftLimitMs: number;
      readonly tpotLimitMs: number;
      /** Percentile the limits apply to, in (0, 100), e.g. 99. */
      readonly percentile: number;
    };

/**
 * GPU partitioning: `mig` gives each instance a share of the SMs (compute) and of the memory
 * slices (capacity and bandwidth); `time_sliced` shares the whole GPU between `instances`
 * round-robin (each gets 1/n of time and, by convention, 1/n of memory).
 */
export type ServingPartition =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'mig';
      readonly computeShare: number;
      readonly memoryShare: number;
      /**
       * A MIG profile of the accelerator (`1g.10gb`, …; model/catalog/mig.ts): its shares and
       * instances per GPU replace computeShare/memoryShare.
       */
      readonly profile?: string | null;
    }
  | { readonly kind: 'time_sliced'; readonly instances: number };

/** Parallelism per model copy; null: the engine chooses (best throughput that fits). */
export type ServingLayout = {
  readonly tp: number | null;
  readonly pp: number | null;
  /** Expert parallel degree inside the TP group (MoE); 1 for dense. */
  readonly ep: number;
  /**
   * MLA models: attention runs data-parallel over the copy's GPUs (each GPU its own requests,
   * whole attention weights and latent KV cache), the experts expert-parallel (DeepSeek-V3 report
   * §3.4, SGLang `--enable-dp-attention`). Absent/false: attention tensor-parallel, which keeps a
   * whole copy of MLA's head-less latent cache on every TP rank.
   */
  readonly attentionDp?: boolean;
  readonly replicas: number | null;
};

/**
 * The serving engine's working input (private to model/serving): the sections
 * ({@link ServingSections}) read once, without checks, by input.ts `servingInputOf` (`auto` as
 * null, billions as counts, the scale-up domain resolved). The engine's own tests state it
 * directly.
 */
export type ServingConfig = {
  readonly model: ServingModelShape;
  readonly precision: ServingPrecision;
  /** null: the stack default (FP8 cache with FP8/FP4 weights on `optimized`, else 16-bit). */
  readonly kvCachePrecision: ServingPrecision | null;
  /** Mean prompt length, tokens. */
  readonly inputTokens: number;
  /** Mean generated tokens per request. */
  readonly outputTokens: number;
  readonly load: ServingLoad;
  readonly layout: ServingLayout;
  /** Accelerator id of the serving catalog adapter. */
  readonly acceleratorId: string;
  /**
   * The accelerator's figures from a merged catalog (a user entry's edited peaks or HBM, or a
   * user accelerator: model/catalog `acceleratorIn`); absent: the built-in `acceleratorId`.
   */
  readonly accelerator?: Accelerator | undefined;
  readonly gpus: number;
  /** GPUs sharing one scale-up domain (1 = PCIe only). */
  readonly nvlinkDomainGpus: number;
  /** Board power cap below the default, W; null: default limit. */
  readonly powerLimitW: number | null;
  readonly stack: ServingStack;
  readonly partition: ServingPartition;
  /** Requests of a finite benchmark run (changes throughput/TTFT accounting); null: steady state. */
  readonly requestCount: number | null;
  /** Cap on running requests per model copy; null: the stack default. */
  readonly maxBatchPerReplica: number | null;
  /**
   * Engine limit on tokens per step (TensorRT-LLM `max_num_tokens`, vLLM
   * `max_num_batched_tokens`); null/absent: 8,192, the default of both, lowered on a small MIG
   * slice to fit its workspace (`defaultStepTokens`).
   */
  readonly maxTokensPerStep?: number | null;
  /**
   * Static-shape serving (TGI-Gaudi): each forward pass computes its decode rows rounded up to a
   * multiple of this many requests (`BATCH_BUCKET_SIZE`); tokens produced stay the real rows.
   * Null/absent: continuous batching without padding.
   */
  readonly batchBucket?: number | null;
  /**
   * Static-shape serving: the KV length each decode row's attention reads and holds (the cache
   * padded to TGI-Gaudi's `MAX_TOTAL_TOKENS`); null/absent: the requests' own context.
   */
  readonly padContextTokens?: number | null;
  /**
   * Disaggregated prefill and decode: separate pools of whole model copies, the KV cache handed
   * over the fabric. `prefillGpus`: GPUs of the prefill pool (a multiple of tp·pp); null: the
   * engine picks the split that carries the most. Null/absent: prompts and decodes share copies
   * (in-flight batching).
   */
  readonly disaggregation?: { readonly prefillGpus: number | null } | null;
  /**
   * Speculative decoding with the model's multi-token-prediction modules as the draft:
   * `draftTokens` tokens drafted per step (≤ the model's MTP modules), `acceptanceRate` of one
   * drafted token (null: 0.85, DeepSeek-V3 report §5.4.3). Null/absent: no speculation.
   */
  readonly speculative?: {
    readonly draftTokens: number;
    readonly acceptanceRate: number | null;
  } | null;
  /** Percentile reported as `ttftPctMs`/`tpotPctMs` (e.g. 99). */
  readonly reportPercentile: number;
};

/** What one evaluation returns. Times in seconds unless the name says ms. */
export type ServingResult = {
  readonly tp: number;
  readonly pp: number;
  /** Expert-parallel degree over a copy's TP group (1 for a dense model, whatever is stated). */
  readonly ep: number;
  /** MLA attention data-parallel over the copy's GPUs (experts expert-parallel). */
  readonly attentionDp: boolean;
  readonly replicas: number;
  /** Model copies per GPU: a partition's instances (1 on whole GPUs). */
  readonly instancesPerGpu: number;
  /** GPUs used (tp·pp·replicas; fractional GPUs for partitions are reported as instances). */
  readonly gpus: number;
  readonly outputTokensPerS: number;
  readonly outputTokensPerSPerGpu: number;
  readonly requestsPerS: number;
  readonly ttftMs: number;
  readonly tpotMs: number;
  readonly e2eLatencyMs: number;
  readonly ttftPctMs: number;
  readonly tpotPctMs: number;
  /**
   * Mean TPOT if the engine's capacity were 8.4 % (one standard deviation of its serving-dev
   * throughput error) higher or lower, ms. Near capacity the band is wide: read TPOT there as a
   * range, not a point (`tpotMs` is the expectation over that uncertainty). Far below capacity
   * low = high = tpotMs.
   */
  readonly tpotRangeMs: { readonly low: number; readonly high: number };
  /** Pools of a disaggregated deployment (null when prefill and decode share copies). */
  readonly disaggregation: {
    readonly prefillGpus: number;
    readonly decodeGpus: number;
    /** KV hand-off per request, ms. */
    readonly kvTransferMs: number;
    readonly prefillCapacityRequestsPerS: number;
    readonly decodeCapacityRequestsPerS: number;
  } | null;
  /** Running requests per model copy in steady state. */
  readonly runningBatch: number;
  /** Largest running batch per model copy the memory and stack allow. */
  readonly maxBatch: number;
  readonly kvCacheGibPerGpu: number;
  readonly kvBytesPerToken: number;
  readonly weightsGibPerGpu: number;
  /** Capacity of the whole system at the memory/stack batch limit, output tokens/s. */
  readonly capacityOutputTokensPerS: number;
  /** Offered load / capacity (≥ 1: saturated, requests queue). */
  readonly utilization: number;
  /**
   * Open-loop arrivals at or above capacity: the queue grows with the length of the run (never
   * set for offline, closed-loop or static-batch loads, whose backlog is bounded).
   */
  readonly saturated: boolean;
  /**
   * Share of the decode step that is the collectives' fixed latency (launch and synchronisation
   * of each all-reduce or all-to-all, whatever its size), part of `stepBreakdown.communication`:
   * the GPUs wait for flags with one block per channel spinning, moving no data.
   */
  readonly communicationLatencyShare: number;
  /** Share of the decode step spent on each term at the operating point (sums to 1). */
  readonly stepBreakdown: {
    readonly weights: number;
    readonly compute: number;
    readonly kvCache: number;
    readonly communication: number;
    readonly overhead: number;
  };
  /** Clock factor from the power cap (1 = uncapped). */
  readonly clockFactor: number;
};
