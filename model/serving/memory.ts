import { BYTES_PER_ELEMENT } from './constants';
import type { ServingPrecision } from './hardware';
import type { ServingModelShape } from './types';

/**
 * KV-cache bytes per token of context for the whole model: 2 (K and V) × layers × kv_heads ×
 * head_dim × bytes per element (grouped-query attention stores kv_heads, not heads; Ainslie et
 * al. 2023). Llama 3 70B in BF16: 2·80·8·128·2 = 327,680 B = 320 KiB per token.
 *
 * @param model transformer shape
 * @param kvPrecision storage format of the cache
 * @returns bytes per token (all layers, all KV heads)
 */
export function kvCacheBytesPerToken(
  model: ServingModelShape,
  kvPrecision: ServingPrecision,
): number {
  const headDim = model.hidden / model.heads;
  return 2 * model.layers * model.kvHeads * headDim * BYTES_PER_ELEMENT[kvPrecision];
}

/** Embedding parameters: vocab × hidden, doubled when input and output matrices are separate. */
export function embeddingParams(model: ServingModelShape): number {
  return model.vocab * model.hidden * (model.tiedEmbeddings === true ? 1 : 2);
}

/**
 * Bytes of stored weights for the whole model. Quantized checkpoints keep embeddings and the LM
 * head in 16-bit (TensorRT-LLM / ModelOpt FP8 and NVFP4 recipes); everything else is stored at
 * `precision` (NVFP4: 4.5 bits per weight with its block scales).
 *
 * @returns bytes
 */
export function weightBytes(model: ServingModelShape, precision: ServingPrecision): number {
  const emb = Math.min(embeddingParams(model), model.paramsTotal * 0.5);
  return (model.paramsTotal - emb) * BYTES_PER_ELEMENT[precision] + emb * 2;
}

/**
 * MoE split: parameters of one routed expert in one layer, derived from the published totals so
 * shared experts and dense layers stay in the dense part: (total − active) = layers ·
 * (experts − top_k) · expert size. Returns 0 for a dense model.
 */
export function expertParamsPerLayer(model: ServingModelShape): number {
  const moe = model.moe;
  if (moe === null || moe.experts <= moe.topK) return 0;
  return (
    Math.max(0, model.paramsTotal - moe.activeParams) / (model.layers * (moe.experts - moe.topK))
  );
}

/**
 * Expected distinct experts a step of `tokens` touches in one layer when each token picks
 * top_k of E experts uniformly: E·(1 − (1 − k/E)^T). Decode at batch 1 reads k experts; a
 * large batch reads all E (the MoE memory cliff between the two).
 */
export function expectedDistinctExperts(experts: number, topK: number, tokens: number): number {
  if (tokens <= 0) return 0;
  return experts * (1 - Math.pow(1 - topK / experts, tokens));
}
