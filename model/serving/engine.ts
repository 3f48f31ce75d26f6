/**
 * Serving engine core: step time of one continuous-batching iteration (prefill and decode tokens
 * mixed, Orca/TensorRT-LLM in-flight batching), the batch memory allows, and the steady state
 * for each load mode. Pure functions; one `prepare` per configuration, then cheap evaluations.
 *
 * Step time per pipeline stage, summed over kernels that run one after another:
 *   GEMMs:      max(mem, math) + κ·min(mem, math), mem = weight bytes / (BW·η_mem),
 *               math = 2·params·tokens / (peak·MAMF·η_serve)   (per component; MoE experts:
 *               distinct experts touched by the step, see memory.ts; κ = WEIGHT_STREAM_EXPOSED)
 *   elementwise: norms, residuals, rotary, activation, quantisation bytes per token / BW
 *   attention:  KV bytes read / (BW·η_mem) + causal prefill FLOPs 2·L·h·s² / (peak16·η_attn)
 *   TP comm:    2 all-reduces per layer: α + 2(tp−1)/tp · tokens·h·2 B / (link·η_link);
 *               EP adds 2 all-to-alls per MoE layer only with data-parallel attention
 *   fixed:      layers × per-layer kernel floor + per-step runtime
 * (method of llm-analysis / GenZ per-operator rooflines, Orca continuous batching; constants in
 * constants.ts with their sources).
 */
import {
  ACTIVATION_BYTES,
  ACTIVATION_FFN_BUFFERS,
  ACTIVATION_HIDDEN_BUFFERS,
  ATTENTION_EFFICIENCY,
  BYTES_PER_ELEMENT,
  ELEMENTWISE_FFN_VECTORS,
  ELEMENTWISE_HEAD_VECTORS,
  ELEMENTWISE_HIDDEN_VECTORS,
  LINK_EFFICIENCY,
  LINK_EFFICIENCY_NVLINK,
  MOE_GEMM_EFFICIENCY,
  MTP_ACCEPTANCE,
  RUNTIME_RESERVE_BYTES,
  STACKS,
  WEIGHT_STREAM_EXPOSED,
  type StackProfile,
} from './constants';
import { clockFactorForPowerCap } from '../compute/powerCap';
import { migShares } from '../catalog/mig';
import {
  getServingAccelerator,
  servingAcceleratorOf,
  type ServingAccelerator,
  type ServingPrecision,
} from './hardware';
import {
  embeddingParams,
  expertParamsPerLayer,
  kvCacheBytesPerToken,
  moeLayerCount,
  weightBytes,
} from './memory';
import { attentionDims } from '../workload/shape';
import type { ServingConfig } from './types';

/**
 * Constants of the per-step hot path, read once: under the CommonJS interop of tsx/esbuild (the
 * CLI and bench) every access to an imported binding is a getter call, about a tenth of an SLO
 * search's time.
 */
const WEIGHT_EXPOSED = WEIGHT_STREAM_EXPOSED;
const MOE_GEMM_EFF = MOE_GEMM_EFFICIENCY;

/** Scale-out fallback when TP spans beyond the scale-up domain: one 400G NIC per GPU. */
const SCALE_OUT_BYTES_PER_S = 50e9;
const SCALE_OUT_LATENCY_S = 20e-6;
/** Per-step runtime floor (scheduling, sampling, CUDA-graph launch), s; estimate. */
const STEP_FLOOR_S: Record<'optimized' | 'baseline', number> = {
  optimized: 0.3e-3,
  baseline: 1.0e-3,
};

/** Everything one configuration needs for fast step-time evaluation (per GPU of one stage). */
export type PreparedServing = {
  readonly tp: number;
  readonly pp: number;
  readonly replicas: number;
  readonly instancesPerGpu: number;
  readonly stack: StackProfile;
  readonly accelerator: ServingAccelerator;
  /** Prompt tokens computed per request (mean prompt + static-shape padding). */
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly ctxMeanTokens: number;
  readonly maxTokensPerStep: number;
  /** Dense (non-expert) weight bytes read per step per GPU (excludes the input embedding). */
  readonly denseReadBytes: number;
  /** 2 · dense active params per GPU (FLOPs per token). */
  readonly denseFlopsPerToken: number;
  /** LM-head FLOPs per generated token per GPU. */
  readonly lmHeadFlopsPerToken: number;
  readonly moeLayersPerStage: number;
  readonly experts: number;
  readonly topK: number;
  /** Bytes of one expert's weights in one layer held per GPU. */
  readonly expertBytesPerGpu: number;
  /** FLOPs per token per expert-use per layer per GPU. */
  readonly expertFlopsPerUse: number;
  /** KV bytes per token of context per GPU (its layers, its KV heads). */
  readonly kvBytesPerTokenPerGpu: number;
  readonly kvBytesPerToken: number;
  /** Causal prefill attention FLOPs per GPU per request = coef · s². */
  readonly attnPrefillCoef: number;
  /** Decode attention FLOPs per GPU per token per context token. */
  readonly attnDecodeCoef: number;
  readonly memBytesPerS: number;
  readonly gemmFlopsPerS: number;
  readonly attnFlopsPerS: number;
  /** All-reduce: fixed latency per step (all layers of a stage) and seconds per token. */
  readonly commFixedS: number;
  readonly commPerTokenS: number;
  readonly fixedPerStepS: number;
  /** Elementwise (norm, residual, rotary, activation, quantisation) time per token, s. */
  readonly elementwisePerTokenS: number;
  /** Slow-down of every term for a time-sliced share (1 otherwise). */
  readonly timeShareFactor: number;
  readonly maxBatch: number;
  readonly kvBudgetBytesPerGpu: number;
  readonly weightBytesPerGpu: number;
  readonly clockFactor: number;
  /** ln(1 − topK/experts): the per-token miss probability of one expert, logged (MoE). */
  readonly logExpertMiss: number;
  /** Tokens each decoding request runs per step: 1 + draft tokens (speculative decoding). */
  readonly specTokens: number;
  /** Expected tokens each request emits per step (1 without speculation). */
  readonly specYield: number;
  /** Layers of the stage (for the draft module's share of a step). */
  readonly layersPerStage: number;
  /**
   * Static shapes: decode rows of a forward pass rounded up to a multiple of this (TGI-Gaudi's
   * BATCH_BUCKET_SIZE); 1: no padding (continuous batching).
   */
  readonly batchBucket: number;
  /** Static shapes: KV length every decode row's attention reads (MAX_TOTAL_TOKENS); 0: none. */
  readonly padContextTokens: number;
};

/** Step-time split (seconds) of one engine iteration of the whole pipeline. */
export type StepTime = {
  readonly total: number;
  readonly weights: number;
  readonly compute: number;
  readonly kvCache: number;
  readonly communication: number;
  readonly overhead: number;
};

function fail(field: string, message: string): never {
  throw new Error(`${field}: ${message}`);
}

/**
 * Default tokens per engine step: the stack's (TensorRT-LLM `max_num_tokens` and vLLM V1
 * `max_num_batched_tokens` default 8,192), lowered in steps of 256 where the workspace one step
 * needs (ACTIVATION_* buffers) would exceed a tenth of the GPU's (or MIG slice's) memory, as
 * engines sized for a small slice are configured (estimate: the rule keeps 8,192 on every whole
 * data-centre GPU); never below 256.
 */
export function defaultStepTokens(
  stack: StackProfile,
  m: ServingConfig['model'],
  tp: number,
  memoryBytes: number,
): number {
  const ffnShard = (m.ffnHidden * Math.max(1, m.moe?.topK ?? 1)) / tp;
  const perToken =
    (ACTIVATION_HIDDEN_BUFFERS * m.hidden + ACTIVATION_FFN_BUFFERS * ffnShard) * ACTIVATION_BYTES;
  const fit = Math.floor((0.1 * memoryBytes) / perToken / 256) * 256;
  return Math.max(256, Math.min(stack.maxTokensPerStep, fit));
}

/** Dense peak and achievable GEMM fraction for the precision (FP4 without FP4 units runs at FP8). */
function gemmRate(a: ServingAccelerator, precision: ServingPrecision): number {
  if (precision === 'fp4') {
    if (a.denseFlopsPerS.fp4 !== null) return a.denseFlopsPerS.fp4 * a.gemmEfficiency.fp4;
    if (a.denseFlopsPerS.fp8 !== null) return a.denseFlopsPerS.fp8 * a.gemmEfficiency.fp8;
    return a.denseFlopsPerS.bf16 * a.gemmEfficiency.bf16;
  }
  if (precision === 'fp8' && a.denseFlopsPerS.fp8 !== null) {
    return a.denseFlopsPerS.fp8 * a.gemmEfficiency.fp8;
  }
  return a.denseFlopsPerS.bf16 * a.gemmEfficiency.bf16;
}

/** Default KV precision: the stated one, else FP8 with FP8/FP4 weights on an optimized stack. */
export function defaultKvPrecision(config: ServingConfig): ServingPrecision {
  if (config.kvCachePrecision !== null) return config.kvCachePrecision;
  if (config.stack === 'optimized' && (config.precision === 'fp8' || config.precision === 'fp4')) {
    return 'fp8';
  }
  return config.precision === 'fp16' ? 'fp16' : 'bf16';
}

/**
 * Prepare one configuration for a fixed layout. Throws (naming the field) when the model does not
 * fit, the layout is inconsistent, or the partition is invalid.
 */
export function prepareServing(
  config: ServingConfig,
  tp: number,
  pp: number,
  replicas: number,
): PreparedServing {
  const a =
    config.accelerator === undefined
      ? getServingAccelerator(config.acceleratorId)
      : servingAcceleratorOf(config.accelerator);
  const stack = STACKS[config.stack];
  const m = config.model;
  // A candidate layout of the engine's own choice can exceed the layers; a stated one cannot
  // (model/scenario `servingWorkloadIssues`).
  if (pp > m.layers) fail('workload.parallelism.pp', `must be at most layers (${m.layers})`);

  let computeShare = 1;
  let memoryShare = 1;
  let timeShareFactor = 1;
  let instancesPerGpu = 1;
  const part = config.partition;
  if (part.kind !== 'none') {
    if (tp * pp !== 1)
      fail(
        'workload.partition',
        'a partitioned GPU serves one model copy per instance (tp = pp = 1)',
      );
    if (part.kind === 'mig') {
      if (part.profile !== undefined && part.profile !== null) {
        // A named profile: its slices and instance count from the catalog (NVIDIA MIG guide).
        const shares = migShares(config.acceleratorId, part.profile);
        computeShare = shares.computeShare;
        memoryShare = shares.memoryShare;
        instancesPerGpu = shares.instances;
      } else {
        computeShare = part.computeShare;
        memoryShare = part.memoryShare;
        instancesPerGpu = Math.max(
          1,
          Math.floor(Math.min(1 / computeShare, 1 / memoryShare) + 1e-9),
        );
      }
    } else {
      instancesPerGpu = Math.floor(part.instances);
      memoryShare = 1 / instancesPerGpu;
      // Round-robin time slicing: each instance owns the whole GPU 1/n of the time, plus a
      // context-switch cost (~5 % per switch at the default timeslice; NVIDIA time-slicing docs
      // describe no isolation and switch overhead; estimate).
      timeShareFactor = instancesPerGpu === 1 ? 1 : instancesPerGpu * 1.05;
    }
  }

  const clockFactor = clockFactorForPowerCap(a.tdpW, config.powerLimitW);
  const kvPrecision = defaultKvPrecision(config);
  const ctxMean = config.inputTokens + config.outputTokens / 2;
  const kvBytesPerToken = kvCacheBytesPerToken(m, kvPrecision, ctxMean);
  const layersPerStage = m.layers / pp;
  const mla = m.mla ?? null;
  // TP splits K/V heads (at least one per GPU); MLA's latent has no heads, so TP ranks each keep
  // the whole latent (TensorRT-LLM, vLLM, SGLang) unless attention runs data-parallel, where each
  // GPU keeps its own requests' latents (DeepSeek's serving layout).
  const attnDp = mla !== null && config.layout.attentionDp === true;
  const kvHeadsPerGpuShare = mla !== null ? (attnDp ? 1 / tp : 1) : Math.max(1 / tp, 1 / m.kvHeads);
  const kvBytesPerTokenPerGpu = (kvBytesPerToken / pp) * kvHeadsPerGpuShare;
  const dims = attentionDims(m);
  const moeLayers = moeLayerCount(m);

  const emb = embeddingParams(m);
  const totalWeights = weightBytes(m, config.precision);
  const weightBytesPerGpu =
    totalWeights / (tp * pp) +
    (mla !== null && config.layout.attentionDp === true
      ? ((dims.params * m.layers * BYTES_PER_ELEMENT[config.precision]) / pp) * (1 - 1 / tp)
      : 0);
  const expertParams = expertParamsPerLayer(m);
  const moe = m.moe;
  const experts = moe === null ? 0 : moe.experts;
  const topK = moe === null ? 0 : moe.topK;
  const allExpertParams = expertParams * experts * moeLayers;
  const bytesPerParam = BYTES_PER_ELEMENT[config.precision];
  // Dense part read per step: all non-expert weights except the input embedding (a gather).
  const inputEmb = m.tiedEmbeddings === true ? 0 : m.vocab * m.hidden;
  // Attention data-parallel: every GPU holds and reads the whole attention weights of its stage.
  const attnReplicaBytes = attnDp
    ? ((dims.params * m.layers * bytesPerParam) / pp) * (1 - 1 / tp)
    : 0;
  const denseReadBytes =
    (totalWeights - allExpertParams * bytesPerParam - inputEmb * 2) / (tp * pp) + attnReplicaBytes;
  const activeParams = moe === null ? m.paramsTotal : moe.activeParams;
  const denseActive = activeParams - expertParams * topK * moeLayers - emb;
  const denseFlopsPerToken = (2 * Math.max(denseActive, 0)) / (tp * pp);
  const lmHeadFlopsPerToken = (2 * m.vocab * m.hidden) / tp / pp;
  const expertBytesPerGpu = (expertParams * bytesPerParam) / tp;
  const expertFlopsPerUse = (2 * expertParams) / tp;

  const peak = gemmRate(a, config.precision);
  const gemmFlopsPerS = peak * stack.computeFactor * computeShare * clockFactor;
  const attnFlopsPerS = a.denseFlopsPerS.bf16 * ATTENTION_EFFICIENCY * computeShare * clockFactor;
  const memBytesPerS = a.hbmBandwidthBytesPerS * stack.memoryEfficiency * memoryShare;

  // TP all-reduce: two per layer (attention out, FFN out). Inside the scale-up domain use its
  // bandwidth; a TP group wider than the domain falls back to the scale-out NIC.
  const linkEff = a.scaleUpFabric === 'nvlink' ? LINK_EFFICIENCY_NVLINK : LINK_EFFICIENCY;
  let commFixedS = 0;
  let commPerTokenS = 0;
  if (tp > 1) {
    const inDomain = tp <= config.nvlinkDomainGpus;
    const linkBytesPerS = inDomain ? a.scaleUpBandwidthBytesPerS * linkEff : SCALE_OUT_BYTES_PER_S;
    const latency = inDomain ? stack.allReduceLatencyS : SCALE_OUT_LATENCY_S;
    const perLayer = 2;
    commFixedS += perLayer * layersPerStage * latency;
    commPerTokenS +=
      (perLayer * layersPerStage * (2 * (tp - 1)) * m.hidden * ACTIVATION_BYTES) /
      tp /
      linkBytesPerS;
    if (moe !== null && config.layout.ep > 1 && attnDp) {
      // EP all-to-all dispatch + combine of each token's top_k copies: only where attention is
      // data-parallel, so each GPU holds its own requests' tokens. With tensor-parallel
      // attention every GPU of the group already holds every token after the attention
      // all-reduce; each GPU runs its own experts on them and the FFN all-reduce above sums the
      // partial outputs, as for a dense TP FFN (vLLM fused_moe/config.py
      // FusedMoEParallelConfig.use_all2all_kernels = dp_size > 1 and use_ep, v0.10–0.11; the
      // TP8 + enable-expert-parallel deployments of ML.ENERGY v3.0 and SGLang's --tp 8
      // --expert-parallel-size 8 without an all-to-all backend run this way).
      const ep = config.layout.ep;
      commFixedS += 2 * layersPerStage * latency;
      commPerTokenS +=
        (2 * layersPerStage * topK * m.hidden * ACTIVATION_BYTES * (ep - 1)) /
        ep /
        tp /
        linkBytesPerS;
    }
  }
  if (pp > 1) {
    const linkBytesPerS =
      tp * pp <= config.nvlinkDomainGpus
        ? a.scaleUpBandwidthBytesPerS * linkEff
        : SCALE_OUT_BYTES_PER_S;
    commFixedS += stack.allReduceLatencyS;
    commPerTokenS += (m.hidden * ACTIVATION_BYTES) / tp / linkBytesPerS;
  }
  const elementwiseBytes =
    layersPerStage *
    ACTIVATION_BYTES *
    (ELEMENTWISE_HIDDEN_VECTORS * m.hidden +
      (ELEMENTWISE_HEAD_VECTORS * m.hidden) / tp +
      (ELEMENTWISE_FFN_VECTORS * m.ffnHidden * Math.max(1, topK)) / tp);
  const fixedPerStepS = layersPerStage * stack.perLayerOverheadS + STEP_FLOOR_S[config.stack] / pp;

  // Speculative decoding with the model's multi-token-prediction modules as the draft (DeepSeek-V3
  // report §5.4.3): each step verifies 1 + d tokens per request and keeps on average
  // 1 + a + … + a^d of them, a = acceptance of one drafted token.
  const spec = config.speculative ?? null;
  const draftTokens = spec === null ? 0 : spec.draftTokens;
  const acceptance = spec === null ? 0 : (spec.acceptanceRate ?? MTP_ACCEPTANCE);
  let specYield = 1;
  for (let i = 1, a = acceptance; i <= draftTokens; i++, a *= acceptance) specYield += a;

  // Memory: weights, runtime, one max-size step of activations, then the KV cache.
  // Engine limit on tokens per step: stated, else the stack default (8,192), which an engine on a
  // memory slice lowers so its activation workspace stays within a tenth of the slice.
  const maxTokensPerStep =
    config.maxTokensPerStep ?? defaultStepTokens(stack, m, tp, a.hbmBytes * memoryShare);
  const ffnShard = (m.ffnHidden * Math.max(1, topK)) / tp;
  const activationBytes =
    maxTokensPerStep *
    (ACTIVATION_HIDDEN_BUFFERS * m.hidden + ACTIVATION_FFN_BUFFERS * ffnShard) *
    ACTIVATION_BYTES;
  const hbm = a.hbmBytes * memoryShare;
  const reserve = RUNTIME_RESERVE_BYTES * memoryShare + activationBytes;
  const free = hbm - weightBytesPerGpu - reserve;
  const kvBudgetBytesPerGpu =
    config.stack === 'optimized'
      ? stack.kvMemoryFraction * free
      : stack.kvMemoryFraction * hbm - weightBytesPerGpu - reserve;
  if (!(kvBudgetBytesPerGpu > 0)) {
    const weightsGb = (weightBytesPerGpu / 1e9).toFixed(1);
    // A partitioned GPU holds one copy per instance (tp = pp = 1): the remedy is the partition.
    if (part.kind !== 'none') {
      fail(
        'workload.partition',
        `the weights (${weightsGb} GB) leave no room for the KV cache in one instance (${(hbm / 1e9).toFixed(1)} GB of memory) of ${a.name}: use ${part.kind === 'mig' ? 'a larger profile, ' : ''}fewer instances per GPU, or whole GPUs (no partitioning) with tp or pp above 1`,
      );
    }
    const remedy =
      tp * pp >= config.gpus
        ? `the copy already spans ${config.gpus === 1 ? 'the one GPU' : `all ${config.gpus} GPUs`}: add GPUs and raise tp/pp, use a larger accelerator or a lower precision`
        : 'raise tp/pp or use a larger accelerator';
    fail(
      'workload.parallelism',
      `weights (${weightsGb} GB per GPU) leave no room for the KV cache on ${a.name} — ${remedy}`,
    );
  }
  const tokensCapacity = kvBudgetBytesPerGpu / kvBytesPerTokenPerGpu;
  const Lin = config.inputTokens;
  // Static-shape parts pad prompts and contexts to the next bucket: half a bucket on average.
  const bucketPad = a.shapeBucketTokens / 2;
  const Lout = config.outputTokens;
  // A static-shape engine holds every request's cache at the padded length (TGI-Gaudi allocates
  // batch × MAX_TOTAL_TOKENS: run_tgi_server.sh --max-batch-total-tokens).
  const padContextTokens = config.padContextTokens ?? 0;
  const perSeqTokens = Math.max(
    stack.reserveFullSequence ? Lin + Lout : Lin + Lout / 2,
    padContextTokens,
  );
  const online = config.load.mode === 'request_rate' || config.load.mode === 'concurrency';
  // The stack's running-request cap is a per-GPU default: an engine on a MIG slice or time share
  // is configured with its share of it (max_batch_size / max_num_seqs per instance), so slicing
  // a GPU does not multiply its request slots.
  const stackMax =
    config.maxBatchPerReplica ??
    Math.max(1, (online ? stack.onlineMaxBatch : stack.maxBatch) * computeShare);
  const stepBudget = maxTokensPerStep / (1 + Lin / Lout);
  const memMax = tokensCapacity / perSeqTokens;
  if (memMax < 1) {
    fail(
      'workload.serving.inputTokensMean',
      `one request of ${Math.round(perSeqTokens)} tokens needs more KV cache than fits (${Math.floor(tokensCapacity)} tokens per model copy)`,
    );
  }
  const maxBatch = Math.max(1, Math.min(stackMax, memMax, Math.max(stepBudget, 1)));

  // Attention FLOPs per layer: prefill (causal) 2·s²·heads·(d_qk + d_v)/2 per request; decode per
  // context token 2·heads·(d_qk + d_v), or for MLA in its absorbed form (DeepSeek-V2 §2.1.2: the
  // up-projections folded into the query and output) 2·heads·(2·kv_lora + rope) over the latent.
  const headDimTotal = (m.heads * (dims.qkHeadDim + dims.vHeadDim)) / 2;
  const decodePerCtx =
    mla !== null
      ? 2 * m.heads * (2 * mla.kvLoraRank + mla.qkRopeHeadDim)
      : 2 * m.heads * (dims.qkHeadDim + dims.vHeadDim);
  return {
    tp,
    pp,
    replicas,
    instancesPerGpu,
    stack,
    accelerator: a,
    inputTokens: Lin + bucketPad,
    outputTokens: Lout,
    ctxMeanTokens: Lin + Lout / 2 + bucketPad,
    maxTokensPerStep,
    denseReadBytes,
    denseFlopsPerToken,
    lmHeadFlopsPerToken,
    moeLayersPerStage: moe === null ? 0 : moeLayers / pp,
    experts,
    topK,
    expertBytesPerGpu,
    expertFlopsPerUse,
    kvBytesPerTokenPerGpu,
    kvBytesPerToken,
    attnPrefillCoef: (2 * layersPerStage * headDimTotal) / tp,
    attnDecodeCoef: (layersPerStage * decodePerCtx) / tp,
    memBytesPerS,
    gemmFlopsPerS,
    attnFlopsPerS,
    commFixedS,
    commPerTokenS,
    fixedPerStepS,
    elementwisePerTokenS: elementwiseBytes / memBytesPerS,
    timeShareFactor,
    maxBatch,
    kvBudgetBytesPerGpu,
    weightBytesPerGpu,
    clockFactor,
    logExpertMiss: experts > topK ? Math.log1p(-topK / experts) : -Infinity,
    specTokens: 1 + draftTokens,
    specYield,
    layersPerStage,
    batchBucket: config.batchBucket ?? 1,
    padContextTokens,
  };
}

/**
 * Weight-streaming time left exposed next to the GEMM arithmetic: a GEMM takes
 * max(mem, math) + κ·min(mem, math) (κ = WEIGHT_STREAM_EXPOSED, constants.ts); returned as the
 * part beyond the arithmetic so the split stays additive.
 */
function exposedWeightTime(memS: number, computeS: number): number {
  return Math.max(memS, computeS) + WEIGHT_EXPOSED * Math.min(memS, computeS) - computeS;
}

/**
 * Distinct experts one MoE layer reads in a mean step of `decodeTokens` decode tokens and
 * `prefillTokens` prompt tokens from `prefillRequests` requests. A step touches
 * E·(1 − (1 − k/E)^T) experts for T tokens (expectedDistinctExperts; the logarithm taken once
 * in prepare), which is concave in T, so the mean of the steps is not the value at the mean
 * token count. The schedulers do not spread a prompt evenly over the decode steps: vLLM's
 * chunked prefill schedules a waiting prompt in one step up to the token budget
 * (max_num_batched_tokens), SGLang runs a prompt as its own prefill batch up to its chunk. So a
 * share q = prompt tokens per mean step / tokens per chunk of the steps carry a whole chunk
 * (chunk = the mean prompt, at most the step budget) and the rest decode only; the steps'
 * mean reads (1 − q)·touched(decode) + q·touched(decode + chunk). Prompt tokens per step and
 * all linear terms (FLOPs, bytes per token) keep their means.
 */
export function expertsTouchedPerLayer(
  p: PreparedServing,
  decodeTokens: number,
  prefillTokens: number,
  prefillRequests: number,
): number {
  if (!(prefillTokens > 0 && prefillRequests > 0)) return expertsTouched(p, decodeTokens);
  const chunk = Math.min(prefillTokens / prefillRequests, p.maxTokensPerStep);
  const q = Math.min(1, prefillTokens / chunk);
  return (
    (1 - q) * expertsTouched(p, decodeTokens) +
    q * expertsTouched(p, decodeTokens + prefillTokens / q)
  );
}

/**
 * Distinct experts one MoE layer reads for `tokens` tokens in one step: E·(1 − (1 − k/E)^T)
 * (expectedDistinctExperts, the logarithm taken once in prepare). A module function, not a
 * closure per call: this runs in every step-time evaluation of the SLO search.
 */
function expertsTouched(p: PreparedServing, tokens: number): number {
  return tokens > 0 ? p.experts * -Math.expm1(tokens * p.logExpertMiss) : 0;
}

/**
 * Decode rows a forward pass computes for `decode` running requests: the requests themselves,
 * or on a static-shape engine the next multiple of its batch bucket (TGI-Gaudi causal_lm.py
 * `CausalLMBatch.recombine`: `new_bs = round_up(total_requests, BATCH_BUCKET_SIZE)`, the empty
 * rows computed like the others). The batch here is a mean (a fluid); the mean is rounded up, not
 * each step's count. Bucket 1 pads nothing (a fractional mean is an average of whole batches).
 */
export function paddedDecodeRows(p: PreparedServing, decode: number): number {
  const k = p.batchBucket;
  return k > 1 && decode > 0 ? Math.ceil(decode / k - 1e-9) * k : decode;
}

/**
 * Time of one pipeline stage for a micro-batch: `decode` sequences generating one token each
 * (mean context `ctx`), plus `prefillTokens` prompt tokens from `prefillRequests` requests.
 * A static-shape engine computes its padded rows and context ({@link paddedDecodeRows},
 * `padContextTokens`): the time is theirs, the tokens produced (counted by the callers) stay
 * the requests'. Returns seconds; `out` (optional) receives the split.
 */
export function stageTimeS(
  p: PreparedServing,
  running: number,
  prefillTokens: number,
  prefillRequests: number,
  runningCtx: number,
  out?: { w: number; c: number; kv: number; comm: number; o: number },
): number {
  const decode = paddedDecodeRows(p, running);
  const ctx = runningCtx < p.padContextTokens ? p.padContextTokens : runningCtx;
  // A decoding request runs 1 + draft tokens per step under speculation (verification).
  const decodeTokens = decode * p.specTokens;
  const tokens = decodeTokens + prefillTokens;
  // Dense GEMMs (attention projections, dense FFN, shared experts, LM head for decode tokens).
  const denseMem = p.denseReadBytes / p.memBytesPerS;
  // Dense GEMMs: the stack factor (computeFactor, constants.ts) already carries the rate of the
  // steps' row counts, checked on the dev set as a whole (a separate rows factor on top of it
  // was measured worse: serving-dev median 7.8 % → 11.7 %).
  const denseCompute =
    (p.denseFlopsPerToken * tokens + p.lmHeadFlopsPerToken * (decodeTokens + prefillRequests)) /
    p.gemmFlopsPerS;
  let weights = exposedWeightTime(denseMem, denseCompute);
  let compute = denseCompute;
  if (p.moeLayersPerStage > 0) {
    // E·(1 − (1 − k/E)^T) (expectedDistinctExperts), with the logarithm taken once in prepare.
    const touched = expertsTouchedPerLayer(p, decodeTokens, prefillTokens, prefillRequests);
    const expMem = (p.moeLayersPerStage * touched * p.expertBytesPerGpu) / p.memBytesPerS;
    const expCompute =
      (p.moeLayersPerStage * tokens * p.topK * p.expertFlopsPerUse) /
      (p.gemmFlopsPerS * MOE_GEMM_EFF);
    weights += exposedWeightTime(expMem, expCompute);
    compute += expCompute;
  }
  // Attention: decode reads the KV cache; prefill is causal attention FLOPs.
  const kvRead = (decode * ctx * p.kvBytesPerTokenPerGpu) / p.memBytesPerS;
  const meanPrompt = prefillRequests > 0 ? prefillTokens / prefillRequests : 0;
  const attnFlops =
    p.attnPrefillCoef * meanPrompt * meanPrompt * prefillRequests +
    p.attnDecodeCoef * ctx * decodeTokens;
  const attn = kvRead + attnFlops / p.attnFlopsPerS;
  compute += p.elementwisePerTokenS * tokens;
  const comm = p.commFixedS + p.commPerTokenS * tokens;
  // Forward passes per mean step: a step over the token budget is split into passes, and in
  // steady state continuous batching spreads that work evenly, so the mean step pays its fixed
  // cost tokens / budget times (at least once), not the ceiling of the mean, which would make
  // throughput jump down where the mean step crosses the budget.
  const chunks = Math.max(1, tokens / p.maxTokensPerStep);
  const overhead = p.fixedPerStepS * chunks;
  const f = p.timeShareFactor;
  if (out !== undefined) {
    out.w = weights * f;
    out.c = compute * f;
    out.kv = attn * f;
    out.comm = comm * f;
    out.o = overhead * f;
  }
  return (weights + compute + attn + comm + overhead) * f;
}

/**
 * Time between two tokens of one request (TPOT) at a running batch of `b` requests per model
 * copy, seconds. The prefill work of the other requests is spread over their decode steps
 * (steady state: (b − 1)·L_in/L_out prompt tokens per step), as in-flight batching does.
 * With PP stages, the batch is split into pp micro-batches and a token passes every stage.
 */
export function decodeStepS(p: PreparedServing, b: number, withPrefill = true): number {
  return mixedStepS(p, b, withPrefill ? Math.max(0, b - 1) / p.outputTokens : 0);
}

/**
 * Time per generated token of one engine step that carries `decoding` running requests (one
 * token each) and the whole prompts of `prompts` newly admitted requests (may be fractional: a
 * prompt split over steps), seconds. The steady-state step {@link decodeStepS} is this with
 * (b − 1)/L_out prompts per step; a finite run's step-by-step schedule (evaluate.ts
 * `finiteRunPoint`) states the prompts of each step itself.
 */
export function mixedStepS(p: PreparedServing, decoding: number, prompts: number): number {
  const mb = decoding / p.pp;
  const prefillReq = prompts / p.pp;
  const step = p.pp * stageTimeS(p, mb, prefillReq * p.inputTokens, prefillReq, p.ctxMeanTokens);
  return p.specTokens > 1 ? (step + draftS(p, mb)) / p.specYield : step;
}

/**
 * Time of the draft: each drafted token runs one MTP module (a transformer layer of the model's
 * kind and the shared output head), priced as one more layer of the stage per token.
 */
function draftS(p: PreparedServing, mb: number): number {
  const oneToken = { ...p, specTokens: 1 };
  const perLayer = stageTimeS(oneToken, mb, 0, 0, p.ctxMeanTokens) / Math.max(1, p.layersPerStage);
  return (p.specTokens - 1) * perLayer;
}

/** Split of the decode step at batch b (seconds per term, whole pipeline). */
export function decodeStepBreakdown(p: PreparedServing, b: number): StepTime {
  const mb = b / p.pp;
  const prefillReq = Math.max(0, b - 1) / p.outputTokens / p.pp;
  const o = { w: 0, c: 0, kv: 0, comm: 0, o: 0 };
  const t = stageTimeS(p, mb, prefillReq * p.inputTokens, prefillReq, p.ctxMeanTokens, o);
  return {
    total: t * p.pp,
    weights: o.w * p.pp,
    compute: o.c * p.pp,
    kvCache: o.kv * p.pp,
    communication: o.comm * p.pp,
    overhead: o.o * p.pp,
  };
}

/**
 * Time from admission to first token (no queueing) at running batch b: the prompt is processed
 * in the next engine step(s) together with the running decodes, after on average half a step.
 */
export function prefillServiceS(p: PreparedServing, b: number): number {
  const running = Math.max(0, b - 1);
  const residual = running > 0 ? 0.5 * decodeStepS(p, b) * Math.min(1, running) : 0;
  const mb = running / p.pp;
  const step = p.pp * stageTimeS(p, mb, p.inputTokens, 1, p.ctxMeanTokens);
  return p.stack.requestOverheadS + residual + step;
}

/** Static batch: prompt time for `batch` identical prompts processed together, seconds. */
export function staticPrefillS(p: PreparedServing, batch: number): number {
  const mb = batch / p.pp;
  return p.pp * stageTimeS(p, 0, mb * p.inputTokens, mb, p.inputTokens) + p.stack.requestOverheadS;
}

/** Static batch: decode step with no prefill mixed in, context = prompt + half the output. */
export function staticDecodeS(p: PreparedServing, batch: number): number {
  const step = p.pp * stageTimeS(p, batch / p.pp, 0, 0, p.ctxMeanTokens);
  return p.specTokens > 1 ? (step + draftS(p, batch / p.pp)) / p.specYield : step;
}
