import type { Precision } from '../vocabulary';
import type { FfnType, MlaSpec, ModelShape, MoeSpec, SlidingWindowSpec } from './types';

/** The model vocabulary lives in ./types.ts; re-exported here for the shape's readers. */
export type { FfnType, MlaSpec, ModelShape, MoeSpec, Precision, SlidingWindowSpec };

/** Attention widths of a shape (per layer; counts of values). */
export type AttentionDims = {
  /** Query/key width of one head. */
  readonly qkHeadDim: number;
  /** Value width of one head. */
  readonly vHeadDim: number;
  /** Query projection output width (heads × qkHeadDim). */
  readonly qWidth: number;
  /** K and V widths as attention reads them (GQA: kvHeads × headDim; MLA: heads × ...). */
  readonly kWidth: number;
  readonly vWidth: number;
  /** Attention output width, input of the output projection (heads × vHeadDim). */
  readonly oWidth: number;
  /** Projection weights (+ biases and latent norms) per layer. */
  readonly params: number;
  /** Values cached per token per layer: K and V (GQA) or MLA's latent + rotary key. */
  readonly kvCacheValues: number;
};

/** Width of one head: `headDim` where stated, else hidden/heads. */
export function headDimOf(m: Pick<ModelShape, 'hidden' | 'heads' | 'headDim'>): number {
  return m.headDim ?? m.hidden / m.heads;
}

/**
 * Attention widths and projection parameters. GQA (Ainslie et al. 2023): Q heads·d, K and V
 * kvHeads·d, output heads·d → hidden, with biases (GPT style; a Llama-style bias-free count differs
 * by 0.001 %). MLA (DeepSeek-V2 §2.1): q_a h×q_lora, q_b q_lora×heads·(nope+rope) (or one h×heads·
 * (nope+rope) without q_lora), kv_a h×(kv_lora+rope), kv_b kv_lora×heads·(nope+v), o heads·v×h,
 * and the two latent RMSNorms.
 */
export function attentionDims(
  m: Pick<ModelShape, 'hidden' | 'heads' | 'kvHeads' | 'headDim' | 'mla'>,
): AttentionDims {
  const h = m.hidden;
  const mla = m.mla ?? null;
  if (mla !== null) {
    const qk = mla.qkNopeHeadDim + mla.qkRopeHeadDim;
    const q = m.heads * qk;
    const v = m.heads * mla.vHeadDim;
    const qParams =
      mla.qLoraRank === null ? h * q : h * mla.qLoraRank + mla.qLoraRank * q + mla.qLoraRank;
    const kvParams =
      h * (mla.kvLoraRank + mla.qkRopeHeadDim) +
      mla.kvLoraRank * m.heads * (mla.qkNopeHeadDim + mla.vHeadDim) +
      mla.kvLoraRank;
    return {
      qkHeadDim: qk,
      vHeadDim: mla.vHeadDim,
      qWidth: q,
      kWidth: q,
      vWidth: v,
      oWidth: v,
      params: qParams + kvParams + v * h,
      kvCacheValues: mla.kvLoraRank + mla.qkRopeHeadDim,
    };
  }
  const d = headDimOf(m);
  const q = m.heads * d;
  const kv = m.kvHeads * d;
  return {
    qkHeadDim: d,
    vHeadDim: d,
    qWidth: q,
    kWidth: kv,
    vWidth: kv,
    oWidth: q,
    params: h * (q + 2 * kv) + (q + 2 * kv) + q * h + h,
    kvCacheValues: 2 * kv,
  };
}

/** K/V projection width (GQA: kvHeads × head width). */
export function kvWidth(m: ModelShape): number {
  return attentionDims(m).kWidth;
}

/** Number of FFN weight matrices: 2 for GELU, 3 for SwiGLU. */
export function ffnMatrices(m: Pick<ModelShape, 'ffnType'>): number {
  return m.ffnType === 'swiglu' ? 3 : 2;
}

/** Layers with a MoE FFN and layers with a dense FFN. A dense model: all dense. */
export function layerKinds(m: Pick<ModelShape, 'layers' | 'moe'>): {
  readonly moe: number;
  readonly dense: number;
} {
  const moe = m.moe;
  if (moe === null) return { moe: 0, dense: m.layers };
  const first = Math.min(m.layers, moe.firstDenseLayers ?? 0);
  const freq = Math.max(1, moe.layerFreq ?? 1);
  const rest = m.layers - first;
  const moeLayers = rest > 0 ? Math.floor((rest - 1) / freq) + 1 : 0;
  return { moe: moeLayers, dense: m.layers - moeLayers };
}

/**
 * Parameter counts of a decoder-only transformer, split the way parallelism shards them.
 * Method: Narayanan et al. 2021 (SC'21) §5.1, P = 12·L·h²·(1 + 13/(12h) + V/(12·L·h)) for
 * GPT with 4h FFN, generalised to GQA, MLA ({@link attentionDims}), SwiGLU (3 matrices) and MoE
 * (routed experts, shared experts, a router h×experts per MoE layer, leading dense layers).
 * Biases and layer norms are included (GPT style).
 */
export type ParamCounts = {
  /** Attention weights per layer (projections + biases, MLA latents). */
  readonly attentionPerLayer: number;
  /** FFN weights of ONE routed expert (dense model: the FFN). */
  readonly ffnPerExpert: number;
  /** Routed experts of one MoE layer (experts × ffnPerExpert; 0 for a dense model). */
  readonly routedPerLayer: number;
  /** Shared experts + router of one MoE layer (replicated like dense weights). */
  readonly sharedPerLayer: number;
  /** FFN of one dense layer (width denseFfnHidden). */
  readonly denseFfnPerLayer: number;
  /**
   * FFN weights of one layer averaged over the model's layers (all experts, router, shared);
   * for a dense model, the FFN.
   */
  readonly ffnPerLayer: number;
  /** Layer norms per layer. */
  readonly normsPerLayer: number;
  /** MoE layers and dense layers. */
  readonly moeLayers: number;
  readonly denseLayers: number;
  /** All weights of one layer (average over layers). */
  readonly perLayer: number;
  /** Weights of one layer touched by one token (average over layers). */
  readonly activePerLayer: number;
  /** Token embedding (+ output projection when untied). */
  readonly embedding: number;
  /** Multi-token-prediction modules (not in `total`). */
  readonly mtp: number;
  readonly total: number;
  /** Parameters used per token (dense: = total). */
  readonly active: number;
};

function ffnParams(h: number, f: number, mats: number): number {
  return mats * h * f + (mats - 1) * f + h;
}

/**
 * The last shape counted and its counts: a layout search asks for the counts of one shape
 * thousands of times (once per memory evaluation). Shapes are read-only values, so the same
 * object always has the same counts. A memo only: the result is the same.
 */
let lastShape: Omit<ModelShape, 'seqLen'> | null = null;
let lastCounts: ParamCounts | null = null;

/**
 * Parameter counts (plain counts, not bytes). See {@link ParamCounts} for the method.
 */
export function paramCounts(m: Omit<ModelShape, 'seqLen'>): ParamCounts {
  if (m === lastShape && lastCounts !== null) return lastCounts;
  const counts = countParams(m);
  lastShape = m;
  lastCounts = counts;
  return counts;
}

function countParams(m: Omit<ModelShape, 'seqLen'>): ParamCounts {
  const h = m.hidden;
  const attention = attentionDims(m).params;
  const mats = ffnMatrices(m);
  const moe = m.moe;
  const ffnPerExpert = ffnParams(h, m.ffnHidden, mats);
  const denseFfn = ffnParams(h, moe?.denseFfnHidden ?? m.ffnHidden, mats);
  const kinds = layerKinds(m);
  const experts = moe === null ? 0 : moe.experts;
  const topK = moe === null ? 0 : moe.topK;
  const shared = moe === null ? 0 : (moe.sharedExperts ?? 0) * ffnPerExpert + h * experts;
  const routed = experts * ffnPerExpert;
  const norms = 4 * h;
  const L = m.layers;
  const ffnTotal = kinds.dense * denseFfn + kinds.moe * (routed + shared);
  const ffnActive = kinds.dense * denseFfn + kinds.moe * (topK * ffnPerExpert + shared);
  const tied = m.tiedEmbeddings ?? true;
  const embedding = m.vocab * h * (tied ? 1 : 2) + 2 * h;
  const layersTotal = L * (attention + norms) + ffnTotal;
  const layersActive = L * (attention + norms) + ffnActive;
  // One MTP module: a layer like the model's last (MoE when the model is), a 2h→h projection
  // and two RMSNorms (DeepSeek-V3 §2.2).
  const mtpLayer =
    attention + norms + (kinds.moe > 0 ? routed + shared : denseFfn) + 2 * h * h + 2 * h;
  return {
    attentionPerLayer: attention,
    ffnPerExpert,
    routedPerLayer: routed,
    sharedPerLayer: shared,
    denseFfnPerLayer: denseFfn,
    ffnPerLayer: ffnTotal / L,
    normsPerLayer: norms,
    moeLayers: kinds.moe,
    denseLayers: kinds.dense,
    perLayer: layersTotal / L,
    activePerLayer: layersActive / L,
    embedding,
    mtp: (m.mtpLayers ?? 0) * mtpLayer,
    total: layersTotal + embedding,
    active: layersActive + embedding,
  };
}

/**
 * Keys each query attends to, summed over the layers and divided by the sequence length: the
 * full-attention layers count s (PaLM's convention counts the whole s×s product), the
 * sliding-window ones min(W, s).
 */
export function attendedKeysPerLayer(m: ModelShape, seqLen: number): number {
  const sw = m.slidingWindow ?? null;
  if (sw === null || sw.window >= seqLen) return seqLen;
  const windowed = Math.floor((m.layers + sw.every - 1) / sw.every);
  return ((m.layers - windowed) * seqLen + windowed * sw.window) / m.layers;
}

/**
 * Model FLOPs per token, PaLM convention (Chowdhery et al. 2022, App. B):
 * 6·N + 12·L·h·s for full training, N = parameters used per token in matrix multiplies (MoE:
 * active). The embedding matrix counts once, as the logits GEMM (Narayanan et al. 2021 §5.1,
 * the 6·V·h term): an untied input embedding is a lookup, not a matmul. The attention term
 * generalises to 6·L·s·heads·(d_qk + d_v) (= 12·L·h·s when d = h/heads), with s the keys each
 * query sees ({@link attendedKeysPerLayer}: a sliding window counts W). With packed documents
 * attention spans one document, so `attentionSpanTokens` (the document length) bounds s. LoRA
 * fine-tuning (frozen base): the base weights need no weight gradient, so 4·N_base + 6·N_adapter +
 * the attention term (forward 2N, input-gradient 2N), the adapters counted on the matrices a
 * token passes through (MoE: its top-k experts).
 * Counted this way a step can never do more model FLOPs than the hardware runs (MFU ≤ HFU).
 */
export function modelFlopsPerToken(
  m: ModelShape,
  loraParams: number,
  attentionSpanTokens: number = m.seqLen,
): number {
  const p = paramCounts(m);
  const inputLookup = (m.tiedEmbeddings ?? true) ? 0 : m.vocab * m.hidden;
  const matmulParams = p.active - inputLookup;
  const span = Math.min(m.seqLen, attentionSpanTokens);
  const a = attentionDims(m);
  const attn = 6 * m.layers * m.heads * (a.qkHeadDim + a.vHeadDim) * attendedKeysPerLayer(m, span);
  if (loraParams > 0) return 4 * matmulParams + 6 * loraParams * loraActiveShare(m) + attn;
  return 6 * matmulParams + attn;
}

/**
 * Share of a model's LoRA adapter parameters one token passes through: all attention adapters,
 * the FFN adapters of its top-k experts only (1 for a dense model).
 */
export function loraActiveShare(m: ModelShape): number {
  if (m.moe === null || m.moe.experts <= m.moe.topK) return 1;
  return loraParamCount({ ...m, moe: { ...m.moe, experts: m.moe.topK } }, 1) / loraParamCount(m, 1);
}

/**
 * KV-cache bytes per token of context for the whole model at `bytesPerValue` (BF16 2, FP8 1):
 * layers × cached values per layer ({@link attentionDims}): 2·kv_heads·head_dim for MHA/GQA
 * (Llama 3 70B in BF16: 2·80·8·128·2 = 327,680 B), kv_lora_rank + qk_rope_head_dim for MLA
 * (DeepSeek-V3/R1 in FP8: 61·576·1 = 35,136 B, against 2·61·128·56·1 = 874,496 B were it read as
 * 128-head attention of width hidden/heads). Sliding-window layers hold at most `window` tokens, so for a
 * context of `contextTokens` their share is min(window, context)/context.
 */
export function kvCacheBytesPerToken(
  m: Pick<
    ModelShape,
    'layers' | 'hidden' | 'heads' | 'kvHeads' | 'headDim' | 'mla' | 'slidingWindow'
  >,
  bytesPerValue: number,
  contextTokens: number = Infinity,
): number {
  const perLayer = attentionDims(m).kvCacheValues * bytesPerValue;
  const sw = m.slidingWindow ?? null;
  if (sw === null || !(contextTokens > sw.window)) return m.layers * perLayer;
  const windowed = Math.floor((m.layers + sw.every - 1) / sw.every);
  const share = contextTokens === Infinity ? 0 : sw.window / contextTokens;
  return (m.layers - windowed + windowed * share) * perLayer;
}

/**
 * LoRA adapter parameters (Hu et al. 2021): rank·(d_in + d_out) per adapted matrix,
 * adapters on every attention and FFN projection of every layer (the common "all linear" setup).
 */
export function loraParamCount(m: ModelShape, rank: number): number {
  const h = m.hidden;
  const a = attentionDims(m);
  const attn =
    rank * (h + a.qWidth) + rank * (h + a.kWidth) + rank * (h + a.vWidth) + rank * (a.oWidth + h);
  const mats = ffnMatrices(m);
  const experts = m.moe === null ? 1 : m.moe.experts + (m.moe.sharedExperts ?? 0);
  const ffn = experts * mats * rank * (h + m.ffnHidden);
  return m.layers * (attn + ffn);
}

/**
 * The feed-forward type of a model whose source does not state it: the one whose parameter
 * count ({@link paramCounts}, 2 matrices for GELU, 3 for SwiGLU) is closer to the stated total
 * `paramsTotal` (plain count); without it, GELU when ffnHidden = 4 · hidden (GPT-2/3, BLOOM,
 * OPT) and SwiGLU otherwise (Llama, Mistral, Qwen, whose ffnHidden is ≈ 8/3 · hidden or
 * rounded up from it). The two counts differ by L · hidden · ffnHidden (× experts), a third of
 * the SwiGLU feed-forward, so a stated size tells them apart.
 */
export function inferFfnType(
  m: Omit<ModelShape, 'ffnType'>,
  paramsTotal: number | null,
): 'gelu' | 'swiglu' {
  if (paramsTotal !== null && paramsTotal > 0) {
    const gelu = paramCounts({ ...m, ffnType: 'gelu' }).total;
    const swiglu = paramCounts({ ...m, ffnType: 'swiglu' }).total;
    return Math.abs(gelu - paramsTotal) <= Math.abs(swiglu - paramsTotal) ? 'gelu' : 'swiglu';
  }
  return m.ffnHidden === 4 * m.hidden ? 'gelu' : 'swiglu';
}

/**
 * Whether a model whose source does not say shares its input and output embeddings: the choice
 * whose parameter count is closer to the stated total (the two differ by vocab × hidden, e.g.
 * 0.93 B for DeepSeek-V3, 0.62 B for Qwen3-30B-A3B). Without a stated total: `fallback`.
 */
export function inferTiedEmbeddings(
  m: ModelShape,
  paramsTotal: number | null,
  fallback: boolean,
): boolean {
  if (paramsTotal === null || !(paramsTotal > 0)) return fallback;
  const tied = paramCounts({ ...m, tiedEmbeddings: true }).total;
  const untied = paramCounts({ ...m, tiedEmbeddings: false }).total;
  const dt = Math.abs(tied - paramsTotal);
  const du = Math.abs(untied - paramsTotal);
  // A stated total near the middle of the two counts (a rounded "7B") cannot tell them apart:
  // keep the fallback unless it sits clearly nearer one (by 40 % of the gap, vocab × hidden).
  if (Math.abs(dt - du) < 0.4 * Math.abs(untied - tied)) return fallback;
  return dt < du;
}

/**
 * The warning for expert parallelism stated on a dense model: with no routed experts there is
 * nothing to split, so the layout runs as EP 1 (and ETP 1). Null when the model has experts or
 * no expert degree above 1 is stated.
 * @param ep - stated expert-parallel degree (null: unstated)
 * @param etp - stated expert tensor-parallel degree (null: unstated)
 */
export function expertParallelIgnored(
  m: Pick<ModelShape, 'moe'>,
  ep: number | null,
  etp: number | null = null,
): string | null {
  if (m.moe !== null) return null;
  const stated = [
    ep !== null && ep > 1 ? `EP ${ep}` : null,
    etp !== null && etp > 1 ? `ETP ${etp}` : null,
  ].filter((x): x is string => x !== null);
  if (stated.length === 0) return null;
  const path = ep !== null && ep > 1 ? 'workload.parallelism.ep' : 'workload.parallelism.etp';
  return `${path}: ${stated.join(' and ')} ${stated.length > 1 ? 'have' : 'has'} no effect on a dense model (it has no routed experts to split); the layout runs as EP 1`;
}
