/**
 * Distributions an uncertain input can carry, sampled by inverse CDF from one uniform each, so
 * the same uniform gives the same quantile in every scenario (common random numbers).
 *
 * - `fixed`: no uncertainty.
 * - `uniform` on [min, max].
 * - `triangular` on [min, max] with its mode.
 * - `normal` (mean, sd), truncated to [min, max] when bounds are given.
 * - `lognormal` (median, sigmaLog = sd of ln x), truncated to [min, max] when given.
 *
 * Methods: inverse normal CDF by P. J. Acklam's rational approximation (2003, relative error
 * < 1.15e-9, https://web.archive.org/web/20151030215612/http://home.online.no/~pjacklam/notes/invnorm/);
 * normal CDF by the complementary error function of Numerical Recipes (Press et al., 2nd ed.,
 * §6.2 `erfcc`, fractional error < 1.2e-7). Truncation maps u into [Φ(a), Φ(b)].
 */
export type Distribution =
  | { readonly kind: 'fixed'; readonly value: number }
  | { readonly kind: 'uniform'; readonly min: number; readonly max: number }
  | {
      readonly kind: 'triangular';
      readonly min: number;
      readonly mode: number;
      readonly max: number;
    }
  | {
      readonly kind: 'normal';
      readonly mean: number;
      readonly sd: number;
      readonly min?: number;
      readonly max?: number;
    }
  | {
      readonly kind: 'lognormal';
      readonly median: number;
      readonly sigmaLog: number;
      readonly min?: number;
      readonly max?: number;
    };

export { inverseNormalCdf } from '../math';
import { inverseNormalCdf } from '../math';

/** Complementary error function (Numerical Recipes `erfcc`, fractional error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Standard normal CDF Φ(z). */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** Φ(z) for a bound that may be absent (−∞ → 0, +∞ → 1). */
function cdfBound(z: number | undefined, fallback: number): number {
  return z === undefined ? fallback : normalCdf(z);
}

/** Keep p strictly inside (0, 1) for the inverse CDF. */
function inside(p: number): number {
  return Math.min(1 - 1e-12, Math.max(1e-12, p));
}

/**
 * Check a distribution's parameters; throws naming the field (`sd`, `min`, ...).
 * @param field - the path shown in messages (e.g. `uncertainty.pue`)
 */
export function checkDistribution(d: Distribution, field: string): void {
  const finite = (name: string, v: number | undefined): void => {
    if (v !== undefined && !Number.isFinite(v))
      throw new RangeError(`${field}.${name}: must be a finite number (got ${String(v)})`);
  };
  switch (d.kind) {
    case 'fixed':
      finite('value', d.value);
      return;
    case 'uniform':
      finite('min', d.min);
      finite('max', d.max);
      if (d.max < d.min) throw new RangeError(`${field}.max: must be at least min (${d.min})`);
      return;
    case 'triangular':
      finite('min', d.min);
      finite('mode', d.mode);
      finite('max', d.max);
      if (d.mode < d.min || d.mode > d.max)
        throw new RangeError(`${field}.mode: must be between min (${d.min}) and max (${d.max})`);
      return;
    case 'normal':
      finite('mean', d.mean);
      finite('sd', d.sd);
      finite('min', d.min);
      finite('max', d.max);
      if (d.sd < 0) throw new RangeError(`${field}.sd: must be at least 0`);
      if (d.min !== undefined && d.max !== undefined && d.max < d.min)
        throw new RangeError(`${field}.max: must be at least min (${d.min})`);
      return;
    case 'lognormal':
      finite('median', d.median);
      finite('sigmaLog', d.sigmaLog);
      finite('min', d.min);
      finite('max', d.max);
      if (!(d.median > 0)) throw new RangeError(`${field}.median: must be positive`);
      if (d.sigmaLog < 0) throw new RangeError(`${field}.sigmaLog: must be at least 0`);
      if (d.min !== undefined && !(d.min > 0))
        throw new RangeError(`${field}.min: must be positive for a lognormal`);
      if (d.min !== undefined && d.max !== undefined && d.max < d.min)
        throw new RangeError(`${field}.max: must be at least min (${d.min})`);
      return;
  }
}

/**
 * The value of a distribution at quantile u (inverse CDF), in the distribution's units.
 * Monotone non-decreasing in u, so the same u gives the same quantile in every scenario.
 * @param u - uniform in (0, 1)
 */
export function quantile(d: Distribution, u: number): number {
  switch (d.kind) {
    case 'fixed':
      return d.value;
    case 'uniform':
      return d.min + u * (d.max - d.min);
    case 'triangular': {
      const span = d.max - d.min;
      if (span === 0) return d.min;
      const f = (d.mode - d.min) / span;
      return u < f
        ? d.min + Math.sqrt(u * span * (d.mode - d.min))
        : d.max - Math.sqrt((1 - u) * span * (d.max - d.mode));
    }
    case 'normal': {
      if (d.sd === 0) return clampTo(d.mean, d.min, d.max);
      const a = cdfBound(d.min === undefined ? undefined : (d.min - d.mean) / d.sd, 0);
      const b = cdfBound(d.max === undefined ? undefined : (d.max - d.mean) / d.sd, 1);
      const x = d.mean + d.sd * inverseNormalCdf(inside(a + u * (b - a)));
      return clampTo(x, d.min, d.max);
    }
    case 'lognormal': {
      if (d.sigmaLog === 0) return clampTo(d.median, d.min, d.max);
      const mu = Math.log(d.median);
      const a = cdfBound(d.min === undefined ? undefined : (Math.log(d.min) - mu) / d.sigmaLog, 0);
      const b = cdfBound(d.max === undefined ? undefined : (Math.log(d.max) - mu) / d.sigmaLog, 1);
      const x = Math.exp(mu + d.sigmaLog * inverseNormalCdf(inside(a + u * (b - a))));
      return clampTo(x, d.min, d.max);
    }
  }
}

function clampTo(x: number, min: number | undefined, max: number | undefined): number {
  let v = x;
  if (min !== undefined && v < min) v = min;
  if (max !== undefined && v > max) v = max;
  return v;
}

/** The central value of a distribution (mode, mean or median), for labels. */
export function centralValue(d: Distribution): number {
  switch (d.kind) {
    case 'fixed':
      return d.value;
    case 'uniform':
      return (d.min + d.max) / 2;
    case 'triangular':
      return d.mode;
    case 'normal':
      return d.mean;
    case 'lognormal':
      return d.median;
  }
}

/** Short description for tables, e.g. `triangular 0.85–1.15 (mode 1)`. */
export function describeDistribution(d: Distribution, fmt: (v: number) => string): string {
  switch (d.kind) {
    case 'fixed':
      return `fixed ${fmt(d.value)}`;
    case 'uniform':
      return `uniform ${fmt(d.min)} to ${fmt(d.max)}`;
    case 'triangular':
      return `triangular ${fmt(d.min)} to ${fmt(d.max)}, mode ${fmt(d.mode)}`;
    case 'normal':
      return `normal mean ${fmt(d.mean)}, sd ${fmt(d.sd)}${bounds(d.min, d.max, fmt)}`;
    case 'lognormal':
      return `lognormal median ${fmt(d.median)}, σ(ln) ${d.sigmaLog.toFixed(3)}${bounds(d.min, d.max, fmt)}`;
  }
}

function bounds(
  min: number | undefined,
  max: number | undefined,
  fmt: (v: number) => string,
): string {
  if (min === undefined && max === undefined) return '';
  return `, within ${min === undefined ? '−∞' : fmt(min)} to ${max === undefined ? '∞' : fmt(max)}`;
}
