/**
 * Data pipeline, storage and checkpoint I/O engine (issue 4). See README.md.
 */
export {
  acceleratorUtilization,
  acceleratorsSupported,
  predictStorageFeedCase,
  requiredReadBytesPerSPerAccelerator,
  STORAGE_FEED_METRICS,
} from './feed';
export type { StorageFeedPrediction } from './feed';
export {
  effectiveBufferLength,
  emptyBufferProbability,
  maxFetchSForStall,
  queueStall,
} from './queue';
export type { QueueStall } from './queue';
export { evaluateDataPipeline } from './pipeline';
export type {
  DataFix,
  DataPipelineInput,
  DataPipelineResult,
  DataStage,
  FixKind,
  FixOption,
} from './pipeline';
export { checkpointBytesPerParameter, checkpointCost } from './checkpoint';
export type { CheckpointInput, CheckpointOptimizer, CheckpointResult } from './checkpoint';
export { adjustTimeToTrainDays, evaluateDataAndReliability, sampleBytesFor } from './stage';
export type { DataReliabilityInput, DataReliabilityResult, LostCause } from './stage';
export { storageMetrics } from './metrics';
export * from './defaults';
export { dataReliabilityInputFor } from './wire';
