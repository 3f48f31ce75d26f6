import { getAccelerator } from '../catalog/accelerators';
import type { DeviceConstants } from '../compute/device';
import {
  ATTN_BWD_REL,
  ATTN_FWD_REL,
  attentionHeadDimFactor,
  attentionKeysFactor,
  slidingWindowAttention,
  deviceConstants,
  gemmTimeS,
  memoryTimeS,
  slowestGpuFactor,
} from '../compute/device';
import { clockFactorForPowerCap } from '../compute/powerCap';
import { formatWhole, groupThousands } from '../math';
import type { NetworkConstants } from '../parallelism/network';
import {
  allGatherS,
  allReduceS,
  flatAllGatherS,
  gradBucketParams,
  groupSpan,
  NCCL_RING_BASE_S,
  ncclRingLatencyS,
  networkConstants,
  p2pS,
} from '../parallelism/network';
import { memoryPerGpu } from '../workload/memory';
import type { MemoryOptions, MemoryParts } from '../workload/memory';
import {
  attentionDims,
  ffnMatrices,
  loraParamCount,
  modelFlopsPerToken,
  paramCounts,
} from '../workload/shape';
import type { AttentionDims, ParamCounts } from '../workload/shape';
import { scalingEfficiencyPct } from './efficiency';
import { DROPLESS_IMBALANCE, expertMlpExtraBytes, moeHostFactor, moeLayerCosts } from './moe';
import type {
  Bottleneck,
  BottleneckKind,
  MoeDispatcher,
  Recompute,
  ResolvedLayout,
  SoftwareEra,
  StepBreakdown,
  TrainingResult,
} from './types';
import type { EngineInput, ParallelismLayout } from './input';

/**
 * Share of tensor-parallel communication left exposed when a production stack overlaps it with
 * the dependent GEMMs (sequence-parallel all-gather/reduce-scatter split into chunks and
 * pipelined with the GEMM: Transformer Engine "userbuffers" comm-GEMM overlap, Wang et al.
 * ASPLOS'23 "Overlap communication with dependent computation via decomposition", which reports
 * hiding most of it). Estimate 0.3. Without sequence parallelism (plain all-reduce after the
 * row-parallel GEMM, Megatron 2021) and on the baseline stack nothing is hidden.
 */
export const TP_EXPOSED_OPTIMIZED = 0.3;
/**
 * Share of an overlapped communication's duration that still slows the concurrent compute:
 * NCCL kernels occupy SMs (one block per channel, up to 32 channels) and HBM bandwidth while
 * they run, so overlap is never free (Calculon models this as `processor_usage`; Isaev et al.
 * SC'23). Estimate 0.25. Applied to every overlapped collective (TP, DP, ZeRO-3, CP).
 */
export const OVERLAP_INTERFERENCE = 0.25;

/** Exposed time of a communication `comm` overlapped with a compute window `window` (s). */
export function exposedS(comm: number, window: number): number {
  if (comm <= 0) return 0;
  const hidden = comm < window ? comm : window;
  return comm - hidden + OVERLAP_INTERFERENCE * hidden;
}

/**
 * Exposed time of a data-parallel collective `comm` (s) issued per model chunk on the first
 * pipeline stage, overlapped as Megatron-Core does with `overlap_grad_reduce` /
 * `overlap_param_gather`: each of the `vpp` chunks launches its gradient reduce-scatter as soon
 * as its last backward ends (`grad_sync_func`) and gathers its parameters before its first
 * forward (`param_sync_func`). In the interleaved 1F1B schedule (Narayanan et al. SC'21) the
 * first stage runs its last `groupMb` micro batches (min(pp, micro batches per step)) chunk by
 * chunk, so chunk c (c = 0 the last to finish) has (c·groupMb + 1) chunk-passes of
 * `mbPassS`/vpp left behind it; its collective and those of the chunks after it must fit there.
 * The collectives queue on one link, so the exposed time is
 * max over c of ((c + 1)·comm/vpp − (c·groupMb + 1)·mbPassS/vpp), which the linear form puts at
 * c = 0 or c = vpp − 1. Plain 1F1B (vpp = 1): comm − one micro batch pass. The hidden part still
 * costs OVERLAP_INTERFERENCE.
 */
export function chunkedExposedS(
  comm: number,
  mbPassS: number,
  groupMb: number,
  vpp: number,
): number {
  if (comm <= 0) return 0;
  const chunk = mbPassS / vpp;
  const first = comm / vpp - chunk;
  const last = comm - ((vpp - 1) * groupMb + 1) * chunk;
  const worst = first > last ? first : last;
  const exposed = worst > 0 ? worst : 0;
  return exposed + OVERLAP_INTERFERENCE * (comm - exposed);
}

/**
 * Recompute mode in words: `none`, `selective`, `full`, or `full (k of L layers per stage)` for
 * block recompute.
 */
export function recomputeText(
  l: {
    readonly recompute: Recompute;
    readonly recomputeLayers?: number;
    readonly pp: number;
  },
  layers: number,
): string {
  if (l.recompute !== 'full' || l.recomputeLayers === undefined) return l.recompute;
  if (!(layers > 0)) return `full (${l.recomputeLayers} layers per stage)`;
  const ls = Math.ceil(layers / l.pp);
  return l.recomputeLayers >= ls ? 'full' : `full (${l.recomputeLayers} of ${ls} layers per stage)`;
}

/** The parts of a layout its words name (a design-search result carries just these). */
export type LayoutWordsInput = Pick<
  ResolvedLayout,
  | 'tp'
  | 'pp'
  | 'vpp'
  | 'dp'
  | 'cp'
  | 'ep'
  | 'etp'
  | 'microBatch'
  | 'zeroStage'
  | 'sequenceParallel'
  | 'recompute'
  | 'recomputeLayers'
>;

/**
 * A resolved layout in words, e.g. "TP 4 · PP 8 (interleaved ×6) · DP 16 · micro batch 1 ·
 * ZeRO-1 · sequence parallel · recompute none" (CP and EP only when > 1).
 */
export function layoutText(l: LayoutWordsInput, layers: number): string {
  const parts = [
    `TP ${l.tp}`,
    l.pp > 1 ? `PP ${l.pp}${l.vpp > 1 ? ` (interleaved ×${l.vpp})` : ''}` : 'PP 1',
    `DP ${l.dp}`,
  ];
  if (l.cp > 1) parts.push(`CP ${l.cp}`);
  if (l.ep > 1) parts.push(`EP ${l.ep}`);
  if ((l.etp ?? 1) > 1) parts.push(`ETP ${l.etp}`);
  parts.push(`micro batch ${l.microBatch}`, `ZeRO-${l.zeroStage}`);
  if (l.tp > 1 && l.sequenceParallel) parts.push('sequence parallel');
  parts.push(`recompute ${recomputeText(l, layers)}`);
  return parts.join(' · ');
}

/** Adam update bytes per local parameter: read fp32 master, m, v, fp32 grad; write master, m, v and 16-bit weight; grad-norm read (4·4 + 3·4 + 2 + 4 = 34 B). */
export const ADAM_STEP_BYTES = 34;

/** Everything that does not depend on the layout (computed once per input). */
export type Context = {
  readonly input: EngineInput;
  readonly dev: DeviceConstants;
  /**
   * Roofline constants of the output layer (logits GEMM). FP8/FP4 recipes keep it in BF16:
   * Megatron-LM's `output_layer` is a plain `ColumnParallelLinear`, not a Transformer Engine
   * module, so TE's `fp8_autocast` does not reach it, and NVIDIA's FP8 guidance (Transformer
   * Engine "Using FP8" primer; Micikevicius et al. 2022, "FP8 formats for deep learning")
   * keeps the first and last layers in higher precision.
   */
  readonly headDev: DeviceConstants;
  /** 16-bit roofline constants (the FP32/TF32 router GEMM is priced against them). */
  readonly bf16Dev: DeviceConstants;
  readonly net: NetworkConstants;
  readonly params: ParamCounts;
  /** Attention widths (MHA/GQA/MLA) of the model. */
  readonly attn: AttentionDims;
  /** FFN matrices (2 GELU, 3 SwiGLU) and the dense layers' FFN width. */
  readonly mats: number;
  readonly denseFfn: number;
  /** MoE load imbalance (busiest expert-parallel rank over the mean; 1 for dense models). */
  readonly imbalance: number;
  /** MoE dispatcher (stated, else DeepEP-class on the optimized stack, all-to-all on baseline). */
  readonly moeDispatcher: MoeDispatcher;
  /** MoE dispatch/combine overlapped with the other micro batch's compute. */
  readonly moeA2aOverlap: boolean;
  /**
   * Per-layer kernels launched eagerly (the run states no CUDA graphs): host launch floor and the
   * host share the partial CUDA graphs would remove (`moeHostFactor`).
   */
  readonly eagerLayerKernels: boolean;
  readonly loraParams: number;
  readonly modelFlopsPerToken: number;
  readonly flash: boolean;
  /** ZeRO-3 parameter gathers at the node's aggregate NIC rate (see `zero3Gathers`). */
  readonly zero3Hierarchical: boolean;
  /** Default for a null `sequenceParallel`: on in the current software era. */
  readonly sequenceParallelDefault: boolean;
  /** TP all-gather/reduce-scatter overlapped with the dependent GEMMs (current era, optimized stack). */
  readonly tpOverlap: boolean;
  /** The resolved software era. */
  readonly era: SoftwareEra;
  /** Gradient bytes per element (memory and data-parallel reduction): 2 for fp16, else 4. */
  readonly gradBytes: number;
  readonly optimized: boolean;
  /** Compute slow-down from the slowest GPU pacing a synchronous step (≥ 1). */
  readonly straggler: number;
  readonly warnings: readonly string[];
};

/**
 * The software era a training input runs in. Stated explicitly (`training.softwareEra`), else
 * read from the stated stack: a stated attention kernel (FlashAttention → current, unfused →
 * Megatron 2021); else a stated layout feature that only exists since Megatron-LM 2022
 * (sequence parallelism on, or selective recompute: Korthikanti et al. 2022); else the
 * accelerator's own era: A100 runs default to Megatron 2021 (the published A100 runs of 2020–22
 * predate FlashAttention in Megatron/DeepSpeed), Hopper and newer to current.
 */
export function resolveSoftwareEra(input: EngineInput): SoftwareEra {
  const t = input.training;
  if (t.softwareEra !== undefined && t.softwareEra !== null) return t.softwareEra;
  if (t.attentionKernel === 'flash') return 'current';
  if (t.attentionKernel === 'unfused') return 'megatron-2021';
  const p = input.parallelism;
  if (p !== 'auto' && p.sequenceParallel === true) return 'current';
  if (t.recompute === 'selective') return 'current';
  return input.cluster.acceleratorId === 'a100-sxm-80gb' ? 'megatron-2021' : 'current';
}

/** Device constants at a clock fraction (power cap): matmul and attention rates scale, HBM does not. */
function capped(dev: DeviceConstants, clock: number): DeviceConstants {
  if (clock >= 1) return dev;
  return {
    ...dev,
    gemmFlopsPerS: dev.gemmFlopsPerS * clock,
    attnFlopsPerS: dev.attnFlopsPerS * clock,
  };
}

/**
 * Build the per-input context: accelerator roofline constants (model/compute), network constants
 * per tier (model/parallelism), parameter counts and PaLM-convention model FLOPs per token
 * (model/workload), stack-era defaults. Throws naming an unknown accelerator id.
 */
export function buildContext(input: EngineInput): Context {
  const acc = input.cluster.accelerator ?? getAccelerator(input.cluster.acceleratorId);
  // A board power cap below the TDP lowers the clock: compute rates follow it, HBM does not.
  const clock = clockFactorForPowerCap(acc.tdpW.value, input.training.powerLimitW ?? null);
  const dev = capped(deviceConstants(acc, input.training.precision), clock);
  const domain =
    input.cluster.nvlinkDomain ?? Math.min(dev.scaleUpDomain, input.cluster.gpusPerNode);
  const net = networkConstants(
    dev,
    Math.max(1, Math.min(domain, input.cluster.gpus)),
    input.cluster.gpus,
    input.cluster.scaleOut.fabric,
    input.cluster.scaleOut.gbpsPerGpu,
    input.cluster.scaleOut.tiers,
    input.cluster.scaleOut.oversubscription,
  );
  const ft = input.training.finetune;
  const lora = ft === null ? 0 : loraParamCount(input.model, ft.rank);
  const warnings: string[] = [];
  if (
    dev.effectivePrecision !== input.training.precision &&
    !(input.training.precision === 'fp16' && dev.effectivePrecision === 'bf16')
  ) {
    warnings.push(
      `${acc.name} has no ${input.training.precision} tensor cores; matmuls run at ${dev.effectivePrecision} rate`,
    );
  }
  if (input.model.moe !== null && domain <= 8) {
    // Measured on moe-dev.json (README, known limitations): Megatron-Bridge rows on GB200/GB300
    // NVL72 fall within −17 … +8 %; rows on 8-GPU HGX nodes within −2 … +68 % (gpt-oss-120b
    // +9 … +33 %), with their recipes' dispatcher, overlap and CUDA-graph settings stated. What
    // the MoE model covers is the README's, not a warning on every result.
    warnings.push(
      'MoE on 8-GPU NVLink domains: published Megatron-Core runs on such nodes have trained up to 1.7× slower than this engine predicts (for reasons not yet found; runs on NVL72 racks within −17 … +8 %): read the throughput as an upper bound',
    );
  }
  // Software era from the stated stack (resolveSoftwareEra); explicit settings override its
  // defaults one by one.
  const era = resolveSoftwareEra(input);
  const legacy = era === 'megatron-2021';
  const flash = (input.training.attentionKernel ?? (legacy ? 'unfused' : 'flash')) === 'flash';
  const zero3Hierarchical =
    (input.training.zero3Gathers ?? (legacy ? 'flat' : 'hierarchical')) === 'hierarchical';
  const doc = input.training.packedDocTokens ?? null;
  if (doc !== null && doc < input.model.seqLen) {
    warnings.push(
      flash
        ? `packed documents of ${Math.round(doc)} tokens: attention is priced and counted in MFU per document, not over the whole ${input.model.seqLen}-token sequence`
        : 'packed documents: the unfused attention kernel computes the full sequence’s scores whatever the mask, so packing saves no attention time',
    );
  }
  const bf16Dev = dev.gemmInputBytes < 2 ? capped(deviceConstants(acc, 'bf16'), clock) : dev;
  return {
    input,
    dev,
    headDev: bf16Dev,
    bf16Dev,
    net,
    attn: attentionDims(input.model),
    mats: ffnMatrices(input.model),
    denseFfn: input.model.moe?.denseFfnHidden ?? input.model.ffnHidden,
    imbalance:
      input.model.moe === null ? 1 : (input.training.expertImbalance ?? DROPLESS_IMBALANCE),
    moeDispatcher:
      input.training.moeDispatcher ?? (input.stack === 'optimized' ? 'deepep' : 'alltoall'),
    moeA2aOverlap: input.training.moeA2aOverlap ?? false,
    eagerLayerKernels: input.training.cudaGraphs === false,
    sequenceParallelDefault: !legacy,
    tpOverlap: !legacy,
    era,
    // Megatron-LM keeps fp32 main grads for bf16 (`accumulate_allreduce_grads_in_fp32`, baseline);
    // production recipes (NeMo performance configs, Megatron-Core DDP `grad_reduce_in_fp32=False`)
    // keep and reduce them in bf16. fp16 runs use fp16 grads.
    gradBytes: input.training.precision === 'fp16' || input.stack === 'optimized' ? 2 : 4,
    params: paramCounts(input.model),
    loraParams: lora,
    modelFlopsPerToken: modelFlopsPerToken(
      input.model,
      lora,
      input.training.packedDocTokens ?? input.model.seqLen,
    ),
    // FlashAttention (Dao et al. 2022/2023) unless stated otherwise; see TrainingSettings.attentionKernel.
    flash,
    optimized: input.stack === 'optimized',
    zero3Hierarchical,
    // The slowest GPU paces the step; a calibration scales the achieved compute speed.
    straggler:
      slowestGpuFactor(input.cluster.gpus) / (input.training.computeEfficiencyMultiplier ?? 1),
    warnings,
  };
}

/**
 * Memory options of a context (attention kernel, LoRA parameters, bytes per saved GEMM input and
 * per gradient). The gradient buffer holds what the data-parallel reduction sends (`gradBytes`):
 * Megatron-Core allocates it in the reduction dtype (`grad_reduce_in_fp32`).
 */
export function memoryOptions(ctx: Context): MemoryOptions {
  if (ctx === lastOptionsCtx && lastOptions !== null) return lastOptions;
  lastOptionsCtx = ctx;
  lastOptions = memoryOptionsOf(ctx);
  return lastOptions;
}

/** The options of {@link memoryOptions}, worked out. */
function memoryOptionsOf(ctx: Context): {
  flashAttention: boolean;
  loraParams: number;
  gemmInputBytes: number;
  gradBytes: number;
  frozenWeightBytes: number;
} {
  const fp8 = ctx.dev.gemmInputBytes < 2;
  return {
    flashAttention: ctx.flash,
    loraParams: ctx.loraParams,
    gemmInputBytes: fp8 ? 1 : 2,
    gradBytes: ctx.gradBytes,
    // FP8/FP4 LoRA on a production stack keeps the frozen base as FP8 parameters.
    frozenWeightBytes: fp8 && ctx.optimized ? 1 : 2,
  };
}

/**
 * The last context asked for and its memory options: a layout search asks once per candidate it
 * times. Contexts are read-only values, so the same object always has the same options (a memo
 * only, same numbers).
 */
let lastOptionsCtx: Context | null = null;
let lastOptions: MemoryOptions | null = null;

/** Numbers of one layout evaluation (hot path). */
export type Core = {
  readonly stepTimeS: number;
  readonly breakdown: StepBreakdown;
  readonly memory: MemoryParts;
  readonly fits: boolean;
  /** Memory-bound (elementwise) part of forward+backward+recompute, s. */
  readonly elementwiseS: number;
  /** Forward-only time of one micro batch through the whole pipeline stage, s (for evaluation). */
  readonly fwdStageS: number;
  /**
   * Extra time each periodic evaluation costs beyond its forward passes, s: the distributed
   * optimizer's parameter all-gather, which a training step overlaps with its forward, runs
   * synchronously before evaluation (Megatron-Core `disable_forward_pre_hook(param_sync=True)`
   * → `start_param_sync(force_sync=True)`), and the next step then has no gather left to hide.
   */
  readonly evalSyncS: number;
  /** Hardware FLOPs per token (model + recompute). */
  readonly hardwareFlopsPerToken: number;
};

/**
 * Step time of one resolved layout. Method (per micro batch, per pipeline stage, per GPU):
 * GEMMs by roofline with size-dependent efficiency (model/compute), FlashAttention core at
 * its published efficiency, memory-bound elementwise traffic (layer norms, bias-dropout-add,
 * activation, FP8 casts) over HBM; tensor/context/expert-parallel collectives by the
 * alpha–beta model per tier (model/parallelism); MoE layers add routing, token permutation,
 * grouped expert GEMMs at the per-expert token count and the dispatch/combine all-to-alls by rank
 * placement (model/training/moe.ts); pipeline time (m + (p−1)/v)·t_mb for 1F1B and
 * interleaved 1F1B (Narayanan et al. SC'21); data-parallel reduction overlapped with the last
 * micro batch's backward and the pipeline drain (optimized stack), expert gradients over the
 * expert-data-parallel group; ZeRO-3 parameter gathers per micro batch (Rajbhandari et al.
 * 2020); Adam update memory-bound.
 */
export function evaluateCore(ctx: Context, l: ResolvedLayout): Core {
  const step = stepCore(ctx, l);
  const memory = memoryPerGpu(ctx.input.model, l, memoryOptions(ctx));
  return {
    stepTimeS: step.stepTimeS,
    breakdown: step.breakdown,
    memory,
    fits: memory.totalBytes <= ctx.dev.hbmBytes,
    elementwiseS: step.elementwiseS,
    fwdStageS: step.fwdStageS,
    evalSyncS: step.evalSyncS,
    hardwareFlopsPerToken: step.hardwareFlopsPerToken,
  };
}

/** The timing numbers of {@link evaluateCore}, without memory. */
export type StepCore = Omit<Core, 'memory' | 'fits'>;

/**
 * The timing part of {@link evaluateCore} (everything but memory): a layout search, which has
 * already checked the candidate's memory, times candidates with it.
 */
export function stepCore(ctx: Context, l: ResolvedLayout): StepCore {
  const { input, dev, net } = ctx;
  const m = input.model;
  const a = ctx.attn;
  const h = m.hidden;
  const f = m.ffnHidden;
  const fd = ctx.denseFfn;
  const tp = l.tp;
  const b = l.microBatch;
  const T = (b * m.seqLen) / l.cp; // tokens per GPU per micro batch
  const lora = ctx.loraParams > 0;
  const mats = ctx.mats;
  const moe = m.moe;
  const ep = moe === null ? 1 : l.ep;
  const etp = moe === null ? 1 : (l.etp ?? 1);
  const Lm = ctx.params.moeLayers;
  const Ld = ctx.params.denseLayers;
  const gb = lora ? 1 : 2;
  const swiglu = m.ffnType === 'swiglu';
  const fp8 = dev.gemmInputBytes < 2;

  // ---- attention projections (forward) ----
  const mla = m.mla ?? null;
  let attnGemmFwd: number;
  // MLA up-projections (query and key/value), which selective recompute reruns (below).
  let mlaUpProjFwd = 0;
  if (mla !== null) {
    const qIn = mla.qLoraRank ?? h;
    mlaUpProjFwd =
      gemmTimeS(dev, T, a.qWidth / tp, qIn) +
      gemmTimeS(dev, T, (m.heads * (mla.qkNopeHeadDim + mla.vHeadDim)) / tp, mla.kvLoraRank);
    attnGemmFwd =
      (mla.qLoraRank === null ? 0 : gemmTimeS(dev, T, mla.qLoraRank, h)) +
      gemmTimeS(dev, T, a.qWidth / tp, qIn) +
      gemmTimeS(dev, T, mla.kvLoraRank + mla.qkRopeHeadDim, h) +
      gemmTimeS(dev, T, (m.heads * (mla.qkNopeHeadDim + mla.vHeadDim)) / tp, mla.kvLoraRank) +
      gemmTimeS(dev, T, h, a.oWidth / tp);
  } else {
    attnGemmFwd =
      gemmTimeS(dev, T, (a.qWidth + a.kWidth + a.vWidth) / tp, h) +
      gemmTimeS(dev, T, h, a.oWidth / tp);
  }
  // ---- dense FFN (forward) ----
  const denseGemmFwd =
    Ld > 0 ? gemmTimeS(dev, T, ((mats - 1) * fd) / tp, h) + gemmTimeS(dev, T, h, fd / tp) : 0;
  let loraFwd = 0;
  if (lora) {
    const r = input.training.finetune?.rank ?? 0;
    loraFwd =
      gemmTimeS(dev, T, r, h) * 2 +
      gemmTimeS(dev, T, (a.qWidth + a.kWidth + a.vWidth) / tp, r) +
      gemmTimeS(dev, T, h, r) +
      gemmTimeS(dev, T, a.oWidth / tp, r) +
      (gemmTimeS(dev, T, r, h) + gemmTimeS(dev, T, ((mats - 1) * f) / tp, r)) +
      (gemmTimeS(dev, T, r, f / tp) + gemmTimeS(dev, T, h, r));
  }
  // ---- attention core (average over full and sliding-window layers) ----
  const headsLocal = m.heads / tp;
  const sq = m.seqLen / l.cp;
  let attnFwd: number;
  let attnBwd: number;
  if (ctx.flash) {
    // FlashAttention, causal: each query attends to half the keys on average (the s×s blocks
    // above the diagonal are skipped). Packed documents with a per-document mask: d/2 instead
    // (TrainingSettings.packedDocTokens). Sliding-window layers visit whole key tiles around their
    // band at the short-span rate (`slidingWindowAttention`), and heads narrower than 128 run at a
    // lower rate (`attentionHeadDimFactor`; gpt-oss: 64).
    const keys = Math.min(m.seqLen, input.training.packedDocTokens ?? m.seqLen);
    const sw = m.slidingWindow ?? null;
    // One kernel per context-parallel ring step, each over s/cp keys (Megatron's load-balanced
    // ring attention), at the rate a kernel of that length reaches.
    const kernels = l.cp;
    const rel = attentionKeysFactor(keys / l.cp);
    // Per query: keys multiplied divided by their relative rate, averaged over the layers.
    let keysAtRate = (keys * 0.5) / rel;
    if (sw !== null && sw.window < keys) {
      const share = Math.floor((m.layers + sw.every - 1) / sw.every) / m.layers;
      const band = slidingWindowAttention(sw.window, keys);
      keysAtRate = (1 - share) * keysAtRate + share * (band.keysVisited / band.rate);
    }
    const perKey = 2 * b * sq * headsLocal * (a.qkHeadDim + a.vHeadDim);
    const headDim = (a.qkHeadDim + a.vHeadDim) / 2;
    attnFwd =
      (perKey * keysAtRate) /
        (dev.attnFlopsPerS * ATTN_FWD_REL * attentionHeadDimFactor(headDim, 'fwd')) +
      kernels * 2e-6;
    // Backward: 5 matmuls vs 2 forward (Dao 2023).
    attnBwd =
      (2.5 * perKey * keysAtRate) /
        (dev.attnFlopsPerS * ATTN_BWD_REL * attentionHeadDimFactor(headDim, 'bwd')) +
      kernels * 4e-6;
  } else {
    // Unfused (Megatron-LM fused scale-mask-softmax): two batched GEMMs over the full s×s scores
    // (the causal mask is applied, not skipped), softmax + dropout streaming the scores through
    // HBM: ≈ 9 B per score element forward (read/write 16-bit scores, 1-byte mask, output).
    const bh = b * headsLocal;
    const qk = gemmTimeS(dev, sq * bh, m.seqLen, a.qkHeadDim);
    const av = gemmTimeS(dev, sq * bh, a.vHeadDim, m.seqLen);
    const soft = memoryTimeS(dev, 9 * bh * sq * m.seqLen, 2);
    attnFwd = qk + av + soft;
    attnBwd = 2 * attnFwd;
  }
  // ---- elementwise traffic (bytes per layer, forward) ----
  const spDiv = l.sequenceParallel ? tp : 1;
  const replicatedBytes = (22 * h * T) / spDiv; // 2 layer norms (4h each), 2 bias-dropout-add (7h each)
  const actPer = swiglu ? 6 : 4;
  // Dense layer: FFN activation and FP8 casts of the GEMM inputs (amax, cast, transpose).
  const denseElem =
    replicatedBytes +
    (actPer * fd * T) / tp +
    (fp8 ? 4 * T * (2 * h + a.oWidth / tp + fd / tp) : 0);
  const elemFwdD = memoryTimeS(dev, denseElem, 8);
  const elemBwdD = memoryTimeS(dev, 2 * denseElem, 12);

  // The slowest GPU paces every synchronous step (straggler factor on compute kernels).
  const sf = ctx.straggler;
  const layerFwdD = (attnGemmFwd + denseGemmFwd + loraFwd + attnFwd + elemFwdD) * sf;
  const layerBwdD = (gb * (attnGemmFwd + denseGemmFwd) + 2 * loraFwd + attnBwd + elemBwdD) * sf;

  // ---- tensor-parallel communication per layer ----
  const tpGroup = groupSpan(tp, 1, net.domain);
  const actMsg = T * h * 2;
  const tpExposed = ctx.optimized && ctx.tpOverlap && l.sequenceParallel ? TP_EXPOSED_OPTIMIZED : 1;
  const tpOne = allReduceS(net, tpGroup, actMsg);
  const tpOneExposed =
    tpExposed < 1 ? tpOne * (tpExposed + OVERLAP_INTERFERENCE * (1 - tpExposed)) : tpOne;
  // Forward: 2 all-reduces (or 2 all-gathers + 2 reduce-scatters with SP: same bytes on the
  // wire); one with parallel attention/FFN blocks.
  const tpFwdD = (m.parallelBlocks === true ? 1 : 2) * tpOneExposed;

  // ---- MoE layers ----
  let layerFwdM = 0;
  let layerBwdM = 0;
  let tpFwdM = 0;
  let epFwd = 0;
  let elemFwdM = 0;
  let elemBwdM = 0;
  if (moe !== null && Lm > 0) {
    // Under TP the MoE layer dispatches each rank's sequence shard (sequence parallelism, which
    // Megatron-Core requires for MoE with TP): T/tp tokens per GPU.
    const tokensIn = T / tp;
    const mc = moeLayerCosts(
      m,
      dev,
      ctx.bf16Dev,
      net,
      tokensIn,
      T,
      tp,
      ep,
      etp,
      ctx.imbalance,
      ctx.moeDispatcher,
    );
    const shared = (moe.sharedExperts ?? 0) * f;
    const routed = tokensIn * moe.topK * ctx.imbalance;
    const moeElem =
      replicatedBytes +
      actPer * f * routed +
      (actPer * shared * T) / tp +
      (fp8
        ? 4 *
          (T * (h + a.oWidth / tp) + routed * (h + f) + (shared > 0 ? T * (h + shared / tp) : 0))
        : 0);
    // gpt-oss's expert MLP: the fc2 bias and the activation's clamp run unfused (moe.ts).
    const extra = expertMlpExtraBytes(moe, routed * etp, h, f / etp, moe.experts / ep);
    elemFwdM = memoryTimeS(dev, moeElem + extra.fwd, 12 + extra.kernelsFwd);
    elemBwdM = memoryTimeS(dev, 2 * moeElem + extra.bwd, 18 + extra.kernelsBwd);
    const ffnFwd = mc.routerS + mc.expertGemmS + mc.sharedGemmS;
    // Backward: dgrad + wgrad of every GEMM (the experts' by their own shapes; frozen LoRA base:
    // dgrad only).
    const expertBwd = lora ? mc.expertGemmS : mc.expertGemmBwdS;
    // Dropless routing's device-to-host sync per layer leaves the routed experts launch-bound;
    // without CUDA graphs the layer's static part is launched eagerly as well.
    const host = moeHostFactor(ctx.eagerLayerKernels, moe.sharedExperts ?? 0);
    layerFwdM = (attnGemmFwd + attnFwd + ffnFwd + mc.permuteS + elemFwdM) * sf * host;
    layerBwdM =
      (gb * (attnGemmFwd + mc.routerS + mc.sharedGemmS) +
        expertBwd +
        attnBwd +
        mc.permuteS +
        elemBwdM) *
      sf *
      host;
    if (ctx.eagerLayerKernels) {
      // Without CUDA graphs each GEMM of the layer outside the grouped experts (whose floor
      // groupedGemmTimeS holds) is launched eagerly: attention projections (2, MLA 4–5), router,
      // shared-expert fc1/fc2, and the attention kernel; backward: dgrad + wgrad of each GEMM and
      // the attention backward. A layer cannot run faster than the host launches it.
      const projections = mla !== null ? (mla.qLoraRank === null ? 4 : 5) : 2;
      const fwdLaunches = projections + 1 + (shared > 0 ? 2 : 0) + 1;
      const bwdLaunches = 2 * (fwdLaunches - 1) + 1;
      const expertFloorFwd = ((2 * moe.experts) / ep) * dev.groupedGemmLaunchS;
      layerFwdM = Math.max(layerFwdM, fwdLaunches * dev.gemmLaunchS + expertFloorFwd);
      layerBwdM = Math.max(layerBwdM, bwdLaunches * dev.gemmLaunchS + 2 * expertFloorFwd);
    }
    // TP collectives: the attention block's; the FFN's only where experts or shared experts
    // are TP-sharded (otherwise the dispatch all-to-all moves the tokens).
    tpFwdM = (1 + (shared > 0 || etp > 1 ? 1 : 0)) * tpOneExposed;
    // Dispatch and combine: exposed, unless the recipe overlaps them with the other micro batch.
    epFwd = 2 * mc.dispatchS;
  }
  const tpBwdD = tpFwdD;
  const tpBwdM = tpFwdM;
  let epBwd = epFwd;
  if (ctx.moeA2aOverlap && epFwd > 0) {
    // Megatron-Core `overlap_moe_expert_parallel_comm`: the forward of one micro batch runs merged
    // with the backward of the previous one, each one's dispatch/combine hidden behind the other's
    // layer compute (the same exposed/interference rule as every overlapped collective).
    const pair = epFwd + epBwd;
    const scale = exposedS(pair, layerFwdM + layerBwdM) / pair;
    epFwd *= scale;
    epBwd *= scale;
  }
  // ---- context-parallel ring attention, priced per ring step ----
  // Each of the cp − 1 exchanges sends the next K/V block (backward: K/V and their gradients) while
  // the step's attention kernel runs, then waits for it: the exposed part of the transfer, the
  // interference of the hidden part, and one send/recv call latency per step (NCCL's fixed
  // 8.4 µs per call, `NCCL_RING_BASE_S`). Baseline stack: transfers not overlapped.
  let cpFwd = 0;
  let cpBwd = 0;
  if (l.cp > 1) {
    const cpGroup = groupSpan(l.cp, tp, net.domain);
    const kvBytes = T * ((a.kWidth + a.vWidth) / tp) * 2;
    const perStep = p2pS(net, cpGroup.domains <= 1, kvBytes);
    const steps = l.cp - 1;
    const stepFwd = attnFwd / l.cp;
    const stepBwd = attnBwd / l.cp;
    const sync = NCCL_RING_BASE_S;
    cpFwd = steps * ((ctx.optimized ? exposedS(perStep, stepFwd) : perStep) + sync);
    cpBwd = steps * ((ctx.optimized ? exposedS(2 * perStep, stepBwd) : 2 * perStep) + sync);
  }

  // ---- per micro batch, one pipeline stage ----
  // Dense models: ⌈L/p⌉ layers on the stage with the output layer (it paces the pipeline).
  // MoE models and MTP: Megatron-Core's pipeline layout balances embedding, dense layers, MTP
  // and loss over the stages (`pipeline_model_parallel_layout`, Megatron-Bridge's DeepSeek-V3
  // recipes: "Et*4|(t*4|)*14tmL"), so a stage carries 1/p of the whole model's work.
  // A stated split overrides (`training.pipelineSplit`): `layers` puts ⌈L/p⌉ layers, of the model's
  // mix of MoE and dense, on the last stage beside the whole output layer (Megatron-Core without
  // a layout or account_for_* options, e.g. Megatron-Bridge's gpt-oss recipe).
  const Ls = Math.ceil(m.layers / l.pp);
  const split = input.training.pipelineSplit ?? null;
  const balanced = split === null ? moe !== null || (m.mtpLayers ?? 0) > 0 : split === 'balanced';
  const dS = balanced ? Ld / l.pp : (Ls * Ld) / m.layers; // dense layers per stage
  const mS = balanced ? Lm / l.pp : (Ls * Lm) / m.layers; // MoE layers per stage
  const rc: Recompute = l.recompute;
  // Full recompute reruns the forward of `kRec` layers per stage (all, or a block of them:
  // Megatron `--recompute-method block`); its TP/CP/EP collectives are counted with theirs.
  const kRec = rc === 'full' ? Math.min(Ls, l.recomputeLayers ?? Ls) : 0;
  const recShare = Ls > 0 ? kRec / Ls : 0;
  // Output layer (logits + cross-entropy) on the last stage.
  const vLocal = m.vocab / tp;
  const hd = ctx.headDev;
  const headFwdFull = (gemmTimeS(hd, T, vLocal, h) + memoryTimeS(dev, T * vLocal * 12, 3)) * sf;
  const headBwdFull = (2 * gemmTimeS(hd, T, vLocal, h) + memoryTimeS(dev, T * vLocal * 8, 2)) * sf;
  // Multi-token prediction: per module one more layer (the model's kind), a 2h→h projection and
  // the shared output head (DeepSeek-V3 §2.2), on the last stage.
  const mtp = m.mtpLayers ?? 0;
  const mtpFwd =
    mtp * ((Lm > 0 ? layerFwdM : layerFwdD) + gemmTimeS(dev, T, h, 2 * h) * sf + headFwdFull);
  const mtpBwd =
    mtp * ((Lm > 0 ? layerBwdM : layerBwdD) + 2 * gemmTimeS(dev, T, h, 2 * h) * sf + headBwdFull);
  const headShare = balanced ? 1 / l.pp : 1;
  const headFwd = (headFwdFull + mtpFwd) * headShare;
  const headBwd = (headBwdFull + mtpBwd) * headShare;
  const fwdLayers = dS * layerFwdD + mS * layerFwdM;
  const fwdMb = fwdLayers + headFwd;
  const bwdMb = dS * layerBwdD + mS * layerBwdM + headBwd;
  const layersS = dS + mS;
  const avgLayerFwd = layersS > 0 ? fwdLayers / layersS : 0;
  // Selective recompute: the attention scores (unfused attention; FlashAttention stores none),
  // and for MLA the up-projections, whose full-head Q/K/V are dropped after the attention kernel
  // and rebuilt from the stored latents in backward (DeepSeek-V3 report §3.2.3; Megatron-Core
  // `mla_up_proj`; the memory side in model/workload activationBytesPerLayer).
  const recSelective = (ctx.flash ? 0 : attnFwd) + (mla !== null ? mlaUpProjFwd * sf : 0);
  const recLayer = rc === 'full' ? avgLayerFwd : rc === 'selective' ? recSelective : 0;
  const recMb = rc === 'full' ? kRec * recLayer : layersS * recLayer;
  const tpLayers = dS * (tpFwdD + tpBwdD) + mS * (tpFwdM + tpBwdM);
  const tpFwdStage = dS * tpFwdD + mS * tpFwdM;
  const tpMb = tpLayers + recShare * tpFwdStage;
  const cpMb = layersS * (cpFwd + cpBwd) + kRec * cpFwd;
  const epMb = mS * (epFwd + epBwd) + recShare * mS * epFwd;
  // Pipeline sends: activations (sharded over TP with SP / scatter-gather), per virtual-stage boundary.
  let ppMb = 0;
  let ppFill = 0;
  if (l.pp > 1) {
    const inside = tp * l.cp * l.dp < net.domain;
    const one = p2pS(net, inside, (T * h * 2) / tp);
    ppFill = 2 * (l.pp - 1) * one;
    // Optimized and interleaved: sends overlap compute (Megatron `overlap_p2p_comm`) but still
    // interfere. Plain 1F1B (vpp 1) cannot overlap them: Megatron-LM turns `overlap_p2p_comm` off
    // for the non-interleaved schedule ("non-interleaved schedule does not support overlapping p2p
    // communication", megatron/training/arguments.py) and Megatron-Bridge sets
    // `batch_p2p_comm=True, overlap_p2p_comm=False` when vp_size is 1 (src/megatron/bridge/
    // training/comm_overlap.py, `_get_model_comm_overlap_cfgs`), so each micro batch waits for
    // its send_forward_recv_backward and send_backward_recv_forward exchanges.
    const overlapP2p = ctx.optimized && l.vpp > 1;
    ppMb = overlapP2p ? OVERLAP_INTERFERENCE * 2 * l.vpp * one : 2 * l.vpp * one;
  }
  const tMb = fwdMb + bwdMb + recMb + tpMb + cpMb + epMb + ppMb;
  const mcount = l.microBatchesPerStep;
  const bubble = ((l.pp - 1) / l.vpp) * tMb;

  // ---- data parallel ----
  // Parameters of one stage: dense (non-expert) ones are replicated over DP; the routed experts
  // are split over ep·etp and replicated over the expert-data-parallel group (edp = tp·cp·dp /
  // (ep·etp)), whose gradients Megatron-Core reduces in their own buffer.
  const p = ctx.params;
  const mtpShare = balanced ? 1 / l.pp : 0;
  const mtpRoutedShare = mtp > 0 && Lm > 0 ? mtp * p.routedPerLayer : 0;
  const expertStage = (mS * p.routedPerLayer + mtpShare * mtpRoutedShare) / (ep * etp);
  const nonExpertStage =
    (layersS * (p.attentionPerLayer + p.normsPerLayer) +
      dS * (moe === null ? p.ffnPerLayer : p.denseFfnPerLayer) +
      mS * p.sharedPerLayer +
      mtpShare * (p.mtp - mtpRoutedShare) +
      p.embedding) /
    tp;
  const stageParams = nonExpertStage + expertStage;
  const loraStage = lora ? ctx.loraParams / (tp * l.pp) : 0;
  const gradDense = lora ? loraStage : nonExpertStage;
  const gradExpert = lora ? 0 : expertStage;
  const edp = (tp * l.cp * l.dp) / (ep * etp);
  const dpGroup = groupSpan(l.dp, tp * l.cp, net.domain);
  const edpGroup = groupSpan(edp, ep * etp, net.domain);
  let dpExposed = 0;
  let zero3PerMb = 0;
  let evalSyncS = 0;
  if (l.dp > 1 || edp > 1) {
    if (l.zeroStage === 3 && !lora) {
      const gathers = rc === 'full' ? 3 : 2;
      const bytes = stageParams * 2;
      const gather = ctx.zero3Hierarchical
        ? allGatherS(net, dpGroup, bytes)
        : flatAllGatherS(net, dpGroup, bytes);
      const comm = (gathers + 1) * gather;
      const compute = fwdMb + bwdMb + recMb;
      zero3PerMb = ctx.optimized ? exposedS(comm, compute) : comm;
      dpExposed = zero3PerMb * mcount;
    } else {
      // The first pipeline stage is the critical one: it starts the step's forward first and
      // finishes its backward last, so the drain idle time of later stages does not hide its
      // reduction. Optimized: per model chunk (chunkedExposedS); baseline: DDP overlaps the
      // reduction with the last micro batch's backward only and gathers nothing ahead.
      // One collective per gradient bucket and model chunk (Megatron-Core DDP), each paying
      // NCCL's ring latency, which grows with the number of nodes in the group.
      // Micro batches each chunk runs back to back at the end of the step (Megatron groups them
      // by pipeline size; fewer when the step has fewer micro batches).
      const cooldown = l.pp < mcount ? l.pp : mcount;
      if (input.training.gradSync === 'parameter-server') {
        // Parameter server (Li et al. OSDI'14) in the layout of BytePS (Jiang et al. OSDI'20):
        // gradients are first reduced inside each node over the scale-up links, one push per
        // node sends them to servers sharded over all nodes, and the updated parameters come
        // back the same way and are broadcast inside the node. The network moves 2·P·bytes per
        // node over the node's NICs (bandwidth-optimal, like a ring), but synchronously: the
        // servers wait for every push before anyone pulls, so none of it hides behind the
        // backward pass (unlike DDP's bucketed all-reduce), and each shard is one more round
        // trip per node.
        const bytes = (gradDense + gradExpert) * ctx.gradBytes;
        const k = dpGroup.perDomain;
        const nodes = dpGroup.domains;
        const intra = k > 1 ? (2 * bytes) / net.upBytesPerS : 0;
        const inter = nodes > 1 ? (2 * bytes * (nodes - 1)) / (nodes * k * net.outBytesPerS) : 0;
        dpExposed = intra + inter + 2 * nodes * net.outAlphaS;
      } else if (l.zeroStage === 0) {
        const ar =
          allReduceS(net, dpGroup, gradDense * ctx.gradBytes) +
          gradCollectives(l.vpp, gradDense, l.dp) * ncclRingLatencyS(net, dpGroup, true) +
          allReduceS(net, edpGroup, gradExpert * ctx.gradBytes) +
          gradCollectives(l.vpp, gradExpert, edp) * ncclRingLatencyS(net, edpGroup, true);
        dpExposed = ctx.optimized
          ? chunkedExposedS(ar, bwdMb, cooldown, l.vpp)
          : exposedS(ar, bwdMb);
      } else {
        const rs =
          allGatherS(net, dpGroup, gradDense * ctx.gradBytes) +
          gradCollectives(l.vpp, gradDense, l.dp) * ncclRingLatencyS(net, dpGroup, false) +
          allGatherS(net, edpGroup, gradExpert * ctx.gradBytes) +
          gradCollectives(l.vpp, gradExpert, edp) * ncclRingLatencyS(net, edpGroup, false);
        const ag = rs;
        if (ctx.optimized) {
          const agExposed = chunkedExposedS(ag, fwdMb, cooldown, l.vpp);
          dpExposed = chunkedExposedS(rs, bwdMb, cooldown, l.vpp) + agExposed;
          evalSyncS = ag - agExposed;
        } else {
          dpExposed = exposedS(rs, bwdMb) + ag;
        }
      }
    }
  }
  // ---- optimizer ----
  const sharded = l.zeroStage >= 1;
  const optParams = gradDense / (sharded ? l.dp : 1) + gradExpert / (sharded ? edp : 1);
  const optimizerS = memoryTimeS(dev, optParams * ADAM_STEP_BYTES, 4);

  const breakdown: StepBreakdown = {
    forwardS: mcount * fwdMb,
    backwardS: mcount * bwdMb,
    recomputeS: mcount * recMb,
    tpCommS: mcount * tpMb,
    cpCommS: mcount * cpMb,
    epCommS: mcount * epMb,
    ppCommS: mcount * ppMb + ppFill,
    dpCommS: dpExposed,
    bubbleS: bubble,
    optimizerS,
  };
  const stepTimeS =
    breakdown.forwardS +
    breakdown.backwardS +
    breakdown.recomputeS +
    breakdown.tpCommS +
    breakdown.cpCommS +
    breakdown.epCommS +
    breakdown.ppCommS +
    breakdown.dpCommS +
    breakdown.bubbleS +
    breakdown.optimizerS;

  // Recomputed FlashAttention spans one packed document, as the time above prices it.
  const recSpan = ctx.flash
    ? Math.min(m.seqLen, ctx.input.training.packedDocTokens ?? m.seqLen)
    : m.seqLen;
  // Selective: the attention scores (unfused attention) and MLA's up-projections, per token.
  const mlaUpProjFlops =
    mla === null
      ? 0
      : 2 *
        m.layers *
        ((mla.qLoraRank ?? h) * a.qWidth +
          mla.kvLoraRank * m.heads * (mla.qkNopeHeadDim + mla.vHeadDim));
  const recFlops =
    rc === 'full'
      ? (2 * (p.active - p.embedding) + 4 * m.layers * h * recSpan) * recShare
      : rc === 'selective'
        ? (ctx.flash ? 0 : 4 * m.layers * h * m.seqLen) + mlaUpProjFlops
        : 0;
  const elemStage = dS * (elemFwdD + elemBwdD) + mS * (elemFwdM + elemBwdM);
  const elemFwdStage = dS * elemFwdD + mS * elemFwdM;
  return {
    stepTimeS,
    breakdown,
    elementwiseS: mcount * (elemStage + recShare * elemFwdStage),
    fwdStageS: fwdMb + tpFwdStage + layersS * cpFwd + mS * epFwd,
    evalSyncS,
    hardwareFlopsPerToken: ctx.modelFlopsPerToken + recFlops,
  };
}

const PART_KIND: readonly [keyof StepBreakdown, BottleneckKind, string][] = [
  ['tpCommS', 'tp-communication', 'tensor-parallel communication'],
  ['cpCommS', 'cp-communication', 'context-parallel communication'],
  ['epCommS', 'ep-communication', 'expert-parallel all-to-all'],
  ['ppCommS', 'pp-communication', 'pipeline point-to-point transfers'],
  ['dpCommS', 'dp-communication', 'data-parallel gradient/parameter communication'],
  ['bubbleS', 'pipeline-bubble', 'the pipeline bubble'],
  ['optimizerS', 'optimizer', 'the optimizer step'],
  ['recomputeS', 'recompute', 'activation recomputation'],
];

function pct(x: number): string {
  return `${formatWhole(100 * x)} %`;
}

/** Bytes as GiB with one decimal (the memory messages). */
function gib(bytes: number): string {
  const [whole, tenth] = (bytes / 1024 ** 3).toFixed(1).split('.');
  return `${groupThousands(whole ?? '0')}.${tenth ?? '0'}`;
}

/**
 * Gradient collectives per step: one per gradient bucket and model chunk (Megatron-Core DDP).
 * @param vpp - model chunks per pipeline stage
 * @param params - gradient parameters to reduce
 * @param n - GPUs in the group (the bucket size grows with it)
 */
function gradCollectives(vpp: number, params: number, n: number): number {
  return params > 0 ? vpp * Math.ceil(params / vpp / gradBucketParams(n)) : 0;
}

/** Name the binding bottleneck in words. A layout that does not fit in HBM cannot run: that binds. */
function bottleneckOf(
  core: Core,
  l: ResolvedLayout,
  mfu: number,
  layers: number,
  hbmBytes: number,
): Bottleneck {
  if (!core.fits) {
    return {
      kind: 'memory-capacity',
      text: `Does not fit in GPU memory: ${gib(core.memory.totalBytes)} GiB needed per GPU, ${gib(hbmBytes)} GiB of HBM. More GPUs per model copy (tensor, pipeline or context parallel), ZeRO sharding, activation recompute or a GPU with more memory would make it fit.`,
    };
  }
  const b = core.breakdown;
  const step = core.stepTimeS;
  let worstKey: keyof StepBreakdown = 'bubbleS';
  let worstKind: BottleneckKind = 'pipeline-bubble';
  let worstLabel = '';
  let worst = -1;
  for (const [k, kind, label] of PART_KIND) {
    if (b[k] > worst) {
      worst = b[k];
      worstKey = k;
      worstKind = kind;
      worstLabel = label;
    }
  }
  const compute = b.forwardS + b.backwardS;
  const elemShare = core.elementwiseS / step;
  if (worst / step >= 0.15) {
    let hint = '';
    if (worstKey === 'bubbleS') {
      hint = ` (pp=${l.pp}, ${l.microBatchesPerStep} micro batches per step, vpp=${l.vpp}); more micro batches or interleaving shrink it`;
    } else if (worstKey === 'dpCommS') {
      hint = ` (dp=${l.dp}, ZeRO-${l.zeroStage}); a faster scale-out fabric, larger batch per GPU or more overlap shrink it`;
    } else if (worstKey === 'tpCommS') {
      hint = ` (tp=${l.tp}); keep TP inside the NVLink domain or lower TP`;
    } else if (worstKey === 'recomputeS') {
      hint = ` (recompute=${recomputeText(l, layers)}); selective recompute or more memory per GPU avoid it`;
    }
    return {
      kind: worstKind,
      text: `${pct(worst / step)} of the step goes to ${worstLabel}${hint}.`,
    };
  }
  if (elemShare >= 0.2) {
    return {
      kind: 'memory-bandwidth',
      text: `Memory-bandwidth-bound kernels (norms, activations, casts) take ${pct(elemShare)} of the step; matmuls are too small to saturate the tensor cores.`,
    };
  }
  return {
    kind: 'compute',
    text: `Compute-bound: forward and backward take ${pct(compute / step)} of the step at ${formatWhole(100 * mfu)} % MFU; the largest overhead is ${worstLabel} (${pct(worst / step)}).`,
  };
}

/**
 * Assemble the public result for a layout from its core numbers: throughput (tokens/s,
 * samples/s), TFLOP/s per GPU, MFU/HFU in % of the dense peak (PaLM convention), time to train in
 * s and days (steps × step time + periodic forward-only evaluation + fixed overhead), memory fit
 * against HBM (bytes) and the bottleneck sentence.
 */
export function buildResult(
  ctx: Context,
  l: ResolvedLayout,
  core: Core,
  extraWarnings: readonly string[],
): TrainingResult {
  const { input, dev } = ctx;
  const m = input.model;
  const gbs = input.training.globalBatchSeqs;
  const step = core.stepTimeS;
  const samplesPerS = gbs / step;
  const tokensPerS = samplesPerS * m.seqLen;
  const gpus = input.cluster.gpus;
  const modelFlopsPerGpu = (ctx.modelFlopsPerToken * tokensPerS) / gpus;
  const hwFlopsPerGpu = (core.hardwareFlopsPerToken * tokensPerS) / gpus;
  const mfu = modelFlopsPerGpu / dev.peakFlopsPerS;
  if (hwFlopsPerGpu > dev.peakFlopsPerS * (1 + 1e-9)) {
    // Only a calibration can push the achieved rate past the peak: refuse it, clamp nothing.
    const pct = ((100 * hwFlopsPerGpu) / dev.peakFlopsPerS).toFixed(0);
    const k = input.training.computeEfficiencyMultiplier ?? 1;
    throw new RangeError(
      k !== 1
        ? `calibration.computeEfficiencyMultiplier: ${k} would run the GPUs at ${pct} % of their peak FLOP/s; the measured run it was fitted to differs from this scenario (model, layout or batch)`
        : `the step would run the GPUs at ${pct} % of their peak FLOP/s`,
    );
  }
  const tokens = input.training.tokensToTrain;
  let ttt: number | null = null;
  let evalTime: number | null = null;
  if (tokens !== null) {
    const seqs = tokens / m.seqLen;
    const steps = Math.ceil(seqs / gbs);
    const ev = input.training.evaluation;
    evalTime = 0;
    if (ev !== undefined && ev !== null) {
      // Megatron-LM and NeMo count the evaluation interval in whole training steps and evaluate
      // in whole global batches (Megatron `--eval-interval`/`--eval-iters` are iterations; NeMo's
      // MLPerf GPT-3 config: `val_check_interval = ceil_div(24576, GBS)` steps,
      // `pad_samples_to_global_batch_size: True`, `validation_drop_last: False`). Each global
      // batch is one forward-only pipelined pass: (m + (p − 1)/v) stage-forwards of a micro batch.
      // Each evaluation first pays the distributed optimizer's parameter gather (`evalSyncS`);
      // MLPerf GPT-3 logs show it as ≈ 0.2–0.35 s between eval_start and eval_stop beyond the
      // validation steps (v3.0–v4.1 NVIDIA submissions).
      const stepsPerInterval = Math.ceil(ev.intervalSeqs / gbs);
      const evals = Math.max(0, Math.floor(steps / stepsPerInterval) - (ev.skipEvals ?? 0));
      const batches = Math.ceil(ev.evalSeqs / gbs);
      const perBatch = (l.microBatchesPerStep + (l.pp - 1) / l.vpp) * core.fwdStageS;
      evalTime = evals * (batches * perBatch + core.evalSyncS);
    }
    ttt = steps * step + evalTime + (input.training.fixedOverheadS ?? 0);
  }
  const warnings = [...ctx.warnings, ...extraWarnings];
  if (!core.fits) {
    warnings.push(
      `does not fit: ${gib(core.memory.totalBytes)} GiB needed per GPU, ${gib(dev.hbmBytes)} GiB of HBM`,
    );
  }
  if (l.tp > ctx.net.domain)
    warnings.push(`tp=${l.tp} spans beyond the ${ctx.net.domain}-GPU scale-up domain`);
  return {
    layout: l,
    stepTimeS: step,
    breakdown: core.breakdown,
    tokensPerS,
    samplesPerS,
    achievedTflopsPerGpu: modelFlopsPerGpu / 1e12,
    hardwareTflopsPerGpu: hwFlopsPerGpu / 1e12,
    mfuPct: 100 * mfu,
    hfuPct: (100 * hwFlopsPerGpu) / dev.peakFlopsPerS,
    scalingEfficiencyPct: scalingEfficiencyPct(step, core.breakdown.dpCommS),
    timeToTrainS: ttt,
    timeToTrainDays: ttt === null ? null : ttt / 86400,
    evaluationTimeS: evalTime,
    // Fields listed one by one (not `...core.memory`): a spread followed by more fields makes
    // V8 build this object slowly, and buildResult runs on every evaluation.
    memory: {
      weightsBytes: core.memory.weightsBytes,
      gradientsBytes: core.memory.gradientsBytes,
      optimizerBytes: core.memory.optimizerBytes,
      activationsBytes: core.memory.activationsBytes,
      overheadBytes: core.memory.overheadBytes,
      totalBytes: core.memory.totalBytes,
      hbmBytes: dev.hbmBytes,
      headroomBytes: dev.hbmBytes - core.memory.totalBytes,
      fits: core.fits,
    },
    bottleneck: bottleneckOf(core, l, mfu, m.layers, dev.hbmBytes),
    paramsTotal: ctx.params.total,
    paramsActive: ctx.params.active,
    paramsTrainable: ctx.loraParams > 0 ? ctx.loraParams : ctx.params.total,
    modelFlopsPerToken: ctx.modelFlopsPerToken,
    warnings,
  };
}

/** True when every layout field, the micro batch and the recompute mode are given (no search needed). */
export function isComplete(p: ParallelismLayout, input: EngineInput): boolean {
  return (
    p.tp !== null &&
    p.pp !== null &&
    p.dp !== null &&
    p.cp !== null &&
    p.vpp !== null &&
    p.zeroStage !== null &&
    p.sequenceParallel !== null &&
    input.training.microBatch !== null &&
    input.training.recompute !== null &&
    // A MoE model with an expert-parallel degree left to the engine needs the search.
    (input.model.moe === null || (p.ep !== null && p.etp !== null))
  );
}
