/**
 * The model vocabulary shared by training and serving: the transformer's shape. Counts are
 * plain positive integers.
 */

/** Feed-forward block: `gelu` = 2 matrices (h→f, f→h), `swiglu` = 3 matrices (gate, up, down). */
export type FfnType = 'gelu' | 'swiglu';

/** Mixture-of-experts shape (room in the schema; each MoE layer has `experts` FFNs, `topK` used per token). */
export type MoeSpec = {
  readonly experts: number;
  readonly topK: number;
};

/** Transformer shape (decoder-only, pre-LN, learned or rotary positions). */
export type ModelShape = {
  readonly layers: number;
  readonly hidden: number;
  readonly heads: number;
  /** Key/value heads (GQA); = heads for multi-head attention. */
  readonly kvHeads: number;
  /** FFN inner width (per expert for MoE). */
  readonly ffnHidden: number;
  readonly ffnType: FfnType;
  readonly vocab: number;
  /** Tokens per training sequence. */
  readonly seqLen: number;
  readonly moe: MoeSpec | null;
  /** Input and output embeddings share one matrix (GPT-3/Megatron style). Default true. */
  readonly tiedEmbeddings?: boolean;
};
