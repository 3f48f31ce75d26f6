import type { EvaluationResult } from '../evaluate';
import { metricRegistry } from '../metrics';
import type { MetricDefinition } from '../metrics';
import type { Scenario } from '../scenario';
import { analysisInputs, applyInput, catalogOf, clampToInput, getAnalysisInput } from './inputs';
import type { AnalysisInput, AnalysisState, InputContext } from './inputs';
import { evaluateWithKnobs, IDENTITY_KNOBS } from './knobs';
import type { EngineKnobs } from './knobs';

/**
 * Sensitivity (one-at-a-time, "tornado"): each input moved to the low and the high end of its
 * range with every other input at the scenario's value; the bar is the change of the chosen
 * metric. Bars are sorted by their extent (largest first). Method: one-factor-at-a-time
 * sensitivity, as in Saltelli et al., "Global Sensitivity Analysis: The Primer" (2008) §1.2.
 */

/**
 * An input and, optionally, its own range (else the input's default range): absolute
 * (`low`/`high`, in the input's unit) or relative to the scenario's value (`lowRel`/`highRel`,
 * so one range applies alike to several scenarios). Absolute wins when both are given.
 */
export type TornadoRangeSpec = {
  readonly id: string;
  readonly low?: number;
  readonly high?: number;
  readonly lowRel?: number;
  readonly highRel?: number;
};

export type TornadoBar = {
  readonly id: string;
  readonly label: string;
  /** Unit of base/low/high. */
  readonly unit: string;
  readonly paths: readonly string[];
  readonly base: number;
  readonly low: number;
  readonly high: number;
  /** Why this range (the default's basis, or "given"). */
  readonly basis: string;
  /** The metric with the input at low / high; null when it could not be evaluated. */
  readonly metricAtLow: number | null;
  readonly metricAtHigh: number | null;
  /** metricAtLow − base metric, metricAtHigh − base metric (0 when not evaluated). */
  readonly deltaLow: number;
  readonly deltaHigh: number;
  /** Length of the bar: max(0, deltas) − min(0, deltas). */
  readonly extent: number;
  /** Why a side could not be evaluated. */
  readonly error?: string;
};

export type TornadoResult = {
  readonly metric: MetricDefinition;
  /** The metric's value in the scenario as given. */
  readonly baseValue: number;
  /** Sorted by extent, largest first (ties in input order). */
  readonly bars: readonly TornadoBar[];
  /** Inputs that do not apply to this scenario (e.g. cost inputs of a serving scenario). */
  readonly notApplicable: readonly { readonly id: string; readonly label: string }[];
};

export type TornadoOptions = {
  /** Engine knobs of the base (e.g. a calibrated compute efficiency). Default: identity. */
  readonly knobs?: EngineKnobs;
};

function metricOf(r: EvaluationResult, id: string): number | null {
  const v = r.metrics[id];
  return v === undefined ? null : v.value;
}

function evalSide(
  input: AnalysisInput,
  state: AnalysisState,
  value: number,
  base: number,
  metricId: string,
): { value: number | null; error?: string } {
  try {
    const s = applyInput(input, state, value, base);
    const v = metricOf(evaluateWithKnobs(s.scenario, s.knobs), metricId);
    return v === null
      ? { value: null, error: `${metricId} is not produced at ${value}` }
      : { value: v };
  } catch (e) {
    return { value: null, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Tornado of one metric.
 * @param scenario - a parsed scenario
 * @param metricId - a registered metric id (`tco_usd`, `cost_per_million_tokens_usd`,
 *   `time_to_train_days`, ...)
 * @param inputs - which inputs and ranges (default: every input that applies, default ranges)
 * @returns bars in the metric's unit, sorted by extent; a range with low = high = base gives
 *   a zero bar
 * @throws naming `metricId` when the metric is unknown or not produced for the scenario, or
 *   `inputs[i].id` / `.low` / `.high` for a bad range
 */
export function tornado(
  scenario: Scenario,
  metricId: string,
  inputs?: readonly TornadoRangeSpec[],
  options: TornadoOptions = {},
): TornadoResult {
  const metric = metricRegistry.get(metricId);
  if (!metric) throw new Error(`metricId: unknown metric "${metricId}"`);
  const knobs = options.knobs ?? IDENTITY_KNOBS;
  const state: AnalysisState = { scenario, knobs };
  const result = evaluateWithKnobs(scenario, knobs);
  const baseValue = metricOf(result, metricId);
  if (baseValue === null)
    throw new Error(`metricId: "${metricId}" is not produced for scenario "${scenario.name}"`);
  const ctx: InputContext = { state, result, catalog: catalogOf(scenario) };
  const specs: readonly TornadoRangeSpec[] = inputs ?? analysisInputs.map((i) => ({ id: i.id }));
  const bars: TornadoBar[] = [];
  const notApplicable: { id: string; label: string }[] = [];
  specs.forEach((spec, k) => {
    const input = getAnalysisInput(spec.id);
    const base = input.base(ctx);
    if (base === null) {
      notApplicable.push({ id: input.id, label: input.label });
      return;
    }
    for (const side of ['low', 'high', 'lowRel', 'highRel'] as const) {
      const v = spec[side];
      if (v !== undefined && !Number.isFinite(v))
        throw new RangeError(`inputs[${k}].${side}: must be a finite number`);
    }
    const givenLow = spec.low ?? (spec.lowRel === undefined ? undefined : base * spec.lowRel);
    const givenHigh = spec.high ?? (spec.highRel === undefined ? undefined : base * spec.highRel);
    const def = givenLow === undefined || givenHigh === undefined ? input.range(base, ctx) : null;
    const low = clampToInput(input, givenLow ?? (def as { low: number }).low);
    const high = clampToInput(input, givenHigh ?? (def as { high: number }).high);
    const basis = def && givenLow === undefined && givenHigh === undefined ? def.basis : 'given';
    const lo = low === base ? { value: baseValue } : evalSide(input, state, low, base, metricId);
    const hi = high === base ? { value: baseValue } : evalSide(input, state, high, base, metricId);
    const deltaLow = lo.value === null ? 0 : lo.value - baseValue;
    const deltaHigh = hi.value === null ? 0 : hi.value - baseValue;
    const error = 'error' in lo ? lo.error : 'error' in hi ? hi.error : undefined;
    bars.push({
      id: input.id,
      label: input.label,
      unit: input.unit,
      paths: input.paths,
      base,
      low,
      high,
      basis,
      metricAtLow: lo.value,
      metricAtHigh: hi.value,
      deltaLow,
      deltaHigh,
      extent: Math.max(0, deltaLow, deltaHigh) - Math.min(0, deltaLow, deltaHigh),
      ...(error === undefined ? {} : { error }),
    });
  });
  const order = new Map(bars.map((b, i) => [b.id, i]));
  bars.sort((a, b) => b.extent - a.extent || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { metric, baseValue, bars, notApplicable };
}
