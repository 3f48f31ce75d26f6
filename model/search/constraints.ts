import { getMetric } from '../metrics';
import type { SearchMetricId, SearchSpec } from './spec';

/**
 * Figures the search keeps per candidate, and the constraints it checks, with the relative
 * slack that says which one binds.
 */

/** Figures recorded for every candidate: the searchable metrics plus memory and MFU. */
export const figureIds = [
  'time_to_train_days',
  'tco_usd',
  'cost_per_million_tokens_usd',
  'cost_per_training_run_usd',
  'effective_tokens_per_s',
  'capex_usd',
  'facility_power_kw',
  'facility_peak_power_kw',
  'racks',
  'memory_headroom_gib',
  'memory_per_gpu_gib',
  'mfu_pct',
] as const;
export type FigureId = (typeof figureIds)[number];

/** Index of each figure in a candidate's figure vector. */
export const FIG: { readonly [K in FigureId]: number } = Object.fromEntries(
  figureIds.map((id, i) => [id, i]),
) as { readonly [K in FigureId]: number };

/** Label and unit of a figure (registered metrics from the registry; the derived one here). */
export function figureInfo(id: FigureId): {
  readonly label: string;
  readonly unit: string;
  readonly better: 'lower' | 'higher';
} {
  if (id === 'facility_peak_power_kw') {
    return { label: 'Facility peak power (IT peak × PUE)', unit: 'kW', better: 'lower' };
  }
  const m = getMetric(id);
  return { label: m.label, unit: m.unit, better: m.better === 'higher' ? 'higher' : 'lower' };
}

export type ConstraintId =
  | 'maxTimeToTrainDays'
  | 'maxFacilityPowerMW'
  | 'maxRacks'
  | 'maxCapexUsd'
  | 'maxTcoUsd'
  | 'minEffectiveTokensPerS'
  | 'memory';

/** One checked constraint: `figure` ≤ `limit` (`max`) or ≥ `limit` (`min`), in the figure's unit. */
export type SearchConstraint = {
  readonly id: ConstraintId;
  readonly label: string;
  readonly figure: FigureId;
  readonly sense: 'max' | 'min';
  /** Limit in the figure's unit (MW limits are converted to kW). */
  readonly limit: number;
  readonly unit: string;
};

/**
 * The constraints of a spec, in a fixed order; `memory` (the model state fits in HBM with the
 * chosen layout: headroom ≥ 0) is always checked.
 */
export function constraintsOf(spec: SearchSpec): SearchConstraint[] {
  const c = spec.constraints;
  const out: SearchConstraint[] = [];
  if (c.maxTimeToTrainDays !== undefined)
    out.push({
      id: 'maxTimeToTrainDays',
      label: 'Time to train',
      figure: 'time_to_train_days',
      sense: 'max',
      limit: c.maxTimeToTrainDays,
      unit: 'days',
    });
  if (c.maxFacilityPowerMW !== undefined)
    out.push({
      id: 'maxFacilityPowerMW',
      label: 'Facility peak power',
      figure: 'facility_peak_power_kw',
      sense: 'max',
      limit: c.maxFacilityPowerMW * 1000,
      unit: 'kW',
    });
  if (c.maxRacks !== undefined)
    out.push({
      id: 'maxRacks',
      label: 'Racks',
      figure: 'racks',
      sense: 'max',
      limit: c.maxRacks,
      unit: 'racks',
    });
  if (c.maxCapexUsd !== undefined)
    out.push({
      id: 'maxCapexUsd',
      label: 'Capex',
      figure: 'capex_usd',
      sense: 'max',
      limit: c.maxCapexUsd,
      unit: 'USD',
    });
  if (c.maxTcoUsd !== undefined)
    out.push({
      id: 'maxTcoUsd',
      label: 'TCO',
      figure: 'tco_usd',
      sense: 'max',
      limit: c.maxTcoUsd,
      unit: 'USD',
    });
  if (c.minEffectiveTokensPerS !== undefined)
    out.push({
      id: 'minEffectiveTokensPerS',
      label: 'Effective throughput',
      figure: 'effective_tokens_per_s',
      sense: 'min',
      limit: c.minEffectiveTokensPerS,
      unit: 'tokens/s',
    });
  out.push({
    id: 'memory',
    label: 'Memory fits (headroom)',
    figure: 'memory_headroom_gib',
    sense: 'min',
    limit: 0,
    unit: 'GiB',
  });
  return out;
}

/**
 * Relative slack of a constraint: (limit − value)/limit for `max`, (value − limit)/limit for
 * `min`; memory: headroom ÷ HBM capacity. ≥ 0 satisfied, < 0 violated by that fraction.
 * −Infinity when the figure is missing (NaN).
 */
export function relativeSlack(c: SearchConstraint, figures: ArrayLike<number>): number {
  const v = figures[FIG[c.figure]] as number;
  if (Number.isNaN(v)) return -Infinity;
  if (c.id === 'memory') {
    const used = figures[FIG.memory_per_gpu_gib] as number;
    const hbm = used + v;
    return hbm > 0 ? v / hbm : v;
  }
  return c.sense === 'max' ? (c.limit - v) / c.limit : (v - c.limit) / c.limit;
}

/** The metric ids whose absence makes a candidate unusable (goal and front axes). */
export function requiredFigures(spec: SearchSpec): readonly SearchMetricId[] {
  const ids: SearchMetricId[] = [spec.goal];
  if (spec.front) ids.push(spec.front.x, spec.front.y);
  return ids;
}
