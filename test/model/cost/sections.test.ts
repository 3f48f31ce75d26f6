import { describe, expect, it } from 'vitest';
import { facilitySectionSchema } from '../../../model/scenario/facility';
import { financeSectionSchema } from '../../../model/scenario/finance';

describe('facility and finance scenario sections', () => {
  it('parse from nothing with every default filled in', () => {
    const f = facilitySectionSchema.parse(undefined);
    expect(f).toMatchObject({
      rackUnits: 42,
      siting: 'colocation',
      electricityId: 'us-industrial-2023',
      provisionOn: 'rated',
    });
    expect(f.coolingType).toBeUndefined();
    const fin = financeSectionSchema.parse(undefined);
    expect(fin).toMatchObject({
      currency: 'USD',
      horizonYears: 5,
      discountRate: 0.08,
      npvConvention: 'end-of-year',
      bookLifeYears: 5,
      economicLifeYears: 3,
    });
  });

  it('name the field and its range when a value is out of range', () => {
    const bad = facilitySectionSchema.safeParse({ pue: 0.8, rackLimitKw: 1000 });
    expect(bad.success).toBe(false);
    const issues = bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual([
      'pue: must be a number from 1 to 3',
      'rackLimitKw: must be a number from 1 to 400 kW',
    ]);
    const fin = financeSectionSchema.safeParse({ currency: 'usd', discountRate: 2 });
    expect(fin.error?.issues.map((i) => i.path.join('.'))).toEqual(['currency', 'discountRate']);
  });

  it('reject unknown fields and accept a peak/off-peak tariff', () => {
    expect(facilitySectionSchema.safeParse({ priceUsdPerKWh: 0.1 }).success).toBe(false);
    const f = facilitySectionSchema.parse({
      peakOffPeak: {
        peakPriceUsdPerKwh: 0.2,
        offPeakPriceUsdPerKwh: 0.08,
        peakHoursPerDay: 12,
        peakDaysPerWeek: 5,
      },
    });
    expect(f.peakOffPeak?.peakHoursPerDay).toBe(12);
  });
});
