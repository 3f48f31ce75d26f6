/** Parallelism: group placement, collectives (alpha–beta per tier) and pipeline bubble. */
export {
  networkConstants,
  groupSpan,
  allReduceS,
  allGatherS,
  flatAllGatherS,
  p2pS,
  allToAllS,
  bubbleFraction,
  SCALE_UP_EFFICIENCY,
  SCALE_OUT_EFFICIENCY,
} from './network';
export type { NetworkConstants, GroupSpan } from './network';
