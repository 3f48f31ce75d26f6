/**
 * The one model vocabulary of the engine: a decoder-only transformer's shape as training and
 * serving both read it (dense or mixture-of-experts FFN; multi-head, grouped-query or DeepSeek
 * multi-head latent attention; optional sliding-window layers, multi-token-prediction modules and
 * parallel attention/FFN blocks). Names follow the published configs (`ffnHidden` is
 * `intermediate_size`, `headDim` is `head_dim`, ...). Counts are plain numbers.
 */

/** Feed-forward block: `gelu` = 2 matrices (h→f, f→h), `swiglu` = 3 matrices (gate, up, down). */
export type FfnType = 'gelu' | 'swiglu';

/**
 * Mixture-of-experts shape. Each MoE layer has `experts` routed FFNs of width `ffnHidden`, of
 * which `topK` run per token, plus `sharedExperts` always-on FFNs of the same width (DeepSeek-V3:
 * 1). The first `firstDenseLayers` layers have a dense FFN of width `denseFfnHidden`
 * (DeepSeek-V3: 3 of 18,432); after them every `layerFreq`-th layer is MoE, the rest dense
 * (Megatron-Core `moe_layer_freq`, DeepSeek `first_k_dense_replace`, Qwen `decoder_sparse_step`).
 */
export type MoeSpec = {
  readonly experts: number;
  readonly topK: number;
  /** Always-on experts per MoE layer, each `ffnHidden` wide. Default 0. */
  readonly sharedExperts?: number;
  /** FFN width of the layers that are not MoE; null/absent: `ffnHidden`. */
  readonly denseFfnHidden?: number | null;
  /** Leading layers with a dense FFN. Default 0. */
  readonly firstDenseLayers?: number;
  /** After the leading dense layers, every n-th layer is MoE. Default 1. */
  readonly layerFreq?: number;
  /**
   * The expert linears carry biases (gpt-oss; Megatron-Core `add_bias_linear` on the experts).
   * Default false.
   */
  readonly expertBias?: boolean;
  /**
   * The experts' gated activation clamps its two inputs first (gpt-oss: gate ≤ 7, linear in
   * ±7; Megatron-Core `activation_func_clamp_value`). Default false.
   */
  readonly clampedGlu?: boolean;
};

/**
 * DeepSeek multi-head latent attention (DeepSeek-V2 report §2.1, V3 config): queries through a
 * `qLoraRank` bottleneck (null: a plain projection), keys and values through one shared latent of
 * `kvLoraRank` plus a `qkRopeHeadDim` rotary key shared by all heads; per head the query/key width
 * is `qkNopeHeadDim + qkRopeHeadDim` and the value width `vHeadDim`. The KV cache holds the latent
 * and the rotary key only (`kvLoraRank + qkRopeHeadDim` values per token and layer).
 */
export type MlaSpec = {
  readonly kind: 'mla';
  readonly kvLoraRank: number;
  readonly qLoraRank: number | null;
  readonly qkNopeHeadDim: number;
  readonly qkRopeHeadDim: number;
  readonly vHeadDim: number;
};

/** One layer in every `every` attends to the last `window` tokens only (gpt-oss: 128, 2). */
export type SlidingWindowSpec = { readonly window: number; readonly every: number };

/** Transformer shape (decoder-only, pre-LN, learned or rotary positions). */
export type ModelShape = {
  readonly layers: number;
  readonly hidden: number;
  readonly heads: number;
  /** Key/value heads (GQA); = heads for multi-head attention. Ignored under MLA. */
  readonly kvHeads: number;
  /** FFN inner width (per routed expert for MoE). */
  readonly ffnHidden: number;
  readonly ffnType: FfnType;
  readonly vocab: number;
  /** Tokens per training sequence (serving: the longest context considered). */
  readonly seqLen: number;
  readonly moe: MoeSpec | null;
  /** Input and output embeddings share one matrix (GPT-3/Megatron style). Default true. */
  readonly tiedEmbeddings?: boolean;
  /** Width of one attention head where it is not hidden/heads (Qwen3: 128, gpt-oss: 64). */
  readonly headDim?: number | null;
  /** Multi-head latent attention; null/absent: MHA/GQA from heads and kvHeads. */
  readonly mla?: MlaSpec | null;
  /** Sliding-window layers; null/absent: every layer attends to the whole sequence. */
  readonly slidingWindow?: SlidingWindowSpec | null;
  /**
   * Multi-token-prediction modules trained beside the model (DeepSeek-V3 §2.2: each one
   * transformer layer, a 2h→h projection and two norms, sharing the embedding and output head).
   * Default 0.
   */
  readonly mtpLayers?: number;
  /**
   * Attention and FFN read the same layer input and run side by side (GPT-J/PaLM "parallel
   * layers"): one norm and, under tensor parallelism, one all-reduce per layer instead of two.
   * Default false.
   */
  readonly parallelBlocks?: boolean;
};
