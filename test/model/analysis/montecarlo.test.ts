import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analysisInputs,
  bandOf,
  defaultUncertainty,
  distributionFromRange,
  quantile,
  drawUniforms,
  MODEL_UNCERTAINTY_PCT,
  monteCarloSamples,
  pairwiseSentence,
  rangeOfDistribution,
  runMonteCarlo,
  summarizeMonteCarlo,
  uncertaintyRows,
  uncertaintyWithRanges,
} from '../../../model/analysis';
import { evaluate } from '../../../model/evaluate';
import { example, IB, LORA, ROCE } from './helpers';

describe('Monte Carlo', () => {
  const ib = example(IB);
  const roce = example(ROCE);

  it('same seed, same result; another seed, another result', () => {
    const a = runMonteCarlo([ib, roce], { draws: 30, seed: 12345 });
    const b = runMonteCarlo([ib, roce], { draws: 30, seed: 12345 });
    const c = runMonteCarlo([ib, roce], { draws: 30, seed: 54321 });
    expect(b).toEqual(a);
    expect(bandOf(c, 0, 'tco_usd')).not.toEqual(bandOf(a, 0, 'tco_usd'));
  });

  it('P10 ≤ P50 ≤ P90 for every metric (property)', () => {
    const lora = example(LORA);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 12 }),
        (seed, draws) => {
          const r = runMonteCarlo([lora], { draws, seed });
          return (r.summaries[0] ?? []).every((s) => s.p10 <= s.p50 && s.p50 <= s.p90);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('without uncertainty every percentile is the deterministic value', () => {
    const r = runMonteCarlo([ib], { draws: 5, seed: 1, uncertainty: [[]] });
    const base = evaluate(ib).metrics;
    for (const s of r.summaries[0] ?? []) {
      expect(s.p10).toBe(base[s.metricId]?.value);
      expect(s.p90).toBe(base[s.metricId]?.value);
    }
  });

  it('the band contains the spread of the engine-accuracy input', () => {
    // Only the engine's own accuracy: tokens/s = deterministic ÷ step-time factor.
    const spec = defaultUncertainty(ib).inputs.filter((i) => i.id === 'engine_accuracy');
    expect(spec).toHaveLength(1);
    const r = runMonteCarlo([ib], { draws: 200, seed: 7, uncertainty: [spec] });
    const band = bandOf(r, 0, 'tokens_per_s');
    const base = evaluate(ib).metrics['tokens_per_s']?.value as number;
    // The engine predicts fast on average (ln-mean > 0): the median lies below the deterministic value.
    expect(band?.p50).toBeLessThan(base);
    expect(band?.p10).toBeLessThan(band?.p90 as number);
  });

  it('uses common random numbers: a scenario against itself ties in every draw', () => {
    const r = runMonteCarlo([ib, ib], { draws: 20, seed: 3 });
    const tco = r.pairwise.find((p) => p.metricId === 'tco_usd');
    expect(tco?.tieShare).toBe(1);
    expect(tco?.betterShare).toBe(0);
  });

  it('says how often the other build is cheaper, or that the two cannot be told apart', () => {
    const r = runMonteCarlo([ib, roce], { draws: 40, seed: 11 });
    const p = r.pairwise.find((x) => x.metricId === 'tco_usd');
    expect(p).toBeDefined();
    const base = [evaluate(ib), evaluate(roce)].map((e) => e.metrics['tco_usd']!.value);
    const gap = Math.abs(base[1]! / base[0]! - 1);
    // The TCOs of the IB and RoCE builds differ by about 1 %: inside the model's ±5.8 %.
    expect(gap).toBeLessThan(MODEL_UNCERTAINTY_PCT / 100);
    expect(p?.indistinguishable).toBe(true);
    expect(Math.abs(p!.medianRelativeDifference)).toBeLessThan(2 * gap);
    expect(pairwiseSentence(r, p!)).toMatch(
      /^"[^"]+" and "[^"]+" are indistinguishable on TCO: the difference \(median [+−][0-9.]+ %\) is within the model's stated uncertainty \(±5\.8 %\) in 100 % of draws$/,
    );
    // With no stated uncertainty the same draws say which is cheaper.
    const exact = runMonteCarlo([ib, roce], { draws: 40, seed: 11, resolutionPct: 0 });
    const q = exact.pairwise.find((x) => x.metricId === 'tco_usd')!;
    expect(q.indistinguishable).toBe(false);
    const sentence = pairwiseSentence(exact, q);
    expect(sentence).toMatch(
      /is (cheaper|more expensive) than .* on TCO in \d+ % of draws \(median/,
    );
    expect(() => runMonteCarlo([ib], { draws: 1, seed: 1, resolutionPct: -1 })).toThrow(
      /resolutionPct/,
    );
    // Shares are fractions of the draws both scenarios produced.
    expect((p?.betterShare as number) + (p?.tieShare as number)).toBeLessThanOrEqual(1);
  });

  it('a draw does not depend on how the run is chunked', () => {
    expect(drawUniforms(9, 17)).toEqual(drawUniforms(9, 17));
    const all = monteCarloSamples([ib], { draws: 6, seed: 9 });
    const first = monteCarloSamples([ib], { draws: 3, seed: 9 });
    const m = all.metricIds.indexOf('tco_usd');
    expect(Array.from(all.values[0]?.[m] ?? []).slice(0, 3)).toEqual(
      Array.from(first.values[0]?.[m] ?? []),
    );
    expect(summarizeMonteCarlo(all).draws).toBe(6);
  });

  it('reports progress and names bad options', () => {
    const seen: number[] = [];
    monteCarloSamples([ib], { draws: 4, seed: 1 }, (d) => seen.push(d), 2);
    expect(seen).toEqual([2, 4]);
    expect(() => runMonteCarlo([ib], { draws: 0, seed: 1 })).toThrow(/draws:/);
    expect(() => runMonteCarlo([ib], { draws: 1, seed: 1.5 })).toThrow(/seed:/);
    expect(() => runMonteCarlo([], { draws: 1, seed: 1 })).toThrow(/scenarios:/);
    expect(() =>
      runMonteCarlo([ib], {
        draws: 1,
        seed: 1,
        uncertainty: [
          [
            {
              id: 'pue',
              label: 'PUE',
              unit: '',
              base: 1.5,
              distribution: { kind: 'uniform', min: 2, max: 1 },
              basis: '',
            },
          ],
        ],
      }),
    ).toThrow(/uncertainty\[0\]\[0\]\.distribution\.max/);
  });

  it('default uncertainty: soft catalog numbers and the engine band, hard numbers fixed', () => {
    const spec = defaultUncertainty(ib);
    const ids = spec.inputs.map((i) => i.id);
    expect(ids).toContain('engine_accuracy');
    expect(ids).toContain('system_price'); // DGX H100 price is a soft (street) number
    for (const i of spec.inputs) expect(i.basis.length).toBeGreaterThan(10);
    expect(spec.fixed.map((f) => f.id)).toContain('utilization'); // the scenario's own value
  });
});

describe('pairwiseSentence', () => {
  const result = {
    draws: 10,
    seed: 1,
    scenarios: ['A', 'B'],
    summaries: [],
    pairwise: [],
    failures: [0, 0],
    uncertainty: [],
  };
  const p = (
    metricId: string,
    betterShare: number,
    tieShare: number,
    better: 'lower' | 'higher',
    median: number,
    within = 0,
  ) => ({
    metricId,
    scenarioIndex: 1,
    baselineIndex: 0,
    betterShare,
    tieShare,
    n: 10,
    better,
    medianRelativeDifference: median,
    withinResolutionShare: within,
    resolution: 0.058,
    indistinguishable: Math.abs(median) <= 0.058,
  });

  it('speaks in the direction most draws took when the difference is outside the uncertainty', () => {
    expect(pairwiseSentence(result, p('tco_usd', 0.83, 0, 'lower', -0.12))).toBe(
      '"B" is cheaper than "A" on TCO in 83 % of draws (median −12 %)',
    );
    expect(pairwiseSentence(result, p('tco_usd', 0.1, 0, 'lower', 0.091))).toBe(
      '"B" is more expensive than "A" on TCO in 90 % of draws (median +9.1 %)',
    );
    expect(pairwiseSentence(result, p('time_to_train_days', 0, 0, 'lower', 0.25))).toBe(
      '"B" is slower than "A" on Time to train in 100 % of draws (median +25 %)',
    );
    expect(pairwiseSentence(result, p('tokens_per_s', 0.2, 0.1, 'higher', -0.3))).toBe(
      '"B" has a lower Throughput than "A" in 70 % of draws (median −30 %)',
    );
  });

  it('calls a gap inside the model’s stated uncertainty indistinguishable', () => {
    // The issue's cases: a 1.2 % TCO gap and a 0.07 % time gap, both in every draw.
    expect(pairwiseSentence(result, p('tco_usd', 1, 0, 'lower', -0.012, 1))).toBe(
      '"B" and "A" are indistinguishable on TCO: the difference (median −1.2 %) is within the model\'s stated uncertainty (±5.8 %) in 100 % of draws',
    );
    expect(pairwiseSentence(result, p('time_to_train_days', 0, 0, 'lower', 0.0007, 0.9))).toBe(
      '"B" and "A" are indistinguishable on Time to train: the difference (median +0.070 %) is within the model\'s stated uncertainty (±5.8 %) in 90 % of draws',
    );
  });
});

describe('user ranges', () => {
  const ib = example(IB);
  const pue = analysisInputs.find((i) => i.id === 'pue') as (typeof analysisInputs)[number];

  it('round-trip: a range gives a distribution whose range is the same', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('uniform', 'triangular', 'normal', 'lognormal' as const),
        fc.double({ min: 1.01, max: 1.5, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (shape, low, width) => {
          const high = low + width;
          const d = distributionFromRange(pue, 1.2, shape, low, high);
          const r = rangeOfDistribution(d);
          return (
            r.shape === shape && Math.abs(r.low - low) < 1e-9 && Math.abs(r.high - high) < 1e-9
          );
        },
      ),
    );
  });

  it('normal and lognormal ranges are P10 and P90 (hand check with the quantile)', () => {
    const d = distributionFromRange(pue, 1.2, 'normal', 1.3, 1.7);
    // Truncation at ±3σ barely moves P10/P90 (Φ(3) = 0.99865).
    expect(quantile(d, 0.1)).toBeCloseTo(1.3, 2);
    expect(quantile(d, 0.9)).toBeCloseTo(1.7, 2);
    expect(() => distributionFromRange(pue, 1.2, 'uniform', 2, 1)).toThrow(/pue\.high/);
  });

  it('edits replace, drop and add inputs relative to each scenario’s value', () => {
    const out = uncertaintyWithRanges(ib, [
      { id: 'system_price', include: false, shape: 'uniform', lowRel: 1, highRel: 1 },
      { id: 'utilization', include: true, shape: 'uniform', lowRel: 0.75, highRel: 1.25 },
    ]);
    const ids = out.map((u) => u.id);
    expect(ids).not.toContain('system_price');
    const u = out.find((x) => x.id === 'utilization');
    // 0.8 × 0.75 and 0.8 × 1.25, capped at the field's bound 1.
    expect(u?.distribution.kind).toBe('uniform');
    const range = rangeOfDistribution(u?.distribution as NonNullable<typeof u>['distribution']);
    expect(range.low).toBeCloseTo(0.6, 12);
    expect(range.high).toBe(1);
    expect(ids).toContain('engine_accuracy'); // untouched default kept
    // Passed to the Monte Carlo, the utilisation now varies: P10 < P90 of the cost per GPU-hour.
    const r = runMonteCarlo([ib], {
      draws: 30,
      seed: 5,
      uncertainty: [[u as NonNullable<typeof u>]],
    });
    const band = bandOf(r, 0, 'cost_per_gpu_hour_usd');
    expect(band?.p10).toBeLessThan(band?.p90 as number);
  });
});

describe('uncertaintyRows', () => {
  it('lists every applicable input: defaults drawn, others not, edits on top', () => {
    const ib = example(IB);
    const rows = uncertaintyRows(ib, []);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('system_price')?.include).toBe(true);
    expect(byId.get('utilization')?.include).toBe(false);
    expect(byId.get('utilization')?.low).toBeLessThan(byId.get('utilization')?.high as number);
    const edited = uncertaintyRows(ib, [
      { id: 'utilization', include: true, shape: 'normal', lowRel: 0.9, highRel: 1.1 },
    ]).find((r) => r.id === 'utilization');
    expect(edited?.include).toBe(true);
    expect(edited?.edited).toBe(true);
    expect(edited?.low).toBeCloseTo(0.72, 12);
  });
});
