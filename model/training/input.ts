/**
 * The training engine's working input (private to model/training): the scenario sections the
 * public entry points take ({@link TrainingSections}) read once, without checks, into the
 * quantities the engine's method works on. The sections are checked where they are parsed
 * (model/scenario: field ranges, the model shape, and the layout against the model and the
 * cluster in consistency.ts), so nothing here validates.
 *
 * Conventions: every count is a plain positive integer, every time is in seconds, every size in
 * bytes, every rate per second. `null` means "the engine chooses" (the scenario's `auto`): the
 * best choice that fits in memory.
 */

import type { Accelerator } from '../catalog/accelerators';
import { modelShapeOf } from '../scenario';
import type { Fabric, Precision, Recompute, Stack } from '../vocabulary';
import type { ModelShape } from '../workload/types';
import type { MoeDispatcher, SoftwareEra, TrainingSections } from './types';

export type FinetuneSpec = { readonly method: 'lora'; readonly rank: number };

export type TrainingSettings = {
  /** Sequences per optimizer step (whole cluster). */
  readonly globalBatchSeqs: number;
  /** Sequences per micro batch per pipeline; null: engine chooses. */
  readonly microBatch: number | null;
  readonly precision: Precision;
  /** null: engine chooses the fastest that fits. */
  readonly recompute: Recompute | null;
  /** null: full training; LoRA freezes the base weights. */
  readonly finetune: FinetuneSpec | null;
  /** Tokens to process for the time-to-train figure; null: no time to train. */
  readonly tokensToTrain: number | null;
  readonly optimizer: 'adam';
  /**
   * Fixed wall-clock overhead added to the time to train (start-up, evaluation,
   * checkpoint load), seconds. Default 0. MLPerf-style times include such an overhead.
   */
  readonly fixedOverheadS?: number;
  /**
   * Periodic evaluation included in the time to train: a forward-only pass over `evalSeqs`
   * sequences after every `intervalSeqs` trained sequences. As in Megatron-LM and NeMo, the
   * interval is rounded up to whole training steps and the evaluation set to whole global
   * batches, each run as one pipelined forward pass on the training layout (MLPerf GPT-3: every
   * 24,576 sequences over 5,662 validation sequences — the validation harness in
   * model/validation/training.ts applies this protocol itself). `skipEvals` (default 0): the
   * first evaluations that are not run (MLPerf Llama 2 70B LoRA and Llama 3.1 405B skip the
   * first few), so the first one comes after (skipEvals + 1) intervals.
   */
  readonly evaluation?: {
    readonly intervalSeqs: number;
    readonly evalSeqs: number;
    readonly skipEvals?: number;
  } | null;
  /**
   * Attention kernel: `flash` (FlashAttention: fused, causal blocks skipped, no s×s scores stored)
   * or `unfused` (batched GEMMs + fused softmax over the full s×s scores, Megatron-LM 2020–22).
   * Null/absent: `unfused` on A100 (the published A100 runs, 2020–22, predate FlashAttention in
   * Megatron/DeepSpeed), `flash` on Hopper and newer.
   */
  readonly attentionKernel?: 'flash' | 'unfused' | null;
  /**
   * The training software's era, which sets the defaults of the attention kernel, sequence
   * parallelism, TP communication overlap and ZeRO-3 gathers: `megatron-2021` (Megatron-LM /
   * DeepSpeed of 2020–22: unfused attention, no sequence parallelism, TP collectives exposed, ZeRO-3
   * shards gathered at one NIC per GPU) or `current` (FlashAttention, sequence parallelism with
   * TP comm-GEMM overlap on the optimized stack, NCCL PXN gathers). Null/absent: from the stated
   * stack ({@link resolveSoftwareEra}: a stated attention kernel, else a stated layout that only
   * exists since 2022 (sequence parallelism or selective recompute), else the accelerator's era).
   */
  readonly softwareEra?: SoftwareEra | null;
  /**
   * How data-parallel replicas synchronise gradients: `all-reduce` (NCCL ring/tree, hierarchical
   * over the scale-up domain, overlapped with the backward pass: PyTorch DDP, Megatron,
   * DeepSpeed) or `parameter-server` (gradients reduced inside each node, pushed to servers
   * sharded over the nodes and the parameters pulled back synchronously: the BytePS layout).
   * Null/absent: all-reduce. With ZeRO/FSDP sharding the reduce-scatter/all-gather path applies.
   */
  readonly gradSync?: 'all-reduce' | 'parameter-server' | null;
  /**
   * How ZeRO-3 / FSDP parameter gathers use the scale-out network. `flat`: each GPU's shard
   * crosses its own NIC, so a gather runs at the per-GPU NIC rate; this reproduces DeepSpeed
   * ZeRO-3 at Megatron scale (Narayanan et al. SC'21, Table 2: 174B and 529B on 384–2,240 A100).
   * `hierarchical`: NCCL's rings cross each node once per NIC, so a gather runs at the node's
   * aggregate NIC rate; this reproduces PyTorch FSDP (Zhao et al., VLDB 2023: GPT-175B on
   * 128–512 A100 at 55–60 % HFU) and Megatron-FSDP on GB200 (Megatron-Bridge 25.09: Llama 3.1
   * 405B, FSDP over 64 GPUs in two NVL72 racks, within 1 %). Null/absent: the stack era's
   * default, as for `attentionKernel`: `flat` on A100 (the DeepSpeed era), `hierarchical` on
   * Hopper and newer, where NCCL (2.12+, PXN) sends a node's inter-node traffic over all its NICs.
   */
  readonly zero3Gathers?: 'flat' | 'hierarchical' | null;
  /**
   * Compute-efficiency multiplier from a calibration against a measured run (0.2–3, default 1):
   * compute kernels take 1/multiplier of the engine's time (scenario section `calibration`,
   * fitted by model/analysis `fitCalibration`).
   */
  readonly computeEfficiencyMultiplier?: number;
  /**
   * Board power cap per GPU, W; null/absent: the accelerator's default limit. Under a cap below
   * the TDP the GPU clocks down (DVFS, model/compute `clockFactorForPowerCap`): matmul and
   * attention rates scale with the clock, HBM-bound kernels and communication do not.
   */
  readonly powerLimitW?: number | null;
  /**
   * Mean tokens per document when several documents are packed into each sequence and attention
   * is masked per document (FlashAttention varlen / Transformer Engine THD format with
   * `cu_seqlens`, as fine-tuning recipes pack short examples): each query attends only to the
   * earlier tokens of its own document, so FlashAttention's work scales with the document length
   * d, not the sequence length s (a factor min(d, s)/s). Null/absent: one document per sequence.
   * An unfused kernel computes the full s×s scores either way.
   */
  readonly packedDocTokens?: number | null;
  /**
   * MoE load imbalance: routed tokens of the busiest expert-parallel rank over the mean (≥ 1).
   * The busiest rank paces every expert GEMM and all-to-all of a synchronous step. 1: balanced
   * (benchmarks that force an even token distribution, Megatron-Core
   * `moe_router_force_load_balancing`). Null/absent: dropless routing of a trained router, the
   * sourced default `DROPLESS_IMBALANCE` (model/training/moe.ts).
   */
  readonly expertImbalance?: number | null;
  /**
   * MoE token dispatcher (Megatron-Core `moe_token_dispatcher_type`, and for `flex` its
   * `moe_flex_dispatcher_backend`): `alltoall` (NCCL all-to-all of every routed copy, separate
   * permute/unpermute kernels), `allgather` (every rank gathers the expert group's tokens and
   * reduce-scatters the outputs), `deepep` / `hybridep` (SM-driven dispatch/combine kernels
   * that send a token once per destination rank or domain). Null/absent: the stack's default,
   * DeepEP-class on the optimized stack, `alltoall` on the baseline stack ({@link MoeDispatcher}).
   */
  readonly moeDispatcher?: MoeDispatcher | null;
  /**
   * MoE all-to-all overlapped with the other micro batch's compute (Megatron-Core
   * `overlap_moe_expert_parallel_comm`, Megatron-Bridge `moe_a2a_overlap`: forward of one micro
   * batch merged with the backward of the previous one). Null/absent: off (the Megatron-Bridge
   * default, `WorkloadBaseConfig.moe_a2a_overlap = False`).
   */
  readonly moeA2aOverlap?: boolean | null;
  /**
   * CUDA graphs over the dense per-layer kernels (attention, router, MoE preprocessing:
   * Megatron-Core `cuda_graph_impl` / `cuda_graph_scope`). False: every kernel of the layer is
   * launched eagerly and a MoE layer takes at least its launches × the host's eager launch time
   * (model/compute `EAGER_GEMM_LAUNCH_S`). Null/absent: the host keeps ahead of the GPU (no floor),
   * as before this setting existed. The routed experts stay eager either way (dropless routing).
   */
  readonly cudaGraphs?: boolean | null;
  /**
   * How the pipeline stages split the model. `layers`: ⌈L/pp⌉ transformer layers per stage and the
   * output layer (logits, loss) on top of the last stage's, Megatron-Core's split without a
   * `pipeline_model_parallel_layout` and with `account_for_embedding_in_pipeline_split` /
   * `account_for_loss_in_pipeline_split` off (megatron/core/transformer/transformer_block.py,
   * `get_num_layers_to_build`; Megatron-Bridge's gpt-oss recipe, src/megatron/bridge/recipes/
   * gpt_oss/gpt_oss.py @ cfeddcd9). `balanced`: every stage carries 1/pp of the model's work
   * (a layout, DeepSeek-V3/Kimi K2, or the account_for_* options, Qwen3 MoE). Null/absent:
   * balanced for MoE and MTP models, layers for dense ones.
   */
  readonly pipelineSplit?: 'layers' | 'balanced' | null;
};

/** Explicit layout. Any null field: the engine picks its best value (product must equal GPUs). */
export type ParallelismLayout = {
  /** Tensor parallel degree. */
  readonly tp: number | null;
  /** Pipeline parallel degree (stages). */
  readonly pp: number | null;
  /** Data parallel degree. */
  readonly dp: number | null;
  /** Context parallel degree (sequence split across GPUs for attention). */
  readonly cp: number | null;
  /** Virtual pipeline stages per GPU (1 = plain 1F1B, ≥2 = interleaved); null: engine chooses. */
  readonly vpp: number | null;
  /** ZeRO stage 0–3 across data parallel. */
  readonly zeroStage: 0 | 1 | 2 | 3 | null;
  /** Megatron sequence parallelism alongside TP. */
  readonly sequenceParallel: boolean | null;
  /**
   * Expert parallel degree (MoE): the routed experts of each MoE layer split over `ep` GPUs of
   * one pipeline stage (Megatron-Core parallel folding: ep·etp divides tp·cp·dp). Null: the engine
   * chooses; absent: 1.
   */
  readonly ep?: number | null;
  /**
   * Tensor-parallel degree inside each expert FFN, independent of `tp` (Megatron-Core
   * `expert_tensor_parallel_size`). Null: the engine chooses; absent: 1.
   */
  readonly etp?: number | null;
};

/** `auto`: the engine searches TP×PP×DP×CP×micro batch×recompute×vpp. */
export type ParallelismSpec = ParallelismLayout | 'auto';

export type ScaleOutSpec = {
  readonly fabric: Fabric;
  /** Scale-out line rate per GPU, Gb/s (e.g. 400 for one NDR NIC per GPU). */
  readonly gbpsPerGpu: number;
  /** Fat-tree switch tiers (1–3); null: smallest that holds the cluster (radix 64). */
  readonly tiers: number | null;
  /** Oversubscription ratio above the leaf tier (1 = non-blocking); null: 1. */
  readonly oversubscription: number | null;
};

export type ClusterSpec = {
  /** Catalog id, as in the validation README (`h100-sxm`, `a100-sxm-80gb`, ...). */
  readonly acceleratorId: string;
  /**
   * The accelerator's figures from a merged catalog (a user entry's edited peaks or HBM, or a
   * user accelerator: model/catalog `acceleratorIn`); absent: the built-in `acceleratorId`.
   */
  readonly accelerator?: Accelerator | undefined;
  readonly gpus: number;
  readonly gpusPerNode: number;
  /** GPUs sharing one NVLink/NVSwitch (scale-up) domain; null: the accelerator's default. */
  readonly nvlinkDomain: number | null;
  readonly scaleOut: ScaleOutSpec;
};

/** The engine's working input: what `simulateTraining` reads, derived from the sections. */
export type EngineInput = {
  readonly model: ModelShape;
  readonly training: TrainingSettings;
  readonly parallelism: ParallelismSpec;
  readonly cluster: ClusterSpec;
  readonly stack: Stack;
};

/** A scenario `auto` as the engine's null ("the engine chooses"). */
function chosen<T>(v: T | 'auto'): T | null {
  return v === 'auto' ? null : v;
}

/**
 * The model shape of a workload's model section at its sequence length (`modelShapeOf`), the same
 * object while the section is the same object: sections are read-only values, so the same
 * section always has the same shape. The design search evaluates one workload on hundreds of
 * clusters, and the layout search's memory plan is kept per shape (`searchLayout`); a memo only,
 * same numbers.
 */
export function modelShapeFor(model: ModelSection): ModelShape {
  let shape = modelShapes.get(model);
  if (shape === undefined) {
    shape = modelShapeOf(model, model.seqLenTokens);
    modelShapes.set(model, shape);
  }
  return shape;
}
type ModelSection = TrainingSections['workload']['model'];
const modelShapes = new WeakMap<ModelSection, ModelShape>();

/**
 * The engine's working input of the scenario sections: `auto` becomes null (the engine chooses),
 * the model section becomes the one model shape of model/workload (`modelShapeFor`), LoRA becomes
 * a rank and full training null; units are unchanged (counts, Gb/s, s, W). Unchecked: the
 * sections come from the scenario's schemas.
 */
export function engineInputOf(s: TrainingSections): EngineInput {
  const { model, training, parallelism } = s.workload;
  const { compute } = s;
  const scaleOut = s.network.scaleOut;
  return {
    model: modelShapeFor(model),
    training: {
      globalBatchSeqs: training.globalBatchSeqs,
      microBatch: chosen(training.microBatchSeqs),
      precision: training.precision,
      recompute: chosen(training.recompute),
      finetune:
        training.finetune.method === 'lora'
          ? { method: 'lora', rank: training.finetune.rank }
          : null,
      tokensToTrain: training.tokensToTrain,
      optimizer: training.optimizer,
      fixedOverheadS: training.fixedOverheadS,
      evaluation: training.evaluation,
      attentionKernel: chosen(training.attentionKernel),
      zero3Gathers: chosen(training.zero3Gathers),
      powerLimitW: training.powerLimitW,
      packedDocTokens: training.packedDocTokens,
      expertImbalance: training.expertImbalance,
      softwareEra: chosen(training.softwareEra),
      gradSync: training.gradSync,
      moeDispatcher: chosen(training.moeDispatcher),
      moeA2aOverlap: chosen(training.moeA2aOverlap),
      cudaGraphs: chosen(training.cudaGraphs),
      pipelineSplit: chosen(training.pipelineSplit),
      computeEfficiencyMultiplier: s.computeEfficiencyMultiplier ?? 1,
    },
    parallelism:
      parallelism === 'auto'
        ? 'auto'
        : {
            tp: chosen(parallelism.tp),
            pp: chosen(parallelism.pp),
            dp: chosen(parallelism.dp),
            cp: chosen(parallelism.cp),
            vpp: chosen(parallelism.vpp),
            zeroStage: chosen(parallelism.zeroStage),
            sequenceParallel: chosen(parallelism.sequenceParallel),
            ep: chosen(parallelism.ep),
            etp: chosen(parallelism.etp),
          },
    cluster: {
      acceleratorId: compute.acceleratorId,
      accelerator: s.accelerator,
      gpus: compute.gpus,
      gpusPerNode: compute.gpusPerNode,
      nvlinkDomain: chosen(compute.nvlinkDomainGpus),
      scaleOut: {
        fabric: scaleOut.fabric,
        gbpsPerGpu: scaleOut.gbpsPerGpu,
        tiers: chosen(scaleOut.fatTreeTiers),
        oversubscription: scaleOut.oversubscriptionRatio,
      },
    },
    stack: compute.stack,
  };
}
