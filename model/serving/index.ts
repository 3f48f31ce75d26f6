/** Serving engine (issue 9): LLM inference capacity, latency under load, SLO sizing. */
export {
  evaluateServing,
  sloRatePerCopy,
  copyCapacityRequestsPerS,
  erlangC,
  normalQuantile,
} from './evaluate';
export {
  prepareServing,
  decodeStepS,
  decodeStepBreakdown,
  prefillServiceS,
  defaultKvPrecision,
  type PreparedServing,
  type StepTime,
} from './engine';
export {
  kvCacheBytesPerToken,
  weightBytes,
  embeddingParams,
  expertParamsPerLayer,
  expectedDistinctExperts,
} from './memory';
export { clockFactorForPowerCap } from '../compute/powerCap';
export { servingCurve, gpusForTargetLoad, sloLoadShortfall, UnreachableSloError } from './curve';
export type { ServingCurve, ServingCurvePoint, ServingSlo, ServingSizing } from './curve';
export { servingMetrics } from './metrics';
export { servingLayoutText } from './layoutText';
export { servingFigures } from './figures';
export { getServingAccelerator, servingAcceleratorIds } from './hardware';
export type { ServingAccelerator, ServingPrecision } from './hardware';
export { STACKS } from './constants';
export type { ServingStack, StackProfile } from './constants';
// The engine's working input (ServingConfig and its parts, types.ts) stays private: callers
// pass the scenario sections.
export type { ServingResult, ServingSections } from './types';
