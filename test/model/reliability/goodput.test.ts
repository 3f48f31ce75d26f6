import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dalyIntervalS,
  expectedLostWorkS,
  fatTreeSwitches,
  goodput,
  jobInterruptionRates,
  llama3ComponentCounts,
  llama3DerivedRates,
  restartTime,
} from '../../../model/reliability';

describe('default failure rates', () => {
  it('the scenario defaults are the Llama 3 derivation of the reliability engine', async () => {
    const { LLAMA3_DEFAULT_RATES } = await import('../../../model/scenario/reliability');
    const { llama3DerivedRates } = await import('../../../model/reliability/rates');
    expect(LLAMA3_DEFAULT_RATES).toEqual(llama3DerivedRates());
  });
});

describe('interruption rate', () => {
  it('Llama 3 405B: the derived rates give back 419 interruptions in 54 days on 16,384 GPUs', () => {
    const r = jobInterruptionRates(llama3ComponentCounts(), llama3DerivedRates());
    expect(r.unexpectedPerS * 54 * 86400).toBeCloseTo(419, 9);
    // GPU causes (268 of 419) dominate; MTTI ≈ 3.09 h (catalog: "~1 every 3 h")
    expect(r.gpuPerS / r.unexpectedPerS).toBeCloseTo(268 / 419, 9);
    expect(1 / r.unexpectedPerS / 3600).toBeCloseTo(3.093, 3);
  });

  it('per-GPU rate ≈ 0.11 per GPU-year (catalog derived 0.106 for 256 GPU events)', () => {
    expect(llama3DerivedRates().gpuPerGpuYear).toBeCloseTo(268 / (16384 * (54 / 365.25)), 12);
    expect(llama3DerivedRates().gpuPerGpuYear).toBeGreaterThan(0.1);
    expect(llama3DerivedRates().gpuPerGpuYear).toBeLessThan(0.12);
  });

  it('fat-tree switch counts', () => {
    expect(fatTreeSwitches(0)).toBe(0);
    expect(fatTreeSwitches(64)).toBe(1);
    expect(fatTreeSwitches(2048)).toBe(96); // 2 tiers: 3 · 2048 / 64
    expect(fatTreeSwitches(16384)).toBe(1280); // 3 tiers: 5 · 16384 / 64
  });

  it('grows linearly with scale at fixed per-component rates', () => {
    const rates = llama3DerivedRates();
    const a = jobInterruptionRates({ gpus: 1024, nodes: 128, links: 1024, switches: 48 }, rates);
    const b = jobInterruptionRates({ gpus: 2048, nodes: 256, links: 2048, switches: 96 }, rates);
    expect(b.unexpectedPerS).toBeCloseTo(2 * a.unexpectedPerS, 15);
  });
});

describe('goodput', () => {
  it('hand-checked: sync checkpoints', () => {
    // λ = 1 per 10,000 s, R = 600 s, τ = 1000 s, δ = 10 s: L = 505 s;
    // f_fail = 1105/10000 = 0.1105; goodput = 0.8895 · 1000/1010 = 0.880693…
    const g = goodput({
      unexpectedPerS: 1e-4,
      plannedPerS: 0,
      restartS: 600,
      intervalS: 1000,
      blockingS: 10,
      persistS: 0,
      mode: 'sync',
    });
    expect(g.lostWorkPerFailureS).toBe(505);
    expect(g.failureFraction).toBeCloseTo(0.1105, 12);
    expect(g.goodputFraction).toBeCloseTo(0.8895 * (1000 / 1010), 12);
    expect(g.failureFraction + g.checkpointFraction + g.goodputFraction).toBeCloseTo(1, 12);
  });

  it('async: rework is τ/2 + persist time', () => {
    expect(expectedLostWorkS(1000, 1, 50, 'async')).toBe(550);
    expect(expectedLostWorkS(1000, 10, 0, 'sync')).toBe(505);
  });

  it('planned interruptions cost the restart only', () => {
    const g = goodput({
      unexpectedPerS: 0,
      plannedPerS: 1 / 86400,
      restartS: 864,
      intervalS: 1000,
      blockingS: 0,
      persistS: 0,
      mode: 'sync',
    });
    expect(g.failureFraction).toBeCloseTo(0.01, 12);
  });

  it('no progress when interruptions outpace restarts', () => {
    const g = goodput({
      unexpectedPerS: 1 / 300,
      plannedPerS: 0,
      restartS: 600,
      intervalS: 100,
      blockingS: 1,
      persistS: 0,
      mode: 'sync',
    });
    expect(g.noProgress).toBe(true);
    expect(g.goodputFraction).toBe(0);
  });

  it('restart time sums its parts', () => {
    expect(restartTime(300, 300, 42).totalS).toBe(642);
  });

  it('property: goodput ≤ 1 and falls as the GPU count grows (fixed rates, optimal interval)', () => {
    const rates = llama3DerivedRates();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8192 }),
        fc.double({ min: 1.01, max: 8, noNaN: true }),
        fc.double({ min: 0.1, max: 600, noNaN: true }),
        fc.double({ min: 0, max: 3600, noNaN: true }),
        fc.constantFrom<'sync' | 'async'>('sync', 'async'),
        (nodes, k, delta, restartS, mode) => {
          const g = (n: number): number => {
            const gpus = n * 8;
            const r = jobInterruptionRates(
              { gpus, nodes: n, links: gpus, switches: fatTreeSwitches(gpus) },
              rates,
            );
            const tau = dalyIntervalS(delta, 1 / r.unexpectedPerS);
            return goodput({
              unexpectedPerS: r.unexpectedPerS,
              plannedPerS: 0,
              restartS,
              intervalS: tau,
              blockingS: delta,
              persistS: mode === 'async' ? delta : 0,
              mode,
            }).goodputFraction;
          };
          const g1 = g(nodes);
          const g2 = g(Math.ceil(nodes * k));
          expect(g1).toBeLessThanOrEqual(1);
          expect(g1).toBeGreaterThanOrEqual(0);
          expect(g2).toBeLessThanOrEqual(g1 + 1e-12);
        },
      ),
    );
  });
});
