/**
 * Mixture-of-experts layer costs of the training engine (issue 20): routing, token permutation,
 * expert-parallel dispatch/combine and grouped expert GEMMs, per micro batch per GPU. The
 * constants name their sources; `evaluateCore` (simulate.ts) adds these parts to the layer.
 */
import type { DeviceConstants } from '../compute/device';
import { gemmTimeS, groupedGemmTimeS, memoryTimeS } from '../compute/device';
import {
  NCCL_RING_BASE_S,
  allGatherS,
  dispatchBytes,
  dispatchTimeS,
  groupSpan,
} from '../parallelism';
import type { NetworkConstants } from '../parallelism';
import type { ModelShape } from '../workload/shape';
import type { MoeDispatcher } from './types';

/**
 * Whether a dispatcher sends each token once per destination rank/domain with SM-driven copy
 * kernels (DeepEP, HybridEP: Megatron-Core `flex`) rather than through NCCL collectives.
 */
export function isFlexDispatcher(d: MoeDispatcher): boolean {
  return d === 'deepep' || d === 'hybridep';
}

/**
 * Default load imbalance of dropless routing with a trained router (busiest expert-parallel rank
 * over the mean, per micro batch), used when a scenario does not state it. Estimate from
 * DODOCO (Ma et al., arXiv 2605.20982, 2026): trained MoE checkpoints route real text with a
 * per-expert Gini of 0.10–0.25 (MHA and Mamba-2 the low band, MLA and GDN above 0.24), nearly
 * independent of the EP degree (max/mean moves ≤ 5 % from EP 4 to 32); for ranks holding several
 * experts the per-rank max/mean is taken as 1 + Gini ≈ 1.2 (planning value, soft). Benchmarks that
 * force an even token distribution (Megatron-Bridge's MoE rows, `moe_router_force_load_balancing`)
 * state 1.
 */
export const DROPLESS_IMBALANCE = 1.2;

/**
 * HBM passes of the routed token copies per MoE layer and direction, beside the GEMMs: token
 * permutation into expert order (read + write) and unpermutation with the weighted sum (read +
 * write), each over topK copies of the hidden state in 16 bits (Megatron-Core
 * `moe_permute_fusion`: one fused kernel each way; the backward runs the mirror pair).
 */
export const PERMUTE_PASSES = 4;
/**
 * Extra HBM passes of the routed copies per MoE layer and direction under the plain `alltoall`
 * dispatcher with more than one local expert: after the all-to-all the received tokens arrive
 * ordered by source rank and are sorted again by local expert (`sort_chunks_by_idxs`, read +
 * write), and the combine undoes it before its all-to-all (read + write). Megatron-LM
 * megatron/core/transformer/moe/token_dispatcher.py, `MoEAlltoAllTokenDispatcher`
 * (`dispatch_postprocess` "Permutation 2: Sort tokens by local expert", `combine_preprocess`
 * "Unpermutation 2"). The flex dispatcher (DeepEP/HybridEP) delivers tokens straight into the
 * single permutation of {@link PERMUTE_PASSES}.
 */
export const ALLTOALL_SORT_PASSES = 4;
/**
 * Extra collective calls per dispatch under the plain `alltoall` dispatcher, beside the token
 * all-to-all: the tokens-per-expert counts gathered over the expert group
 * (`gather_from_sequence_parallel_region` in `preprocess`) and the routing probabilities sent by
 * a second all-to-all (`dispatch_all_to_all`), both small: each costs one call latency (same
 * source as {@link ALLTOALL_SORT_PASSES}).
 */
export const ALLTOALL_EXTRA_CALLS = 2;

/**
 * Router: logits in FP32 (Megatron-Core `moe_router_dtype='fp32'`; "the router stays in FP32",
 * Megatron-Core MoE report, Yan et al. arXiv 2603.07685) as a TF32 GEMM (NGC PyTorch containers
 * enable TF32 for cuBLAS), i.e. half the BF16 tensor rate; softmax/sigmoid, top-k, score
 * normalisation and the auxiliary loss stream the [tokens × experts] FP32 scores through HBM
 * ≈ 6 times forward (fused router: `moe_router_fusion`).
 */
export const ROUTER_TF32_SLOWDOWN = 2;
export const ROUTER_SCORE_PASSES = 6;
/**
 * Host-side cost of dropless routing: every MoE layer copies the tokens-per-expert counts to the
 * CPU (the grouped GEMM and dispatch sizes are set on the host), which drains the GPU queue and
 * keeps the routed-expert kernels out of CUDA graphs, so they run at the CPU's launch pace.
 * Megatron-Core's GB200 DeepSeek-V3 guide (§3.1) estimates, with a proxy model, that removing this
 * sync would gain "at least 10 %" after partial CUDA graphs: MoE layers are charged 10 % of their
 * time (published estimate).
 */
export const DROPLESS_HOST_SYNC_SHARE = 0.1;

/**
 * Share of an eager step (no CUDA graphs) that Megatron-Core's partial CUDA graphs remove by
 * capturing each layer's static part (attention, router, dispatch preprocess:
 * `cuda_graph_impl transformer_engine`, `cuda_graph_scope attn moe_router moe_preprocess`, the
 * scope the Megatron-Bridge recipes set). Measured in Megatron-Core's GB200 DeepSeek-V3 guide
 * (Megatron-LM docs/discussions/deepseek-v3-gb200-optimization, §2.3 and the table of §3: MXFP8,
 * 256 GB200, micro batch 1, DeepEP): the "CUDA Graphs" step took 610.71 → 663.27 TFLOP/s per GPU,
 * from the host-bound eager state the guide profiles ("the CPU kernel launch speed cannot keep up
 * with the kernel execution speed on GPU"): 1 − 610.71/663.27 = 7.9 % of the step.
 */
export const EAGER_STATIC_HOST_SHARE = 1 - 610.71 / 663.27;
/**
 * The same for the shared experts: Megatron-Core runs them inside the captured router part
 * (megatron/core/transformer/moe/moe_layer.py @ 9ed8b0c4: `shared_experts_compute` before
 * `route` and `preprocess`), and the guide measured their capture at 797.67 → 829.93 TFLOP/s
 * ("CUDA Graphs capture shared expert"): 1 − 797.67/829.93 = 3.9 % of the step.
 */
export const EAGER_SHARED_EXPERT_HOST_SHARE = 1 - 797.67 / 829.93;

/**
 * Host-side time factor (≥ 1) of an MoE layer's compute: dropless routing's per-layer
 * device-to-host sync keeps the routed experts host-bound ({@link DROPLESS_HOST_SYNC_SHARE}),
 * and without CUDA graphs (`cudaGraphs: false`) the layer's static part is launched eagerly too
 * ({@link EAGER_STATIC_HOST_SHARE}; with shared experts also
 * {@link EAGER_SHARED_EXPERT_HOST_SHARE}). Unstated CUDA graphs: the partial graphs, as before.
 * @param eager the run states no CUDA graphs; sharedExperts shared experts per MoE layer
 */
export function moeHostFactor(eager: boolean, sharedExperts: number): number {
  const graphed = 1 - DROPLESS_HOST_SYNC_SHARE;
  if (!eager) return 1 / graphed;
  const shared = sharedExperts > 0 ? 1 - EAGER_SHARED_EXPERT_HOST_SHARE : 1;
  return 1 / (graphed * (1 - EAGER_STATIC_HOST_SHARE) * shared);
}

/**
 * HBM bytes per element of the routed expert output ([routed copies × hidden], 16-bit) that the
 * expert fc2 bias costs when the experts carry biases (gpt-oss). Megatron-Core's TEGroupedMLP
 * builds fc2 with `skip_bias_add=True` and adds the bias itself, weighted by the routing
 * probability, in unfused PyTorch (megatron/core/transformer/moe/experts.py, `_apply_bias`, at
 * Megatron-LM 9ed8b0c4, the Megatron-Bridge 26.02 submodule): per expert `b * p` (write 2 B),
 * `t + b·p` (read 4, write 2) and a `torch.cat` of the chunks (read 2, write 2): 12 B forward.
 * Backward (autograd): the split's gradient is concatenated (read 2, write 2), the mul's two
 * gradients each materialise a product and reduce it (bias: rows; probability: hidden; read 2,
 * write 2, read 2 each): 16 B. Probabilities are 16-bit (router dtype = input dtype unless
 * `moe_router_dtype` is set, which the gpt-oss recipe does not). The fc1 bias is added inside
 * Transformer Engine's grouped GEMM (cuBLAS epilogue, bias gradient fused into wgrad): free.
 * NVIDIA-NeMo/Automodel PR #3387 replaced the same split/zip/cat bias path for its cost.
 */
export const EXPERT_BIAS_BYTES = { fwd: 12, bwd: 16 } as const;
/**
 * HBM bytes per element of the activation output ([routed copies × expert width]) that the
 * clamped gated activation adds (gpt-oss: gate ≤ 7, linear ∈ [−7, 7]). Megatron-Core's
 * `weighted_bias_quick_geglu_impl` (megatron/core/fusions/fused_bias_geglu.py, same commit)
 * clamps the two halves of the fc1 output with two eager `clamp` kernels and rejoins them with
 * `torch.cat` before the fused (torch.compile) activation: per output element 2 input elements
 * each read and written twice, 16 B forward. Backward: each clamp's gradient reads the gradient
 * and the input and writes the masked gradient (12 B per output element for the pair) and the
 * chunk's gradient is reassembled (read and write the pair, 8 B): 20 B.
 */
export const CLAMPED_GLU_BYTES = { fwd: 16, bwd: 20 } as const;

/**
 * Extra HBM bytes of one MoE layer's expert MLP (forward, backward) beyond the fused activation,
 * per micro batch and GPU: the unfused fc2 bias ({@link EXPERT_BIAS_BYTES}) and the unfused clamp
 * ({@link CLAMPED_GLU_BYTES}).
 * Kernels: the bias path launches two per local expert and one `cat` forward (four per expert
 * and one backward), the clamp three each way.
 * @param routed routed token copies this GPU computes; h hidden size; f expert width (per ETP
 *   rank); localExperts experts on this GPU
 */
export function expertMlpExtraBytes(
  moe: { readonly expertBias?: boolean; readonly clampedGlu?: boolean },
  routed: number,
  h: number,
  f: number,
  localExperts: number,
): {
  readonly fwd: number;
  readonly bwd: number;
  readonly kernelsFwd: number;
  readonly kernelsBwd: number;
} {
  const biased = moe.expertBias === true;
  const clamped = moe.clampedGlu === true;
  const bias = biased ? routed * h : 0;
  const clamp = clamped ? routed * f : 0;
  return {
    fwd: EXPERT_BIAS_BYTES.fwd * bias + CLAMPED_GLU_BYTES.fwd * clamp,
    bwd: EXPERT_BIAS_BYTES.bwd * bias + CLAMPED_GLU_BYTES.bwd * clamp,
    kernelsFwd: (biased ? 2 * localExperts + 1 : 0) + (clamped ? 3 : 0),
    kernelsBwd: (biased ? 4 * localExperts + 1 : 0) + (clamped ? 3 : 0),
  };
}

/** Bytes per dispatched hidden-state element: tokens travel in BF16 (Megatron-Core flex/alltoall). */
export const DISPATCH_BYTES_PER_VALUE = 2;

/** Per-GPU, per-micro-batch forward costs of one MoE layer's FFN (s), and its memory traffic. */
export type MoeLayerCosts = {
  /** Router GEMM and score kernels. */
  readonly routerS: number;
  /** Grouped expert GEMMs (fc1 + fc2) of the busiest rank, forward. */
  readonly expertGemmS: number;
  /** Their backward: input-gradient and weight-gradient grouped GEMMs (K = tokens per expert). */
  readonly expertGemmBwdS: number;
  /** Shared-expert GEMMs. */
  readonly sharedGemmS: number;
  /** Token permutation/unpermutation over HBM. */
  readonly permuteS: number;
  /** One dispatch all-to-all (the combine costs the same). */
  readonly dispatchS: number;
  /** Routed token copies this GPU computes (busiest rank), per expert-TP shard. */
  readonly routedTokens: number;
};

/**
 * Forward costs of one MoE layer for one micro batch on one GPU.
 * @param dev matmul device constants; `bf16Dev` the 16-bit ones (router)
 * @param tokensIn tokens this GPU dispatches (its sequence shard: T/tp under sequence parallelism)
 * @param tokensTp tokens of the TP group (T), which the TP-sharded shared experts see
 * @param ep, etp expert parallel and expert tensor parallel degrees; `tp` attention TP
 * @param imbalance busiest rank's routed tokens over the mean (≥ 1)
 * @param dispatcher how tokens reach the expert ranks: `deepep`/`hybridep` send a token once per
 *   rank/domain at the SM-driven kernels' rates; `alltoall` sends every routed copy through the
 *   NCCL all-to-all at the collective efficiencies; `allgather` gathers the expert group's tokens
 *   on every rank (NCCL all-gather; the combine is the mirror reduce-scatter at the same cost)
 */
export function moeLayerCosts(
  m: ModelShape,
  dev: DeviceConstants,
  bf16Dev: DeviceConstants,
  net: NetworkConstants,
  tokensIn: number,
  tokensTp: number,
  tp: number,
  ep: number,
  etp: number,
  imbalance: number,
  dispatcher: MoeDispatcher,
): MoeLayerCosts {
  const moe = m.moe;
  if (moe === null) {
    return {
      routerS: 0,
      expertGemmS: 0,
      expertGemmBwdS: 0,
      sharedGemmS: 0,
      permuteS: 0,
      dispatchS: 0,
      routedTokens: 0,
    };
  }
  const h = m.hidden;
  const f = m.ffnHidden;
  const E = moe.experts;
  const k = moe.topK;
  const mats = m.ffnType === 'swiglu' ? 3 : 2;
  // Routed copies this rank computes: every token routed to its E/ep experts, from the ep·etp
  // ranks of its expert group; each ETP rank of an expert sees all of that expert's tokens.
  const routed = tokensIn * k * etp * imbalance;
  const localExperts = E / ep;
  const perExpert = routed / localExperts;
  const up = ((mats - 1) * f) / etp;
  const down = f / etp;
  const expertGemmS =
    groupedGemmTimeS(dev, perExpert, up, h, localExperts) +
    groupedGemmTimeS(dev, perExpert, h, down, localExperts);
  const expertGemmBwdS =
    groupedGemmTimeS(dev, perExpert, h, up, localExperts) +
    groupedGemmTimeS(dev, perExpert, down, h, localExperts) +
    groupedGemmTimeS(dev, h, up, perExpert, localExperts) +
    groupedGemmTimeS(dev, down, h, perExpert, localExperts);
  const shared = (moe.sharedExperts ?? 0) * f;
  const sharedGemmS =
    shared > 0
      ? gemmTimeS(dev, tokensTp, ((mats - 1) * shared) / tp, h) +
        gemmTimeS(dev, tokensTp, h, shared / tp)
      : 0;
  const routerS =
    ROUTER_TF32_SLOWDOWN * gemmTimeS(bf16Dev, tokensIn, E, h) +
    memoryTimeS(dev, tokensIn * E * 4 * ROUTER_SCORE_PASSES, 3);
  const passes =
    PERMUTE_PASSES +
    (dispatcher === 'alltoall' && ep > 1 && localExperts > 1 ? ALLTOALL_SORT_PASSES : 0);
  const permuteS = memoryTimeS(
    dev,
    passes * tokensIn * k * imbalance * h * DISPATCH_BYTES_PER_VALUE,
    passes / 2,
  );
  let dispatchS = 0;
  if (ep > 1) {
    // Expert ranks: etp → ep → edp inside the tp·cp·dp ranks (Megatron-Core parallel folding).
    const g = groupSpan(ep, etp, net.domain);
    if (dispatcher === 'allgather') {
      // Every rank receives the whole group's tokens (each of the ep·etp ranks holds T/tp).
      dispatchS = allGatherS(net, g, g.size * tokensIn * imbalance * h * DISPATCH_BYTES_PER_VALUE);
    } else {
      const flex = isFlexDispatcher(dispatcher);
      const bytes = dispatchBytes(
        g,
        E,
        k,
        tokensIn * imbalance,
        h * DISPATCH_BYTES_PER_VALUE,
        flex,
        etp,
      );
      dispatchS = dispatchTimeS(net, g, bytes, flex);
      if (dispatcher === 'alltoall') {
        dispatchS +=
          ALLTOALL_EXTRA_CALLS *
          (NCCL_RING_BASE_S + (g.domains > 1 ? net.outAlphaS : net.upAlphaS));
      }
    }
  }
  return {
    routerS,
    expertGemmS,
    expertGemmBwdS,
    sharedGemmS,
    permuteS,
    dispatchS,
    routedTokens: routed / etp,
  };
}
