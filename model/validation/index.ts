/**
 * Validation harness (pure): run `clusterplan-validation/1` case files through the engine and
 * report per-case error and a summary. See README.md in this folder.
 */
export {
  VALIDATION_FORMAT,
  loadValidationFile,
  validationCaseHeaderSchema,
  validationFileSchema,
} from './format';
export type { LoadedCase, LoadedFile, MalformedCase, ValidationCaseHeader } from './format';
export {
  defaultCaseHandlers,
  handlerFromPredictor,
  runCase,
  runValidation,
  summarize,
} from './harness';
export type {
  CaseHandler,
  CasePrediction,
  CaseResult,
  ValidationReport,
  ValidationSummary,
} from './harness';
export {
  ACCELERATOR_ID_ALIASES,
  MLPERF_GPT3_PROTOCOL,
  TRAINING_CASE_METRICS,
  isMlperfGpt3Case,
  mlperfEvaluationFor,
  mapAcceleratorId,
  predictTrainingStepCase,
  trainingCaseSchema,
  trainingCaseSections,
} from './training';
export type { TrainingCase, TrainingCaseOptions } from './training';
export {
  SERVING_CASE_METRICS,
  caseServingModelSection,
  predictServingCase,
  servingCaseSections,
} from './serving';
export type { ServingCaseMetric } from './serving';
