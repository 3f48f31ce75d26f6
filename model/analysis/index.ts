/**
 * Sensitivity (tornado), uncertainty (seeded Monte Carlo with common random numbers) and
 * calibration from a measured run. Pure; see README.md in this folder.
 */
export { ENGINE_ACCURACY, engineAccuracyFrom } from './accuracy';
export type { EngineAccuracy } from './accuracy';
export {
  CALIBRATION_MAX,
  CALIBRATION_MIN,
  calibrationFor,
  calibrationSection,
  fitCalibration,
  knobsWithCalibration,
} from './calibration';
export type { CalibrationMeasurement, CalibrationRecord } from './calibration';
export {
  centralValue,
  checkDistribution,
  describeDistribution,
  inverseNormalCdf,
  normalCdf,
  quantile,
} from './distributions';
export type { Distribution } from './distributions';
export { analysisInputs, applyInput, catalogOf, clampToInput, getAnalysisInput } from './inputs';
export type {
  AnalysisInput,
  AnalysisState,
  CatalogOrigin,
  InputContext,
  InputRange,
} from './inputs';
export { checkKnobs, evaluateWithKnobs, IDENTITY_KNOBS, scaleTrainingResult } from './knobs';
export type { EngineKnobs } from './knobs';
export {
  bandOf,
  defaultUncertainty,
  distributionFromRange,
  drawUniforms,
  MODEL_UNCERTAINTY_PCT,
  monteCarloSamples,
  pairwiseSentence,
  rangeOfDistribution,
  runMonteCarlo,
  summarizeMonteCarlo,
  uncertaintyRows,
  uncertaintyWithRanges,
} from './montecarlo';
export type {
  CertainInput,
  MonteCarloOptions,
  MonteCarloResult,
  MonteCarloSamples,
  PairwiseStatement,
  PercentileSummary,
  RelativeRange,
  UncertainInput,
  UncertaintyRow,
  UncertaintyShape,
  UncertaintySpec,
} from './montecarlo';
export { servingFleetFacts } from './fleet';
export { objectiveMetricId, OBJECTIVE_METRIC_IDS } from './objective';
export { drawRng, hash32, mulberry32, openUniform } from './prng';
export type { Rng } from './prng';
export { mean, quantileSorted, sampleSd } from './stats';
export { tornado } from './tornado';
export type { TornadoBar, TornadoOptions, TornadoRangeSpec, TornadoResult } from './tornado';
