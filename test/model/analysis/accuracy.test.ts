import { describe, expect, it } from 'vitest';
import { ENGINE_ACCURACY, engineAccuracyFrom } from '../../../model/analysis';
import { runValidation } from '../../../model/validation';
import { bundledValidationFiles } from '../../../model/validation/bundled';

describe('ENGINE_ACCURACY', () => {
  it('matches the validation harness on the bundled training cases', () => {
    const file = bundledValidationFiles.find((f) => f.file === ENGINE_ACCURACY.set);
    expect(file).toBeDefined();
    const report = runValidation([file?.data]);
    const fresh = engineAccuracyFrom(ENGINE_ACCURACY.set, report.cases);
    expect(fresh.cases).toBe(ENGINE_ACCURACY.cases);
    for (const key of [
      'medianAbsErrorPct',
      'stepTimeFactorP10',
      'stepTimeFactorP50',
      'stepTimeFactorP90',
      'stepTimeFactorMin',
      'stepTimeFactorMax',
      'meanLog',
      'sdLog',
    ] as const) {
      const rel =
        Math.abs(fresh[key] - ENGINE_ACCURACY[key]) / Math.max(1e-9, Math.abs(fresh[key]));
      expect(rel, key).toBeLessThan(1e-5);
    }
    expect(fresh.medianAbsErrorPct).toBeCloseTo(report.summary.medianAbsErrorPct, 9);
  });

  it('turns errors into observed ÷ predicted (hand check)', () => {
    const mk = (errorPct: number) =>
      ({
        id: 'x',
        kind: 'training-step',
        metric: 'step_time_s',
        observed: 1,
        predicted: 1 + errorPct / 100,
        errorPct,
        tolerancePct: 10,
        withinTolerance: true,
        notes: [],
        set: 's',
      }) as const;
    // −20 % (predicted fast) → observed is 1.25× the prediction; +25 % → 0.8×.
    const a = engineAccuracyFrom('s', [mk(-20), mk(25), mk(0)]);
    expect(a.stepTimeFactorMax).toBeCloseTo(1.25, 12);
    expect(a.stepTimeFactorMin).toBeCloseTo(0.8, 12);
    expect(a.stepTimeFactorP50).toBeCloseTo(1, 12);
    expect(a.meanLog).toBeCloseTo(0, 12);
    expect(a.medianAbsErrorPct).toBe(20);
  });
});
