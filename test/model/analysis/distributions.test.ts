import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDistribution,
  inverseNormalCdf,
  normalCdf,
  quantile,
  type Distribution,
} from '../../../model/analysis';

const u = fc.double({ min: 1e-9, max: 1 - 1e-9, noNaN: true });

const dist: fc.Arbitrary<Distribution> = fc.oneof(
  fc
    .tuple(
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.double({ min: 0, max: 1e6, noNaN: true }),
    )
    .map(([min, w]) => ({ kind: 'uniform', min, max: min + w }) as const),
  fc
    .tuple(
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1e6, noNaN: true }),
    )
    .map(([min, f, w]) => ({ kind: 'triangular', min, mode: min + f * w, max: min + w }) as const),
  fc
    .tuple(
      fc.double({ min: -100, max: 100, noNaN: true }),
      fc.double({ min: 0, max: 50, noNaN: true }),
    )
    .map(
      ([mean, sd]) =>
        ({ kind: 'normal', mean, sd, min: mean - 2 * sd, max: mean + 3 * sd }) as const,
    ),
  fc
    .tuple(
      fc.double({ min: 0.01, max: 100, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(
      ([median, sigmaLog]) =>
        ({ kind: 'lognormal', median, sigmaLog, min: median / 3, max: median * 3 }) as const,
    ),
);

function bounds(d: Distribution): [number, number] {
  switch (d.kind) {
    case 'fixed':
      return [d.value, d.value];
    case 'uniform':
    case 'triangular':
      return [d.min, d.max];
    case 'normal':
    case 'lognormal':
      return [d.min ?? -Infinity, d.max ?? Infinity];
  }
}

describe('inverse normal CDF and CDF', () => {
  it('hit the textbook quantiles', () => {
    expect(inverseNormalCdf(0.5)).toBeCloseTo(0, 9);
    expect(inverseNormalCdf(0.975)).toBeCloseTo(1.959964, 5);
    expect(inverseNormalCdf(0.1)).toBeCloseTo(-1.281552, 5);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
  });

  it('are inverses of each other', () => {
    fc.assert(fc.property(u, (p) => Math.abs(normalCdf(inverseNormalCdf(p)) - p) < 1e-6));
  });

  it('rejects p outside (0, 1)', () => {
    expect(() => inverseNormalCdf(0)).toThrow(/p must be/);
  });
});

describe('quantile', () => {
  it('is monotone in u and inside the bounds', () => {
    fc.assert(
      fc.property(dist, u, u, (d, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const x = quantile(d, lo);
        const y = quantile(d, hi);
        const [min, max] = bounds(d);
        const tol = 1e-9 * Math.max(1, Math.abs(min), Math.abs(max));
        return x <= y + tol && x >= min - tol && y <= max + tol;
      }),
    );
  });

  it('gives the hand-computed values', () => {
    // Triangular 0/1/4: F(1) = 1/4; u = 1/4 → 1; u = 1 − 3/8 → 4 − √(3/8·4·3) = 1.
    const t: Distribution = { kind: 'triangular', min: 0, mode: 1, max: 4 };
    expect(quantile(t, 0.25)).toBeCloseTo(1, 12);
    expect(quantile(t, 0.625)).toBeCloseTo(4 - Math.sqrt(0.375 * 4 * 3), 12);
    expect(quantile({ kind: 'uniform', min: 2, max: 6 }, 0.25)).toBe(3);
    expect(quantile({ kind: 'normal', mean: 10, sd: 2 }, 0.5)).toBeCloseTo(10, 8);
    expect(quantile({ kind: 'lognormal', median: 3, sigmaLog: 0.5 }, 0.5)).toBeCloseTo(3, 8);
    expect(quantile({ kind: 'fixed', value: 7 }, 0.9)).toBe(7);
  });

  it('checkDistribution names the bad field', () => {
    expect(() =>
      checkDistribution({ kind: 'triangular', min: 0, mode: 5, max: 4 }, 'u.pue'),
    ).toThrow(/u\.pue\.mode/);
    expect(() => checkDistribution({ kind: 'normal', mean: 1, sd: -1 }, 'x')).toThrow(/x\.sd/);
    expect(() => checkDistribution({ kind: 'lognormal', median: 0, sigmaLog: 1 }, 'x')).toThrow(
      /x\.median/,
    );
  });
});
