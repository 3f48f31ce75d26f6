import type { Recompute } from '../vocabulary';
import type { ModelShape } from './types';
import { attentionDims, layerKinds, paramCounts } from './shape';

/** The layout facts memory depends on. */
export type MemoryLayout = {
  readonly tp: number;
  readonly pp: number;
  readonly dp: number;
  readonly cp: number;
  readonly ep: number;
  /** Expert tensor parallelism (absent: 1). */
  readonly etp?: number;
  readonly vpp: number;
  readonly zeroStage: 0 | 1 | 2 | 3;
  readonly sequenceParallel: boolean;
  readonly microBatch: number;
  readonly recompute: Recompute;
  /** Full recompute of only this many layers per stage (block method); absent: all. */
  readonly recomputeLayers?: number;
  readonly microBatchesPerStep: number;
};

export type MemoryOptions = {
  /** Attention stores no s×s scores (FlashAttention, Dao et al. 2022). */
  readonly flashAttention: boolean;
  /** LoRA adapter parameters (0: full training). */
  readonly loraParams: number;
  /**
   * Bytes per element of the saved GEMM inputs: 1 for FP8/FP4 training (Transformer Engine keeps
   * the FP8-cast inputs for the weight-gradient GEMM instead of the 16-bit tensors), else 2.
   */
  readonly gemmInputBytes?: number;
  /**
   * Bytes per gradient element kept by Megatron-style training: 4 when gradients accumulate and
   * reduce in fp32 (Megatron-LM's default for bf16, `accumulate_allreduce_grads_in_fp32`), 2 with
   * FP16 or with production recipes that reduce in bf16 (Megatron-Core DDP
   * `grad_reduce_in_fp32=False`, which allocates the gradient buffer in bf16). Default 4.
   */
  readonly gradBytes?: number;
  /**
   * Bytes per frozen base weight in LoRA fine-tuning. 2 (bf16) by default; 1 when an FP8
   * recipe keeps the frozen weights in FP8: they need no master copy, so production FP8 LoRA
   * holds them as FP8 parameters (Transformer Engine `fp8_model_init`, NeMo `fp8_params: True`
   * in the MLPerf Llama 2 70B LoRA configs of NVIDIA, Lenovo and Lambda).
   */
  readonly frozenWeightBytes?: number;
};

/** Memory per GPU by part, bytes. */
export type MemoryParts = {
  readonly weightsBytes: number;
  readonly gradientsBytes: number;
  readonly optimizerBytes: number;
  readonly activationsBytes: number;
  readonly overheadBytes: number;
  readonly totalBytes: number;
};

/** Bytes per parameter of the bf16/fp16 working weights (mixed precision, Micikevicius et al. 2018). */
export const WEIGHT_BYTES = 2;
/** Megatron-LM keeps an fp32 `main_grad` per parameter (theoretical_memory_usage.py: 18 B/param = 2 + 4 + 12). */
export const GRAD_BYTES_MEGATRON = 4;
/** DeepSpeed ZeRO-3 keeps fp16/bf16 gradients (estimate_zero3_model_states_mem_needs: 2 + 2 + 12). */
export const GRAD_BYTES_ZERO3 = 2;
/** Adam: fp32 master weights + first and second moments = 12 B/param (Rajbhandari et al. 2020, ZeRO §3). */
export const ADAM_BYTES = 12;
/**
 * Fixed per-GPU runtime memory: CUDA context, NCCL buffers, cuBLAS/cuDNN workspaces. Planning value
 * (gpu_poor counts 650 MB of CUDA context alone; NCCL allocates ~0.5–1 GiB of channel buffers at
 * scale). Estimate, soft.
 */
export const RUNTIME_OVERHEAD_BYTES = 2 * 1024 ** 3;
/** Allocator fragmentation, share of the dynamic (activation) memory. Estimate, soft. */
export const FRAGMENTATION_SHARE = 0.1;

/**
 * The TP-sharded activation bytes per token per hidden unit of one layer (no recompute, without
 * the attention scores): a function of the shape, `gemmInputBytes` and `keepQkv` only. Sharded by TP: Q
 * (2·q/h), K and V (2·(k + v)/h), attention output (g·o/h); MLA adds its latents (query and
 * key/value, 16-bit). FFN: activation input (2 per f; SwiGLU 2 tensors) and FC2 input (g per f);
 * a MoE layer keeps them for each of its topK routed copies, plus the permuted expert input (g per
 * h per copy) and its shared experts. `keepQkv` false: the full-head Q, K and V are not kept (MLA
 * under selective recompute, see `activationBytesPerLayer`). The last shape, byte width and flag asked for are remembered:
 * a layout search asks for the same shape once per candidate (a memo only, same number).
 */
function shardedActivationsPerToken(
  m: ModelShape,
  gemmInputBytes: number,
  keepQkv: boolean,
): number {
  if (m === lastActShape && gemmInputBytes === lastActGemmInputBytes && keepQkv === lastKeepQkv)
    return lastSharded;
  const h = m.hidden;
  const a = attentionDims(m);
  const g = gemmInputBytes;
  const mla = m.mla ?? null;
  const latents =
    mla === null ? 0 : (2 * ((mla.qLoraRank ?? 0) + mla.kvLoraRank + mla.qkRopeHeadDim)) / h;
  const qkv = keepQkv ? 2 * a.qWidth + 2 * (a.kWidth + a.vWidth) : 0;
  const attn = (qkv + g * a.oWidth) / h + latents;
  const perF = (m.ffnType === 'swiglu' ? 4 : 2) + g;
  const moe = m.moe;
  let ffnActs: number;
  if (moe === null) {
    ffnActs = (perF * m.ffnHidden) / h;
  } else {
    const kinds = layerKinds(m);
    const dense = (perF * (moe.denseFfnHidden ?? m.ffnHidden)) / h;
    const shared = (perF * (moe.sharedExperts ?? 0) * m.ffnHidden) / h;
    const routed = moe.topK * ((perF * m.ffnHidden) / h + g);
    ffnActs = (kinds.dense * dense + kinds.moe * (routed + shared)) / m.layers;
  }
  lastActShape = m;
  lastActGemmInputBytes = gemmInputBytes;
  lastKeepQkv = keepQkv;
  lastSharded = attn + ffnActs;
  return lastSharded;
}
let lastActShape: ModelShape | null = null;
let lastActGemmInputBytes = Number.NaN;
let lastKeepQkv = true;
let lastSharded = 0;

/**
 * Activation bytes one transformer layer keeps for backward, for one micro batch, per GPU.
 * Method: Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large Transformer
 * Models"), eq. 1–2 and Table 2: s·b·h·(10 + 24/t + 5·a·s/(h·t)) without sequence parallelism,
 * s·b·h·(34/t + 5·a·s/(h·t)) with it; selective recompute drops the 5·a·s/h attention term,
 * full recompute keeps only the 2·s·b·h layer input. Generalised here to GQA (K/V width),
 * SwiGLU (3 FFN activations) and FlashAttention (no s×s scores stored). Tokens per GPU are
 * divided by context parallelism.
 */
export function activationBytesPerLayer(
  m: ModelShape,
  l: MemoryLayout,
  flashAttention: boolean,
  recompute: Recompute,
  gemmInputBytes = 2,
): number {
  const s = m.seqLen / l.cp;
  const sbh = s * l.microBatch * m.hidden;
  const t = l.tp;
  const spDiv = l.sequenceParallel ? t : 1;
  if (recompute === 'full') return (2 * sbh) / spDiv;
  // Unsharded without SP: two layer-norm inputs (4), QKV input (2), FC1 input (2), two dropout
  // masks (2). GEMM inputs (QKV input, FC1 input, attention output, FC2 input) are stored at
  // `gemmInputBytes` per element.
  const replicated = 4 + 2 * gemmInputBytes + 2;
  // Selective recompute of an MLA layer reruns its query and key/value up-projections in backward
  // and keeps only the latents, dropping the full-head Q, K and V: the DeepSeek-V3 report (§3.2.3,
  // "Recomputation of RMSNorm and MLA Up-Projection") and Megatron-Core's `mla_up_proj` recompute
  // module, which Megatron-Bridge's DeepSeek-V3 performance recipes select with
  // recompute_granularity "selective" (scripts/performance/configs/deepseek/
  // deepseek_workload_base_configs.py @ cfeddcd9: recompute_modules ["mla_up_proj"] on GB300,
  // GB200, B300, B200 and H100). The training engine prices the rerun (simulate.ts).
  const keepQkv = !((m.mla ?? null) !== null && recompute === 'selective');
  const sharded = shardedActivationsPerToken(m, gemmInputBytes, keepQkv);
  // Attention scores: softmax output (2), dropout mask (1), dropout output (2) per head per key.
  const scores =
    flashAttention || recompute === 'selective' ? 0 : (5 * m.heads * m.seqLen) / m.hidden;
  return sbh * (replicated / spDiv + (sharded + scores) / t);
}

/**
 * Memory per GPU for the most loaded pipeline stage (first stage: most in-flight micro batches;
 * last stage: logits), in bytes.
 * Methods: model states by Megatron-LM `theoretical_memory_usage.py` (18 B/param, optimizer
 * sharded by the distributed optimizer = ZeRO-1) and ZeRO (Rajbhandari et al. 2020, stages 1–3:
 * optimizer, + gradients, + parameters sharded over DP); activations by Korthikanti et al. 2022,
 * × in-flight micro batches of 1F1B (min(m, p) of a stage's L/p layers) and the interleaving
 * factor 1 + (p−1)/(p·v); full recompute adds one layer's working activations during backward;
 * block recompute (k of a stage's layers, Megatron `--recompute-method block`) keeps the others whole.
 * LoRA: frozen base weights (2 B/param, 1 B as FP8 parameters; `frozenWeightBytes`) and 18 B per
 * adapter parameter (Hu et al. 2021).
 */
export function memoryPerGpu(m: ModelShape, l: MemoryLayout, opt: MemoryOptions): MemoryParts {
  const mm = memoryModel(m, l, opt, scratchModel);
  const acts = activationsAt(mm, recomputedLayersOf(mm, l));
  return {
    weightsBytes: mm.weights,
    gradientsBytes: mm.grads,
    optimizerBytes: mm.optim,
    activationsBytes: acts,
    overheadBytes: overheadBytesOf(acts),
    totalBytes: totalBytesOf(mm, acts),
  };
}

/**
 * `memoryPerGpu(m, l, opt).totalBytes` (the same number) without building the parts: a layout
 * search checks every candidate against HBM with it.
 */
export function memoryTotalBytes(m: ModelShape, l: MemoryLayout, opt: MemoryOptions): number {
  const mm = memoryModel(m, l, opt, scratchModel);
  return totalBytesOf(mm, activationsAt(mm, recomputedLayersOf(mm, l)));
}

/** Layers of a stage that recompute in full: 0 unless full recompute, then at most the stage. */
function recomputedLayersOf(mm: MemoryModel, l: MemoryLayout): number {
  return mm.full ? Math.min(mm.layersPerStage, l.recomputeLayers ?? mm.layersPerStage) : 0;
}

/** Runtime overhead and fragmentation, bytes, given the activation bytes. */
function overheadBytesOf(acts: number): number {
  return RUNTIME_OVERHEAD_BYTES + FRAGMENTATION_SHARE * acts;
}

/** Model states + activations + overhead, bytes. */
function totalBytesOf(mm: MemoryModel, acts: number): number {
  return mm.weights + mm.grads + mm.optim + acts + overheadBytesOf(acts);
}

/**
 * Total memory per GPU (bytes, as `memoryPerGpu(...).totalBytes`) of a full-recompute layout as
 * a function of how many of a stage's layers recompute (block method): the model states and
 * per-layer activations are worked out once, so a search over the count costs a few
 * multiplications per step instead of a whole memory evaluation.
 */
export function totalBytesByRecomputedLayers(
  m: ModelShape,
  l: MemoryLayout,
  opt: MemoryOptions,
): (recomputedLayers: number) => number {
  const mm = memoryModel(m, { ...l, recompute: 'full' }, opt, newMemoryModel());
  return (k) => totalBytesOf(mm, activationsAt(mm, Math.min(mm.layersPerStage, k)));
}

/** What `memoryPerGpu` works out before it knows how many layers per stage recompute. */
type MemoryModel = {
  weights: number;
  grads: number;
  optim: number;
  layersPerStage: number;
  full: boolean;
  pp: number;
  /** Activation bytes of one layer as the layout stores it, and of one layer kept whole. */
  perLayer: number;
  keptLayer: number;
  /** In-flight micro batches × the interleaving factor. */
  inFlightFactor: number;
  /** The last stage's fp32 logits, bytes. */
  logits: number;
};

function newMemoryModel(): MemoryModel {
  // NaN, not 0: the fields start as the floating-point numbers they will hold.
  return {
    weights: Number.NaN,
    grads: Number.NaN,
    optim: Number.NaN,
    layersPerStage: Number.NaN,
    full: false,
    pp: Number.NaN,
    perLayer: Number.NaN,
    keptLayer: Number.NaN,
    inFlightFactor: Number.NaN,
    logits: Number.NaN,
  };
}
/**
 * Scratch for `memoryPerGpu` and `memoryTotalBytes`, which read it before they return (a layout
 * search evaluates memory for every candidate; reusing it spares an allocation per candidate).
 */
const scratchModel = newMemoryModel();

/** Activation bytes with `k` of a stage's layers recomputed (0 ≤ k ≤ layersPerStage). */
function activationsAt(mm: MemoryModel, k: number): number {
  const stageActs = mm.full
    ? k * mm.perLayer + (mm.layersPerStage - k) * mm.keptLayer
    : mm.layersPerStage * mm.perLayer;
  let acts = mm.inFlightFactor * stageActs;
  if (mm.full && k > 0) acts += mm.keptLayer;
  const lastStageActs = stageActs + mm.logits;
  return mm.pp === 1 ? acts + mm.logits : Math.max(acts, lastStageActs);
}

/** The parts of `memoryPerGpu` that do not depend on the recomputed-layer count, written to `out`. */
function memoryModel(
  m: ModelShape,
  l: MemoryLayout,
  opt: MemoryOptions,
  out: MemoryModel,
): MemoryModel {
  const p = paramCounts(m);
  // The largest stage (⌈L/p⌉ layers) binds when the layers do not split evenly.
  const layersPerStage = Math.ceil(m.layers / l.pp);
  // Per layer (averaged over dense and MoE layers): attention, norms, dense FFN, shared experts
  // and router over TP; the routed experts over ep·etp (Megatron-Core parallel folding).
  const routedShare = m.moe === null ? 0 : (p.moeLayers * p.routedPerLayer) / m.layers;
  const layerParams =
    (p.attentionPerLayer + p.normsPerLayer + p.ffnPerLayer - routedShare) / l.tp +
    routedShare / (l.ep * (l.etp ?? 1));
  const embeddingParams = p.embedding / l.tp;
  // First stage (and the last one, which holds a tied copy of the embedding when pp > 1).
  const stageParams = layersPerStage * layerParams + embeddingParams;
  const dp = l.dp;
  let weights: number;
  let grads: number;
  let optim: number;
  if (opt.loraParams > 0) {
    const adapters = opt.loraParams / (l.tp * l.pp);
    weights = stageParams * (opt.frozenWeightBytes ?? WEIGHT_BYTES) + adapters * WEIGHT_BYTES;
    grads = adapters * GRAD_BYTES_MEGATRON;
    optim = (adapters * ADAM_BYTES) / (l.zeroStage >= 1 ? dp : 1);
  } else if (l.zeroStage === 3) {
    weights = (stageParams * WEIGHT_BYTES) / dp + 2 * layerParams * WEIGHT_BYTES;
    grads = (stageParams * GRAD_BYTES_ZERO3) / dp + layerParams * GRAD_BYTES_ZERO3;
    optim = (stageParams * ADAM_BYTES) / dp;
  } else {
    weights = stageParams * WEIGHT_BYTES;
    // Expert parameters shard their gradients and optimizer states over the expert-data-parallel
    // group (tp·cp·dp / (ep·etp) ranks), the others over DP.
    const expertParams = (layersPerStage * routedShare) / (l.ep * (l.etp ?? 1));
    const denseParams = stageParams - expertParams;
    const edp = Math.max(1, (l.tp * l.cp * dp) / (l.ep * (l.etp ?? 1)));
    const gb = opt.gradBytes ?? GRAD_BYTES_MEGATRON;
    grads =
      l.zeroStage >= 2 ? (denseParams * gb) / dp + (expertParams * gb) / edp : stageParams * gb;
    optim =
      l.zeroStage >= 1
        ? (denseParams * ADAM_BYTES) / dp + (expertParams * ADAM_BYTES) / edp
        : stageParams * ADAM_BYTES;
  }
  const gib = opt.gemmInputBytes ?? 2;
  const full = l.recompute === 'full';
  const perLayer = activationBytesPerLayer(m, l, opt.flashAttention, l.recompute, gib);
  // Block recompute: k layers keep only their input, the rest keep everything.
  const keptLayer = full ? activationBytesPerLayer(m, l, opt.flashAttention, 'none', gib) : 0;
  const inFlight = Math.min(l.microBatchesPerStep, l.pp);
  const interleave = l.vpp > 1 ? 1 + (l.pp - 1) / (l.pp * l.vpp) : 1;
  // Last stage alternative: fp32 logits for the cross-entropy (s·b·V/t·4 B) with one micro batch
  // in flight; the first stage is the binding one whenever p > 1 and m ≥ 2.
  const tokens = (m.seqLen / l.cp) * l.microBatch;
  const logits = (tokens * m.vocab * 4) / l.tp;
  out.weights = weights;
  out.grads = grads;
  out.optim = optim;
  out.layersPerStage = layersPerStage;
  out.full = full;
  out.pp = l.pp;
  out.perLayer = perLayer;
  out.keptLayer = keptLayer;
  out.inFlightFactor = inFlight * interleave;
  out.logits = logits;
  return out;
}
