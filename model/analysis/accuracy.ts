import type { CaseResult } from '../validation';
import { mean, quantileSorted, sampleSd } from './stats';

/**
 * The engine's own accuracy on its training validation cases, as a distribution of
 * observed ÷ predicted step time (or time to train): the throughput band of the Monte Carlo.
 * A case's error is (predicted − observed) / observed, so observed ÷ predicted = 1 / (1 + error).
 */
export type EngineAccuracy = {
  /** The case file the figures come from. */
  readonly set: string;
  readonly cases: number;
  /** Median |error|, % (as the validation summary reports it). */
  readonly medianAbsErrorPct: number;
  /** Percentiles of observed ÷ predicted step time. */
  readonly stepTimeFactorP10: number;
  readonly stepTimeFactorP50: number;
  readonly stepTimeFactorP90: number;
  readonly stepTimeFactorMin: number;
  readonly stepTimeFactorMax: number;
  /** Mean and sample standard deviation of ln(observed ÷ predicted). */
  readonly meanLog: number;
  readonly sdLog: number;
};

/**
 * Engine accuracy figures from validation case results (the training cases that predicted).
 * @param cases - `runValidation(...).cases` of a training case file
 * @throws when no case predicted
 */
export function engineAccuracyFrom(set: string, cases: readonly CaseResult[]): EngineAccuracy {
  const ratios = cases
    .filter((c) => c.errorPct !== null)
    .map((c) => 1 / (1 + (c.errorPct as number) / 100))
    .sort((a, b) => a - b);
  if (ratios.length === 0) throw new Error('engine accuracy: no validation case predicted');
  const abs = cases
    .filter((c) => c.errorPct !== null)
    .map((c) => Math.abs(c.errorPct as number))
    .sort((a, b) => a - b);
  const logs = ratios.map((r) => Math.log(r));
  return {
    set,
    cases: ratios.length,
    medianAbsErrorPct: quantileSorted(abs, 0.5),
    stepTimeFactorP10: quantileSorted(ratios, 0.1),
    stepTimeFactorP50: quantileSorted(ratios, 0.5),
    stepTimeFactorP90: quantileSorted(ratios, 0.9),
    stepTimeFactorMin: ratios[0] as number,
    stepTimeFactorMax: ratios[ratios.length - 1] as number,
    meanLog: mean(logs),
    sdLog: sampleSd(logs),
  };
}

/**
 * The figures for the bundled training cases (model/validation/bundled/training-dev.json),
 * computed once with `engineAccuracyFrom` and kept here so the analysis does not rerun the
 * harness (about a second). test/model/analysis/accuracy.test.ts reruns the harness and
 * checks these numbers; update them when the engine or the cases change.
 */
export const ENGINE_ACCURACY: EngineAccuracy = {
  set: 'training-dev.json',
  cases: 42,
  medianAbsErrorPct: 5.848669,
  stepTimeFactorP10: 0.9580237,
  stepTimeFactorP50: 1.055629,
  stepTimeFactorP90: 1.205396,
  stepTimeFactorMin: 0.9080917,
  stepTimeFactorMax: 1.274394,
  meanLog: 0.0598955,
  sdLog: 0.07820895,
};
