/**
 * Reliability engine: failure rates, interruption rate, checkpoint interval, goodput (issue 4).
 * See README.md.
 */
export {
  DEFAULT_SWITCH_RADIX,
  fatTreeSwitches,
  jobInterruptionRates,
  LLAMA3_405B_RUN,
  LLAMA3_CAUSE_COUNTS,
  llama3ComponentCounts,
  llama3DerivedRates,
  SECONDS_PER_YEAR,
} from './rates';
export type { ComponentCounts, ComponentRatesPerYear, InterruptionRates } from './rates';
export { dalyIntervalS, youngIntervalS } from './interval';
export { expectedLostWorkS, goodput, restartTime } from './goodput';
export type { CheckpointMode, GoodputInput, GoodputResult, RestartTime } from './goodput';
export { reliabilityMetrics } from './metrics';
