import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dalyIntervalS, youngIntervalS } from '../../../model/reliability';

describe('optimal checkpoint interval', () => {
  it('Young worked examples (research/validation/checkpoint_failures.json)', () => {
    // δ = 0.1 h, M = 5 h → τ = √(2 · 0.1 · 5) h = 1 h
    expect(youngIntervalS(360, 18000)).toBeCloseTo(3600, 9);
    // δ = 60 s, M = 3 h → √(2 · 60 · 10800) = 1138.4 s = 19.0 min
    expect(youngIntervalS(60, 10800) / 60).toBeCloseTo(18.97, 2);
  });

  it('Daly worked example: δ = 60 s, M = 3 h → 18.3 min', () => {
    // x = 60 / 21600 = 0.002778; 1138.4 · (1 + 0.017568 + 0.000309) − 60 = 1098.8 s
    expect(dalyIntervalS(60, 10800) / 60).toBeCloseTo(18.31, 2);
  });

  it('Daly: δ ≥ 2M gives τ = M', () => {
    expect(dalyIntervalS(200, 100)).toBe(100);
  });

  it('property: Young matches √(2δM); Daly matches eq. 37 and tends to Young − δ', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 3600, noNaN: true }),
        fc.double({ min: 60, max: 1e7, noNaN: true }),
        (delta, m) => {
          const y = youngIntervalS(delta, m);
          expect(y * y).toBeCloseTo(
            2 * delta * m,
            Math.max(0, 6 - Math.ceil(Math.log10(2 * delta * m))),
          );
          const d = dalyIntervalS(delta, m);
          if (delta < 2 * m) {
            const r = delta / (2 * m);
            const eq37 = Math.sqrt(2 * delta * m) * (1 + Math.sqrt(r) / 3 + r / 9) - delta;
            expect(d).toBeCloseTo(Math.max(0, eq37), 6);
            // higher-order terms are small when δ ≪ M
            if (r < 1e-4) expect(Math.abs(d - (y - delta)) / y).toBeLessThan(0.01);
          } else {
            expect(d).toBe(m);
          }
        },
      ),
    );
  });

  it('rejects invalid inputs', () => {
    expect(() => youngIntervalS(-1, 10)).toThrow(/deltaS/);
    expect(() => dalyIntervalS(1, 0)).toThrow(/mtbfS/);
  });
});
