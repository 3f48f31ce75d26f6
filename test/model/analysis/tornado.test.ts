import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analysisInputs, tornado } from '../../../model/analysis';
import { evaluate } from '../../../model/evaluate';
import { example, IB, LORA, SERVING } from './helpers';

describe('tornado', () => {
  const s = example(IB);

  it('sorts bars by extent and reports the base value of the metric', () => {
    const t = tornado(s, 'tco_usd');
    expect(t.baseValue).toBe(evaluate(s).metrics['tco_usd']?.value);
    for (let i = 1; i < t.bars.length; i++)
      expect(t.bars[i - 1]?.extent).toBeGreaterThanOrEqual(t.bars[i]?.extent as number);
    expect(t.bars.length + t.notApplicable.length).toBe(analysisInputs.length);
  });

  it('moves the metric in the physical direction', () => {
    const t = tornado(s, 'tco_usd', [{ id: 'electricity_price' }, { id: 'system_price' }]);
    for (const b of t.bars) {
      expect(b.deltaLow).toBeLessThan(0);
      expect(b.deltaHigh).toBeGreaterThan(0);
    }
    // More utilisation, more tokens for the same TCO: cheaper tokens.
    const u = tornado(s, 'cost_per_million_tokens_usd', [{ id: 'utilization' }]).bars[0];
    expect(u?.deltaLow).toBeGreaterThan(0);
    expect(u?.deltaHigh).toBeLessThan(0);
    // Better compute efficiency, shorter time to train.
    const c = tornado(s, 'time_to_train_days', [{ id: 'compute_efficiency' }]).bars[0];
    expect(c?.deltaLow).toBeGreaterThan(0);
    expect(c?.deltaHigh).toBeLessThan(0);
  });

  it('electricity price changes TCO by energy cost × horizon (hand check)', () => {
    const r = evaluate(s);
    const base = r.powerCost?.facility.electricityPerKwh as number;
    const energyPerYear = r.powerCost?.cost.opexPerYear.energyUsd as number;
    const years = s.finance.horizonYears;
    const t = tornado(s, 'tco_usd', [{ id: 'electricity_price', low: base, high: base * 2 }]);
    // Energy cost is linear in the price: doubling it adds one more year's energy per year.
    expect(t.bars[0]?.deltaHigh).toBeCloseTo(energyPerYear * years, 0);
  });

  it('gives a zero bar for a zero range (property)', () => {
    const scenarios = [example(IB), example(LORA)];
    fc.assert(
      fc.property(
        fc.constantFrom(...scenarios),
        fc.constantFrom(...analysisInputs.map((i) => i.id)),
        fc.constantFrom('tco_usd', 'cost_per_million_tokens_usd', 'time_to_train_days', 'npv_usd'),
        fc.double({ min: 0.3, max: 0.95, noNaN: true }),
        (sc, id, metric, util) => {
          const scenario = { ...sc, finance: { ...sc.finance, utilization: util } };
          const probe = tornado(scenario, metric, [{ id }]);
          const bar = probe.bars[0];
          if (!bar) return probe.notApplicable.length === 1;
          const t = tornado(scenario, metric, [{ id, low: bar.base, high: bar.base }]);
          const z = t.bars[0];
          return z !== undefined && z.extent === 0 && z.deltaLow === 0 && z.deltaHigh === 0;
        },
      ),
      { numRuns: 40 },
    );
  });

  it('bars shrink as the range shrinks around the base', () => {
    const wide = tornado(s, 'tco_usd', [{ id: 'pue' }]).bars[0];
    const base = wide?.base as number;
    const narrow = tornado(s, 'tco_usd', [{ id: 'pue', low: base - 0.01, high: base + 0.01 }])
      .bars[0];
    expect(narrow?.extent).toBeGreaterThan(0);
    expect(narrow?.extent).toBeLessThan(wide?.extent as number);
  });

  it('leaves out inputs that do not apply and names a bad metric', () => {
    const serving = example(SERVING);
    const metricId = 'output_tokens_per_s';
    const t = tornado(serving, metricId);
    expect(t.notApplicable.map((n) => n.id)).toContain('compute_efficiency');
    expect(() => tornado(s, 'no_such_metric')).toThrow(/metricId: unknown metric/);
    expect(() => tornado(serving, 'step_time_s')).toThrow(
      /metricId: "step_time_s" is not produced/,
    );
    expect(() => tornado(s, 'tco_usd', [{ id: 'nope' }])).toThrow(/unknown analysis input "nope"/);
    expect(() => tornado(s, 'tco_usd', [{ id: 'pue', low: NaN }])).toThrow(/inputs\[0\]\.low/);
  });
});

describe('tornado relative ranges', () => {
  it('a relative range is the same as the absolute one around the base', () => {
    const s = example(IB);
    const abs = tornado(s, 'tco_usd', [{ id: 'pue' }]).bars[0];
    const base = abs?.base as number;
    const rel = tornado(s, 'tco_usd', [{ id: 'pue', lowRel: 0.9, highRel: 1.1 }]).bars[0];
    const same = tornado(s, 'tco_usd', [{ id: 'pue', low: base * 0.9, high: base * 1.1 }]).bars[0];
    expect(rel?.low).toBe(same?.low);
    expect(rel?.deltaHigh).toBe(same?.deltaHigh);
    expect(rel?.basis).toBe('given');
    const zero = tornado(s, 'tco_usd', [{ id: 'pue', lowRel: 1, highRel: 1 }]).bars[0];
    expect(zero?.extent).toBe(0);
  });
});
