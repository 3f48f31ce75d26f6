import { describe, expect, it } from 'vitest';
import { formatGroupedInteger, formatSignificant, formatWhole } from '../../model/math';

/** What `formatSignificant` must equal. */
const reference = (n: number, digits: number) => Number(n.toPrecision(digits)).toString();

/** A seeded generator (xorshift32), so a failure reproduces. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

describe('formatSignificant', () => {
  it('writes what Number(n.toPrecision(d)).toString() writes, ties and edges included', () => {
    const values = [
      0,
      -0,
      1,
      -1,
      0.5,
      1.005,
      2.675,
      1.255,
      12.55,
      125.5,
      0.125,
      999.5,
      999.49999,
      0.0009995,
      9.995,
      99.95,
      100,
      999,
      1000,
      0.1,
      0.3,
      123456789,
      1e20,
      1e21,
      1e-7,
      5e-324,
      Number.MAX_VALUE,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      17.73,
      0.92034,
      0.4771,
    ];
    const next = rng(19);
    for (let i = 0; i < 100_000; i++) {
      // Log-uniform over 1e-12 … 1e18, both signs.
      const v = Math.exp(Math.log(1e-12) + next() * Math.log(1e30));
      values.push(next() < 0.1 ? -v : v);
      // Decimal ties (k.5 × 10^j) and values one ulp either side of them.
      const tie = (Math.floor(next() * 1000) + 0.5) * 10 ** (Math.floor(next() * 20) - 10);
      values.push(tie, tie * (1 + 2 ** -52), tie * (1 - 2 ** -53));
      // Short decimals, as money and shares are.
      values.push(Math.round(next() * 1e6) / 1e4);
    }
    let mismatches = 0;
    for (const v of values)
      for (const d of [1, 2, 3, 4, 6])
        if (formatSignificant(v, d) !== reference(v, d)) {
          mismatches++;
          expect(formatSignificant(v, d), `${v} to ${d} digits`).toBe(reference(v, d));
        }
    expect(mismatches).toBe(0);
  });

  it('defaults to three significant digits', () => {
    expect(formatSignificant(0.0092035 * 100)).toBe('0.92');
    expect(formatSignificant(17.7333)).toBe('17.7');
    expect(formatSignificant(123456)).toBe('123000');
  });
});

describe('formatWhole', () => {
  it('writes what n.toFixed(0) writes, ties and edges included', () => {
    const values = [
      0,
      -0,
      0.5,
      1.5,
      2.5,
      -0.3,
      -0.5,
      -2.5,
      0.49999999999999994,
      86.5,
      1e20,
      1e21,
      2e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      4503599627370495.5,
    ];
    const next = rng(7);
    for (let i = 0; i < 100_000; i++) {
      const v = next() * 10 ** (next() * 10);
      values.push(v, next() < 0.5 ? -v : v);
      const tie = Math.floor(next() * 1e6) + 0.5;
      values.push(tie, tie * (1 + 2 ** -52), tie * (1 - 2 ** -53), -tie);
    }
    let mismatches = 0;
    for (const v of values)
      if (formatWhole(v) !== v.toFixed(0)) {
        mismatches++;
        expect(formatWhole(v), String(v)).toBe(v.toFixed(0));
      }
    expect(mismatches).toBe(0);
  });
});

describe('formatGroupedInteger', () => {
  it("writes what n.toLocaleString('en-US') writes", () => {
    const values = [0, -0, 1, 7, 999, 1000, -1000, 1024, 40960, 999_999, 1_000_000, -1_234_567];
    values.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1.5, -2.25, 1e21);
    values.push(Number.NaN, Number.POSITIVE_INFINITY);
    const next = rng(11);
    for (let i = 0; i < 20_000; i++) {
      const v = Math.floor(next() * 10 ** (next() * 16));
      values.push(v, -v);
    }
    let mismatches = 0;
    for (const v of values)
      if (formatGroupedInteger(v) !== v.toLocaleString('en-US')) {
        mismatches++;
        expect(formatGroupedInteger(v), String(v)).toBe(v.toLocaleString('en-US'));
      }
    expect(mismatches).toBe(0);
  });
});
