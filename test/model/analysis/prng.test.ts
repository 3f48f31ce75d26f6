import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawRng, hash32, mulberry32, openUniform } from '../../../model/analysis';

/** mulberry32 exactly as published (Tommy Ettinger's gist), as an independent reference. */
function reference(a0: number): () => number {
  let a = a0;
  return function () {
    let t = (a += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('mulberry32', () => {
  it('matches the published reference for any 32-bit seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const a = mulberry32(seed);
        const b = reference(seed);
        for (let i = 0; i < 20; i++) if (a() !== b()) return false;
        return true;
      }),
    );
  });

  it('gives numbers in [0, 1) with a mean near 1/2', () => {
    const r = mulberry32(42);
    let s = 0;
    let inRange = true;
    for (let i = 0; i < 10_000; i++) {
      const v = r();
      if (!(v >= 0 && v < 1)) inRange = false;
      s += v;
    }
    expect(inRange).toBe(true);
    // Standard error of the mean of 10,000 uniforms: 0.0029; 4 SE.
    expect(Math.abs(s / 10_000 - 0.5)).toBeLessThan(0.012);
  });

  it('openUniform is strictly inside (0, 1)', () => {
    const zero = () => 0;
    const almostOne = () => 1 - 1 / 4294967296;
    expect(openUniform(zero)).toBeGreaterThan(0);
    expect(openUniform(almostOne)).toBeLessThan(1);
  });
});

describe('drawRng', () => {
  it('depends on the seed and the draw index only', () => {
    expect(drawRng(7, 3)()).toBe(drawRng(7, 3)());
    expect(drawRng(7, 3)()).not.toBe(drawRng(7, 4)());
    expect(drawRng(7, 3)()).not.toBe(drawRng(8, 3)());
  });

  it('hash32 is a 32-bit unsigned integer', () => {
    fc.assert(
      fc.property(fc.integer(), (x) => {
        const h = hash32(x);
        return Number.isInteger(h) && h >= 0 && h < 2 ** 32;
      }),
    );
  });
});
