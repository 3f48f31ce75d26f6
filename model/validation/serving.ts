/**
 * Validation predictor for cases of kind `serving` (format clusterplan-validation/1, see
 * ../shared/validation/README.md): builds the scenario sections the case describes, parses them
 * with the scenario's section schemas and checks them as a scenario's are (model/scenario
 * `servingWorkloadIssues`), evaluates them with the serving engine and returns the observed
 * metric's prediction. Reads only the configuration (model, serving, parallelism, system, stack)
 * and the observed metric's name — never the observed value.
 */
import { computeSectionSchema, servingWorkloadIssues, servingWorkloadSchema } from '../scenario';
import type { ServingWorkloadInput } from '../scenario';
import { evaluateServing } from '../serving';
import type { ServingSections } from '../serving';
import { paramCounts } from '../workload';
import { caseModelShape, shapeModelFields } from './modelShape';
import type { CaseModel } from './modelShape';
import { parseSection } from './training';

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

/**
 * The scenario's serving model section of a case's `model` block, with the case format's model
 * extensions (MoE shared experts and dense first layers, head_dim, MLA, sliding windows, MTP
 * modules; read by {@link caseModelShape}, the same reader the training cases use). Unstated
 * `kv_heads`: multi-head attention; unstated `ffn_type`: inferred from the stated size; unstated
 * size of a dense model: counted from its shape (Megatron's count; an MoE model must state it,
 * the active count is part of its card).
 */
export function caseServingModelSection(model: unknown): ServingWorkloadInput['model'] {
  const m = obj(model, 'model');
  const stated = m['ffn_type'];
  if (stated !== 'swiglu' && stated !== 'gelu' && stated !== null && stated !== undefined)
    throw new Error('model.ffn_type: must be swiglu or gelu');
  const moeRaw = m['moe'];
  const moeObj = moeRaw === null || moeRaw === undefined ? null : obj(moeRaw, 'model.moe');
  const intOrNull = (o: Json, k: string, f: string): number | null => numOrNull(o, k, f);
  const statedParams = numOrNull(m, 'params_b', 'model');
  const shape = caseModelShape(
    {
      ...(statedParams === null ? {} : { params_b: statedParams }),
      layers: num(m, 'layers', 'model'),
      hidden: num(m, 'hidden', 'model'),
      heads: num(m, 'heads', 'model'),
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
      attention: caseAttentionField(m['attention']),
      mtp_layers: numOrNull(m, 'mtp_layers', 'model'),
    },
    1,
  );
  // Serving cases name tied embeddings explicitly (`tied_embeddings`); untied otherwise (Llama,
  // Mixtral).
  const tied = m['tied_embeddings'] === true;
  const moe = shape.moe;
  const paramsB =
    statedParams !== null
      ? statedParams
      : moe === null
        ? paramCounts({ ...shape, tiedEmbeddings: tied, moe: null }).total / 1e9
        : num(m, 'params_b', 'model');
  const fields = shapeModelFields(shape);
  return {
    paramsB,
    ...fields,
    tiedEmbeddings: tied,
    moe:
      fields.moe === null || moeObj === null
        ? null
        : { ...fields.moe, activeParamsB: num(moeObj, 'active_params_b', 'model.moe') },
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

/** The case's load as the scenario's load section (MLPerf `server`: its p99 limits, `slo`). */
function caseLoad(load: unknown): ServingWorkloadInput['serving']['load'] {
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

/**
 * A layout field as the case states it, else as the run's own launch script set it
 * (`parallelism.recipe_<key>`, a ClusterPlan extension of a bundled copy, CASE_COPY_EXTENSIONS in
 * ./training.ts, cited in the case's `extensions_source`); null when neither states it.
 */
function statedOrRecipe(par: Json, key: 'tp' | 'pp' | 'replicas'): number | null {
  return numOrNull(par, key, 'parallelism') ?? numOrNull(par, `recipe_${key}`, 'parallelism');
}

/** A scenario `auto` where the case leaves a field unstated (null). */
function autoIfUnstated(v: number | null): number | 'auto' {
  return v === null ? 'auto' : v;
}

/**
 * The scenario sections a serving case describes, each parsed with its scenario schema and the
 * workload checked against the cluster as a scenario's is (model/scenario
 * `servingWorkloadIssues`). Unstated layout: `auto` (the engine chooses); unstated stack:
 * `optimized` (published measurements are production-tuned); a layout the result leaves
 * unstated but the run's launch script sets: that script's (`parallelism.recipe_*`, bundled
 * copies only); static-shape padding where the run's engine code states it
 * (`serving.recipe_batch_bucket`, `recipe_padded_context_tokens`, bundled copies only; else
 * none) and the running-request limit its launch script sets (`serving.recipe_max_batch`; else
 * the engine's own); unstated scale-up domain: the
 * node's GPUs, else 8. Throws naming the first bad field (its scenario path once parsed).
 */
export function servingCaseSections(caseJson: unknown): ServingSections {
  const c = obj(caseJson, 'case');
  if (c['kind'] !== 'serving')
    throw new Error(`kind: expected "serving", got ${JSON.stringify(c['kind'])}`);
  const s = obj(c['serving'], 'serving');
  const par =
    c['parallelism'] === null || c['parallelism'] === undefined
      ? {}
      : obj(c['parallelism'], 'parallelism');
  const sys = obj(c['system'], 'system');
  const accelerator = sys['accelerator'];
  if (typeof accelerator !== 'string') throw new Error('system.accelerator: must be a catalog id');
  const kv = s['kv_cache_precision'];
  const observed = c['observed'] === undefined ? {} : obj(c['observed'], 'observed');
  const gpus = num(sys, 'gpus', 'system');
  const perNode = numOrNull(sys, 'gpus_per_node', 'system');
  const workload = parseSection(
    servingWorkloadSchema,
    {
      kind: 'serving',
      model: caseServingModelSection(c['model']),
      serving: {
        precision: s['precision'],
        kvCachePrecision: kv === undefined || kv === null ? 'auto' : kv,
        inputTokensMean: num(s, 'input_tokens', 'serving'),
        outputTokensMean: num(s, 'output_tokens', 'serving'),
        load: caseLoad(s['load']),
        requestCount: runRequestCount(observed),
        reportPercentile: 99,
        // Static shapes the run's engine pads to, read from its own code and launch script
        // (bundled-copy extensions, CASE_COPY_EXTENSIONS in ./training.ts); unstated: none.
        batchBucket: numOrNull(s, 'recipe_batch_bucket', 'serving'),
        padContextTokens: numOrNull(s, 'recipe_padded_context_tokens', 'serving'),
        // The running-request limit the run's launch script sets (same kind of extension).
        maxBatchPerReplica: autoIfUnstated(numOrNull(s, 'recipe_max_batch', 'serving')),
      },
      parallelism: {
        tp: autoIfUnstated(statedOrRecipe(par, 'tp')),
        pp: autoIfUnstated(statedOrRecipe(par, 'pp')),
        ep: numOrNull(par, 'ep', 'parallelism') ?? 1,
        replicas: autoIfUnstated(statedOrRecipe(par, 'replicas')),
      },
      powerLimitW: numOrNull(sys, 'power_limit_w', 'system'),
    } as ServingWorkloadInput,
    'workload',
  );
  const compute = parseSection(
    computeSectionSchema,
    {
      acceleratorId: accelerator,
      gpus,
      gpusPerNode: perNode ?? Math.min(8, gpus),
      nvlinkDomainGpus: numOrNull(sys, 'nvlink_domain', 'system') ?? perNode ?? Math.min(8, gpus),
      stack: c['stack'] ?? 'optimized',
    },
    'cluster.compute',
  );
  const issue = servingWorkloadIssues(workload, compute)[0];
  if (issue !== undefined) throw new Error(`${issue.path.join('.')}: ${issue.message}`);
  return { workload, compute };
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
  const r = evaluateServing(servingCaseSections(caseJson));
  const value: Record<ServingCaseMetric, number> = {
    output_tokens_per_s: r.outputTokensPerS,
    request_throughput_per_s: r.requestsPerS,
    mean_ttft_ms: r.ttftMs,
    mean_tpot_ms: r.tpotMs,
    mean_e2e_latency_ms: r.e2eLatencyMs,
  };
  return { metric, predicted: value[metric as ServingCaseMetric] };
}
