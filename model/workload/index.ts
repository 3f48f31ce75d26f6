/** Workload: parameters, FLOPs per token and memory per GPU of transformer training. */
export {
  paramCounts,
  modelFlopsPerToken,
  loraParamCount,
  kvWidth,
  ffnMatrices,
  inferFfnType,
  expertParallelIgnored,
} from './shape';
export type { ParamCounts } from './shape';
export {
  memoryPerGpu,
  memoryTotalBytes,
  activationBytesPerLayer,
  totalBytesByRecomputedLayers,
} from './memory';
export type { MemoryLayout, MemoryOptions, MemoryParts } from './memory';
export type { FfnType, MoeSpec, ModelShape } from './types';
