/** Serving engine (issue 9): LLM inference capacity, latency under load, SLO sizing. */
export {
  evaluateServing,
  chooseLayout,
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
export { servingCurve, gpusForTargetLoad } from './curve';
export type { ServingCurve, ServingCurvePoint, ServingSlo, ServingSizing } from './curve';
export { servingMetrics } from './metrics';
export { servingFigures } from './figures';
export { getServingAccelerator, servingAcceleratorIds } from './hardware';
export type { ServingAccelerator, ServingPrecision } from './hardware';
export { STACKS } from './constants';
export type { ServingStack, StackProfile } from './constants';
export type {
  ServingConfig,
  ServingLayout,
  ServingLoad,
  ServingModelShape,
  ServingPartition,
  ServingResult,
  ServingSections,
} from './types';
