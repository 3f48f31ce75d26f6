/**
 * Sample statistics for the analysis. Percentiles use linear interpolation between order
 * statistics (Hyndman & Fan 1996, definition 7; the default of R and NumPy), so P10 ≤ P50 ≤ P90
 * always holds.
 */

/**
 * The q-quantile of an ascending-sorted sample.
 * @param sorted - values sorted ascending (not checked), at least one
 * @param q - in [0, 1]
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) throw new RangeError('quantile of an empty sample');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`q must be in [0, 1] (got ${q})`);
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (h - lo) * (b - a);
}

/** Mean of a sample (0 for none). */
export function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i] as number;
  return values.length ? s / values.length : 0;
}

/** Sample standard deviation (n − 1 denominator; 0 for fewer than two values). */
export function sampleSd(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return 0;
  const m = mean(values);
  let s = 0;
  for (let i = 0; i < n; i++) {
    const d = (values[i] as number) - m;
    s += d * d;
  }
  return Math.sqrt(s / (n - 1));
}
