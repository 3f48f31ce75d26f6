import { z } from 'zod';
import {
  computeSectionSchema,
  networkSectionSchema,
  trainingWorkloadIssues,
  trainingWorkloadSchema,
} from '../scenario';
import type { TrainingWorkloadInput } from '../scenario';
import { layoutText, simulateTraining } from '../training';
import type { TrainingResult, TrainingSections } from '../training';
import { caseModelShape, shapeModelFields } from './modelShape';
import type { CasePrediction } from './harness';

/**
 * Kind `training-step`: map a validation case (snake_case, ../shared/validation/README.md) to
 * the scenario sections the training engine takes, run the engine, and read off the observed
 * metric. `null` fields of the case mean "not stated by the source": they become `auto` in the
 * sections, which makes the engine choose (its fastest layout that fits).
 */

const intPos = z.number().int().positive();
/** A field the source may leave out: absent and null both read as null ("not stated"). */
function unstated<T extends z.ZodType>(t: T) {
  return t
    .nullable()
    .optional()
    .transform((v) => v ?? null);
}
const nullableInt = unstated(intPos);

/**
 * `model.moe` of the case format: routed experts, top-k, active parameters, and the optional
 * shape extensions (shared experts, dense FFN width, leading dense layers, MoE layer frequency).
 */
export const moeCaseSchema = z.looseObject({
  experts: intPos,
  top_k: intPos,
  active_params_b: unstated(z.number().positive()),
  shared_experts: unstated(z.number().int().min(0)),
  dense_ffn_hidden: nullableInt,
  first_dense_layers: unstated(z.number().int().min(0)),
  moe_layer_freq: nullableInt,
  // ClusterPlan extensions (copy extensions, see CASE_COPY_EXTENSIONS): biases in the expert
  // linears and a clamped gated activation, where the model has them (gpt-oss).
  expert_bias: unstated(z.boolean()),
  clamped_glu: unstated(z.boolean()),
});

/** `model.attention`: DeepSeek MLA, or sliding-window layers (gpt-oss). */
export const attentionCaseSchema = z.union([
  z.looseObject({
    type: z.literal('mla'),
    kv_lora_rank: intPos,
    q_lora_rank: nullableInt,
    qk_nope_head_dim: intPos,
    qk_rope_head_dim: intPos,
    v_head_dim: intPos,
  }),
  z.looseObject({ sliding_window: intPos, sliding_every: intPos }),
]);

export const trainingCaseSchema = z.looseObject({
  model: z.looseObject({
    params_b: z.number().positive().optional(),
    layers: intPos,
    hidden: intPos,
    heads: intPos,
    // Unstated: multi-head attention (kv_heads = heads), as the case format defines it.
    kv_heads: nullableInt,
    ffn_hidden: intPos,
    vocab: intPos,
    seq_len: intPos,
    // Unstated: inferred from the parameter count (inferFfnType).
    ffn_type: unstated(z.enum(['gelu', 'swiglu'])),
    moe: unstated(moeCaseSchema),
    // Model and layout extensions (../shared/validation/README.md): optional, absent = as before.
    head_dim: nullableInt,
    attention: unstated(attentionCaseSchema),
    mtp_layers: unstated(z.number().int().min(0)),
    // ClusterPlan extension: the MTP modules the run's recipe trains where the case's source
    // states none (`mtp_layers` null); cited in `extensions_source`.
    recipe_mtp_layers: unstated(z.number().int().min(0)),
  }),
  training: z.looseObject({
    global_batch_seqs: intPos,
    micro_batch: nullableInt,
    precision: z.enum(['fp16', 'bf16', 'fp8', 'fp4']),
    recompute: unstated(z.enum(['none', 'selective', 'full'])),
    // Unstated rank: 16 (MLPerf Llama 2 70B LoRA; the adapters' cost is small at any usual rank).
    finetune: unstated(
      z.looseObject({ method: z.literal('lora'), rank: intPos.optional().default(16) }),
    ),
    tokens_to_train: unstated(z.number().positive()),
    // ClusterPlan extension (not in the shared format): mean tokens per document when short
    // documents are packed into each sequence with a per-document attention mask.
    packed_doc_tokens: unstated(z.number().positive()),
    // ClusterPlan extensions: the attention kernel and software era where the source states them.
    attention_kernel: unstated(z.enum(['flash', 'unfused'])),
    software_era: unstated(z.enum(['megatron-2021', 'current'])),
    // ClusterPlan extensions: the MoE dispatch configuration where the run's recipe states it
    // (Megatron-Core moe_token_dispatcher_type / moe_flex_dispatcher_backend,
    // overlap_moe_expert_parallel_comm, cuda_graph_impl); unstated: the engine's defaults.
    moe_dispatcher: unstated(z.enum(['alltoall', 'allgather', 'deepep', 'hybridep'])),
    moe_a2a_overlap: unstated(z.boolean()),
    cuda_graphs: unstated(z.boolean()),
    // ClusterPlan extension: how the recipe splits the pipeline (`layers`: the layers evenly and
    // the output layer on the last stage, Megatron-Core's default; `balanced`: a layout or
    // account_for_embedding/loss_in_pipeline_split); unstated: the engine's default.
    pipeline_split: unstated(z.enum(['layers', 'balanced'])),
  }),
  parallelism: unstated(
    z.looseObject({
      tp: nullableInt,
      pp: nullableInt,
      dp: nullableInt,
      cp: nullableInt,
      vpp: nullableInt,
      ep: nullableInt,
      etp: nullableInt,
      zero_stage: unstated(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])),
      sequence_parallel: unstated(z.boolean()),
    }),
  ),
  system: z.looseObject({
    accelerator: z.string().min(1),
    gpus: intPos,
    // Unstated: 8 per node (HGX/DGX, MI300X platforms, Gaudi HLS), or the scale-up domain if smaller.
    gpus_per_node: nullableInt,
    nvlink_domain: nullableInt,
    // Optional board power cap, W (as in serving cases).
    power_limit_w: unstated(z.number().positive()),
    // May be left out (null) for a job inside one node or one scale-up domain, where no traffic
    // leaves it (checked in trainingCaseSections).
    scale_out: unstated(
      z.looseObject({
        fabric: z.enum(['infiniband', 'roce', 'ethernet']),
        gbps_per_gpu: z.number().positive(),
        tiers: nullableInt,
        oversubscription: unstated(z.number().min(1)),
      }),
    ),
  }),
  // Unstated: a production-tuned stack, which published runs are.
  stack: z.enum(['optimized', 'baseline']).optional().default('optimized'),
});
export type TrainingCase = z.infer<typeof trainingCaseSchema>;

/**
 * ClusterPlan extensions that may be added to a copy of a shared case file (model/validation/
 * bundled) without diverging from it: the MoE dispatch configuration and the MTP modules read from
 * a run's own recipe, the serving layout read from a run's own launch script where the published
 * result leaves it unstated (`parallelism.recipe_*`, read only when the stated field is null), the
 * static shapes a run's serving engine pads to and the running-request limit its launch script
 * sets (`serving.recipe_batch_bucket`, `recipe_padded_context_tokens`, `recipe_max_batch`:
 * TGI-Gaudi), and `extensions_source`, the citation of where it was read. The bundled-copy check compares the
 * copies with ../shared/validation after removing exactly these keys; every other field must match.
 */
export const CASE_COPY_EXTENSIONS = {
  case: ['extensions_source'],
  model: ['recipe_mtp_layers'],
  training: ['moe_dispatcher', 'moe_a2a_overlap', 'cuda_graphs', 'pipeline_split'],
  moe: ['expert_bias', 'clamped_glu'],
  parallelism: ['recipe_tp', 'recipe_pp', 'recipe_replicas'],
  serving: ['recipe_batch_bucket', 'recipe_padded_context_tokens', 'recipe_max_batch'],
} as const;

/** A case without the {@link CASE_COPY_EXTENSIONS} keys (for comparing a bundled copy). */
export function withoutCopyExtensions(c: unknown): unknown {
  const out = withoutKeys(c, CASE_COPY_EXTENSIONS.case);
  if (!isPlainObject(out)) return out;
  for (const section of ['training', 'parallelism', 'serving'] as const) {
    if (isPlainObject(out[section]))
      out[section] = withoutKeys(out[section], CASE_COPY_EXTENSIONS[section]);
  }
  if (isPlainObject(out['model'])) {
    const model = withoutKeys(out['model'], CASE_COPY_EXTENSIONS.model) as Record<string, unknown>;
    if (isPlainObject(model['moe']))
      model['moe'] = withoutKeys(model['moe'], CASE_COPY_EXTENSIONS.moe);
    out['model'] = model;
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A shallow copy of an object without `keys` (anything else unchanged). */
function withoutKeys(v: unknown, keys: readonly string[]): unknown {
  if (!isPlainObject(v)) return v;
  const out: Record<string, unknown> = { ...v };
  for (const k of keys) delete out[k];
  return out;
}

/**
 * Accelerator ids: case files use the ids of the validation README's table, which are the
 * project catalog's ids. The research catalog's ids (right column of that table) are
 * accepted too and mapped here.
 */
export const ACCELERATOR_ID_ALIASES: Readonly<Record<string, string>> = {
  'nvidia-a100-sxm4-80gb': 'a100-sxm-80gb',
  'nvidia-h100-sxm5': 'h100-sxm',
  'nvidia-h200-sxm': 'h200-sxm',
  'nvidia-b200-hgx': 'b200',
  'nvidia-b300-hgx': 'b300',
  'nvidia-gb200-per-gpu': 'gb200',
  'nvidia-gb300-per-gpu': 'gb300',
  'amd-mi300x': 'mi300x',
  'amd-mi325x': 'mi325x',
  'amd-mi355x': 'mi355x',
  'intel-gaudi3': 'gaudi3',
  'nvidia-l40s': 'l40s',
  'nvidia-rtx-pro-6000-bw-server': 'rtx-pro-6000',
};

/** The catalog id a case's accelerator id means. */
export function mapAcceleratorId(caseId: string): string {
  return ACCELERATOR_ID_ALIASES[caseId] ?? caseId;
}

export type TrainingCaseOptions = {
  /** Include the MLPerf GPT-3 periodic evaluations in the time to train. */
  readonly mlperfGpt3Evaluation?: boolean;
  /** Include these periodic evaluations in the time to train (an MLPerf benchmark's protocol). */
  readonly evaluation?: {
    readonly intervalSeqs: number;
    readonly evalSeqs: number;
    readonly skipEvals: number;
  } | null;
};

/**
 * The feed-forward type of a case: as stated, else inferred from `params_b` and the shape
 * ({@link inferFfnType} in model/workload: the type whose parameter count is closer).
 */
export function caseFfnType(m: TrainingCase['model']): 'gelu' | 'swiglu' {
  return caseModelShape(m, m.seq_len).ffnType;
}

/**
 * Whether a training case forces an even token distribution over the experts: the format says
 * such sources "say so in the note" (Megatron-Bridge: "we force-balance the token distribution
 * among experts").
 */
export function forcesExpertBalance(c: Readonly<Record<string, unknown>>): boolean {
  const note = c['note'];
  return typeof note === 'string' && /force[- ]?balanc/i.test(note);
}

/** A scenario `auto` where the case leaves a field unstated (null). */
function autoIfUnstated<T>(v: T | null): T | 'auto' {
  return v === null ? 'auto' : v;
}

/**
 * One section parsed with its scenario schema; a malformed case fails naming the scenario field
 * (`workload.model.hiddenSize: ...`), as a scenario file would.
 */
export function parseSection<T>(schema: z.ZodType<T>, raw: unknown, where: string): T {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const first = r.error.issues[0];
  const path = [where, ...(first?.path ?? []).map(String)].join('.');
  throw new Error(`${path}: ${first?.message ?? 'invalid'}`);
}

/**
 * The scenario's model section of a case's model: the case's shape ({@link caseModelShape}:
 * unstated kv_heads, feed-forward type and embedding tying inferred there) in the scenario's
 * field names.
 */
function caseModelSection(m: TrainingCase['model']): TrainingWorkloadInput['model'] {
  const shape = caseModelShape(m, m.seq_len);
  return {
    ...shapeModelFields(shape),
    seqLenTokens: m.seq_len,
    tiedEmbeddings: shape.tiedEmbeddings ?? true,
  };
}

/**
 * The scenario sections of a checked training-step case (units unchanged; unstated fields
 * `auto`, so the engine chooses), each parsed with its scenario schema and the workload checked
 * against the GPUs as a scenario's is (model/scenario `trainingWorkloadIssues`). Throws naming the
 * first bad field by its scenario path.
 */
export function trainingCaseSections(
  c: TrainingCase,
  options: TrainingCaseOptions = {},
): TrainingSections {
  const p = c.parallelism;
  const sys = c.system;
  const gpusPerNode = sys.gpus_per_node ?? Math.min(8, sys.nvlink_domain ?? 8);
  const scaleOut = sys.scale_out;
  if (scaleOut === null && sys.gpus > Math.max(gpusPerNode, sys.nvlink_domain ?? 0)) {
    throw new Error(
      `system.scale_out: required when the ${sys.gpus} GPUs span more than one node (${gpusPerNode} GPUs) or scale-up domain`,
    );
  }
  const t = c.training;
  const workload = parseSection(
    trainingWorkloadSchema,
    {
      kind: 'training',
      model: caseModelSection(c.model),
      training: {
        globalBatchSeqs: t.global_batch_seqs,
        microBatchSeqs: autoIfUnstated(t.micro_batch),
        precision: t.precision,
        recompute: autoIfUnstated(t.recompute),
        finetune: t.finetune ? { method: 'lora', rank: t.finetune.rank } : { method: 'full' },
        tokensToTrain: t.tokens_to_train,
        powerLimitW: sys.power_limit_w,
        packedDocTokens: t.packed_doc_tokens,
        moeDispatcher: autoIfUnstated(t.moe_dispatcher),
        moeA2aOverlap: autoIfUnstated(t.moe_a2a_overlap),
        cudaGraphs: autoIfUnstated(t.cuda_graphs),
        pipelineSplit: autoIfUnstated(t.pipeline_split),
        attentionKernel: autoIfUnstated(t.attention_kernel),
        softwareEra: autoIfUnstated(t.software_era),
        expertImbalance: c.model.moe !== null && forcesExpertBalance(c) ? 1 : null,
        evaluation: options.evaluation
          ? options.evaluation
          : options.mlperfGpt3Evaluation
            ? {
                intervalSeqs: MLPERF_GPT3_PROTOCOL.evalIntervalSeqs,
                evalSeqs: MLPERF_GPT3_PROTOCOL.evalSeqs,
              }
            : null,
      },
      parallelism:
        p === null
          ? 'auto'
          : {
              tp: autoIfUnstated(p.tp),
              pp: autoIfUnstated(p.pp),
              dp: autoIfUnstated(p.dp),
              cp: autoIfUnstated(p.cp),
              vpp: autoIfUnstated(p.vpp),
              zeroStage: autoIfUnstated(p.zero_stage),
              sequenceParallel: autoIfUnstated(p.sequence_parallel),
              ep: autoIfUnstated(p.ep),
              etp: autoIfUnstated(p.etp),
            },
    } satisfies TrainingWorkloadInput,
    'workload',
  );
  const compute = parseSection(
    computeSectionSchema,
    {
      acceleratorId: mapAcceleratorId(sys.accelerator),
      gpus: sys.gpus,
      gpusPerNode,
      nvlinkDomainGpus: autoIfUnstated(sys.nvlink_domain),
      stack: c.stack,
    },
    'cluster.compute',
  );
  // No scale-out stated for a job that never leaves its node or scale-up domain: the engine
  // needs a fabric to size, and no traffic crosses it.
  const network = parseSection(
    networkSectionSchema,
    {
      scaleOut:
        scaleOut === null
          ? { fabric: 'infiniband', gbpsPerGpu: 400 }
          : {
              fabric: scaleOut.fabric,
              gbpsPerGpu: scaleOut.gbps_per_gpu,
              fatTreeTiers: autoIfUnstated(scaleOut.tiers),
              oversubscriptionRatio: scaleOut.oversubscription ?? 1,
            },
    },
    'cluster.network',
  );
  const issue = trainingWorkloadIssues(workload, compute.gpus)[0];
  if (issue !== undefined) throw new Error(`${issue.path.join('.')}: ${issue.message}`);
  return { workload, compute, network };
}

/**
 * MLPerf Training GPT-3 175B benchmark protocol: the scored time (run_start → run_stop) includes
 * the periodic evaluations; model initialisation is excluded (MLPerf training rules; the
 * research notes' scoring_notes: "model init/compile excluded, evaluation included").
 * - Evaluation every 24,576 sequences of 2,048 tokens (MLPerf GPT-3 reference README,
 *   "Evaluation frequency"; NVIDIA's v4.0 submission README repeats it). NVIDIA's NeMo
 *   implementation, which every GPT-3 submission in the research file runs, counts it in whole
 *   steps: `val_check_interval: ceil_div(24576, GBS)` (mlcommons/training_results_v3.1,
 *   NVIDIA/benchmarks/gpt3/implementations/pytorch/conf/custom.yaml).
 * - Each evaluation runs forward-only over the 5,662 validation sequences of 2,048 tokens (same
 *   custom.yaml: `limit_val_batches = ceil_div(5662, GBS)` for proxy runs, i.e. the full set is
 *   5,662 sequences) — padded to whole global batches (`pad_samples_to_global_batch_size: True`,
 *   `validation_drop_last: False`); the engine applies the whole-step / whole-batch rounding.
 * - The engine models the evaluations itself (`training.evaluation`: forward-only, pipelined,
 *   on the training layout; model/training), so the method lives in one place.
 * No other fixed start-up time is added: no published figure for it was found, and run_start
 * follows initialisation and the synthetic-data warm-up steps by the rules
 * (`run_warmup_on_synth_data: 1` in the same config).
 */
export const MLPERF_GPT3_PROTOCOL = {
  evalIntervalSeqs: 24_576,
  seqLen: 2048,
  /** Validation sequences per evaluation. */
  evalSeqs: 5662,
  source:
    'MLPerf Training GPT-3 reference README (mlcommons/training large_language_model) and NVIDIA MLPerf Training v3.1 gpt3 conf/custom.yaml: evaluate every ceil(24,576 / GBS) steps on 5,662 validation sequences, padded to whole global batches',
} as const;

/** Whether a case is an MLPerf Training GPT-3 result (by its id or source). */
export function isMlperfGpt3Case(id: string, source: string | undefined): boolean {
  const text = `${id} ${source ?? ''}`;
  return /mlperf/i.test(text) && /gpt-?3/i.test(text);
}

/** An MLPerf Training benchmark's evaluation protocol, resolved for one global batch size. */
export type MlperfEvaluation = {
  readonly benchmark: 'gpt3' | 'llama2_70b_lora' | 'llama31_405b' | 'llama31_8b';
  /** Sequences between evaluations (the engine rounds it up to whole steps). */
  readonly intervalSeqs: number;
  /** Validation sequences per evaluation (the engine pads them to whole global batches). */
  readonly evalSeqs: number;
  /** Evaluations not run at the start of the run. */
  readonly skipEvals: number;
  /** The protocol in words, with its source. */
  readonly text: string;
};

/**
 * MLPerf Training evaluation protocols inside the scored time (the rules: "the time to evaluate
 * the quality is included in the wallclock time"; warm-up runs before run_start). Sources: the
 * training rules' quality table (mlcommons/training_policies `training_rules.adoc`, read in the
 * Dec 2025 text of the forks denys-fridman@ad198cc and pavanky@12a5748), the reference
 * implementations (mlcommons/training `llama2_70b_lora/README.md`,
 * `large_language_model_pretraining/nemo` and `small_llm_pretraining/nemo`, `pretrain_llama31.py`:
 * `eval_every_n_batches = ceil(eval_every / gbs)`, `eval_batches = ceil(eval_tokens / gbs)`), and
 * NVIDIA's submissions (v5.0 `conf/custom.yaml`: `ceil_div(46080, GBS)`, `ceil_div(5760, GBS)`,
 * `pad_samples_to_global_batch_size: True`). Every v5.1 result log read matches them.
 * - Llama 2 70B LoRA: every 384 sequences, skipping the first floor(0.125·GBS + 2) evaluations,
 *   over the 173 packed 8,192-token validation sequences. v4.x (before the skip rule): NVIDIA's
 *   NeMo configs skip 4 (`SKIP_EVALS=4`, config_common.sh), 3 in the single-node GBS-8 config.
 * The round is read from the id or source (`v4.0`, `v5p1`); without one the current rule applies.
 * - Llama 3.1 405B: v5.1 on, every 18,432 sequences skipping the first floor(0.0026·GBS + 12);
 *   v5.0, every 46,080 sequences with no skip (the rules' v5.0 appendix); 5,760 validation
 *   sequences of 8,192 tokens.
 * - Llama 3.1 8B: every 12,288 sequences, no skip, over 1,024 validation sequences.
 * Returns null for a case that is not one of these benchmarks. The benchmark is told by the
 * case's id or source (`mlperf` and the benchmark's name) and checked against the model shape.
 */
export function mlperfEvaluationFor(
  id: string,
  source: string | undefined,
  c: TrainingCase,
): MlperfEvaluation | null {
  const text = `${id} ${source ?? ''}`;
  if (!/mlperf/i.test(text)) return null;
  const gbs = c.training.global_batch_seqs;
  const m = c.model;
  if (/gpt-?3/i.test(text)) {
    return {
      benchmark: 'gpt3',
      intervalSeqs: MLPERF_GPT3_PROTOCOL.evalIntervalSeqs,
      evalSeqs: MLPERF_GPT3_PROTOCOL.evalSeqs,
      skipEvals: 0,
      text: 'MLPerf GPT-3 evaluations included (every 24,576 sequences, 5,662 validation sequences)',
    };
  }
  const round = /v(\d+)(?:\.|p)(\d+)/i.exec(text);
  const roundNumber = round === null ? null : Number(round[1]) + Number(round[2]) / 10;
  const lora = c.training.finetune !== null;
  if (lora && /lora/i.test(text) && m.layers === 80 && m.hidden === 8192) {
    // v4.x: NVIDIA's NeMo configs, which its partners ran (SKIP_EVALS=4 in config_common.sh,
    // 3 in the single-node GBS-8 config); v5.0 on: the rules' floor(0.125·GBS + 2).
    const skip =
      roundNumber !== null && roundNumber < 5 ? (gbs <= 8 ? 3 : 4) : Math.floor(0.125 * gbs + 2);
    return {
      benchmark: 'llama2_70b_lora',
      intervalSeqs: 384,
      evalSeqs: 173,
      skipEvals: skip,
      text: `MLPerf Llama 2 70B LoRA evaluations included (every 384 sequences after the first ${skip} skipped, 173 validation sequences)`,
    };
  }
  if (!lora && /405b/i.test(text) && m.layers === 126 && m.hidden === 16384) {
    const v50 = roundNumber === 5;
    const skip = v50 ? 0 : Math.floor(0.0026 * gbs + 12);
    const interval = v50 ? 46_080 : 18_432;
    return {
      benchmark: 'llama31_405b',
      intervalSeqs: interval,
      evalSeqs: 5760,
      skipEvals: skip,
      text: `MLPerf Llama 3.1 405B evaluations included (every ${interval.toLocaleString('en-US')} sequences${skip > 0 ? ` after the first ${skip} skipped` : ''}, 5,760 validation sequences)`,
    };
  }
  if (!lora && /(?:llama.?3\.?1.?8b|8b)/i.test(text) && m.layers === 32 && m.hidden === 4096) {
    return {
      benchmark: 'llama31_8b',
      intervalSeqs: 12_288,
      evalSeqs: 1024,
      skipEvals: 0,
      text: 'MLPerf Llama 3.1 8B evaluations included (every 12,288 sequences, 1,024 validation sequences)',
    };
  }
  return null;
}

/** Metrics a training-step case may observe, read from the engine's result. */
const DIRECT_METRICS: Readonly<Record<string, (r: TrainingResult) => number>> = {
  step_time_s: (r) => r.stepTimeS,
  mfu_pct: (r) => r.mfuPct,
  hfu_pct: (r) => r.hfuPct,
  tokens_per_s: (r) => r.tokensPerS,
  samples_per_s: (r) => r.samplesPerS,
  achieved_tflops_per_gpu: (r) => r.achievedTflopsPerGpu,
  memory_per_gpu_gib: (r) => r.memory.totalBytes / 1024 ** 3,
};

/** Metric ids a training-step case can be checked on. */
export const TRAINING_CASE_METRICS: readonly string[] = [
  ...Object.keys(DIRECT_METRICS),
  'time_to_train_min',
  'time_to_train_days',
];

/**
 * Predict one training-step case.
 * @param raw - the case as read from the file
 * @param metric - the observed metric id
 * @param id - case id; source - case source (to recognise the MLPerf GPT-3 protocol)
 * @throws Error with the reason when the case is malformed or the engine rejects it
 */
export function predictTrainingStepCase(
  raw: unknown,
  metric: string,
  id: string,
  source: string | undefined,
): CasePrediction {
  const parsed = trainingCaseSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? first.path.map(String).join('.') : '';
    throw new Error(`malformed training-step case: ${where}: ${first?.message ?? 'invalid'}`);
  }
  const c = parsed.data;
  const direct = DIRECT_METRICS[metric];
  if (!direct && metric !== 'time_to_train_min' && metric !== 'time_to_train_days') {
    throw new Error(`metric "${metric}" is not predicted for kind training-step`);
  }
  if (!direct && c.training.tokens_to_train === null) {
    throw new Error(`training.tokens_to_train is required for metric "${metric}"`);
  }
  const mlperf = direct ? null : mlperfEvaluationFor(id, source, c);
  const sections = trainingCaseSections(c, {
    evaluation:
      mlperf === null
        ? null
        : {
            intervalSeqs: mlperf.intervalSeqs,
            evalSeqs: mlperf.evalSeqs,
            skipEvals: mlperf.skipEvals,
          },
  });
  const r = simulateTraining(sections);
  const l = r.layout;
  const notes: string[] = [`layout ${layoutText(l, c.model.layers)}`];
  if (!r.memory.fits) notes.push('does not fit in HBM');
  if (direct) return { value: direct(r), notes };
  if (r.timeToTrainS === null) throw new Error('engine returned no time to train');
  if (mlperf !== null) notes.push(mlperf.text);
  const seconds = r.timeToTrainS;
  return { value: metric === 'time_to_train_min' ? seconds / 60 : seconds / 86_400, notes };
}
