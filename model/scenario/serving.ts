import { z } from 'zod';
import { PRECISIONS } from '../vocabulary';
import { intIn, moneyIn, numIn, oneOf, orAuto } from './fields';
import {
  modelExtensionFields,
  moeCoreFields,
  moeExtensionFields,
  pushMoeIssues,
  pushTransformerIssues,
  transformerCoreFields,
} from './modelShape';

/**
 * Scenario workload `serving`: one LLM served under a load (model/serving is the engine).
 * Beside `training` in the workload union, discriminated by `kind: 'serving'`. The accelerator,
 * GPU count, scale-up domain and stack come from the scenario's `cluster.compute` section.
 * Every number has a range (sanity bounds, not design limits) and its unit in its name.
 */

/** Weights/matmul precision: the engine's one precision list (model/vocabulary). */
export const servingPrecisionSchema = oneOf(PRECISIONS);

/** Mixture-of-experts shape: routed experts per MoE layer, experts per token, active parameters. */
export const servingMoeSchema = z
  .strictObject({
    ...moeCoreFields,
    /** Parameters used per token, billions (shared experts and dense layers included). */
    activeParamsB: numIn(0.001, 100_000, 'billion parameters'),
    ...moeExtensionFields,
  })
  .check((ctx) => pushMoeIssues(ctx.value, ctx.issues));

export const servingModelSchema = z
  .strictObject({
    /** Preset id this shape came from (informational). */
    preset: z.string().max(100).optional(),
    /** Total parameters (all experts), billions. */
    paramsB: numIn(0.001, 100_000, 'billion parameters'),
    ...transformerCoreFields,
    /** Input and output embeddings share one matrix (false for Llama 3, Mixtral). */
    tiedEmbeddings: z.boolean().default(false),
    /** null: dense model. */
    moe: servingMoeSchema.nullable().default(null),
    ...modelExtensionFields,
  })
  .check((ctx) => {
    const m = ctx.value;
    pushTransformerIssues(m, ctx.issues);
    if (m.moe !== null && m.moe.activeParamsB > m.paramsB) {
      ctx.issues.push({
        code: 'custom',
        input: m.moe.activeParamsB,
        path: ['moe', 'activeParamsB'],
        message: `must be at most paramsB (${m.paramsB})`,
      });
    }
  });
export type ServingModelSection = z.infer<typeof servingModelSchema>;

const percentileSchema = numIn(50, 99.99, 'percentile');

/** How requests arrive. */
export const servingLoadSchema = z.discriminatedUnion(
  'mode',
  [
    /** Every request queued at once; the engine picks the batch (max throughput). */
    z.strictObject({ mode: z.literal('offline') }),
    /** Open-loop Poisson arrivals. */
    z.strictObject({
      mode: z.literal('request_rate'),
      requestsPerS: numIn(1e-6, 1e7, 'requests/s'),
    }),
    /** Closed loop: this many requests in flight. */
    z.strictObject({
      mode: z.literal('concurrency'),
      concurrency: intIn(1, 10_000_000, 'requests'),
    }),
    /** One static batch of identical requests. */
    z.strictObject({ mode: z.literal('batch'), batch: intIn(1, 1_000_000, 'requests') }),
    /** Highest Poisson rate whose percentile TTFT and TPOT stay within the limits (MLPerf Server). */
    z.strictObject({
      mode: z.literal('slo'),
      ttftLimitMs: numIn(0.1, 3_600_000, 'ms'),
      tpotLimitMs: numIn(0.1, 60_000, 'ms'),
      percentile: percentileSchema.default(99),
    }),
  ],
  { error: 'mode must be "offline", "request_rate", "concurrency", "batch" or "slo"' },
);
export type ServingLoadSection = z.infer<typeof servingLoadSchema>;

export const servingSettingsSchema = z.strictObject({
  /** Weights and matmul precision. */
  precision: servingPrecisionSchema.default('bf16'),
  /** KV-cache precision; `auto`: FP8 with FP8/FP4 weights on an optimized stack, else 16-bit. */
  kvCachePrecision: orAuto(servingPrecisionSchema, '"fp16", "bf16", "fp8" or "fp4"').default(
    'auto',
  ),
  /** Mean prompt length, tokens. */
  inputTokensMean: numIn(1, 16_777_216, 'tokens'),
  /** Mean generated tokens per request. */
  outputTokensMean: numIn(1, 1_048_576, 'tokens'),
  load: servingLoadSchema.default({ mode: 'offline' }),
  /** Requests in a finite benchmark run (changes throughput/TTFT accounting); null: steady state. */
  requestCount: intIn(1, 1e9, 'requests').nullable().default(null),
  /** Cap on running requests per model copy; `auto`: the stack default. */
  maxBatchPerReplica: orAuto(intIn(1, 1_000_000, 'requests')).default('auto'),
  /** Percentile reported beside the means (TTFT/TPOT at p-th). */
  reportPercentile: percentileSchema.default(99),
  /**
   * Engine limit on tokens per step (TensorRT-LLM max_num_tokens, vLLM max_num_batched_tokens);
   * `auto`: 8,192, both engines' default, lowered on a small MIG slice.
   */
  maxTokensPerStep: orAuto(intIn(16, 1_048_576, 'tokens')).default('auto'),
  /**
   * Static-shape serving: every decode step computes the running batch rounded up to a multiple
   * of this many requests (TGI-Gaudi's BATCH_BUCKET_SIZE: `new_bs = round_up(total_requests,
   * BATCH_BUCKET_SIZE)`); null: continuous batching without padding (every other engine).
   */
  batchBucket: intIn(1, 1_000_000, 'requests').nullable().default(null),
  /**
   * Static-shape serving: the KV length every decoding request's attention reads, its cache
   * padded to it (TGI-Gaudi's MAX_TOTAL_TOKENS, `grouped_pad`); null: the requests' own context.
   */
  padContextTokens: intIn(1, 16_777_216, 'tokens').nullable().default(null),
  /**
   * Speculative decoding with the model's MTP modules as the draft; null: none. Acceptance of
   * one drafted token, `auto`: 0.85 (DeepSeek-V3 report §5.4.3: 85–90 %).
   */
  speculative: z
    .strictObject({
      draftTokens: intIn(1, 8, 'tokens'),
      acceptanceRate: orAuto(numIn(0, 0.999, 'of drafted tokens')).default('auto'),
    })
    .nullable()
    .default(null),
  /**
   * Disaggregated prefill and decode pools; null: shared copies (in-flight batching).
   * `prefillGpus`: GPUs of the prefill pool, `auto`: the split that carries the most.
   */
  disaggregation: z
    .strictObject({ prefillGpus: orAuto(intIn(1, 1_000_000, 'GPUs')).default('auto') })
    .nullable()
    .default(null),
});
export type ServingSettingsSection = z.infer<typeof servingSettingsSchema>;

/** Parallelism per model copy; `auto` fields: the engine picks the best throughput that fits. */
export const servingParallelismSchema = z.strictObject({
  tp: orAuto(intIn(1, 1024)).default('auto'),
  pp: orAuto(intIn(1, 1024)).default('auto'),
  /** Expert parallel degree inside the TP group (MoE). */
  ep: intIn(1, 4096).default(1),
  /** Model copies; `auto`: as many as the GPUs hold. */
  replicas: orAuto(intIn(1, 1_000_000)).default('auto'),
  /**
   * MLA models: attention data-parallel over the copy's GPUs (each its own requests and latent
   * cache), experts expert-parallel (DeepSeek's serving layout).
   */
  attentionDp: z.boolean().default(false),
});
export type ServingParallelismSection = z.infer<typeof servingParallelismSchema>;

/** GPU partitioning (MIG slices or time slicing); `none` by default. */
export const servingPartitionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('none') }),
    /**
     * A MIG profile of the accelerator (`1g.10gb`, …: model/catalog/mig.ts, NVIDIA's MIG guide),
     * or shares of SMs and memory slices stated by hand (e.g. 3g.40gb on H100: 3/7, 1/2).
     */
    z
      .strictObject({
        kind: z.literal('mig'),
        profile: z.string().min(1).max(40).nullable().default(null),
        computeShare: numIn(0.01, 1, 'of the GPU').nullable().default(null),
        memoryShare: numIn(0.01, 1, 'of the GPU').nullable().default(null),
      })
      .check((ctx) => {
        const v = ctx.value;
        if (v.profile === null && (v.computeShare === null || v.memoryShare === null)) {
          ctx.issues.push({
            code: 'custom',
            input: v,
            path: ['profile'],
            message:
              'must be chosen (or state computeShare and memoryShare): a MIG partition needs its slice of the GPU',
          });
        }
      }),
    /** Round-robin time slicing between this many instances. */
    z.strictObject({ kind: z.literal('time_sliced'), instances: intIn(1, 64, 'instances') }),
  ],
  { error: 'kind must be "none", "mig" or "time_sliced"' },
);
export type ServingPartitionSection = z.infer<typeof servingPartitionSchema>;

/** Sizing target: how many GPUs serve this rate within the limits. */
export const servingTargetSchema = z.strictObject({
  requestsPerS: numIn(1e-6, 1e7, 'requests/s'),
  ttftLimitMs: numIn(0.1, 3_600_000, 'ms'),
  tpotLimitMs: numIn(0.1, 60_000, 'ms'),
  percentile: percentileSchema.default(99),
});
export type ServingTargetSection = z.infer<typeof servingTargetSchema>;

export const servingWorkloadSchema = z.strictObject({
  kind: z.literal('serving'),
  model: servingModelSchema,
  serving: servingSettingsSchema,
  parallelism: servingParallelismSchema.default({
    tp: 'auto',
    pp: 'auto',
    ep: 1,
    replicas: 'auto',
    attentionDp: false,
  }),
  partition: servingPartitionSchema.default({ kind: 'none' }),
  /** Board power cap below the accelerator default, W; null: default limit. */
  powerLimitW: numIn(50, 5000, 'W').nullable().default(null),
  /** Price of one rented GPU-hour for cost per million tokens, USD; null: owned hardware, priced by the TCO model (power/cost stage). */
  gpuHourUsd: moneyIn(10_000, 'per GPU-hour').nullable().default(null),
  /** Sizing target (GPUs for a load under limits); null: no sizing. */
  target: servingTargetSchema.nullable().default(null),
});
export type ServingWorkload = z.infer<typeof servingWorkloadSchema>;
export type ServingWorkloadInput = z.input<typeof servingWorkloadSchema>;
