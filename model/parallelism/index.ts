/** Parallelism: group placement, collectives (alpha–beta per tier) and pipeline bubble. */
export {
  networkConstants,
  groupSpan,
  allReduceS,
  allGatherS,
  flatAllGatherS,
  p2pS,
  allToAllS,
  ncclRingLatencyS,
  gradBucketParams,
  NCCL_RING_BASE_S,
  NCCL_RING_INTRA_STEP_S,
  NCCL_RING_NET_STEP_S,
  SCALE_UP_EFFICIENCY,
  SCALE_OUT_EFFICIENCY,
} from './network';
export type { NetworkConstants, GroupSpan } from './network';
export {
  dispatchBytes,
  dispatchTimeS,
  probNoneIn,
  DISPATCH_NVLINK_EFFICIENCY,
  DISPATCH_RDMA_EFFICIENCY,
} from './expert';
export type { DispatchBytes } from './expert';
