import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_MAX,
  calibrationFor,
  calibrationSection,
  fitCalibration,
  knobsWithCalibration,
} from '../../../model/analysis';
import { evaluate } from '../../../model/evaluate';
import { example, IB, LORA, ROCE, SERVING } from './helpers';

describe('calibration recorded in a scenario (engine)', () => {
  const s = example(IB);
  const base = evaluate(s);
  const w = s.workload;
  if (w.kind !== 'training') throw new Error('training example expected');
  const section = (m: number, acceleratorId = s.cluster.compute.acceleratorId) => ({
    computeEfficiencyMultiplier: m,
    acceleratorId,
    stack: s.cluster.compute.stack,
    precision: w.training.precision,
    measured: { kind: 'step_time_s' as const, value: 1 },
    source: 'run 42',
    date: '2026-11-01',
    beforeErrorPct: 0,
    afterErrorPct: 0,
  });

  it('halves the compute parts at multiplier 2 and leaves communication alone', () => {
    const r = evaluate({ ...s, calibration: section(2) });
    const m = (x: typeof r, id: string) => x.metrics[id]?.value as number;
    expect(m(r, 'step_forward_s')).toBeCloseTo(m(base, 'step_forward_s') / 2, 9);
    expect(m(r, 'step_backward_s')).toBeCloseTo(m(base, 'step_backward_s') / 2, 9);
    expect(m(r, 'step_tp_comm_s')).toBeCloseTo(m(base, 'step_tp_comm_s'), 9);
    expect(m(r, 'step_time_s')).toBeLessThan(m(base, 'step_time_s'));
    expect(r.warnings.some((x) => x.startsWith('calibration:'))).toBe(false);
  });

  it('is not applied (and says so) on another accelerator', () => {
    const r = evaluate({ ...s, calibration: section(2, 'b200') });
    expect(r.metrics['step_time_s']?.value).toBe(base.metrics['step_time_s']?.value);
    expect(r.warnings.some((x) => x.startsWith('calibration: fitted on b200'))).toBe(true);
  });
});

describe('fitCalibration', () => {
  const s = example(IB);
  const predicted = evaluate(s).metrics['step_time_s']?.value as number;

  it('fits multiplier 1 to the engine’s own prediction', () => {
    const c = fitCalibration(s, { kind: 'step_time_s', value: predicted }, 'self', '2026-11-22');
    expect(c.computeEfficiencyMultiplier).toBeCloseTo(1, 10);
    expect(c.beforeErrorPct).toBeCloseTo(0, 10);
    expect(c.afterErrorPct).toBeCloseTo(0, 10);
  });

  it('matches a slower measurement and records its source (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 2, noNaN: true }), (slower) => {
        const measured = predicted * slower;
        const c = fitCalibration(
          s,
          { kind: 'step_time_s', value: measured },
          'job 17',
          '2026-11-01',
        );
        // Recorded in the scenario, the engine itself reproduces the measurement.
        const after = evaluate({ ...s, calibration: calibrationSection(c) }).metrics['step_time_s']
          ?.value as number;
        return (
          c.computeEfficiencyMultiplier <= 1 + 1e-12 &&
          Math.abs(c.afterErrorPct) < 1e-4 &&
          Math.abs(after - measured) / measured < 1e-6 &&
          Math.abs(c.beforeErrorPct - ((predicted - measured) / measured) * 100) < 1e-9
        );
      }),
      { numRuns: 30 },
    );
  });

  it('accepts tokens/s as well (hand check)', () => {
    const w = s.workload;
    if (w.kind !== 'training') throw new Error('training example expected');
    const tokensPerStep = w.training.globalBatchSeqs * w.model.seqLenTokens;
    const c = fitCalibration(
      s,
      { kind: 'tokens_per_s', value: tokensPerStep / (predicted * 1.2) },
      'dashboard',
      '2026-11-02',
    );
    expect(c.measuredStepTimeS).toBeCloseTo(predicted * 1.2, 9);
    // Predicted 1/1.2 of the measured time: −16.7 % before.
    expect(c.beforeErrorPct).toBeCloseTo((1 / 1.2 - 1) * 100, 9);
    expect(Math.abs(c.afterErrorPct)).toBeLessThan(1e-9);
  });

  it('clamps when compute alone cannot explain a much faster run', () => {
    const c = fitCalibration(
      s,
      { kind: 'step_time_s', value: predicted * 0.05 },
      'x',
      '2026-01-01',
    );
    expect(c.clamped).toBe(true);
    // At most CALIBRATION_MAX, and never so fast that the GPUs would run above their peak.
    expect(c.computeEfficiencyMultiplier).toBeLessThanOrEqual(CALIBRATION_MAX);
    const hfu = evaluate({ ...s, calibration: calibrationSection(c) }).metrics['hfu_pct']!.value;
    expect(hfu).toBeLessThanOrEqual(100);
    const hfu1 = evaluate(s).metrics['hfu_pct']!.value;
    expect(c.computeEfficiencyMultiplier).toBeCloseTo(Math.min(CALIBRATION_MAX, 100 / hfu1), 9);
    expect(Math.abs(c.afterErrorPct)).toBeLessThan(Math.abs(c.beforeErrorPct));
  });

  it('applies only to the same accelerator, stack and precision', () => {
    const c = fitCalibration(s, { kind: 'step_time_s', value: predicted * 1.1 }, 'x', '2026-01-01');
    expect(knobsWithCalibration(example(ROCE), c).computeEfficiency).toBe(
      c.computeEfficiencyMultiplier,
    );
    const other = {
      ...s,
      cluster: { ...s.cluster, compute: { ...s.cluster.compute, stack: 'baseline' as const } },
    };
    expect(knobsWithCalibration(other, c).computeEfficiency).toBe(1);
    expect(knobsWithCalibration(example(LORA), null).computeEfficiency).toBe(1);
  });

  it('names the bad field', () => {
    expect(() => fitCalibration(s, { kind: 'step_time_s', value: 0 }, 'x', '2026-01-01')).toThrow(
      /measured\.value/,
    );
    expect(() => fitCalibration(s, { kind: 'step_time_s', value: 1 }, ' ', '2026-01-01')).toThrow(
      /source:/,
    );
    expect(() => fitCalibration(s, { kind: 'step_time_s', value: 1 }, 'x', 'yesterday')).toThrow(
      /date:/,
    );
    expect(() =>
      fitCalibration(example(SERVING), { kind: 'step_time_s', value: 1 }, 'x', '2026-01-01'),
    ).toThrow(/workload\.kind/);
  });
});

describe('calibrationFor', () => {
  it('finds the record of the same accelerator, stack and precision', () => {
    const s = example(IB);
    const p = evaluate(s).metrics['step_time_s']?.value as number;
    const c = fitCalibration(s, { kind: 'step_time_s', value: p * 1.1 }, 'x', '2026-01-01');
    expect(calibrationFor(example(ROCE), [c])).toBe(c);
    expect(calibrationFor(example(SERVING), [c])).toBeNull();
    const bf = { ...c, precision: 'fp8' };
    expect(calibrationFor(s, [bf])).toBeNull();
  });
});
