/** Compute: per-operation roofline with size- and accelerator-dependent efficiency. */
export {
  deviceConstants,
  peakFor,
  gemmTimeS,
  memoryTimeS,
  gemmEfficiencyBasis,
  slowestGpuFactor,
  GPU_SPEED_SIGMA,
  GEMM_FIXED_S,
  ELEMENTWISE_FIXED_S,
  ATTN_FWD_REL,
  ATTN_BWD_REL,
  attentionHeadDimFactor,
  slidingWindowAttention,
} from './device';
export type { DeviceConstants } from './device';
export { clockFactorForPowerCap, STATIC_POWER_FRACTION, DVFS_POWER_EXPONENT } from './powerCap';
