/**
 * Validation predictor for cases of kind `serving` (format clusterplan-validation/1, see
 * ../shared/validation/README.md): maps the case's configuration to a ServingConfig, evaluates
 * it and returns the observed metric's prediction. Reads only the configuration (model, serving,
 * parallelism, system, stack) and the observed metric's name — never the observed value.
 */
import { paramCounts } from '../workload';
import { caseModelShape } from '../validation/modelShape';
import type { CaseModel } from '../validation/modelShape';
import type { ServingStack } from './constants';
import { evaluateServing } from './evaluate';
import type { ServingPrecision } from './hardware';
import type { ServingConfig, ServingLoad, ServingModelShape } from './types';

/** Metrics a serving case may ask for. */
export const SERVING_CASE_METRICS = [
  'output_tokens_per_s',
  'request_throughput_per_s',
  'mean_ttft_ms',
  'mean_tpot_ms',
  'mean_e2e_latency_ms',
] as const;
export type ServingCaseMetric = (typeof SERVING_CASE_METRICS)[number];

type Json = Record<string, unknown>;

function obj(v: unknown, field: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Error(`${field}: must be an object`);
  return v as Json;
}
function num(o: Json, key: string, field: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new Error(`${field}.${key}: must be a number`);
  return v;
}
function numOrNull(o: Json, key: string, field: string): number | null {
  const v = o[key];
  if (v === null || v === undefined) return null;
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new Error(`${field}.${key}: must be a number or null`);
  return v;
}
function precision(v: unknown, field: string): ServingPrecision {
  if (v === 'fp16' || v === 'bf16' || v === 'fp8' || v === 'fp4') return v;
  throw new Error(`${field}: must be fp16, bf16, fp8 or fp4`);
}

/**
 * Map a case's `model` block to the engine's shape, with the case format's model extensions
 * (MoE shared experts and dense first layers, head_dim, MLA, sliding windows, MTP modules; read by
 * model/validation `caseModelShape`, the same reader the training cases use).
 */
export function caseModel(model: unknown): ServingModelShape {
  const m = obj(model, 'model');
  const stated = m['ffn_type'];
  if (stated !== 'swiglu' && stated !== 'gelu' && stated !== null && stated !== undefined)
    throw new Error('model.ffn_type: must be swiglu or gelu');
  const moeRaw = m['moe'];
  const moeObj = moeRaw === null || moeRaw === undefined ? null : obj(moeRaw, 'model.moe');
  const heads = num(m, 'heads', 'model');
  const intOrNull = (o: Json, k: string, f: string): number | null => numOrNull(o, k, f);
  const attention = m['attention'];
  const statedParams = numOrNull(m, 'params_b', 'model');
  const shape = caseModelShape(
    {
      ...(statedParams === null ? {} : { params_b: statedParams }),
      layers: num(m, 'layers', 'model'),
      hidden: num(m, 'hidden', 'model'),
      heads,
      // Unstated: multi-head attention, as the case format defines kv_heads.
      kv_heads: numOrNull(m, 'kv_heads', 'model'),
      ffn_hidden: num(m, 'ffn_hidden', 'model'),
      vocab: num(m, 'vocab', 'model'),
      ffn_type: stated === 'swiglu' || stated === 'gelu' ? stated : null,
      moe:
        moeObj === null
          ? null
          : {
              experts: num(moeObj, 'experts', 'model.moe'),
              top_k: num(moeObj, 'top_k', 'model.moe'),
              shared_experts: intOrNull(moeObj, 'shared_experts', 'model.moe'),
              dense_ffn_hidden: intOrNull(moeObj, 'dense_ffn_hidden', 'model.moe'),
              first_dense_layers: intOrNull(moeObj, 'first_dense_layers', 'model.moe'),
              moe_layer_freq: intOrNull(moeObj, 'moe_layer_freq', 'model.moe'),
            },
      head_dim: numOrNull(m, 'head_dim', 'model'),
      attention: caseAttentionField(attention),
      mtp_layers: numOrNull(m, 'mtp_layers', 'model'),
    },
    1,
  );
  // Serving cases name tied embeddings explicitly (`tied_embeddings`); untied otherwise (Llama,
  // Mixtral), as before the shape was shared.
  const tied = m['tied_embeddings'] === true;
  const { seqLen: _unused, moe, ...rest } = shape;
  // Unstated size of a dense model: counted from its shape (Megatron's count); an MoE model
  // must state it (the active count is part of its card).
  const paramsTotal =
    statedParams !== null
      ? statedParams * 1e9
      : moe === null
        ? paramCounts({ ...shape, tiedEmbeddings: tied, moe: null }).total
        : num(m, 'params_b', 'model') * 1e9;
  return {
    ...rest,
    tiedEmbeddings: tied,
    paramsTotal,
    moe:
      moe === null || moeObj === null
        ? null
        : { ...moe, activeParams: num(moeObj, 'active_params_b', 'model.moe') * 1e9 },
  };
}

/** The case's `model.attention` object (MLA or sliding window), checked loosely. */
function caseAttentionField(a: unknown): NonNullable<CaseModel['attention']> | null {
  if (a === null || a === undefined) return null;
  const o = obj(a, 'model.attention');
  if (o['type'] === 'mla') {
    return {
      type: 'mla',
      kv_lora_rank: num(o, 'kv_lora_rank', 'model.attention'),
      q_lora_rank: numOrNull(o, 'q_lora_rank', 'model.attention'),
      qk_nope_head_dim: num(o, 'qk_nope_head_dim', 'model.attention'),
      qk_rope_head_dim: num(o, 'qk_rope_head_dim', 'model.attention'),
      v_head_dim: num(o, 'v_head_dim', 'model.attention'),
    };
  }
  return {
    sliding_window: num(o, 'sliding_window', 'model.attention'),
    sliding_every: num(o, 'sliding_every', 'model.attention'),
  };
}

function caseLoad(load: unknown): ServingLoad {
  const l = obj(load, 'serving.load');
  switch (l['mode']) {
    case 'offline':
      return { mode: 'offline' };
    case 'request_rate':
      return { mode: 'request_rate', requestsPerS: num(l, 'requests_per_s', 'serving.load') };
    case 'concurrency':
      return { mode: 'concurrency', concurrency: num(l, 'concurrency', 'serving.load') };
    case 'batch':
      return { mode: 'batch', batch: num(l, 'batch', 'serving.load') };
    case 'server':
      return {
        mode: 'slo',
        ttftLimitMs: num(l, 'ttft_limit_ms', 'serving.load'),
        tpotLimitMs: num(l, 'tpot_limit_ms', 'serving.load'),
        percentile: 99,
      };
    default:
      throw new Error(
        'serving.load.mode: must be offline, server, request_rate, concurrency or batch',
      );
  }
}

/**
 * The benchmark's request count, a run parameter the case format stores beside the source's
 * figures (`observed.reported.num_requests`); null when absent. Nothing else is read there.
 */
function runRequestCount(observed: Json): number | null {
  const r = observed['reported'];
  if (typeof r !== 'object' || r === null) return null;
  const n = (r as Json)['num_requests'];
  return typeof n === 'number' && Number.isFinite(n) && n >= 1 ? n : null;
}

/** Build the engine configuration a serving case describes. */
export function caseToServingConfig(caseJson: unknown): ServingConfig {
  const c = obj(caseJson, 'case');
  if (c['kind'] !== 'serving')
    throw new Error(`kind: expected "serving", got ${JSON.stringify(c['kind'])}`);
  const s = obj(c['serving'], 'serving');
  // Unstated layout (null or absent): the engine picks it.
  const par =
    c['parallelism'] === null || c['parallelism'] === undefined
      ? {}
      : obj(c['parallelism'], 'parallelism');
  const sys = obj(c['system'], 'system');
  // Unstated stack: a production-tuned one, which published measurements are.
  const stack = c['stack'] ?? 'optimized';
  if (stack !== 'optimized' && stack !== 'baseline')
    throw new Error('stack: must be optimized or baseline');
  const accelerator = sys['accelerator'];
  if (typeof accelerator !== 'string') throw new Error('system.accelerator: must be a catalog id');
  const kv = s['kv_cache_precision'];
  const observed = c['observed'] === undefined ? {} : obj(c['observed'], 'observed');
  return {
    model: caseModel(c['model']),
    precision: precision(s['precision'], 'serving.precision'),
    kvCachePrecision:
      kv === undefined || kv === null ? null : precision(kv, 'serving.kv_cache_precision'),
    inputTokens: num(s, 'input_tokens', 'serving'),
    outputTokens: num(s, 'output_tokens', 'serving'),
    load: caseLoad(s['load']),
    layout: {
      tp: numOrNull(par, 'tp', 'parallelism'),
      pp: numOrNull(par, 'pp', 'parallelism'),
      ep: numOrNull(par, 'ep', 'parallelism') ?? 1,
      replicas: numOrNull(par, 'replicas', 'parallelism'),
    },
    acceleratorId: accelerator,
    gpus: num(sys, 'gpus', 'system'),
    // Unstated scale-up domain: the node (its GPUs share NVLink/Infinity Fabric), else 8.
    nvlinkDomainGpus:
      numOrNull(sys, 'nvlink_domain', 'system') ??
      numOrNull(sys, 'gpus_per_node', 'system') ??
      Math.min(8, num(sys, 'gpus', 'system')),
    powerLimitW: numOrNull(sys, 'power_limit_w', 'system'),
    stack: stack satisfies ServingStack,
    partition: { kind: 'none' },
    requestCount: runRequestCount(observed),
    maxBatchPerReplica: null,
    reportPercentile: 99,
  };
}

/**
 * Predict the observed metric of one `serving` validation case (pure).
 *
 * @param caseJson one parsed case object
 * @returns the metric id and the predicted value in the metric's unit (tokens/s, requests/s, ms)
 * @throws Error naming the field when the case cannot be evaluated
 */
export function predictServingCase(caseJson: unknown): { metric: string; predicted: number } {
  const c = obj(caseJson, 'case');
  const observed = obj(c['observed'], 'observed');
  const metric = observed['metric'];
  if (typeof metric !== 'string' || !(SERVING_CASE_METRICS as readonly string[]).includes(metric)) {
    throw new Error(`observed.metric: unsupported serving metric ${JSON.stringify(metric)}`);
  }
  const r = evaluateServing(caseToServingConfig(caseJson));
  const value: Record<ServingCaseMetric, number> = {
    output_tokens_per_s: r.outputTokensPerS,
    request_throughput_per_s: r.requestsPerS,
    mean_ttft_ms: r.ttftMs,
    mean_tpot_ms: r.tpotMs,
    mean_e2e_latency_ms: r.e2eLatencyMs,
  };
  return { metric, predicted: value[metric as ServingCaseMetric] };
}
