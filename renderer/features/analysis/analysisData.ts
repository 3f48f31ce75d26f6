import type { EvaluationResult } from '../../../model/evaluate';
import { metricRegistry, type MetricDefinition } from '../../../model/metrics';
import { objectiveMetricId } from '../../../model/analysis';
import type { MonteCarloResult, PercentileSummary, TornadoResult } from '../../../model/analysis';

/**
 * Pure view data for the Sensitivity page (no React): metric choices, tornado rows, the
 * Monte Carlo table rows and the band geometry. Tested in test/renderer/analysis/.
 */

/** Metrics people ask about first (shown first in pickers and in the Monte Carlo table). */
export const KEY_METRICS: readonly string[] = [
  'tco_usd',
  'cost_per_million_tokens_usd',
  'time_to_train_days',
  'cost_per_training_run_usd',
  'npv_usd',
  'tokens_per_s',
  'effective_tokens_per_s',
  'energy_mwh_per_year',
  'facility_power_kw',
  'cost_per_million_output_tokens_usd',
  'output_tokens_per_s',
];

/**
 * Metrics a tornado can show for a result: produced, with a direction (better ≠ none); the key
 * metrics first, then the rest in registry order.
 */
export function metricChoices(result: EvaluationResult | null): MetricDefinition[] {
  if (!result) return [];
  const all = [...metricRegistry.values()].filter(
    (m) => result.metrics[m.id] !== undefined && m.better !== 'none',
  );
  const key = KEY_METRICS.flatMap((id) => all.filter((m) => m.id === id));
  return [...key, ...all.filter((m) => !KEY_METRICS.includes(m.id))];
}

/**
 * The default metric of a result: the objective's, the cost per unit of work (model/analysis
 * `objectiveMetricId`), not raw TCO; else the first key metric it has.
 */
export function defaultMetric(result: EvaluationResult | null): string | null {
  const choices = metricChoices(result);
  const objective = result ? objectiveMetricId(result.metrics) : null;
  return choices.find((m) => m.id === objective)?.id ?? choices[0]?.id ?? null;
}

/** One tornado row for the chart: deltas of the metric at the input's low and high end. */
export type TornadoRow = {
  readonly id: string;
  readonly label: string;
  readonly low: number;
  readonly high: number;
};

/** Chart rows, largest bar first (the engine's order), bars with no effect left out. */
export function tornadoRows(t: TornadoResult): TornadoRow[] {
  return t.bars
    .filter((b) => b.extent > 0)
    .map((b) => ({ id: b.id, label: b.label, low: b.deltaLow, high: b.deltaHigh }));
}

/** Inputs that move the metric not at all over their range (listed under the chart). */
export function noEffectInputs(t: TornadoResult): string[] {
  return t.bars.filter((b) => b.extent === 0 && !b.error).map((b) => b.label);
}

/** The Monte Carlo table rows for one scenario: key metrics first, or every metric. */
export function bandRows(
  result: MonteCarloResult,
  scenarioIndex: number,
  all: boolean,
  extra?: string,
): PercentileSummary[] {
  const list = result.summaries[scenarioIndex] ?? [];
  if (all) return [...list];
  const wanted = extra && !KEY_METRICS.includes(extra) ? [extra, ...KEY_METRICS] : KEY_METRICS;
  return wanted.flatMap((id) => list.filter((s) => s.metricId === id));
}

/** Geometry of a band on [0, width]: positions of P10, P50, P90 and the base value. */
export type BandGeometry = {
  readonly x10: number;
  readonly x50: number;
  readonly x90: number;
  readonly xBase: number | null;
};

/**
 * Place a band on a scale from `min` to `max` (a domain shared by the bands shown together).
 * A zero-width domain puts everything in the middle.
 */
export function bandGeometry(
  band: {
    readonly p10: number;
    readonly p50: number;
    readonly p90: number;
    readonly base: number | null;
  },
  min: number,
  max: number,
  width: number,
): BandGeometry {
  const span = max - min;
  const x = (v: number) => (span > 0 ? ((v - min) / span) * width : width / 2);
  return {
    x10: x(band.p10),
    x50: x(band.p50),
    x90: x(band.p90),
    xBase: band.base === null ? null : x(band.base),
  };
}

/** A shared domain for bands: from the smallest P10/base to the largest P90/base, padded 5 %. */
export function bandDomain(
  bands: readonly { readonly p10: number; readonly p90: number; readonly base: number | null }[],
): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of bands) {
    lo = Math.min(lo, b.p10, b.base ?? Infinity);
    hi = Math.max(hi, b.p90, b.base ?? -Infinity);
  }
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  const pad = (hi - lo) * 0.05;
  return [lo - pad, hi + pad];
}

/** Units of the analysis inputs that are money per something (in the scenario currency). */
const MONEY_UNITS = new Set(['per kWh', 'per node', 'per kW-month', 'per GPU-hour']);
/** Units of the analysis inputs that are fractions shown as percentages. */
const FRACTION_UNITS = new Set(['fraction', 'per year', 'of capex per year']);

/**
 * An analysis input's value for people, through the one formatter: money in the scenario
 * currency (`$0.081 per kWh`), fractions as percentages, multipliers as `×1.15`.
 * @param fmtMoney - money formatter (value, currency) → text
 * @param fmtNumber - number formatter (value, max fraction digits) → text
 */
export function formatInputValue(
  value: number,
  unit: string,
  currency: string,
  fmtMoney: (v: number, currency: string) => string,
  fmtNumber: (v: number, digits: number) => string,
): string {
  if (MONEY_UNITS.has(unit)) {
    const digits = Math.abs(value) < 1 ? 3 : Math.abs(value) < 100 ? 2 : 0;
    const text = digits === 3 ? `${fmtNumber(value, 3)} ${currency}` : fmtMoney(value, currency);
    return `${text} ${unit}`;
  }
  if (FRACTION_UNITS.has(unit))
    return `${fmtNumber(value * 100, 1)} %${unit === 'fraction' ? '' : ` ${unit}`}`;
  if (unit === '×') return `×${fmtNumber(value, 3)}`;
  if (unit === '') return fmtNumber(value, 3);
  return `${fmtNumber(value, 2)} ${unit}`;
}

/** A band placed for display, with its own accessible figures. */
export type PlacedBand = {
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
  readonly base: number | null;
  readonly domain: readonly [number, number];
  /** The metric's own P10, P50, P90 and value without uncertainty (for the label). */
  readonly values: PercentileSummary;
};

/**
 * Bands of several metrics on one relative scale (value ÷ value without uncertainty), so
 * their widths compare: a ±20 % band is as wide in every row. A metric without a usable base
 * (absent or zero) gets its own absolute scale.
 */
export function placeBands(rows: readonly PercentileSummary[]): PlacedBand[] {
  const rel = rows.map((r) => {
    const b = r.base;
    if (b === null || b === 0 || !Number.isFinite(b)) return null;
    const a = r.p10 / b;
    const c = r.p90 / b;
    // A negative base (an NPV) flips the order: keep the smaller end on the left.
    return { p10: Math.min(a, c), p50: r.p50 / b, p90: Math.max(a, c), base: 1 };
  });
  const shared = bandDomain(rel.flatMap((x) => (x ? [x] : [])));
  return rows.map((r, i) => {
    const x = rel[i];
    return x
      ? { ...x, domain: shared, values: r }
      : { p10: r.p10, p50: r.p50, p90: r.p90, base: r.base, domain: bandDomain([r]), values: r };
  });
}

/**
 * The fraction digits that show `value` to about `significant` significant digits (an editor
 * shows 1.3, 0.000125 and 3,450,000 alike): never negative, at most 12; `significant - 1` for 0
 * or a non-finite value.
 */
export function fractionDigitsFor(value: number, significant: number): number {
  const s = Math.max(1, Math.round(significant));
  if (!Number.isFinite(value) || value === 0) return Math.min(12, s - 1);
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  return Math.min(12, Math.max(0, s - 1 - magnitude));
}
