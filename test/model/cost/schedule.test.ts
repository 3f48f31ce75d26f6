import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeCost,
  irr,
  npv,
  paybackMonths,
  trancheDepreciation,
} from '../../../model/cost/index';
import { HAND_WORKED_INPUT } from './handWorked';

const input = HAND_WORKED_INPUT;

describe('IRR and payback primitives', () => {
  it('IRR of −100, 60, 60 is 13.07 % (the rate where NPV = 0)', () => {
    const r = irr([-100, 60, 60]) as number;
    // 60/(1+r) + 60/(1+r)² = 100 → (1+r) = (60 + √(3600 + 24000)) / 200
    expect(r).toBeCloseTo((60 + Math.sqrt(3600 + 24_000)) / 200 - 1, 9);
    expect(npv([-100, 60, 60], r, 'end-of-year')).toBeCloseTo(0, 6);
  });
  it('no IRR when the flows never change sign', () => {
    expect(irr([-100, -10, -10])).toBeNull();
    expect(irr([100, 10])).toBeNull();
  });
  it('payback: 1,200 upfront then 100 a month saved → 12 months; level flows past the horizon extend', () => {
    expect(paybackMonths([-1200], [0, 1200])).toBeCloseTo(12, 9);
    expect(paybackMonths([-1200], [0, 600, 600])).toBeCloseTo(24, 9);
    // Horizon of 1 year, 50 a month: 24 months, past the horizon.
    expect(paybackMonths([-1200], [0, 600])).toBeCloseTo(24, 9);
    expect(paybackMonths([-1200], [0, -10])).toBeNull();
  });
  it('payback with a second tranche at year 1', () => {
    // −600 at 0, +1,200 over year 1 (100/month): paid back at month 6; −1,200 at month 12
    // leaves −600, then 100/month → month 18.
    expect(paybackMonths([-600, -1200], [0, 1200, 1200])).toBeCloseTo(6, 9);
  });
  it('tranche depreciation: 2 × 500 over 2 years each, the second from year 2', () => {
    const rows = trancheDepreciation([500, 500], 2, 4);
    expect(rows.map((r) => r.expenseUsd)).toEqual([250, 500, 250, 0]);
    expect(rows.map((r) => r.bookValueUsd)).toEqual([750, 250, 0, 0]);
  });
});

describe('the finance schedule, hand-worked (level deployment)', () => {
  const r = computeCost(input);
  const s = r.schedule;

  it('year 0 holds the capex, years 1–3 the opex; flows and present values reconcile with NPV and TCO', () => {
    expect(s.years.map((y) => y.year)).toEqual([0, 1, 2, 3]);
    expect(s.years[0]?.capexItUsd).toBe(265_200);
    expect(s.years.slice(1).map((y) => y.opex.totalUsd)).toEqual([59_000, 59_000, 59_000]);
    expect(s.years.map((y) => y.cashFlowUsd)).toEqual(r.cashFlowsUsd);
    expect(s.years[3]?.cumulativePresentValueUsd).toBeCloseTo(r.npvUsd, 6);
    expect(s.years[2]?.discountFactor).toBeCloseTo(1 / 1.08 ** 2, 12);
  });

  it('book (5 y) and economic (3 y) depreciation side by side, book value at the horizon', () => {
    expect(s.years.slice(1).map((y) => y.bookDepreciationUsd)).toEqual([53_040, 53_040, 53_040]);
    expect(s.years.slice(1).map((y) => y.economicDepreciationUsd)).toEqual([
      88_400, 88_400, 88_400,
    ]);
    expect(s.bookValueAtHorizonUsd).toBeCloseTo(265_200 - 3 * 53_040, 6); // 106,080
    expect(s.economicValueAtHorizonUsd).toBeCloseTo(0, 6);
    // Sold for nothing: the book value is a loss on disposal.
    expect(s.disposalGainUsd).toBeCloseTo(-106_080, 6);
  });

  it('own vs cloud: rent of the same used GPU-hours, NPV, IRR and payback', () => {
    // 8 GPUs × 8,760 h × 0.5 = 35,040 GPU-h a year × $3 = 105,120 a year of rent saved.
    expect(s.years[1]?.cloudRentUsd).toBeCloseTo(105_120, 6);
    const diff = [-265_200, 105_120 - 59_000, 105_120 - 59_000, 105_120 - 59_000];
    expect(s.years.map((y) => y.ownVsCloudUsd)).toEqual(diff);
    expect(s.ownVsCloudNpvUsd).toBeCloseTo(npv(diff, 0.08, 'end-of-year'), 6);
    // 46,120 a year never repays 265,200 in 3 years: no positive IRR, a negative one.
    expect(s.ownVsCloudIrr).not.toBeNull();
    expect(npv(diff, s.ownVsCloudIrr as number, 'end-of-year')).toBeCloseTo(0, 3);
    expect(s.ownVsCloudIrr as number).toBeLessThan(0);
    expect(s.paybackMonths).toBeCloseTo(265_200 / (105_120 / 12 - 59_000 / 12), 6);
    expect(r.cloudBreakevenMonths).toBe(s.paybackMonths);
  });

  it('cost per effective GPU-hour divides by goodput', () => {
    const g = computeCost({ ...input, goodput: 0.8 });
    expect(g.schedule.costPerEffectiveGpuHourUsd).toBeCloseTo(r.tcoUsd / (105_120 * 0.8), 9);
    expect(r.schedule.costPerEffectiveGpuHourUsd).toBeCloseTo(r.costPerGpuHourUsd, 12);
  });

  it('a less reliable cloud rents more hours; a support uplift raises the rent', () => {
    const c = computeCost({
      ...input,
      goodput: 0.9,
      cloudGoodput: 0.6,
      cloudSupportUpliftFraction: 0.1,
    });
    // Same effective work: 35,040 × 0.9 / 0.6 = 52,560 rented GPU-h × $3 × 1.1
    expect(c.schedule.years[1]?.cloudRentUsd).toBeCloseTo(52_560 * 3 * 1.1, 6);
    expect(c.cloudCostUsd).toBeCloseTo(3 * 52_560 * 3 * 1.1, 4);
    expect(c.schedule.ownVsCloudNpvUsd as number).toBeGreaterThan(s.ownVsCloudNpvUsd as number);
  });

  it('lost GPU-hours in money: each cause’s share × used GPU-hours × cost per GPU-hour', () => {
    const lost = { dataStall: 0.05, checkpoint: 0.02, failures: 0.1, exposedCommunication: 0.08 };
    const c = computeCost({ ...input, lostShares: lost });
    const perHour = c.costPerGpuHourUsd;
    const y1 = c.schedule.years[1]?.lostValueUsd;
    expect(y1?.failures).toBeCloseTo(0.1 * 35_040 * perHour, 6);
    expect(y1?.dataStall).toBeCloseTo(0.05 * 35_040 * perHour, 6);
    expect(y1?.total).toBeCloseTo(0.25 * 35_040 * perHour, 6);
    expect(c.schedule.lostValueTotalUsd.total).toBeCloseTo(3 * 0.25 * 35_040 * perHour, 4);
    expect(c.schedule.years[0]?.lostValueUsd.total).toBe(0);
  });

  it('no cloud price: no own-vs-cloud figures', () => {
    const c = computeCost({ ...input, cloudUsdPerGpuHour: 0 });
    expect(c.schedule.ownVsCloudNpvUsd).toBeNull();
    expect(c.schedule.ownVsCloudIrr).toBeNull();
    expect(c.schedule.paybackMonths).toBeNull();
  });
});

describe('phased deployment', () => {
  const level = computeCost(input);
  const phased = computeCost({ ...input, deploymentPhases: 2 });

  it('IT capex in two equal tranches at years 0 and 1; capacity half in service in year 1', () => {
    const y = phased.schedule.years;
    expect(y[0]?.capexItUsd).toBeCloseTo(132_600, 6);
    expect(y[1]?.capexItUsd).toBeCloseTo(132_600, 6);
    expect(y[2]?.capexItUsd).toBe(0);
    expect(y.map((r) => r.deployedFraction)).toEqual([0, 0.5, 1, 1]);
    expect(y[1]?.usedGpuHours).toBeCloseTo(35_040 / 2, 6);
    // Energy and maintenance follow the hardware in service; colocation is contracted in full.
    expect(y[1]?.opex.energyUsd).toBeCloseTo(5_000, 6);
    expect(y[1]?.opex.maintenanceUsd).toBeCloseTo(12_500, 6);
    expect(y[1]?.opex.colocationUsd).toBe(24_000);
  });

  it('TCO is the level TCO less half a year of hardware-linked opex; GPU-hours fall by half a year', () => {
    expect(phased.tcoUsd).toBeCloseTo(level.tcoUsd - 0.5 * (10_000 + 25_000), 4);
    expect(phased.usedGpuHours).toBeCloseTo(level.usedGpuHours - 35_040 / 2, 4);
    expect(-phased.cashFlowsUsd.reduce((a, b) => a + b, 0)).toBeCloseTo(phased.tcoUsd, 4);
  });

  it('the second tranche depreciates from year 2', () => {
    const y = phased.schedule.years;
    expect(y[1]?.bookDepreciationUsd).toBeCloseTo(132_600 / 5, 6);
    expect(y[2]?.bookDepreciationUsd).toBeCloseTo(265_200 / 5, 6);
    expect(y[1]?.bookValueUsd).toBeCloseTo(132_600 * 0.8 + 132_600, 6);
  });

  it('more tranches than horizon years is refused in the user’s words', () => {
    expect(() => computeCost({ ...input, deploymentPhases: 4 })).toThrow(
      /finance\.deploymentPhases.*finance\.horizonYears/,
    );
  });
});

describe('schedule invariants (property)', () => {
  it('PVs sum to NPV; TCO = −Σ flows; book values never negative nor above capex; IRR is a root', () => {
    fc.assert(
      fc.property(
        fc.record({
          horizonYears: fc.integer({ min: 1, max: 10 }),
          phases: fc.integer({ min: 1, max: 10 }),
          bookLifeYears: fc.double({ min: 1, max: 15, noNaN: true }),
          economicLifeYears: fc.double({ min: 1, max: 15, noNaN: true }),
          discountRate: fc.double({ min: 0, max: 0.5, noNaN: true }),
          utilization: fc.double({ min: 0.01, max: 1, noNaN: true }),
          cloud: fc.double({ min: 0.01, max: 20, noNaN: true }),
          residual: fc.double({ min: 0, max: 1, noNaN: true }),
          goodput: fc.double({ min: 0.05, max: 1, noNaN: true }),
          mid: fc.boolean(),
          owned: fc.boolean(),
        }),
        (p) => {
          const c = computeCost({
            ...input,
            horizonYears: p.horizonYears,
            deploymentPhases: Math.min(p.phases, p.horizonYears),
            bookLifeYears: p.bookLifeYears,
            economicLifeYears: p.economicLifeYears,
            discountRate: p.discountRate,
            npvConvention: p.mid ? 'mid-year' : 'end-of-year',
            utilization: p.utilization,
            cloudUsdPerGpuHour: p.cloud,
            residualValueFraction: p.residual,
            goodput: p.goodput,
            siting: p.owned ? 'owned' : 'colocation',
          });
          const s = c.schedule;
          const scale = c.capex.totalUsd + c.tcoUsd;
          let pv = 0;
          for (const y of s.years) pv += y.presentValueUsd;
          expect(Math.abs(pv - c.npvUsd)).toBeLessThan(1e-9 * scale);
          expect(Math.abs(-c.cashFlowsUsd.reduce((a, b) => a + b, 0) - c.tcoUsd)).toBeLessThan(
            1e-9 * scale,
          );
          const itCapex = c.depreciation.itCapexUsd;
          let booked = 0;
          for (const y of s.years) {
            expect(y.bookValueUsd).toBeGreaterThanOrEqual(-1e-9 * itCapex);
            expect(y.bookValueUsd).toBeLessThanOrEqual(itCapex * (1 + 1e-12));
            booked += y.bookDepreciationUsd;
          }
          // Depreciated plus remaining book value is the capex paid.
          expect(Math.abs(booked + s.bookValueAtHorizonUsd - itCapex)).toBeLessThan(1e-9 * itCapex);
          if (s.ownVsCloudIrr !== null) {
            const r = s.ownVsCloudIrr;
            // A root of Σ flow_t / (1 + r)^t, relative to the flows' size.
            let at = 0;
            let size = 0;
            for (const y of s.years) {
              at += y.ownVsCloudUsd / (1 + r) ** y.year;
              size += Math.abs(y.ownVsCloudUsd) / (1 + r) ** y.year;
            }
            expect(Math.abs(at)).toBeLessThan(1e-6 * size);
          }
          expect(Number.isFinite(s.costPerEffectiveGpuHourUsd)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
