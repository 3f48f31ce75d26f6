import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  effectiveBufferLength,
  emptyBufferProbability,
  maxFetchSForStall,
  queueStall,
} from '../../../model/storage';

describe('prefetch queue (M/M/1/K with diffusion-scaled buffer)', () => {
  it('M/M/1/K empty probability, hand-checked', () => {
    // ρ = 2, N = 2: (2 − 1)/(2³ − 1) = 1/7
    expect(emptyBufferProbability(2, 2)).toBeCloseTo(1 / 7, 12);
    // ρ = 0.5, N = 4: 0.5 / (1 − 0.5⁵) = 0.516129…
    expect(emptyBufferProbability(0.5, 4)).toBeCloseTo(0.5 / 0.96875, 12);
    // ρ = 1: 1/(N+1)
    expect(emptyBufferProbability(1, 3)).toBeCloseTo(0.25, 12);
    // no jitter: deterministic max(0, 1 − ρ)
    expect(emptyBufferProbability(0.25, Infinity)).toBe(0.75);
    expect(emptyBufferProbability(3, Infinity)).toBe(0);
    expect(emptyBufferProbability(1e6, 1e6)).toBe(0);
  });

  it('buffer scaling recovers M/M/1/K at cv = 1 on both sides', () => {
    expect(effectiveBufferLength(3, 1, 1)).toBe(3);
    expect(effectiveBufferLength(3, 0.5)).toBe(24);
    expect(effectiveBufferLength(0, 1)).toBe(0);
    expect(effectiveBufferLength(2, 0)).toBe(Infinity);
  });

  it('synchronous loading adds the whole fetch to the step', () => {
    const q = queueStall(1, 2, 0, 0.5);
    expect(q.wallS).toBe(3);
    expect(q.stallFraction).toBeCloseTo(2 / 3, 12);
  });

  it('property: the stall never rises when the producer gets faster or the buffer longer', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
        fc.double({ min: 1, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (rho, factor, n, dn) => {
          const p = emptyBufferProbability(rho, n);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
          expect(emptyBufferProbability(rho * factor, n)).toBeLessThanOrEqual(p + 1e-12);
          expect(emptyBufferProbability(rho, n + dn)).toBeLessThanOrEqual(p + 1e-12);
        },
      ),
    );
  });

  it('property: maxFetchSForStall meets the target', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-3, max: 100, noNaN: true }),
        fc.integer({ min: 0, max: 16 }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0.001, max: 0.3, noNaN: true }),
        (computeS, depth, cv, target) => {
          const f = maxFetchSForStall(computeS, depth, cv, target);
          expect(f).toBeGreaterThan(0);
          expect(queueStall(computeS, f, depth, cv).stallFraction).toBeLessThanOrEqual(
            target * (1 + 1e-6),
          );
        },
      ),
    );
  });
});
