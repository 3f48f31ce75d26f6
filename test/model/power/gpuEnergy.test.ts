import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualEnergyKwh,
  electricityCostByYear,
  gpuItPowerW,
  yearlyElectricityCostUsd,
  type GpuEnergyInput,
} from '../../../model/power/gpuEnergy';
import { asWatts } from '../../../model/units';

const h100x8: GpuEnergyInput = {
  gpuCount: 8,
  tdpW: 700,
  idleW: 70,
  utilization: 0.5,
  priceUsdPerKwh: 0.1,
};

describe('gpuItPowerW', () => {
  it('interpolates between idle and TDP (hand-checked)', () => {
    // 8 × (70 + 0.5 × 630) = 8 × 385 = 3,080 W
    expect(gpuItPowerW(h100x8)).toBe(3080);
    expect(gpuItPowerW({ ...h100x8, utilization: 0 })).toBe(560);
    expect(gpuItPowerW({ ...h100x8, utilization: 1 })).toBe(5600);
    expect(gpuItPowerW({ ...h100x8, gpuCount: 0 })).toBe(0);
  });

  it.each([
    ['gpuCount', { gpuCount: -1 }],
    ['gpuCount', { gpuCount: 2.5 }],
    ['tdpW', { tdpW: Number.NaN }],
    ['idleW', { idleW: 800 }],
    ['utilization', { utilization: 1.2 }],
    ['utilization', { utilization: Number.POSITIVE_INFINITY }],
    ['priceUsdPerKwh', { priceUsdPerKwh: -0.1 }],
  ])('rejects a bad %s naming the field', (field, patch) => {
    expect(() => yearlyElectricityCostUsd({ ...h100x8, ...patch })).toThrow(
      new RegExp(`^${field}`),
    );
  });

  it('is monotone in utilisation and GPU count and bounded by n·TDP', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, tdp, idleShare, u1, u2) => {
          const base = { gpuCount: n, tdpW: tdp, idleW: tdp * idleShare, priceUsdPerKwh: 0.1 };
          const lo = gpuItPowerW({ ...base, utilization: Math.min(u1, u2) });
          const hi = gpuItPowerW({ ...base, utilization: Math.max(u1, u2) });
          expect(lo).toBeLessThanOrEqual(hi + 1e-9);
          expect(hi).toBeLessThanOrEqual(n * tdp + 1e-6);
          expect(gpuItPowerW({ ...base, gpuCount: n + 1, utilization: u1 })).toBeGreaterThanOrEqual(
            gpuItPowerW({ ...base, utilization: u1 }),
          );
        },
      ),
    );
  });
});

describe('yearlyElectricityCostUsd', () => {
  it('prices a year of energy (hand-checked)', () => {
    // 3.08 kW × 8,760 h = 26,980.8 kWh; × $0.10 = $2,698.08
    expect(annualEnergyKwh(asWatts(3080))).toBeCloseTo(26_980.8, 6);
    expect(yearlyElectricityCostUsd(h100x8)).toBeCloseTo(2698.08, 6);
  });
});

describe('electricityCostByYear', () => {
  it('is flat without a price change and sums to the cumulative figure', () => {
    const rows = electricityCostByYear(h100x8, 3);
    expect(rows.map((r) => r.year)).toEqual([1, 2, 3]);
    expect(rows[2]!.costUsd).toBeCloseTo(2698.08, 6);
    expect(rows[2]!.cumulativeUsd).toBeCloseTo(3 * 2698.08, 6);
  });

  it('compounds a yearly price change', () => {
    const rows = electricityCostByYear(h100x8, 3, 10);
    expect(rows[1]!.costUsd).toBeCloseTo(2698.08 * 1.1, 6);
    expect(rows[2]!.costUsd).toBeCloseTo(2698.08 * 1.21, 6);
  });

  it('rejects a bad horizon naming the field', () => {
    expect(() => electricityCostByYear(h100x8, 0)).toThrow(/^years/);
    expect(() => electricityCostByYear(h100x8, 2, 500)).toThrow(/^priceChangePctPerYear/);
  });
});
