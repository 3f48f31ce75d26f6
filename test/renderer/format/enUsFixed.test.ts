import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enUsFixed, formatMoney, formatNumber } from '../../../renderer/format/format';

const intl = (min: number, max: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });

/** Numbers where rounding is decided: ties in the last kept place, carries, tiny and huge. */
const hard = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e22, max: 1e22 }),
  fc.double({ noNaN: true, min: -10, max: 10 }),
  fc
    .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 7 }))
    .map(([k, d]) => (k + 0.5) / 10 ** d),
  fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 7 })).map(([n, d]) => {
    const nines = 10 ** n - 10 ** -d / 2;
    return nines;
  }),
  fc.constantFrom(0, -0, 1e-7, 5e-7, 0.000001, 1.005, 2.675, 8.345, 999.995, 1e20, 9.999999e20),
);

describe('enUsFixed writes what Intl en-US writes', () => {
  it('for any finite number and fraction digits', () => {
    fc.assert(
      fc.property(
        hard,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (x, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const fast = enUsFixed(x, min, max);
          if (Math.abs(x) >= 1e21) expect(fast).toBeNull();
          else expect(fast).toBe(intl(min, max).format(x));
        },
      ),
      { numRuns: 8_000 },
    );
  });

  it('leaves what it does not cover to Intl', () => {
    for (const x of [NaN, Infinity, -Infinity, 1e21, -3e25]) expect(enUsFixed(x, 0, 2)).toBeNull();
    expect(formatNumber(Infinity, 0, 'en-US')).toBe('∞');
    expect(formatNumber(2e21, 0, 'en-US')).toBe(intl(0, 0).format(2e21));
  });

  it('through formatNumber and formatMoney in en-US, as Intl', () => {
    const usd = (d: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: d,
        maximumFractionDigits: d,
      });
    fc.assert(
      fc.property(hard, fc.integer({ min: 0, max: 6 }), (x, d) => {
        expect(formatNumber(x, d, 'en-US')).toBe(intl(0, d).format(x));
        expect(formatMoney(x, 'USD', 'en-US')).toBe(usd(Math.abs(x) >= 1000 ? 0 : 2).format(x));
      }),
      { numRuns: 2_000 },
    );
  });

  it('other locales still go to Intl', () => {
    expect(formatNumber(1234.5, 1, 'de-DE')).toBe('1.234,5');
    expect(formatMoney(1234.5, 'EUR', 'en-US')).toBe('€1,235');
  });
});
