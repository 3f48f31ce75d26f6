import type { ModelShape } from './types';

/**
 * Parameter counts of a decoder-only transformer, split the way parallelism shards them.
 * Method: Narayanan et al. 2021 (SC'21) §5.1, P = 12·L·h²·(1 + 13/(12h) + V/(12·L·h)) for
 * GPT with 4h FFN, generalised to GQA (K/V width kvHeads·h/heads), SwiGLU (3 matrices) and MoE
 * (experts × FFN, plus a router h×experts). Biases and layer norms are included (GPT style).
 */
export type ParamCounts = {
  /** Attention weights per layer (QKV + output projection + biases). */
  readonly attentionPerLayer: number;
  /** FFN weights per layer for ONE expert (dense: the FFN). */
  readonly ffnPerExpert: number;
  /** FFN weights per layer for all experts (+ router). */
  readonly ffnPerLayer: number;
  /** Layer norms per layer. */
  readonly normsPerLayer: number;
  /** All weights of one layer. */
  readonly perLayer: number;
  /** Weights of one layer touched by one token (MoE: topK experts). */
  readonly activePerLayer: number;
  /** Token embedding (+ output projection when untied). */
  readonly embedding: number;
  readonly total: number;
  /** Parameters used per token (dense: = total). */
  readonly active: number;
};

/** K/V projection width (hidden × kvHeads / heads). */
export function kvWidth(m: ModelShape): number {
  return (m.hidden * m.kvHeads) / m.heads;
}

/** Number of FFN weight matrices: 2 for GELU, 3 for SwiGLU. */
export function ffnMatrices(m: ModelShape): number {
  return m.ffnType === 'swiglu' ? 3 : 2;
}

/**
 * Parameter counts (plain counts, not bytes). See {@link ParamCounts} for the method.
 */
export function paramCounts(m: ModelShape): ParamCounts {
  const h = m.hidden;
  const kv = kvWidth(m);
  const attention = h * (h + 2 * kv) + (h + 2 * kv) + h * h + h;
  const mats = ffnMatrices(m);
  const ffnPerExpert = mats * h * m.ffnHidden + (mats - 1) * m.ffnHidden + h;
  const experts = m.moe === null ? 1 : m.moe.experts;
  const topK = m.moe === null ? 1 : m.moe.topK;
  const router = m.moe === null ? 0 : h * experts;
  const norms = 4 * h;
  const ffnPerLayer = experts * ffnPerExpert + router;
  const perLayer = attention + ffnPerLayer + norms;
  const activePerLayer = attention + topK * ffnPerExpert + router + norms;
  const tied = m.tiedEmbeddings ?? true;
  const embedding = m.vocab * h * (tied ? 1 : 2) + 2 * h;
  return {
    attentionPerLayer: attention,
    ffnPerExpert,
    ffnPerLayer,
    normsPerLayer: norms,
    perLayer,
    activePerLayer,
    embedding,
    total: m.layers * perLayer + embedding,
    active: m.layers * activePerLayer + embedding,
  };
}

/**
 * Model FLOPs per token, PaLM convention (Chowdhery et al. 2022, App. B):
 * 6·N + 12·L·h·s for full training, N = parameters used per token in matrix multiplies (MoE:
 * active). The embedding matrix counts once, as the logits GEMM (Narayanan et al. 2021 §5.1,
 * the 6·V·h term): an untied input embedding is a lookup, not a matmul. LoRA fine-tuning
 * (frozen base): the base weights need no weight gradient, so 4·N_base + 6·N_adapter + 12·L·h·s
 * (forward 2N, input-gradient 2N), the adapters counted on the matrices a token passes through
 * (MoE: its top-k experts). With packed documents attention spans one document, so
 * `attentionSpanTokens` (the document length) replaces s in the attention term.
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
  const attn = 12 * m.layers * m.hidden * span;
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
 * LoRA adapter parameters (Hu et al. 2021): rank·(d_in + d_out) per adapted matrix,
 * adapters on every attention and FFN projection of every layer (the common "all linear" setup).
 */
export function loraParamCount(m: ModelShape, rank: number): number {
  const h = m.hidden;
  const kv = kvWidth(m);
  const attn = rank * (h + h) + 2 * rank * (h + kv) + rank * (h + h);
  const mats = ffnMatrices(m);
  const experts = m.moe === null ? 1 : m.moe.experts;
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
