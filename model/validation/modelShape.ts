import type { ModelShape, MoeSpec, MlaSpec, SlidingWindowSpec } from '../workload/shape';
import { inferFfnType, inferTiedEmbeddings } from '../workload/shape';

/**
 * The case format's `model` object (../shared/validation/README.md, both kinds) with its
 * "Model and layout extensions", as the schemas of model/validation and model/serving parse it
 * (unstated fields read as null).
 */
export type CaseModel = {
  readonly params_b?: number | undefined;
  readonly layers: number;
  readonly hidden: number;
  readonly heads: number;
  readonly kv_heads: number | null;
  readonly ffn_hidden: number;
  readonly vocab: number;
  readonly ffn_type: 'gelu' | 'swiglu' | null;
  readonly moe: {
    readonly experts: number;
    readonly top_k: number;
    readonly shared_experts?: number | null;
    readonly dense_ffn_hidden?: number | null;
    readonly first_dense_layers?: number | null;
    readonly moe_layer_freq?: number | null;
    readonly expert_bias?: boolean | null;
    readonly clamped_glu?: boolean | null;
  } | null;
  readonly head_dim?: number | null;
  readonly attention?:
    | {
        readonly type: 'mla';
        readonly kv_lora_rank: number;
        readonly q_lora_rank: number | null;
        readonly qk_nope_head_dim: number;
        readonly qk_rope_head_dim: number;
        readonly v_head_dim: number;
      }
    | { readonly sliding_window: number; readonly sliding_every: number }
    | null;
  readonly mtp_layers?: number | null;
  /** ClusterPlan extension: MTP modules read from the run's recipe where `mtp_layers` is null. */
  readonly recipe_mtp_layers?: number | null;
};

/** The MoE shape of a case (`model.moe` with its optional extensions; defaults in the format). */
export function caseMoe(m: CaseModel): MoeSpec | null {
  const moe = m.moe;
  if (moe === null) return null;
  return {
    experts: moe.experts,
    topK: moe.top_k,
    sharedExperts: moe.shared_experts ?? 0,
    denseFfnHidden: moe.dense_ffn_hidden ?? null,
    firstDenseLayers: moe.first_dense_layers ?? 0,
    layerFreq: moe.moe_layer_freq ?? 1,
    expertBias: moe.expert_bias ?? false,
    clampedGlu: moe.clamped_glu ?? false,
  };
}

/** MLA or sliding-window attention of a case, split the way the engine's shape holds them. */
export function caseAttention(m: CaseModel): {
  readonly mla: MlaSpec | null;
  readonly slidingWindow: SlidingWindowSpec | null;
} {
  const a = m.attention ?? null;
  if (a === null) return { mla: null, slidingWindow: null };
  if ('type' in a) {
    return {
      mla: {
        kind: 'mla',
        kvLoraRank: a.kv_lora_rank,
        qLoraRank: a.q_lora_rank,
        qkNopeHeadDim: a.qk_nope_head_dim,
        qkRopeHeadDim: a.qk_rope_head_dim,
        vHeadDim: a.v_head_dim,
      },
      slidingWindow: null,
    };
  }
  return { mla: null, slidingWindow: { window: a.sliding_window, every: a.sliding_every } };
}

/**
 * The engine's model shape for a case: unstated `kv_heads` → heads (multi-head attention),
 * `ffn_type` and tied or untied embeddings from the parameter count where the case states
 * `params_b` ({@link inferFfnType}, {@link inferTiedEmbeddings}; tied when it cannot tell, the
 * engine's long-standing default), `mtp_layers` null → the recipe's (`recipe_mtp_layers`), else 0
 * (none counted).
 * @param seqLen tokens per sequence (training) or the longest context (serving)
 */
export function caseModelShape(m: CaseModel, seqLen: number): ModelShape {
  const att = caseAttention(m);
  const base = {
    layers: m.layers,
    hidden: m.hidden,
    heads: m.heads,
    kvHeads: m.kv_heads ?? m.heads,
    ffnHidden: m.ffn_hidden,
    vocab: m.vocab,
    seqLen,
    moe: caseMoe(m),
    headDim: m.head_dim ?? null,
    mla: att.mla,
    slidingWindow: att.slidingWindow,
    mtpLayers: m.mtp_layers ?? m.recipe_mtp_layers ?? 0,
  };
  const total = m.params_b === undefined ? null : m.params_b * 1e9;
  const ffnType = m.ffn_type ?? inferFfnType(base, total);
  const shape: ModelShape = { ...base, ffnType };
  return { ...shape, tiedEmbeddings: inferTiedEmbeddings(shape, total, true) };
}

/**
 * The scenario's model fields that a case's shape gives, in the scenario's names (shared by the
 * training and serving harness; each adds its own: sequence length and embedding tying for
 * training, stated parameters, tying and active parameters for serving).
 */
export function shapeModelFields(shape: ModelShape) {
  const moe = shape.moe;
  return {
    layers: shape.layers,
    hiddenSize: shape.hidden,
    attentionHeads: shape.heads,
    kvHeads: shape.kvHeads,
    ffnHiddenSize: shape.ffnHidden,
    ffnType: shape.ffnType,
    vocabSize: shape.vocab,
    headDim: shape.headDim ?? null,
    attention: shape.mla ?? null,
    slidingWindow: shape.slidingWindow ?? null,
    mtpLayers: shape.mtpLayers ?? 0,
    moe:
      moe === null
        ? null
        : {
            experts: moe.experts,
            topK: moe.topK,
            sharedExperts: moe.sharedExperts ?? 0,
            denseFfnHiddenSize: moe.denseFfnHidden ?? null,
            firstDenseLayers: moe.firstDenseLayers ?? 0,
            layerFreq: moe.layerFreq ?? 1,
            expertBias: moe.expertBias ?? false,
            clampedGlu: moe.clampedGlu ?? false,
          },
  };
}
