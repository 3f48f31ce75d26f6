import type { ServingConfig, ServingModelShape } from '../../../model/serving/types';

/** Llama 3.1 8B (meta-llama/Llama-3.1-8B-Instruct config.json). */
export const LLAMA3_8B: ServingModelShape = {
  paramsTotal: 8.03e9,
  layers: 32,
  hidden: 4096,
  heads: 32,
  kvHeads: 8,
  ffnHidden: 14336,
  vocab: 128256,
  ffnType: 'swiglu',
  moe: null,
};

/** Llama 3 / 3.1 70B. */
export const LLAMA3_70B: ServingModelShape = {
  paramsTotal: 70.55e9,
  layers: 80,
  hidden: 8192,
  heads: 64,
  kvHeads: 8,
  ffnHidden: 28672,
  vocab: 128256,
  ffnType: 'swiglu',
  moe: null,
};

/** Mixtral 8x7B: 8 experts, top-2, 12.9B active of 46.7B. */
export const MIXTRAL_8X7B: ServingModelShape = {
  paramsTotal: 46.7e9,
  layers: 32,
  hidden: 4096,
  heads: 32,
  kvHeads: 8,
  ffnHidden: 14336,
  vocab: 32000,
  ffnType: 'swiglu',
  moe: { experts: 8, topK: 2, activeParams: 12.9e9 },
};

/** A full configuration with overridable fields. */
export function config(over: Partial<ServingConfig> = {}): ServingConfig {
  return {
    model: LLAMA3_8B,
    precision: 'bf16',
    kvCachePrecision: null,
    inputTokens: 1000,
    outputTokens: 500,
    load: { mode: 'offline' },
    layout: { tp: 1, pp: 1, ep: 1, replicas: 1 },
    acceleratorId: 'h100-sxm',
    gpus: 1,
    nvlinkDomainGpus: 8,
    powerLimitW: null,
    stack: 'optimized',
    partition: { kind: 'none' },
    requestCount: null,
    maxBatchPerReplica: null,
    reportPercentile: 99,
    ...over,
  };
}
