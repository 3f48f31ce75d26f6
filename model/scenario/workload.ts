import { z } from 'zod';
import { intIn, numIn, oneOf, orAuto } from './fields';
import { servingWorkloadSchema } from './serving';
import {
  modelExtensionFields,
  moeCoreFields,
  moeExtensionFields,
  pushMoeIssues,
  pushTransformerIssues,
  transformerCoreFields,
} from './modelShape';

export {
  headWidthIssue,
  mlaSchema,
  modelExtensionFields,
  modelShapeOf,
  moeExtensionFields,
  slidingWindowSchema,
} from './modelShape';
export type { ScenarioModelFields } from './modelShape';

/**
 * Scenario section `workload`: what the cluster runs. A discriminated union on `kind`:
 * `training` (pre-training or fine-tuning a transformer; this file) or `serving` (LLM
 * inference; model/scenario/serving.ts, owned by the serving engine).
 *
 * Ranges are generous sanity bounds (they reject typos and physically meaningless values,
 * not unusual designs): e.g. 1–1,000 layers covers every published model (the largest dense
 * published shapes have ≤ 200 layers).
 */

/** Mixture-of-experts shape: `experts` routed FFNs per MoE layer, `topK` used per token. */
export const moeSchema = z
  .strictObject({ ...moeCoreFields, ...moeExtensionFields })
  .check((ctx) => pushMoeIssues(ctx.value, ctx.issues));
export type MoeSection = z.infer<typeof moeSchema>;

/** Transformer shape (decoder-only). Field names follow the published configs' vocabulary. */
export const modelShapeSchema = z
  .strictObject({
    /** Preset id this shape came from (informational; the numbers below are what counts). */
    preset: z.string().max(100).optional(),
    ...transformerCoreFields,
    /** Tokens per training sequence. */
    seqLenTokens: intIn(1, 16_777_216, 'tokens'),
    /** null: dense model. */
    moe: moeSchema.nullable().default(null),
    /** Input and output embeddings share one matrix (GPT-3, Megatron); false for Llama 3. */
    tiedEmbeddings: z.boolean().default(true),
    ...modelExtensionFields,
  })
  .check((ctx) => {
    const m = ctx.value;
    pushTransformerIssues(m, ctx.issues);
    if (m.moe !== null && m.moe.firstDenseLayers > m.layers) {
      ctx.issues.push({
        code: 'custom',
        input: m.moe.firstDenseLayers,
        path: ['moe', 'firstDenseLayers'],
        message: `must be at most layers (${m.layers})`,
      });
    }
  });
export type ModelShapeSection = z.infer<typeof modelShapeSchema>;

import { precisionSchema, recomputeSchema } from '../vocabulary';
export { precisionSchema, recomputeSchema };

/** Full training (all weights trained) or LoRA fine-tuning (frozen base weights). */
export const finetuneSchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.literal('full') }),
    z.strictObject({ method: z.literal('lora'), rank: intIn(1, 65_536) }),
  ],
  { error: 'must be {"method":"full"} or {"method":"lora","rank":r}' },
);

export const trainingSettingsSchema = z.strictObject({
  /** Sequences per optimizer step across the whole cluster. */
  globalBatchSeqs: intIn(1, 100_000_000, 'sequences'),
  /** Sequences per micro batch per pipeline; `auto`: the engine picks the fastest that fits. */
  microBatchSeqs: orAuto(intIn(1, 65_536, 'sequences')).default('auto'),
  /** Compute precision of the matmuls (fp8/fp4 only where the accelerator has them). */
  precision: precisionSchema.default('bf16'),
  /** Activation recomputation (Korthikanti et al. 2022); `auto`: fastest that fits. */
  recompute: orAuto(recomputeSchema, '"none", "selective" or "full"').default('auto'),
  finetune: finetuneSchema.default({ method: 'full' }),
  /** Tokens to process for the time to train; null: no time-to-train figure. */
  tokensToTrain: numIn(1, 1e16, 'tokens').nullable().default(null),
  optimizer: z.literal('adam', { error: 'must be "adam"' }).default('adam'),
  /** Fixed wall-clock overhead added to the time to train (start-up, evaluation), seconds. */
  fixedOverheadS: numIn(0, 1e8, 's').default(0),
  /**
   * Periodic evaluation inside the time to train: a forward-only pass over `evalSeqs` sequences
   * after every `intervalSeqs` trained sequences (both rounded up to whole global batches, as
   * Megatron-LM and NeMo run them); `skipEvals`: how many of the first evaluations are not run
   * (MLPerf LLM benchmarks skip a few); null: none.
   */
  evaluation: z
    .strictObject({
      intervalSeqs: intIn(1, 1e12, 'sequences'),
      evalSeqs: intIn(1, 1e9, 'sequences'),
      skipEvals: intIn(0, 1e9, 'evaluations').default(0),
    })
    .nullable()
    .default(null),
  /**
   * Attention kernel: `flash` (FlashAttention) or `unfused`; `auto`: the engine's default for the
   * accelerator's software era (unfused on A100, flash on Hopper and newer).
   */
  attentionKernel: orAuto(oneOf(['flash', 'unfused']), '"flash" or "unfused"').default('auto'),
  /**
   * ZeRO-3 / FSDP parameter gathers: `flat` (per-GPU NIC rate, as measured for DeepSpeed ZeRO-3
   * at Megatron scale) or `hierarchical` (the node's NICs together, as measured for PyTorch
   * FSDP and Megatron-FSDP); `auto`: the accelerator's software era (flat on A100, hierarchical
   * on Hopper and newer). Only used with ZeRO stage 3.
   */
  zero3Gathers: orAuto(oneOf(['flat', 'hierarchical']), '"flat" or "hierarchical"').default('auto'),
  /**
   * Board power cap per GPU, W; null: the accelerator's default limit. Below the TDP the GPUs
   * clock down (matmuls slow, HBM does not) and draw at most this much in the power figures.
   */
  powerLimitW: numIn(50, 5000, 'W').nullable().default(null),
  /**
   * Mean tokens per document when short documents are packed into each sequence with a
   * per-document attention mask (fine-tuning recipes pack examples this way); attention then
   * costs in proportion to the document length. Null: one document per sequence.
   */
  packedDocTokens: numIn(1, 1e8, 'tokens').nullable().default(null),
  /**
   * MoE load imbalance: routed tokens of the busiest expert-parallel rank over the mean; 1 for
   * benchmarks that force an even distribution; null: dropless routing's sourced default (1.2).
   */
  expertImbalance: numIn(1, 16, '× the mean').nullable().default(null),
  /**
   * Training software era: `megatron-2021` (unfused attention, no sequence parallelism, TP
   * exposed) or `current` (FlashAttention, sequence parallelism, TP overlap); `auto`: from the
   * stated stack (attention kernel, sequence parallelism or selective recompute), else the
   * accelerator's era.
   */
  softwareEra: orAuto(oneOf(['megatron-2021', 'current']), '"megatron-2021" or "current"').default(
    'auto',
  ),
  /** Gradient synchronisation across data-parallel replicas. */
  gradSync: oneOf(['all-reduce', 'parameter-server']).default('all-reduce'),
  /**
   * MoE token dispatcher, as Megatron-Core names it: `alltoall` (NCCL all-to-all of every routed
   * copy, a second sort by local expert), `allgather`, or the flex dispatcher's `deepep` /
   * `hybridep` backends (SM-driven kernels, one copy per destination rank or domain); `auto`:
   * DeepEP-class on the optimized stack, `alltoall` on the baseline stack (added in format 4).
   */
  moeDispatcher: orAuto(
    oneOf(['alltoall', 'allgather', 'deepep', 'hybridep']),
    '"alltoall", "allgather", "deepep" or "hybridep"',
  ).default('auto'),
  /**
   * MoE dispatch/combine overlapped with the other micro batch's compute (Megatron-Core
   * `overlap_moe_expert_parallel_comm`); `auto`: off, the Megatron-Bridge default (format 4).
   */
  moeA2aOverlap: orAuto(z.boolean(), 'true or false').default('auto'),
  /**
   * CUDA graphs over the per-layer dense kernels; false: every kernel launched eagerly, a layer
   * is at least as long as its launches and MoE layers carry the host share the partial graphs
   * remove (Megatron-Core's GB200 DeepSeek-V3 guide: 7.9 %, 3.9 % more with shared experts);
   * `auto`: no launch floor or eager share, as before format 4.
   */
  cudaGraphs: orAuto(z.boolean(), 'true or false').default('auto'),
  /**
   * How pipeline stages split the model: `layers` — the transformer layers evenly, the output
   * layer (logits and loss) on top of the last stage's (Megatron-Core's default without a layout);
   * `balanced` — embedding, layers and loss spread so every stage carries 1/pp of the work
   * (`pipeline_model_parallel_layout`, `account_for_embedding/loss_in_pipeline_split`); `auto`:
   * balanced for MoE and MTP models, layers for dense ones, as before format 6.
   */
  pipelineSplit: orAuto(oneOf(['layers', 'balanced']), '"layers" or "balanced"').default('auto'),
});
export type TrainingSettingsSection = z.infer<typeof trainingSettingsSchema>;

/**
 * Explicit layout; each field may be `auto` (the engine chooses). When TP, PP, DP and CP are
 * all given, their product must equal the cluster's GPU count (checked in the scenario schema).
 */
export const parallelismLayoutSchema = z.strictObject({
  tp: orAuto(intIn(1, 1024)).default('auto'),
  pp: orAuto(intIn(1, 1024)).default('auto'),
  dp: orAuto(intIn(1, 1_048_576)).default('auto'),
  cp: orAuto(intIn(1, 1024)).default(1),
  /** Virtual pipeline stages per GPU: 1 = plain 1F1B, ≥ 2 = interleaved. */
  vpp: orAuto(intIn(1, 256)).default('auto'),
  zeroStage: orAuto(
    z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    '0, 1, 2 or 3',
  ).default('auto'),
  sequenceParallel: orAuto(z.boolean(), 'true or false').default('auto'),
  /** Expert parallel degree (MoE): routed experts split over ep GPUs of a stage; `auto`: searched. */
  ep: orAuto(intIn(1, 4096)).default(1),
  /** Tensor parallelism inside each expert FFN (Megatron-Core expert_tensor_parallel_size). */
  etp: orAuto(intIn(1, 1024)).default(1),
});
export type ParallelismLayoutSection = z.infer<typeof parallelismLayoutSchema>;

export const parallelismSchema = z.union([z.literal('auto'), parallelismLayoutSchema], {
  error: (iss) =>
    iss.code === 'invalid_union' ? 'must be "auto" or an object {tp, pp, dp, cp, ...}' : undefined,
});

export const trainingWorkloadSchema = z.strictObject({
  kind: z.literal('training'),
  model: modelShapeSchema,
  training: trainingSettingsSchema,
  parallelism: parallelismSchema.default('auto'),
});
export type TrainingWorkload = z.infer<typeof trainingWorkloadSchema>;
export type TrainingWorkloadInput = z.input<typeof trainingWorkloadSchema>;

export const workloadSchema = z.discriminatedUnion(
  'kind',
  [trainingWorkloadSchema, servingWorkloadSchema],
  {
    error: (iss) =>
      iss.code === 'invalid_union' ? 'kind must be "training" or "serving"' : undefined,
  },
);
export type Workload = z.infer<typeof workloadSchema>;
