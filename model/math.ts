/**
 * Numerical helpers shared by the engines (one implementation each).
 */

const A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2,
  -3.066479806614716e1, 2.506628277459239,
] as const;
const B = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
  -1.328068155288572e1,
] as const;
const C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734,
  4.374664141464968, 2.938163982698783,
] as const;
const D = [
  7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416,
] as const;

/**
 * Standard normal quantile (inverse CDF), Acklam's algorithm (P. J. Acklam, "An algorithm for computing
 * the inverse normal cumulative distribution function", 2003; relative error below 1.15 × 10⁻⁹).
 * @param p - probability in (0, 1)
 * @returns z with Φ(z) = p
 */
export function inverseNormalCdf(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be in (0, 1) (got ${p})`);
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) /
      ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1)
    );
  }
  if (p > 1 - lo) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(
      (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) /
      ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q) /
    (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1)
  );
}

/** 10⁰ … 10²², each exact in a double. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * `n` rounded to `digits` significant digits, written as the shortest number that reads back
 * to it: the same string as `Number(n.toPrecision(digits)).toString()` ("0.92", "17.7", "1e+21"),
 * for every number (test/model/math.test.ts compares the two on millions of values).
 *
 * `toPrecision` rounds the exact binary value with big-number arithmetic (about 190 ns a call);
 * texts built on every evaluation use this instead (about 60 ns). The fast path scales |n| by an
 * exact power of ten (one rounding, relative error ≤ 2⁻⁵³) and rounds; where the scaled value
 * lies within 10⁻⁷ of a rounding tie, or outside the exact powers, it falls back to
 * `toPrecision`. The rounded digits D at scale 10ᵐ become D / 10ᵐ (or D × 10⁻ᵐ): one correctly
 * rounded operation on exact operands, the double nearest to the decimal, as parsing gives.
 * @param digits - significant digits, 1 to 15
 */
export function formatSignificant(n: number, digits: number = 3): string {
  const a = Math.abs(n);
  if (a >= 1e-300 && a < 1e21 && digits >= 1 && digits <= 15) {
    const m = digits - 1 - Math.floor(Math.log10(a));
    if (m >= -22 && m <= 22) {
      const scaled = m >= 0 ? a * (POW10[m] as number) : a / (POW10[-m] as number);
      const low = POW10[digits - 1] as number;
      if (
        scaled >= low &&
        scaled < low * 10 &&
        Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-7
      ) {
        const d = Math.round(scaled);
        const v = m >= 0 ? d / (POW10[m] as number) : d * (POW10[-m] as number);
        return String(n < 0 ? -v : v);
      }
    }
  }
  return Number(n.toPrecision(digits)).toString();
}

/**
 * `n.toFixed(0)`: for 0 ≤ n < 10²¹ the nearest whole number, ties up, which is `Math.round`
 * (both round the exact binary value), written by `String` (about 20 ns against 100 ns);
 * otherwise `toFixed` itself (negatives: "-0" and ties away from zero).
 */
export function formatWhole(n: number): string {
  return n >= 0 && n < 1e21 ? String(Math.round(n)) : n.toFixed(0);
}

/**
 * `n.toLocaleString('en-US')` for a safe integer: its digits grouped by threes with commas
 * ("1,024"); anything else goes to `toLocaleString` itself. The first `toLocaleString` of a
 * process loads the ICU number formatter (about 25 ms); a design-search worker names its results
 * with this instead.
 */
export function formatGroupedInteger(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const out = groupThousands(String(Math.abs(n)));
  return n < 0 ? `-${out}` : out;
}

/**
 * A string of decimal digits grouped by threes from the right with commas, as en-US writes a
 * whole number ("1234567" → "1,234,567"); the renderer's en-US formatter uses it too.
 */
export function groupThousands(digits: string): string {
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}
