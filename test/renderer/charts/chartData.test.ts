import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  referenceLabelPosition,
  OKABE_ITO,
  capexByLine,
  costOverHorizon,
  opexByLine,
  powerByComponent,
  scalingCurves,
  seriesColor,
  servingCurves,
  stepTimeBreakdown,
  timeToTrain,
  axisTicks,
  valueAxisTicks,
  whyNoResult,
} from '../../../renderer/features/charts/chartData';
import { applyAcceleratorPlatform } from '../../../model/scenario';
import { evaluateDrafts } from '../../../renderer/workspace/evaluations';
import { getTemplate } from '../../../renderer/workspace/templates';
import { structuredCloneJson } from '../../../renderer/workspace/workspace';

function doc(template: string): Record<string, unknown> {
  return structuredCloneJson(getTemplate(template).doc) as Record<string, unknown>;
}

const invalid = doc('pretrain-ib');
(invalid['cluster'] as { compute: { gpus: number } }).compute.gpus = -4;

const evals = evaluateDrafts([
  { id: 'a', doc: doc('pretrain-ib') },
  { id: 'b', doc: doc('serving-70b') },
  { id: 'c', doc: invalid },
]);
const training = evals[0];

describe('chart data from engine results', () => {
  it('has a training result to shape (fixture check)', () => {
    expect(training?.result?.powerCost).not.toBeNull();
    expect(evals[2]?.issues.length).toBeGreaterThan(0);
  });

  it('capex stacks sum to the total capex, and the others are excluded with a reason', () => {
    const d = capexByLine(evals);
    // Training and serving builds both have a cost (serving is priced at its load).
    expect(d.rows).toHaveLength(2);
    evals.slice(0, 2).forEach((e, i) => {
      const row = d.rows[i] ?? {};
      const sum = d.series.reduce((a, s) => a + ((row[s.key] as number | undefined) ?? 0), 0);
      expect(sum).toBeCloseTo(e.result?.powerCost?.cost.capex.totalUsd ?? NaN, 0);
    });
    expect(d.excluded.map((x) => x.id)).toEqual(['c']);
    // The invalid scenario names its field.
    expect(d.excluded[0]?.reason).toMatch(/Compute › GPUs/);
  });

  it('opex stacks sum to the yearly opex; all-zero lines are left out of the legend', () => {
    const d = opexByLine(evals);
    const row = d.rows[0] ?? {};
    const sum = d.series.reduce((a, s) => a + (row[s.key] as number), 0);
    expect(sum).toBeCloseTo(training?.result?.powerCost?.cost.opexPerYear.totalUsd ?? NaN, 0);
    for (const s of d.series) expect(row[s.key]).not.toBe(0);
  });

  it('power by component sums to IT power plus facility overhead, in ≤ 8 colours', () => {
    const d = powerByComponent(evals);
    const pc = training?.result?.powerCost;
    const it = Object.values(pc?.itPowerKw.average ?? {}).reduce((a, v) => a + v, 0);
    const row = d.rows[0] ?? {};
    const sum = d.series.reduce((a, s) => a + (row[s.key] as number), 0);
    expect(sum).toBeCloseTo(it + (pc?.facility.overheadAvgKw ?? NaN), 6);
    expect(d.series.length).toBeLessThanOrEqual(OKABE_ITO.length);
    expect(new Set(d.series.map((s) => s.color)).size).toBe(d.series.length);
  });

  it('step-time groups sum to the step time', () => {
    const d = stepTimeBreakdown(evals);
    const row = d.rows[0] ?? {};
    const sum = d.series.reduce((a, s) => a + (row[s.key] as number), 0);
    expect(sum).toBeCloseTo(training?.result?.metrics['step_time_s']?.value ?? NaN, 9);
    expect(d.excluded[0]?.reason).toBe('a serving workload has no training step');
  });

  it('time to train: wall clock is not shorter than compute only', () => {
    const d = timeToTrain(evals);
    const row = d.rows[0] ?? {};
    expect(row['wallDays'] as number).toBeGreaterThanOrEqual(row['computeDays'] as number);
  });

  it('scaling curve rows are sorted by GPU count, efficiency ≤ 100 %', () => {
    const d = scalingCurves(evals);
    expect(d.series.map((s) => s.label)).toHaveLength(1);
    const gpus = d.throughputRows.map((r) => r['gpus'] as number);
    expect(gpus).toEqual([...gpus].sort((a, b) => a - b));
    for (const r of d.efficiencyRows) expect(r['s0'] as number).toBeLessThanOrEqual(100 + 1e-9);
    expect(d.excluded.map((x) => x.id)).toEqual(['b', 'c']);
  });

  it('one scaling-efficiency definition: the curve at the scenario’s GPUs is its figure; B200 ≤ 100 %', () => {
    const b200 = applyAcceleratorPlatform(doc('pretrain-ib'), 'b200').doc;
    const ev = evaluateDrafts([
      { id: 'h', doc: doc('pretrain-ib') },
      { id: 'b', doc: b200 },
    ]);
    const d = scalingCurves(ev);
    ev.forEach((e, i) => {
      const own = e.result?.metrics['scaling_efficiency_pct']?.value;
      const at1024 = d.efficiencyRows.find((r) => r['gpus'] === 1024)?.[`s${i}`];
      expect(at1024).toBeCloseTo(own ?? NaN, 9);
      for (const r of d.efficiencyRows) {
        const v = r[`s${i}`];
        if (typeof v === 'number') expect(v).toBeLessThanOrEqual(100);
      }
    });
  });

  it('scaling curve: an engine error is shown as the reason', () => {
    const d = scalingCurves(evals.slice(0, 1), () => new Error('workload.model: too big'));
    expect(d.series).toHaveLength(0);
    expect(d.excluded[0]?.reason).toBe('workload.model: too big');
  });

  it('latency–throughput: one serving series, throughput and TPOT rise with load, break named', () => {
    const d = servingCurves(evals);
    expect(d.series.map((x) => x.label)).toHaveLength(1);
    expect(d.excluded.map((x) => x.id)).toEqual(['a', 'c']);
    const s = d.series[0];
    if (!s) throw new Error('series expected');
    const tokens = s.points.map((p) => p['tokens'] as number);
    const tpot = s.points.map((p) => p['tpot'] as number);
    for (let i = 1; i < tokens.length; i++) {
      expect(tokens[i]).toBeGreaterThan(tokens[i - 1] as number);
      expect(tpot[i]).toBeGreaterThanOrEqual((tpot[i - 1] as number) - 1e-9);
    }
    // The template's SLO (p99 TPOT 50 ms) breaks inside the curve: points before the break are
    // within the SLO, points after it are not.
    expect(s.tpotLimitMs).toBe(50);
    expect(s.sloBreak).toMatch(/limit breaks above [\d.]+ req\/s/);
    const at = s.breakTokensPerS ?? NaN;
    for (const p of s.points) {
      expect(p['within']).toBe((p['tokens'] as number) <= at * (1 + 1e-9) ? 1 : 0);
    }
  });

  it('cost over the horizon: owning and renting cross at the break-even month', () => {
    const d = costOverHorizon(evals);
    const s = d.scenarios[0];
    expect(s).toBeDefined();
    if (!s || s.breakEvenMonths === null) return;
    const m = s.breakEvenMonths;
    expect(s.capexUsd + s.opexPerMonthUsd * m).toBeCloseTo(s.rentPerMonthUsd * m, 0);
    // Month 0: owning costs the capex, renting nothing; one row per month of the horizon.
    expect(d.rows[0]?.['own_s0']).toBe(s.capexUsd);
    expect(d.rows[0]?.['rent_s0']).toBe(0);
    expect(d.rows).toHaveLength(s.horizonYears * 12 + 1);
  });

  it('hand-checked horizon: $1.2M capex, $10k/month own, $60k/month rent → 24 months', () => {
    // Break-even = 1,200,000 / (60,000 − 10,000) = 24 months.
    const fake = {
      ...training,
      result: {
        ...training?.result,
        powerCost: {
          cost: {
            capex: { totalUsd: 1_200_000 },
            opexPerYear: { totalUsd: 120_000 },
            cloudCostUsd: 60_000 * 36,
            cashFlowsUsd: [0, 0, 0, 0],
            cloudBreakevenMonths: 24,
          },
        },
      },
    } as unknown as (typeof evals)[number];
    const d = costOverHorizon([fake], 12);
    expect(d.rows.map((r) => r['month'])).toEqual([0, 12, 24, 36]);
    expect(d.rows[2]?.['own_s0']).toBe(1_440_000);
    expect(d.rows[2]?.['rent_s0']).toBe(1_440_000);
  });

  it('whyNoResult is null for a valid scenario and names fields otherwise', () => {
    expect(training ? whyNoResult(training) : 'x').toBeNull();
    // Named in words (section › label), never by path.
    const why = evals[2] ? whyNoResult(evals[2]) : null;
    expect(why).toMatch(/^invalid input — Compute › GPUs: /);
    expect(why).not.toMatch(/cluster\.compute/);
  });

  it('series colours come from the Okabe–Ito palette for any index', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (i) => {
        expect(OKABE_ITO).toContain(seriesColor(i));
        expect(seriesColor(i)).toBe(seriesColor(i + OKABE_ITO.length));
      }),
    );
  });
});

describe('valueAxisTicks', () => {
  it('labels a 38M cost axis in tens of millions, not recharts’ 9.5M steps', () => {
    expect(valueAxisTicks(38e6)).toEqual([0, 10e6, 20e6, 30e6, 40e6]);
    expect(valueAxisTicks(1750)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(valueAxisTicks(0.37)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(valueAxisTicks(0)).toEqual([0, 1]);
    expect(valueAxisTicks(Number.NaN)).toEqual([0, 1]);
  });

  it('a range away from zero starts at a multiple of the step at or below its low end', () => {
    expect(axisTicks(32.1e6, 180e6)).toEqual([0, 50e6, 100e6, 150e6, 200e6]);
    expect(axisTicks(35.8e6, 37.2e6)).toEqual([
      35.75e6, 36e6, 36.25e6, 36.5e6, 36.75e6, 37e6, 37.25e6,
    ]);
    expect(axisTicks(3, 19.7)).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(-4, 6)).toEqual([-4, -2, 0, 2, 4, 6]);
    expect(axisTicks(5, 5)).toEqual([0, 1]);
    // Rounded outwards at both ends, 1M steps take 7 and 2M steps 3: 7 it is.
    const lo = 999_999_999_999.998;
    expect(axisTicks(lo, lo + 5_000_000.003112793)).toHaveLength(8);
  });

  it('property: any range in 4–7 equal steps of 1, 2, 2.5 or 5 × 10^k that cover it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e12, noNaN: true }),
        (lo, width) => {
          const hi = lo + width;
          // An axis spans at least a millionth of its magnitude (finer than that, doubles cannot
          // hold equal steps).
          fc.pre(hi > lo && width >= 1e-6 * Math.max(Math.abs(lo), Math.abs(hi)));
          const t = axisTicks(lo, hi);
          const step = t[1]! - t[0]!;
          const steps = t.length - 1;
          const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
          const tol = 1e-9 * Math.max(Math.abs(lo), Math.abs(hi), step);
          return (
            steps >= 4 &&
            steps <= 7 &&
            t[0]! <= lo + tol &&
            t[steps]! >= hi - tol &&
            t.slice(1).every((v, i) => Math.abs(v - t[i]! - step) <= tol + 1e-9 * step) &&
            [1, 2, 2.5, 5].some((m) => Math.abs(mantissa - m) < 1e-6)
          );
        },
      ),
    );
  });

  it('property: from 0 in 4–6 equal steps of 1, 2, 2.5 or 5 × 10^k, the last at or above max', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e15, noNaN: true }), (max) => {
        const t = valueAxisTicks(max);
        const step = t[1]! - t[0]!;
        const steps = t.length - 1;
        const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
        return (
          t[0] === 0 &&
          steps >= 4 &&
          steps <= 6 &&
          t[steps]! >= max * (1 - 1e-9) &&
          t[steps - 1]! < max &&
          t.every((v, i) => Math.abs(v - i * step) <= 1e-9 * t[steps]!) &&
          [1, 2, 2.5, 5].some((m) => Math.abs(mantissa - m) < 1e-6)
        );
      }),
    );
  });
});

describe('referenceLabelPosition', () => {
  it('puts a limit line’s label above it, except near the top of the plot', () => {
    // A 5 ms limit under 240 ms of data: above the line, clear of the x-axis ticks.
    expect(referenceLabelPosition(5, 240)).toBe('insideBottomLeft');
    expect(referenceLabelPosition(50, 240)).toBe('insideBottomLeft');
    // A limit at the top of what is plotted: below it, inside the plot.
    expect(referenceLabelPosition(230, 240)).toBe('insideTopLeft');
    expect(referenceLabelPosition(50, 50)).toBe('insideTopLeft');
    expect(referenceLabelPosition(0, 0)).toBe('insideBottomLeft');
  });
});
