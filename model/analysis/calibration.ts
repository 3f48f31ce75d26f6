import type { CalibrationSection, Scenario } from '../scenario';
import { evaluateWithKnobs, IDENTITY_KNOBS, scaleTrainingResult } from './knobs';
import type { EngineKnobs } from './knobs';

/**
 * Calibration from the user's own run: a measured step time (or tokens/s) for the scenario's
 * configuration fits the achieved compute-efficiency multiplier k of that accelerator and stack
 * (knobs.ts: compute-bound parts of the step take 1/k of the engine's time).
 *
 * Method: the step is T(k) = C/k + O, C the compute-bound parts (forward, backward, recompute,
 * bubble), O the rest (exposed communication, optimizer). The measured T_m gives
 * k = C / (T_m − O), clamped to [MIN, MAX]; when T_m ≤ O (faster than the engine's
 * non-compute time) compute efficiency alone cannot explain it, k takes MAX and the after-error
 * says how far off it stays.
 */

/** Bounds of the fitted multiplier (beyond them the configuration, not the efficiency, is off). */
export const CALIBRATION_MIN = 0.2;
export const CALIBRATION_MAX = 3;

export type CalibrationMeasurement =
  | { readonly kind: 'step_time_s'; readonly value: number }
  | { readonly kind: 'tokens_per_s'; readonly value: number };

/**
 * The calibration record a scenario would keep (proposed `calibration` section, see the
 * folder README): the fitted multiplier with what it was fitted to and its source.
 */
export type CalibrationRecord = {
  readonly computeEfficiencyMultiplier: number;
  readonly acceleratorId: string;
  readonly stack: string;
  readonly precision: string;
  readonly measured: CalibrationMeasurement;
  /** Where the measurement comes from (run id, log, dashboard), free text. */
  readonly source: string;
  /** When it was measured, YYYY-MM-DD (the caller's clock; the engine has none). */
  readonly date: string;
  /** Step time the engine predicted before and after, s. */
  readonly predictedBeforeS: number;
  readonly predictedAfterS: number;
  readonly measuredStepTimeS: number;
  /** (predicted − measured) / measured × 100, before and after. */
  readonly beforeErrorPct: number;
  readonly afterErrorPct: number;
  /** True when the fit hit a bound (the multiplier alone cannot match the measurement). */
  readonly clamped: boolean;
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Fit the compute-efficiency multiplier of a training scenario to a measurement.
 * @param scenario - a parsed training scenario, the configuration that was run
 * @param measured - measured step time (s) or throughput (tokens/s, whole cluster)
 * @param source - where the measurement comes from (non-empty)
 * @param date - when it was measured, YYYY-MM-DD
 * @param knobs - knobs of the prediction (the engine-accuracy factor is kept; default identity)
 * @throws naming `measured.value`, `source`, `date` or `workload.kind` for bad input
 */
export function fitCalibration(
  scenario: Scenario,
  measured: CalibrationMeasurement,
  source: string,
  date: string,
  knobs: EngineKnobs = IDENTITY_KNOBS,
): CalibrationRecord {
  const w = scenario.workload;
  if (w.kind !== 'training')
    throw new Error('workload.kind: calibration needs a training scenario (a measured step time)');
  if (!(Number.isFinite(measured.value) && measured.value > 0))
    throw new RangeError(`measured.value: must be a positive number (got ${measured.value})`);
  if (source.trim() === '') throw new Error('source: say where the measurement comes from');
  if (!DATE_RE.test(date)) throw new Error(`date: must be YYYY-MM-DD (got "${date}")`);
  // Fit on the configuration as the engine sees it without any calibration the scenario holds.
  const plain: Scenario = { ...scenario, calibration: null };
  const base = evaluateWithKnobs(plain, { ...knobs, computeEfficiency: 1 });
  const r = base.training;
  if (!r) throw new Error('workload: the training engine produced no result');
  const tokensPerStep = w.training.globalBatchSeqs * w.model.seqLenTokens;
  const measuredS =
    measured.kind === 'step_time_s' ? measured.value : tokensPerStep / measured.value;
  const b = r.breakdown;
  const compute = b.forwardS + b.backwardS + b.recomputeS + b.bubbleS;
  const other = r.stepTimeS - compute;
  // No fit may run the GPUs above their peak: the achieved rate grows at most as fast as k
  // (step = compute/k + other), so k ≤ 100 % / HFU keeps HFU ≤ 100 % (the engine refuses more).
  const kMax = Math.min(CALIBRATION_MAX, r.hfuPct > 0 ? 100 / r.hfuPct : CALIBRATION_MAX);
  const clampK = (x: number) => Math.min(kMax, Math.max(CALIBRATION_MIN, x));
  let k = measuredS > other && compute > 0 ? compute / (measuredS - other) : kMax;
  let clamped = k < CALIBRATION_MIN || k > kMax || measuredS <= other;
  k = clampK(k);
  // The engine applies the multiplier to its compute kernels (model/training: the overlap windows
  // and the bubble follow), so T(k) is only nearly C/k + O: refine k on the engine itself by
  // the secant method (T falls monotonically with k), a few steps from the closed form.
  const stepAt = (m: number) =>
    evaluateWithKnobs(withMultiplier(plain, m), { ...knobs, computeEfficiency: 1 }).training
      ?.stepTimeS ?? NaN;
  let k0 = k;
  let t0 = stepAt(k0);
  if (!clamped && Number.isFinite(t0)) {
    let k1 = clampK(k0 * (t0 / measuredS));
    for (let i = 0; i < 6 && k1 !== k0; i++) {
      const t1 = stepAt(k1);
      if (!Number.isFinite(t1) || Math.abs(t1 - measuredS) <= 1e-9 * measuredS) {
        [k0, t0] = [k1, t1];
        break;
      }
      const slope = (t1 - t0) / (k1 - k0);
      const next = slope < 0 ? clampK(k1 - (t1 - measuredS) / slope) : k1;
      [k0, t0] = [k1, t1];
      k1 = next;
    }
    k = k0;
    clamped = k <= CALIBRATION_MIN || k >= kMax;
  }
  const after = Number.isFinite(t0)
    ? t0
    : scaleTrainingResult(r, { computeEfficiency: k, stepTimeFactor: 1 }, 0).stepTimeS;
  const err = (p: number) => ((p - measuredS) / measuredS) * 100;
  return {
    computeEfficiencyMultiplier: k,
    acceleratorId: scenario.cluster.compute.acceleratorId,
    stack: scenario.cluster.compute.stack,
    precision: w.training.precision,
    measured,
    source: source.trim(),
    date,
    predictedBeforeS: r.stepTimeS,
    predictedAfterS: after,
    measuredStepTimeS: measuredS,
    beforeErrorPct: err(r.stepTimeS),
    afterErrorPct: err(after),
    clamped,
  };
}

/**
 * The knobs a calibration implies for a scenario: its multiplier when the scenario runs the
 * calibrated accelerator, stack and precision, else unchanged.
 */
export function knobsWithCalibration(
  scenario: Scenario,
  record: CalibrationRecord | null,
  knobs: EngineKnobs = IDENTITY_KNOBS,
): EngineKnobs {
  const w = scenario.workload;
  if (
    !record ||
    w.kind !== 'training' ||
    scenario.cluster.compute.acceleratorId !== record.acceleratorId ||
    scenario.cluster.compute.stack !== record.stack ||
    w.training.precision !== record.precision
  )
    return knobs;
  return { ...knobs, computeEfficiency: record.computeEfficiencyMultiplier };
}

/**
 * The calibration that applies to a scenario: the first of `records` fitted on the same
 * accelerator, stack and precision (put the scenario's own record first), or null.
 */
export function calibrationFor(
  scenario: Scenario,
  records: readonly CalibrationRecord[],
): CalibrationRecord | null {
  const w = scenario.workload;
  if (w.kind !== 'training') return null;
  const c = scenario.cluster.compute;
  return (
    records.find(
      (r) =>
        r.acceleratorId === c.acceleratorId &&
        r.stack === c.stack &&
        r.precision === w.training.precision,
    ) ?? null
  );
}

/** A scenario with a calibration of multiplier `m` on its own accelerator, stack and precision. */
function withMultiplier(scenario: Scenario, m: number): Scenario {
  const w = scenario.workload;
  if (w.kind !== 'training') return scenario;
  return {
    ...scenario,
    calibration: {
      computeEfficiencyMultiplier: m,
      acceleratorId: scenario.cluster.compute.acceleratorId,
      stack: scenario.cluster.compute.stack,
      precision: w.training.precision,
      measured: { kind: 'step_time_s', value: 1 },
      source: 'fit',
      date: '2000-01-01',
      beforeErrorPct: 0,
      afterErrorPct: 0,
    },
  };
}

/**
 * The scenario section (`calibration`, model/scenario) that records a fitted calibration; the
 * training engine applies it when the scenario runs the same accelerator, stack and precision.
 */
export function calibrationSection(record: CalibrationRecord): NonNullable<CalibrationSection> {
  return {
    computeEfficiencyMultiplier: record.computeEfficiencyMultiplier,
    acceleratorId: record.acceleratorId,
    stack: record.stack === 'baseline' ? 'baseline' : 'optimized',
    precision:
      record.precision === 'fp16' || record.precision === 'fp8' || record.precision === 'fp4'
        ? record.precision
        : 'bf16',
    measured: record.measured,
    source: record.source,
    date: record.date,
    beforeErrorPct: record.beforeErrorPct,
    afterErrorPct: record.afterErrorPct,
  };
}
