import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../model/evaluate';
import { evaluateWithKnobs, IDENTITY_KNOBS } from '../../../model/analysis';
import { example, IB, LORA, SERVING } from './helpers';

describe('evaluateWithKnobs', () => {
  it('is evaluate() exactly with identity knobs', () => {
    for (const f of [IB, LORA, SERVING]) {
      const s = example(f);
      expect(evaluateWithKnobs(s, IDENTITY_KNOBS)).toEqual(evaluate(s));
    }
  });

  it('stepTimeFactor scales the whole step and what follows from it', () => {
    const s = example(IB);
    const a = evaluate(s).metrics;
    const b = evaluateWithKnobs(s, { computeEfficiency: 1, stepTimeFactor: 1.25 }).metrics;
    const v = (m: typeof a, id: string) => m[id]?.value as number;
    expect(v(b, 'step_time_s') / v(a, 'step_time_s')).toBeCloseTo(1.25, 10);
    expect(v(b, 'tokens_per_s') / v(a, 'tokens_per_s')).toBeCloseTo(0.8, 10);
    expect(v(b, 'mfu_pct') / v(a, 'mfu_pct')).toBeCloseTo(0.8, 10);
    // Compute-only time to train: steps × step time (no fixed overhead or evaluation here).
    expect(v(b, 'time_to_train_compute_days') / v(a, 'time_to_train_compute_days')).toBeCloseTo(
      1.25,
      10,
    );
    // Wall-clock time to train grows too (failures and checkpoints come on top).
    expect(v(b, 'time_to_train_days')).toBeGreaterThan(v(a, 'time_to_train_days'));
    // Memory does not depend on speed.
    expect(v(b, 'memory_per_gpu_gib')).toBe(v(a, 'memory_per_gpu_gib'));
  });

  it('computeEfficiency shortens only the compute-bound parts', () => {
    const s = example(IB);
    const a = evaluate(s).metrics;
    const b = evaluateWithKnobs(s, { computeEfficiency: 2, stepTimeFactor: 1 }).metrics;
    const v = (m: typeof a, id: string) => m[id]?.value as number;
    expect(v(b, 'step_forward_s')).toBeCloseTo(v(a, 'step_forward_s') / 2, 12);
    expect(v(b, 'step_backward_s')).toBeCloseTo(v(a, 'step_backward_s') / 2, 12);
    expect(v(b, 'step_dp_comm_s')).toBe(v(a, 'step_dp_comm_s'));
    expect(v(b, 'step_optimizer_s')).toBe(v(a, 'step_optimizer_s'));
    const parts = [
      'step_forward_s',
      'step_backward_s',
      'step_recompute_s',
      'step_tp_comm_s',
      'step_cp_comm_s',
      'step_ep_comm_s',
      'step_pp_comm_s',
      'step_dp_comm_s',
      'step_bubble_s',
      'step_optimizer_s',
    ].reduce((t, id) => t + v(b, id), 0);
    expect(v(b, 'step_time_s')).toBeCloseTo(parts, 12);
    expect(v(b, 'step_time_s')).toBeLessThan(v(a, 'step_time_s'));
    expect(v(b, 'step_time_s')).toBeGreaterThan(v(a, 'step_time_s') / 2);
  });

  it('rejects a knob out of range naming it', () => {
    expect(() =>
      evaluateWithKnobs(example(IB), { computeEfficiency: 0, stepTimeFactor: 1 }),
    ).toThrow(/knobs\.computeEfficiency/);
  });
});
