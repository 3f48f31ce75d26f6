import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { runMonteCarlo, tornado } from '../../../model/analysis';
import { evaluate } from '../../../model/evaluate';
import { parseScenarioOrThrow } from '../../../model/scenario';
import {
  bandDomain,
  bandGeometry,
  bandRows,
  defaultMetric,
  formatInputValue,
  fractionDigitsFor,
  KEY_METRICS,
  metricChoices,
  noEffectInputs,
  placeBands,
  tornadoRows,
} from '../../../renderer/features/analysis/analysisData';

const ib = parseScenarioOrThrow(
  JSON.parse(readFileSync('examples/pretrain-llama3-70b-1024xh100-ib.json', 'utf8')),
);

describe('analysis view data', () => {
  it('offers the key metrics first, only those with a direction', () => {
    const r = evaluate(ib);
    const choices = metricChoices(r);
    expect(choices[0]?.id).toBe('tco_usd');
    // The default is the objective's metric, the cost per unit of work, not raw TCO.
    expect(defaultMetric(r)).toBe('cost_per_million_tokens_usd');
    expect(choices.every((m) => m.better !== 'none' && r.metrics[m.id] !== undefined)).toBe(true);
    expect(metricChoices(null)).toEqual([]);
  });

  it('drops zero bars from the chart but lists them', () => {
    const t = tornado(ib, 'time_to_train_days');
    const rows = tornadoRows(t);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.low !== 0 || r.high !== 0)).toBe(true);
    expect(noEffectInputs(t)).toContain('Electricity price');
  });

  it('band rows: key metrics by default, every metric on request', () => {
    const r = runMonteCarlo([ib], { draws: 5, seed: 2 });
    const key = bandRows(r, 0, false);
    expect(key.every((s) => KEY_METRICS.includes(s.metricId))).toBe(true);
    expect(bandRows(r, 0, true).length).toBeGreaterThan(key.length);
    expect(bandRows(r, 0, false, 'mfu_pct')[0]?.metricId).toBe('mfu_pct');
  });

  it('places bands on one relative scale, P10 left of P90 even for a negative base', () => {
    const rows = [
      { metricId: 'a', unit: 'USD', base: 100, p10: 90, p50: 100, p90: 120, mean: 0, n: 1 },
      { metricId: 'b', unit: 'USD', base: -100, p10: -120, p50: -100, p90: -90, mean: 0, n: 1 },
    ];
    const [a, b] = placeBands(rows);
    expect(a?.p10).toBeCloseTo(0.9, 12);
    expect(a?.p90).toBeCloseTo(1.2, 12);
    expect(b?.p10).toBeCloseTo(0.9, 12);
    expect(b?.p90).toBeCloseTo(1.2, 12);
    expect(a?.domain).toEqual(b?.domain);
    const g = bandGeometry(a as NonNullable<typeof a>, 0.8, 1.3, 100);
    expect(g.x10).toBeCloseTo(20, 9);
    expect(g.x90).toBeCloseTo(80, 9);
    expect(g.xBase).toBeCloseTo(40, 9);
  });

  it('band domain pads 5 % and survives empty input', () => {
    expect(bandDomain([{ p10: 0, p90: 10, base: 5 }])).toEqual([-0.5, 10.5]);
    expect(bandDomain([])).toEqual([0, 1]);
  });

  it('formats input values by kind', () => {
    const money = (v: number, c: string) => `${c} ${v.toFixed(0)}`;
    const num = (v: number, d: number) => v.toFixed(d);
    expect(formatInputValue(234500, 'per node', 'USD', money, num)).toBe('USD 234500 per node');
    expect(formatInputValue(0.0806, 'per kWh', 'USD', money, num)).toBe('0.081 USD per kWh');
    expect(formatInputValue(0.8, 'fraction', 'USD', money, num)).toBe('80.0 %');
    expect(formatInputValue(1.15, '×', 'USD', money, num)).toBe('×1.150');
    expect(formatInputValue(5, 'years', 'USD', money, num)).toBe('5.00 years');
  });
});

describe('bandsFor', () => {
  it('gives a scenario its bands only for the version that was run', async () => {
    const { bandsFor } = await import('../../../renderer/features/analysis/useMonteCarlo');
    const result = runMonteCarlo([ib], { draws: 3, seed: 4 });
    const run = {
      status: 'done' as const,
      done: 3,
      total: 3,
      result,
      ids: ['s1'],
      scenarios: [ib],
      elapsedMs: 1,
      error: null,
    };
    expect(bandsFor(run, 's1', ib)).toBe(result.summaries[0]);
    expect(bandsFor(run, 's1', { ...ib })).toBeNull();
    expect(bandsFor(run, 's2', ib)).toBeNull();
  });
});

describe('fractionDigitsFor', () => {
  it('gives the fraction digits for about n significant digits', () => {
    expect(fractionDigitsFor(1.3, 5)).toBe(4);
    expect(fractionDigitsFor(0.000125, 5)).toBe(8);
    expect(fractionDigitsFor(3_450_000, 5)).toBe(0);
    expect(fractionDigitsFor(-12.5, 5)).toBe(3);
    expect(fractionDigitsFor(99_999, 5)).toBe(0);
    expect(fractionDigitsFor(0, 5)).toBe(4);
    expect(fractionDigitsFor(Number.NaN, 3)).toBe(2);
    expect(fractionDigitsFor(1e-20, 5)).toBe(12);
  });
});
