import { describe, expect, it } from 'vitest';
import {
  breakEvenMonths,
  computeCost,
  discountFactor,
  npv,
  straightLine,
} from '../../../model/cost/index';
import { HAND_WORKED_INPUT } from './handWorked';

describe('straight-line depreciation', () => {
  it('1,000 over 4 years shown over 5: 250 a year, then nothing', () => {
    const rows = straightLine(1000, 4, 5);
    expect(rows.map((r) => r.expenseUsd)).toEqual([250, 250, 250, 250, 0]);
    expect(rows.map((r) => r.bookValueUsd)).toEqual([750, 500, 250, 0, 0]);
  });
  it('a fractional life ends with a part year', () => {
    expect(straightLine(550, 5.5, 6).map((r) => r.expenseUsd)).toEqual([
      100, 100, 100, 100, 100, 50,
    ]);
  });
});

describe('NPV conventions', () => {
  it('end-of-year: −100 + 60/1.1 + 60/1.1² = 4.1322', () => {
    expect(npv([-100, 60, 60], 0.1, 'end-of-year')).toBeCloseTo(4.132231, 5);
  });
  it('mid-year: −100 + 60/1.1^0.5 + 60/1.1^1.5 = 9.2148', () => {
    expect(npv([-100, 60, 60], 0.1, 'mid-year')).toBeCloseTo(
      -100 + 60 / Math.sqrt(1.1) + 60 / 1.1 ** 1.5,
      9,
    );
    expect(npv([-100, 60, 60], 0.1, 'mid-year')).toBeCloseTo(9.2148, 3);
  });
  it('year 0 is never discounted', () => {
    expect(discountFactor(0, 0.2, 'mid-year')).toBe(1);
  });
});

describe('break-even months', () => {
  it('1,200 upfront, 50/month to own vs 150/month to rent → 12 months', () => {
    expect(breakEvenMonths(1200, 50, 150)).toBe(12);
  });
  it('no break-even when renting is not dearer per month', () => {
    expect(breakEvenMonths(1200, 150, 150)).toBeNull();
  });
});

const input = HAND_WORKED_INPUT;

describe('TCO, hand-worked (1 node, 8 GPUs, colocation, 3 years)', () => {
  const r = computeCost(input);

  it('capex by line: hardware 250k + racks 10k + 2 % installation = 265.2k', () => {
    expect(r.capex).toEqual({
      systemsUsd: 200_000,
      fabricUsd: 20_000,
      storageUsd: 30_000,
      rackInfraUsd: 10_000,
      facilityUsd: 0,
      installationUsd: 5_200,
      totalUsd: 265_200,
    });
  });

  it('opex per year: energy 10k (u = 0.5) + colocation 24k + maintenance 25k = 59k', () => {
    expect(r.opexPerYear).toEqual({
      energyUsd: 10_000,
      colocationUsd: 24_000,
      facilityUsd: 0,
      maintenanceUsd: 25_000,
      staffUsd: 0,
      softwareUsd: 0,
      totalUsd: 59_000,
    });
  });

  it('TCO, NPV, unit costs', () => {
    expect(r.tcoUsd).toBe(265_200 + 3 * 59_000); // 442,200
    // −265,200 − 59,000 × (1/1.08 + 1/1.08² + 1/1.08³) = −265,200 − 59,000 × 2.577097
    expect(r.npvUsd).toBeCloseTo(-265_200 - 59_000 * 2.577097, 1);
    expect(r.usedGpuHours).toBe(8 * 3 * 8760 * 0.5); // 105,120
    expect(r.costPerGpuHourUsd).toBeCloseTo(442_200 / 105_120, 9); // 4.2066
    expect(r.costPerTrainingRunUsd).toBeCloseTo(800 * (442_200 / 105_120), 6); // 100 h × 8 GPUs
    // 100k tokens/s → 4.5e7 tokens per GPU-hour → $4.2066 / 45
    expect(r.costPerMillionTokensUsd).toBeCloseTo(442_200 / 105_120 / 45, 9);
  });

  it('depreciation: book 5 y and economic 3 y side by side', () => {
    expect(r.depreciation.book.map((y) => y.expenseUsd)).toEqual([53_040, 53_040, 53_040]);
    expect(r.depreciation.economic.map((y) => y.expenseUsd)).toEqual([88_400, 88_400, 88_400]);
    expect(r.depreciation.economic[2]?.bookValueUsd).toBe(0);
  });

  it('cloud rental and break-even in months and utilisation', () => {
    expect(r.cloudCostUsd).toBe(105_120 * 3); // 315,360
    // rent 8,760/month vs own 59,000/12 → 265,200 / (8,760 − 4,916.67) = 69.0 months
    expect(r.cloudBreakevenMonths).toBeCloseTo(265_200 / (8_760 - 59_000 / 12), 6);
    // own(u) = 427,200 + 30,000·u; rent(u) = 630,720·u → u* = 427,200 / 600,720 = 0.7111
    expect(r.cloudBreakevenUtilization).toBeCloseTo(427_200 / 600_720, 9);
  });

  it('lines sum to totals; cash flows reconcile with TCO when nothing is discounted', () => {
    const c = r.capex;
    expect(
      c.systemsUsd +
        c.fabricUsd +
        c.storageUsd +
        c.rackInfraUsd +
        c.facilityUsd +
        c.installationUsd,
    ).toBe(c.totalUsd);
    const o = r.opexPerYear;
    expect(
      o.energyUsd + o.colocationUsd + o.facilityUsd + o.maintenanceUsd + o.staffUsd + o.softwareUsd,
    ).toBe(o.totalUsd);
    expect(-r.cashFlowsUsd.reduce((a, b) => a + b, 0)).toBeCloseTo(r.tcoUsd, 6);
  });
});

describe('owned facility', () => {
  it('construction capex enters TCO by its share of the horizon and NPV with its residual', () => {
    const r = computeCost({ ...input, siting: 'owned' });
    expect(r.capex.facilityUsd).toBe(100_000); // 10 kW × $10/W
    expect(r.opexPerYear.colocationUsd).toBe(0);
    expect(r.opexPerYear.facilityUsd).toBe(3_000);
    // IT 265,200 + 100,000 × 3/20 + opex (10k + 3k + 25k) × 3
    expect(r.tcoUsd).toBeCloseTo(265_200 + 15_000 + 3 * 38_000, 6);
    expect(r.cashFlowsUsd[3]).toBeCloseTo(-38_000 + 85_000, 6);
  });
});

describe('validation', () => {
  it('names the field out of range', () => {
    expect(() => computeCost({ ...input, utilization: 0 })).toThrow(/^utilization must be/);
    expect(() => computeCost({ ...input, discountRate: Number.NaN })).toThrow(/^discountRate/);
    expect(() => computeCost({ ...input, electricityFullUsdPerYear: 1 })).toThrow(
      /^electricityFullUsdPerYear/,
    );
  });
});
