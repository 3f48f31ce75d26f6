import type { ModelShape } from '../workload/shape';
import {
  kvCacheBytesPerToken as workloadKvBytes,
  layerKinds,
  paramCounts,
} from '../workload/shape';
import { BYTES_PER_ELEMENT } from './constants';
import type { ServingPrecision } from './hardware';
import type { ServingModelShape } from './types';

/** The workload shape of a serving model (the longest context it is evaluated at). */
export function workloadShape(model: ServingModelShape, contextTokens: number): ModelShape {
  return { ...model, seqLen: Math.max(1, Math.round(contextTokens)) };
}

/**
 * KV-cache bytes per token of context for the whole model, from the workload's one rule
 * (model/workload `kvCacheBytesPerToken`): 2 (K and V) × layers × kv_heads × head_dim × bytes for
 * MHA/GQA (grouped-query attention stores kv_heads, not heads; Ainslie et al. 2023; Llama 3 70B in
 * BF16: 327,680 B = 320 KiB per token), kv_lora_rank + qk_rope_head_dim per layer for DeepSeek's
 * MLA (DeepSeek-R1 in FP8: 35,136 B); sliding-window layers hold at most their window of a
 * `contextTokens`-long context.
 *
 * @param model transformer shape
 * @param kvPrecision storage format of the cache
 * @param contextTokens mean context a request holds (only sliding windows depend on it)
 * @returns bytes per token (all layers, all KV heads)
 */
export function kvCacheBytesPerToken(
  model: ServingModelShape,
  kvPrecision: ServingPrecision,
  contextTokens: number = Infinity,
): number {
  return workloadKvBytes(
    model as unknown as ModelShape,
    BYTES_PER_ELEMENT[kvPrecision],
    contextTokens,
  );
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
  // A shape that spells out its shared experts or dense first layers: one routed expert as the
  // shape counts it (model/workload paramCounts).
  if ((moe.sharedExperts ?? 0) > 0 || (moe.firstDenseLayers ?? 0) > 0 || (moe.layerFreq ?? 1) > 1) {
    return paramCounts(model).ffnPerExpert;
  }
  return (
    Math.max(0, model.paramsTotal - moe.activeParams) / (model.layers * (moe.experts - moe.topK))
  );
}

/** MoE layers of a serving model (all layers unless the shape names dense ones). */
export function moeLayerCount(model: ServingModelShape): number {
  return model.moe === null ? 0 : layerKinds(model).moe;
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
