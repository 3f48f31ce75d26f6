export {
  MAX_FILE_JSON_VALUES,
  MAX_OPEN_SCENARIOS,
  MAX_SCENARIO_FILE_BYTES,
  MAX_SCENARIO_FILE_CHARS,
  sizeText,
  utf8Length,
} from './limits';
export { DEFAULT_JSON_LIMITS, parseJsonSafely } from './safeJson';
export type { SafeJsonLimits, SafeJsonResult } from './safeJson';
export {
  DEFAULT_FILE_LAYOUT,
  MAX_FILE_SCENARIOS,
  readScenarioFile,
  SCENARIO_FILE_FORMAT,
  serializeScenarioFile,
} from './scenarioFile';
export type { FileLayout, ReadScenarioFileResult, ScenarioFileContents } from './scenarioFile';
export { RECOVERY_FORMAT, readRecovery, serializeRecovery } from './recovery';
export type { ReadRecoveryResult, RecoveryRecord } from './recovery';
