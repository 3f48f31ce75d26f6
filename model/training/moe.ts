/**
 * Mixture-of-experts layer costs of the training engine (issue 20): routing, token permutation,
 * expert-parallel dispatch/combine and grouped expert GEMMs, per micro batch per GPU. The
 * constants name their sources; `evaluateCore` (simulate.ts) adds these parts to the layer.
 */
import type { DeviceConstants } from '../compute/device';
import { gemmTimeS, groupedGemmTimeS, memoryTimeS } from '../compute/device';
import { dispatchBytes, dispatchTimeS, groupSpan } from '../parallelism';
import type { NetworkConstants } from '../parallelism';
import type { ModelShape } from '../workload/shape';

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
 * @param dedup production dispatcher (token sent once per rank/domain)
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
  dedup: boolean,
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
  const permuteS = memoryTimeS(
    dev,
    PERMUTE_PASSES * tokensIn * k * imbalance * h * DISPATCH_BYTES_PER_VALUE,
    2,
  );
  let dispatchS = 0;
  if (ep > 1) {
    // Expert ranks: etp → ep → edp inside the tp·cp·dp ranks (Megatron-Core parallel folding).
    const g = groupSpan(ep, etp, net.domain);
    const bytes = dispatchBytes(
      g,
      E,
      k,
      tokensIn * imbalance,
      h * DISPATCH_BYTES_PER_VALUE,
      dedup,
      etp,
    );
    dispatchS = dispatchTimeS(net, g, bytes, dedup);
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
