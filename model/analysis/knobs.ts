import { evaluate } from '../evaluate';
import type { EvaluationResult } from '../evaluate';
import type { Scenario } from '../scenario';
import type { TrainingResult } from '../training';
import { scalingEfficiencyPct } from '../training';

/**
 * Engine knobs the analysis varies that are not (yet) scenario fields. Both are plain
 * multipliers, 1 = the engine as it is.
 *
 * - `computeEfficiency`: achieved compute efficiency relative to the engine's (MAMF-based)
 *   figure. Compute-bound parts of the training step (forward, backward, recompute and the
 *   pipeline bubble, which is idle time proportional to one micro batch's compute) take
 *   1/k of their time. This is what a calibration from a measured run fits. In the engine
 *   it would multiply the achievable GEMM and attention rates of `deviceConstants`
 *   (model/compute); at a fixed layout the two agree to first order.
 * - `stepTimeFactor`: the engine's own error, the ratio of an observed step time to the
 *   predicted one (validation harness), applied to the whole step.
 */
export type EngineKnobs = {
  readonly computeEfficiency: number;
  readonly stepTimeFactor: number;
};

export const IDENTITY_KNOBS: EngineKnobs = { computeEfficiency: 1, stepTimeFactor: 1 };

/** Check knobs; throws naming the field. Bounds: 0.05 to 20 (far outside any real case). */
export function checkKnobs(k: EngineKnobs): void {
  for (const [name, v] of [
    ['computeEfficiency', k.computeEfficiency],
    ['stepTimeFactor', k.stepTimeFactor],
  ] as const) {
    if (!(Number.isFinite(v) && v >= 0.05 && v <= 20))
      throw new RangeError(`knobs.${name}: must be a number from 0.05 to 20 (got ${String(v)})`);
  }
}

function isIdentity(k: EngineKnobs): boolean {
  return k.computeEfficiency === 1 && k.stepTimeFactor === 1;
}

/**
 * A training result with its step time rescaled by the knobs, every figure that follows from
 * the step time (tokens/s, samples/s, TFLOP/s, MFU/HFU, scaling efficiency, time to train)
 * rescaled with it. Memory, layout and FLOP counts are unchanged.
 * @param fixedOverheadS - the scenario's fixed overhead (s), which is not rescaled
 */
export function scaleTrainingResult(
  r: TrainingResult,
  knobs: EngineKnobs,
  fixedOverheadS: number,
): TrainingResult {
  checkKnobs(knobs);
  if (isIdentity(knobs)) return r;
  const c = knobs.stepTimeFactor / knobs.computeEfficiency;
  const o = knobs.stepTimeFactor;
  const b = r.breakdown;
  const breakdown = {
    forwardS: b.forwardS * c,
    backwardS: b.backwardS * c,
    recomputeS: b.recomputeS * c,
    tpCommS: b.tpCommS * o,
    cpCommS: b.cpCommS * o,
    epCommS: b.epCommS * o,
    ppCommS: b.ppCommS * o,
    dpCommS: b.dpCommS * o,
    bubbleS: b.bubbleS * c,
    optimizerS: b.optimizerS * o,
  };
  const step =
    breakdown.forwardS +
    breakdown.backwardS +
    breakdown.recomputeS +
    breakdown.tpCommS +
    breakdown.cpCommS +
    breakdown.epCommS +
    breakdown.ppCommS +
    breakdown.dpCommS +
    breakdown.bubbleS +
    breakdown.optimizerS;
  const ratio = step / r.stepTimeS;
  let ttt: number | null = null;
  let evalTime: number | null = r.evaluationTimeS;
  if (r.timeToTrainS !== null) {
    // Evaluation is forward compute (scaled like compute); the fixed overhead is not.
    const ev = r.evaluationTimeS ?? 0;
    evalTime = ev * c;
    ttt = (r.timeToTrainS - fixedOverheadS - ev) * ratio + evalTime + fixedOverheadS;
  }
  return {
    ...r,
    stepTimeS: step,
    breakdown,
    tokensPerS: r.tokensPerS / ratio,
    samplesPerS: r.samplesPerS / ratio,
    achievedTflopsPerGpu: r.achievedTflopsPerGpu / ratio,
    hardwareTflopsPerGpu: r.hardwareTflopsPerGpu / ratio,
    mfuPct: r.mfuPct / ratio,
    hfuPct: r.hfuPct / ratio,
    scalingEfficiencyPct: scalingEfficiencyPct(step, breakdown.dpCommS),
    timeToTrainS: ttt,
    timeToTrainDays: ttt === null ? null : ttt / 86_400,
    evaluationTimeS: evalTime,
  };
}

/**
 * evaluate() with engine knobs: the same pipeline, the training engine's step time rescaled
 * (see `EngineKnobs`) before the later steps read it. With identity knobs this is
 * `evaluate(scenario)` exactly.
 * @throws as evaluate() does, or naming `knobs.<field>` for a knob out of range
 */
export function evaluateWithKnobs(scenario: Scenario, knobs: EngineKnobs): EvaluationResult {
  checkKnobs(knobs);
  if (isIdentity(knobs)) return evaluate(scenario);
  const w = scenario.workload;
  const fixed = w.kind === 'training' ? w.training.fixedOverheadS : 0;
  return evaluate(scenario, { adjustTraining: (r) => scaleTrainingResult(r, knobs, fixed) });
}
