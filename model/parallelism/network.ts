import type { DeviceConstants } from '../compute/device';
import type { Fabric as ScaleOutFabric } from '../vocabulary';

/**
 * Achieved share of the per-direction scale-up link bandwidth for NCCL/RCCL ring collectives
 * (bus bandwidth convention of nccl-tests PERFORMANCE.md: busbw = algbw·2(n−1)/n for
 * all-reduce, ·(n−1)/n for all-gather/reduce-scatter). NVLink: ≈ 0.78 — DGX A100 all-reduce
 * busbw ≈ 230 GB/s of 300 GB/s, H100 without NVLS ≈ 360–370 of 450 (nccl-tests reports;
 * estimate). Infinity Fabric (RCCL on MI300X): 0.7 (estimate). Gaudi on-chip RoCE: 0.85 of the
 * 21 intra-node ports (estimate). PCIe peer traffic: 0.8 (estimate).
 */
export const SCALE_UP_EFFICIENCY: Readonly<Record<DeviceConstants['scaleUpFabric'], number>> = {
  nvlink: 0.78,
  'infinity-fabric': 0.7,
  roce: 0.85,
  pcie: 0.8,
};
/**
 * Achieved share of the scale-out line rate. InfiniBand: 0.96 — NCCL maintainers measure
 * 24 GB/s busbw per 200 Gb/s NIC and 192 GB/s all-reduce busbw for DGX A100 with 8×200G, and
 * expect 46–48 GB/s per 400 Gb/s NDR NIC (nccl issues #812, nccl-tests #160/#290; research file
 * scaling_misc.json). RoCE: 0.92 (estimate: lossless RoCEv2 with tuned congestion control, as
 * in Meta's Llama 3 clusters). Ethernet/TCP (NCCL socket transport): 0.6 (estimate).
 */
export const SCALE_OUT_EFFICIENCY: Readonly<Record<ScaleOutFabric, number>> = {
  infiniband: 0.96,
  roce: 0.92,
  ethernet: 0.6,
};
/**
 * Per-step latency α of a ring collective, seconds (alpha–beta model, Hockney 1994; NCCL
 * LL/LL128 protocols). Scale-up ≈ 1 µs per hop; InfiniBand ≈ 3 µs; RoCE ≈ 4 µs; TCP ≈ 25 µs.
 * Calculon uses 10 µs (NVLink) / 20 µs (IB) per whole collective. Estimates.
 */
export const SCALE_UP_ALPHA_S = 1e-6;
export const SCALE_OUT_ALPHA_S: Readonly<Record<ScaleOutFabric, number>> = {
  infiniband: 3e-6,
  roce: 4e-6,
  ethernet: 25e-6,
};
/** Extra latency per switch tier crossed (up and down), seconds (≈ 0.3 µs per IB switch hop ×2). */
export const ALPHA_PER_TIER_S = 0.6e-6;
/** Nodes under one leaf switch per rail: radix-64 switch, half the ports down (NDR QM9700 class). */
export const NODES_PER_LEAF = 32;
/** Leaf×spine endpoints per rail for a 2-tier fat tree of radix 64. */
export const NODES_PER_TWO_TIERS = 32 * 64;

/** Network constants of a cluster (precomputed once per evaluation). */
export type NetworkConstants = {
  /** GPUs sharing one scale-up domain. */
  readonly domain: number;
  /** Achieved scale-up bandwidth per GPU per direction, B/s. */
  readonly upBytesPerS: number;
  /** Scale-up line rate per GPU per direction, B/s (0 without a scale-up domain). */
  readonly upRawBytesPerS: number;
  readonly upAlphaS: number;
  /** Achieved scale-out bandwidth per GPU per direction (non-blocking), B/s. */
  readonly outBytesPerS: number;
  /** Scale-out line rate per GPU per direction, B/s. */
  readonly outRawBytesPerS: number;
  readonly outAlphaS: number;
  /** Oversubscription above the leaf tier (≥ 1). */
  readonly oversubscription: number;
  /** Fat-tree tiers. */
  readonly tiers: number;
};

/**
 * Build network constants. `gbpsPerGpu` is the scale-out line rate per GPU (Gb/s);
 * `tiers` null: smallest radix-64 fat tree that holds the nodes.
 */
export function networkConstants(
  dev: DeviceConstants,
  domain: number,
  gpus: number,
  fabric: ScaleOutFabric,
  gbpsPerGpu: number,
  tiers: number | null,
  oversubscription: number | null,
): NetworkConstants {
  const nodes = Math.ceil(gpus / domain);
  const t = tiers ?? (nodes <= NODES_PER_LEAF ? 1 : nodes <= NODES_PER_TWO_TIERS ? 2 : 3);
  const upRaw = dev.scaleUpBytesPerS > 0 ? dev.scaleUpBytesPerS : 16e9;
  return {
    domain,
    upBytesPerS: domain > 1 ? upRaw * SCALE_UP_EFFICIENCY[dev.scaleUpFabric] : 0,
    upRawBytesPerS: domain > 1 ? upRaw : 0,
    upAlphaS: SCALE_UP_ALPHA_S,
    outBytesPerS: ((gbpsPerGpu * 1e9) / 8) * SCALE_OUT_EFFICIENCY[fabric],
    outRawBytesPerS: (gbpsPerGpu * 1e9) / 8,
    outAlphaS: SCALE_OUT_ALPHA_S[fabric] + ALPHA_PER_TIER_S * (t - 1),
    oversubscription: Math.max(1, oversubscription ?? 1),
    tiers: t,
  };
}

/** How a communication group of `size` ranks at rank stride `stride` sits on scale-up domains. */
export type GroupSpan = {
  readonly size: number;
  /** Members per scale-up domain. */
  readonly perDomain: number;
  /** Scale-up domains spanned. */
  readonly domains: number;
};

/**
 * Placement of a group whose members are `stride` ranks apart (Megatron rank order
 * tp → cp → dp → pp: TP stride 1, CP stride tp, DP stride tp·cp, PP stride tp·cp·dp).
 */
export function groupSpan(size: number, stride: number, domain: number): GroupSpan {
  if (size <= 1) return { size: 1, perDomain: 1, domains: 1 };
  const perDomain = stride >= domain ? 1 : Math.max(1, Math.min(size, Math.floor(domain / stride)));
  return { size, perDomain, domains: Math.ceil(size / perDomain) };
}

function outBw(net: NetworkConstants, domains: number): number {
  return domains > NODES_PER_LEAF ? net.outBytesPerS / net.oversubscription : net.outBytesPerS;
}

/** Ring/tree all-reduce across `m` domains with one participant per domain (per GPU rail). */
function interAllReduceS(net: NetworkConstants, bytes: number, m: number): number {
  if (m <= 1) return 0;
  const bw = outBw(net, m);
  const bwTerm = (2 * (m - 1) * bytes) / (m * bw);
  const ring = 2 * (m - 1) * net.outAlphaS;
  const tree = 2 * Math.ceil(Math.log2(m)) * net.outAlphaS;
  return bwTerm + (ring < tree ? ring : tree);
}

/** Reduce-scatter or all-gather inside one scale-up domain over k ranks (S = full size). */
function intraHalfS(net: NetworkConstants, bytes: number, k: number): number {
  if (k <= 1) return 0;
  return ((k - 1) * bytes) / (k * net.upBytesPerS) + (k - 1) * net.upAlphaS;
}

/**
 * All-reduce of `bytes` per rank, seconds. Inside one domain: ring, 2(n−1)/n·S/busbw.
 * Across domains: hierarchical (NCCL-style) reduce-scatter inside the domain, all-reduce of S/k
 * across domains over each GPU's own NIC (ring or tree, whichever is faster), all-gather inside.
 * NCCL pipelines the NVLink and network hops of its rings, so the slower phase sets the time
 * (max, not sum) — which reproduces the 192 GB/s busbw of DGX A100 with 8×200G. Alpha–beta model.
 */
export function allReduceS(net: NetworkConstants, g: GroupSpan, bytes: number): number {
  if (g.size <= 1 || bytes <= 0) return 0;
  const k = g.perDomain;
  const intra = 2 * intraHalfS(net, bytes, k);
  const inter = interAllReduceS(net, bytes / k, g.domains);
  return intra > inter ? intra : inter;
}

/**
 * All-gather (or reduce-scatter) where `bytes` is the FULL gathered size per rank, seconds.
 * Hierarchical: across domains (S/k per GPU NIC) and inside the domain, pipelined (max).
 */
export function allGatherS(net: NetworkConstants, g: GroupSpan, bytes: number): number {
  if (g.size <= 1 || bytes <= 0) return 0;
  const k = g.perDomain;
  const m = g.domains;
  const inter = m > 1 ? ((m - 1) * (bytes / k)) / (m * outBw(net, m)) + (m - 1) * net.outAlphaS : 0;
  return inter + intraHalfS(net, bytes, k);
}

/**
 * Flat ring all-gather/reduce-scatter over the whole group (no hierarchy), as issued per layer by
 * ZeRO-3/FSDP parameter sharding: every rank's shard crosses its own NIC, so the inter-domain
 * hop runs at the per-GPU scale-out rate: (n−1)/n·S/bw + (n−1)·α. Inside one domain: NVLink.
 */
export function flatAllGatherS(net: NetworkConstants, g: GroupSpan, bytes: number): number {
  if (g.size <= 1 || bytes <= 0) return 0;
  const n = g.size;
  // Latency: ring (n−1) steps, or log-depth with NCCL ≥ 2.23's PAT algorithm at scale.
  const ringSteps = n - 1;
  const patSteps = 2 * Math.ceil(Math.log2(n));
  const steps = ringSteps < patSteps ? ringSteps : patSteps;
  if (g.domains <= 1) return ((n - 1) * bytes) / (n * net.upBytesPerS) + steps * net.upAlphaS;
  return ((n - 1) * bytes) / (n * outBw(net, g.domains)) + steps * net.outAlphaS;
}

/**
 * NCCL's own latency model for ring collectives on the Simple protocol (the one it picks for
 * the multi-megabyte buckets of data-parallel reductions), from its tuning table
 * (NVIDIA/nccl `src/graph/tuning.cc`, `baseLat` and `hwLat`, NCCL 2.18–2.2x): a fixed 8.4 µs
 * per call, 3.4 µs per ring step inside an NVLink domain and 14 µs per step that crosses the
 * network (`nInterSteps = nNodes − 1` for reduce-scatter/all-gather, doubled for all-reduce).
 */
export const NCCL_RING_BASE_S = 8.4e-6;
export const NCCL_RING_INTRA_STEP_S = 3.4e-6;
export const NCCL_RING_NET_STEP_S = 14e-6;

/**
 * Latency of one ring reduce-scatter or all-gather call over group `g` (`allReduce`: twice the
 * steps), seconds, by NCCL's tuning model (constants above). Fabrics slower to post than
 * InfiniBand add their extra per-step latency (SCALE_OUT_ALPHA_S) to the network steps, and
 * each fat-tree tier above the leaf adds ALPHA_PER_TIER_S.
 */
export function ncclRingLatencyS(net: NetworkConstants, g: GroupSpan, allReduce: boolean): number {
  if (g.size <= 1) return 0;
  const interSteps = g.domains - 1;
  const intraSteps = g.size - 1 - interSteps;
  const netStep = NCCL_RING_NET_STEP_S + net.outAlphaS - SCALE_OUT_ALPHA_S.infiniband;
  if (!allReduce) {
    return NCCL_RING_BASE_S + intraSteps * NCCL_RING_INTRA_STEP_S + interSteps * netStep;
  }
  const ring = NCCL_RING_BASE_S + 2 * (intraSteps * NCCL_RING_INTRA_STEP_S + interSteps * netStep);
  // All-reduce may take NCCL's tree instead: 2·((ranks per node − 1)·intra + log2(nodes)·net).
  const tree =
    NCCL_RING_BASE_S +
    2 * ((g.perDomain - 1) * NCCL_RING_INTRA_STEP_S + Math.ceil(Math.log2(g.domains)) * netStep);
  return ring < tree ? ring : tree;
}

/**
 * Megatron-Core's default gradient bucket, parameters: max(40 M, 1 M × DP size), "larger DP
 * sizes need larger buckets to ensure collectives do not become latency-bound"
 * (megatron/core/distributed/distributed_data_parallel_config.py, `bucket_size`).
 */
export function gradBucketParams(dp: number): number {
  return Math.max(40e6, 1e6 * dp);
}

/** Point-to-point send of `bytes`, inside the domain or across the fabric, seconds. */
export function p2pS(net: NetworkConstants, inside: boolean, bytes: number): number {
  if (bytes <= 0) return 0;
  return inside ? bytes / net.upBytesPerS + net.upAlphaS : bytes / net.outBytesPerS + net.outAlphaS;
}

/** All-to-all of `bytes` per rank (pairwise exchange), seconds: (n−1)/n·S/bw + (n−1)·α. */
export function allToAllS(net: NetworkConstants, g: GroupSpan, bytes: number): number {
  if (g.size <= 1 || bytes <= 0) return 0;
  const n = g.size;
  const inside = g.domains <= 1;
  const bw = inside ? net.upBytesPerS : outBw(net, g.domains);
  const alpha = inside ? net.upAlphaS : net.outAlphaS;
  return ((n - 1) * bytes) / (n * bw) + (n - 1) * alpha;
}
