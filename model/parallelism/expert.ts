import type { GroupSpan, NetworkConstants } from './network';
import { NCCL_RING_BASE_S, NODES_PER_LEAF } from './network';

/**
 * Expert-parallel token dispatch and combine (MoE): how many bytes each GPU sends inside its
 * scale-up domain and across the scale-out fabric, and how long the all-to-all takes by rank
 * placement. Pure functions, seconds and bytes.
 */

/**
 * Achieved share of the link rate for MoE dispatch/combine kernels that move tokens with the
 * GPU's own SMs (DeepEP, HybridEP; Megatron-Core `flex` dispatcher). DeepEP's README (H800,
 * normal kernels): 153 GB/s over NVLink of the ~160 GB/s the DeepSeek-V3 report quotes, and
 * 43–58 GB/s over RDMA of 50 GB/s per GPU (read: 0.96 and ≈ 0.92). The stock NCCL all-to-all
 * (the `alltoall` dispatcher, baseline stack) runs at the collective efficiencies of
 * `SCALE_UP_EFFICIENCY`/`SCALE_OUT_EFFICIENCY`, already in `NetworkConstants`.
 */
export const DISPATCH_NVLINK_EFFICIENCY = 0.96;
export const DISPATCH_RDMA_EFFICIENCY = 0.92;
/**
 * Ceiling of an SM-driven dispatch/combine over a fast scale-up fabric, B/s per GPU and
 * direction: the copy kernels run on a few dozen SMs and cannot fill NVLink 5. Megatron-Core's
 * GB200 NVL72 DeepSeek-V3 guide (Yao et al., Megatron-LM docs/discussions/
 * deepseek-v3-gb200-optimization, 2025-11, §2.2.1) measures DeepEP at EP32 with 24 SMs at about
 * 400 GB/s dispatch and 190 GB/s combine algorithm bandwidth against 900 GB/s of MNNVL; HybridEP
 * (§2.5) raised end-to-end throughput from 829.9 to 943.6 TFLOPS/GPU, which for that layout's
 * dispatch volume corresponds to ≈ 410 GB/s for dispatch and combine alike (derived). 400 GB/s is
 * used; slower links (H800's 160 GB/s NVLink, InfiniBand) stay link-bound.
 */
export const DISPATCH_SM_LIMIT_BYTES_PER_S = 400e9;

/**
 * Probability that none of a token's `topK` distinct experts (out of `experts`, chosen uniformly
 * without replacement) falls in a given set of `inSet` experts: C(E − s, k) / C(E, k).
 */
export function probNoneIn(experts: number, topK: number, inSet: number): number {
  if (inSet <= 0) return 1;
  if (topK > experts - inSet) return 0;
  let p = 1;
  for (let i = 0; i < topK; i++) p *= (experts - inSet - i) / (experts - i);
  return p;
}

/** Bytes one GPU sends per dispatch (or receives per combine), split by where they go. */
export type DispatchBytes = {
  /** To other GPUs of the same scale-up domain (NVLink), B. */
  readonly intraBytes: number;
  /** Across the scale-out fabric, B. */
  readonly interBytes: number;
  /** Expected ranks each token is sent to (itself included). */
  readonly ranksPerToken: number;
};

/**
 * Dispatch traffic of one GPU that routes `tokens` tokens of `tokenBytes` each to `topK` of
 * `experts` experts, spread evenly over the `g.size` ranks of the expert-parallel group placed
 * `g.perDomain` per scale-up domain. `dedup` (DeepEP/HybridEP, the production dispatchers):
 * a token goes once to each rank holding any of its experts, and once per remote domain across
 * the fabric, then fans out over NVLink there (DeepEP's node-level forwarding; DeepSeek-V3 report
 * §3.2.2); without it (the stock all-to-all) every one of the topK copies travels. Each copy of
 * a token is also sent to `etp` ranks when the experts are tensor-parallel.
 * Method: expected distinct ranks/domains touched by k distinct uniform experts
 * ({@link probNoneIn}); balanced routing.
 */
export function dispatchBytes(
  g: GroupSpan,
  experts: number,
  topK: number,
  tokens: number,
  tokenBytes: number,
  dedup: boolean,
  etp = 1,
): DispatchBytes {
  const ep = g.size;
  if (ep <= 1 || tokens <= 0) return { intraBytes: 0, interBytes: 0, ranksPerToken: 1 };
  const perRank = experts / ep;
  const perDomain = Math.min(ep, g.perDomain);
  const domains = Math.ceil(ep / perDomain);
  const volume = tokens * tokenBytes * etp;
  if (!dedup) {
    // Every routed copy travels; ranks are equally likely: (perDomain − 1)/ep stay in the
    // domain, (ep − perDomain)/ep leave it.
    return {
      intraBytes: (volume * topK * (perDomain - 1)) / ep,
      interBytes: (volume * topK * (ep - perDomain)) / ep,
      ranksPerToken: topK,
    };
  }
  const ranks = ep * (1 - probNoneIn(experts, topK, perRank));
  // Other ranks of the own domain that receive the token directly.
  const intraRanks = ((perDomain - 1) / ep) * ranks;
  // Remote domains touched, each crossed once; the copy then fans out inside that domain.
  const remoteDomains = (domains - 1) * (1 - probNoneIn(experts, topK, perRank * perDomain));
  const remoteRanks = ((ep - perDomain) / ep) * ranks;
  const forwarded = Math.max(0, remoteRanks - remoteDomains);
  return {
    intraBytes: volume * (intraRanks + forwarded),
    interBytes: volume * remoteDomains,
    ranksPerToken: ranks,
  };
}

/**
 * Time of one dispatch (or combine) all-to-all, seconds: NVLink and network traffic run at the
 * same time, so the slower sets the pace (max), plus one call latency (NCCL's fixed 8.4 µs per
 * call and one hop; the peers are reached in parallel). `sm` selects the SM-driven dispatcher
 * efficiencies (DeepEP/HybridEP) over the NCCL collective ones.
 */
export function dispatchTimeS(
  net: NetworkConstants,
  g: GroupSpan,
  bytes: DispatchBytes,
  sm: boolean,
): number {
  if (g.size <= 1) return 0;
  const upLink = net.upRawBytesPerS * DISPATCH_NVLINK_EFFICIENCY;
  const up = sm
    ? upLink < DISPATCH_SM_LIMIT_BYTES_PER_S
      ? upLink
      : DISPATCH_SM_LIMIT_BYTES_PER_S
    : net.upBytesPerS;
  let out = sm ? net.outRawBytesPerS * DISPATCH_RDMA_EFFICIENCY : net.outBytesPerS;
  if (g.domains > NODES_PER_LEAF) out /= net.oversubscription;
  const intra = up > 0 ? bytes.intraBytes / up : 0;
  const inter = out > 0 ? bytes.interBytes / out : 0;
  const latency = NCCL_RING_BASE_S + (g.domains > 1 ? net.outAlphaS : net.upAlphaS);
  return (intra > inter ? intra : inter) + latency;
}
