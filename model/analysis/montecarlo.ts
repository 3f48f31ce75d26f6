import type { EvaluationResult } from '../evaluate';
import { metricRegistry } from '../metrics';
import type { Scenario } from '../scenario';
import { ENGINE_ACCURACY } from './accuracy';
import { checkDistribution, quantile } from './distributions';
import type { Distribution } from './distributions';
import { analysisInputs, applyInput, catalogOf, getAnalysisInput } from './inputs';
import type { AnalysisInput, AnalysisState, InputContext } from './inputs';
import { checkKnobs, evaluateWithKnobs, IDENTITY_KNOBS } from './knobs';
import type { EngineKnobs } from './knobs';
import { drawRng, openUniform } from './prng';
import { mean, quantileSorted } from './stats';

/**
 * Uncertainty: a seeded Monte Carlo that draws every uncertain input from its distribution,
 * evaluates the scenario (evaluate() with the analysis knobs) and reports P10/P50/P90 of every
 * metric, and how often each scenario beats the baseline.
 *
 * Common random numbers (Law, "Simulation Modeling and Analysis", 5th ed., §11.2): in draw d,
 * input i gets the same uniform u(d, i) in every scenario, so two scenarios are compared
 * under the same draw of prices, efficiencies and failure rates. u(d, i) comes from
 * mulberry32 seeded by hash(seed, d) (prng.ts), so a draw does not depend on chunking.
 */

/** An input with a distribution (values in the input's unit, like `base`). */
export type UncertainInput = {
  readonly id: string;
  readonly label: string;
  readonly unit: string;
  /** The input's value in the scenario (the distribution is around it). */
  readonly base: number;
  readonly distribution: Distribution;
  readonly basis: string;
};

/** An input left at the scenario's value, and why. */
export type CertainInput = { readonly id: string; readonly label: string; readonly reason: string };

export type UncertaintySpec = {
  readonly inputs: readonly UncertainInput[];
  readonly fixed: readonly CertainInput[];
};

/** Relative half-width of the default triangular range of a soft catalog number. */
const SOFT_ESTIMATE_REL = 0.3;
const SOFT_READ_REL = 0.2;

function clampDist(input: AnalysisInput, d: Distribution): Distribution {
  if (d.kind !== 'triangular') return d;
  const min = Math.max(input.min, d.min);
  const max = Math.min(input.max, d.max);
  return { kind: 'triangular', min, max, mode: Math.min(max, Math.max(min, d.mode)) };
}

/**
 * Default uncertainty of a scenario:
 * - the engine's own accuracy: step time × lognormal fitted to observed ÷ predicted over the
 *   bundled training validation cases (ENGINE_ACCURACY), truncated at ±3σ;
 * - failure rates: triangular ×0.5 / ×1 / ×2 (the defaults come from one published fleet);
 * - every input whose value comes from a catalog number flagged `soft`: triangular ±30 % for
 *   estimates, ±20 % for other soft numbers (street prices, community sources);
 * - every other input stays at the scenario's value (a hard catalog number or the user's own).
 */
export function defaultUncertainty(
  scenario: Scenario,
  knobs: EngineKnobs = IDENTITY_KNOBS,
  result?: EvaluationResult,
): UncertaintySpec {
  const state: AnalysisState = { scenario, knobs };
  const ctx: InputContext = {
    state,
    result: result ?? evaluateWithKnobs(scenario, knobs),
    catalog: catalogOf(scenario),
  };
  const inputs: UncertainInput[] = [];
  const fixed: CertainInput[] = [];
  for (const input of analysisInputs) {
    const base = input.base(ctx);
    const common = { id: input.id, label: input.label, unit: input.unit, base };
    if (base === null) {
      fixed.push({ id: input.id, label: input.label, reason: 'does not apply to this scenario' });
      continue;
    }
    if (input.id === 'engine_accuracy') {
      const a = ENGINE_ACCURACY;
      inputs.push({
        ...common,
        base,
        distribution: {
          kind: 'lognormal',
          median: base * Math.exp(a.meanLog),
          sigmaLog: a.sdLog,
          min: base * Math.exp(a.meanLog - 3 * a.sdLog),
          max: base * Math.exp(a.meanLog + 3 * a.sdLog),
        },
        basis: `observed ÷ predicted step time over ${a.cases} validation cases (${a.set}): ln-mean ${a.meanLog.toFixed(3)}, ln-sd ${a.sdLog.toFixed(3)}, truncated at ±3σ`,
      });
      continue;
    }
    if (input.id === 'failure_rate') {
      inputs.push({
        ...common,
        base,
        distribution: { kind: 'triangular', min: base * 0.5, mode: base, max: base * 2 },
        basis: 'triangular ×0.5/×1/×2: default rates derive from one fleet (Llama 3 405B)',
      });
      continue;
    }
    const origin = input.origin?.(ctx) ?? null;
    if (origin && origin.number.soft) {
      const rel = origin.number.basis === 'estimate' ? SOFT_ESTIMATE_REL : SOFT_READ_REL;
      inputs.push({
        ...common,
        base,
        distribution: clampDist(input, {
          kind: 'triangular',
          min: base * (1 - rel),
          mode: base,
          max: base * (1 + rel),
        }),
        basis: `soft catalog number (${origin.kind} "${origin.id}" ${origin.field}, basis ${origin.number.basis}, ${origin.number.date}): triangular ±${rel * 100} %`,
      });
      continue;
    }
    fixed.push({
      id: input.id,
      label: input.label,
      reason: origin
        ? `catalog number (${origin.kind} "${origin.id}") is not soft`
        : "the scenario's own value",
    });
  }
  return { inputs, fixed };
}

/** Shapes a user can give an uncertain input. */
export type UncertaintyShape = 'uniform' | 'triangular' | 'normal' | 'lognormal';

/** z of the 90th percentile of the standard normal (P10/P90 = median ∓ 1.2816 σ). */
const Z90 = 1.2815515655446004;

/**
 * A distribution from a low/high range in the input's units: uniform and triangular take them
 * as min and max, within the input's bounds (triangular's mode at `base`, clamped into the
 * range); normal and lognormal
 * take them as P10 and P90 (mean or median in the middle) and are truncated at ±3σ and at the
 * input's bounds.
 * @throws naming `low`/`high` when high < low, or `low` when a lognormal range is not positive
 */
export function distributionFromRange(
  input: AnalysisInput,
  base: number,
  shape: UncertaintyShape,
  low: number,
  high: number,
): Distribution {
  if (!(Number.isFinite(low) && Number.isFinite(high)))
    throw new RangeError(`${input.id}.low/high: must be finite numbers`);
  if (high < low) throw new RangeError(`${input.id}.high: must be at least low (${low})`);
  switch (shape) {
    case 'uniform':
      return { kind: 'uniform', min: Math.max(input.min, low), max: Math.min(input.max, high) };
    case 'triangular': {
      const min = Math.max(input.min, low);
      const max = Math.min(input.max, high);
      return { kind: 'triangular', min, mode: Math.min(max, Math.max(min, base)), max };
    }
    case 'normal': {
      const mean = (low + high) / 2;
      const sd = (high - low) / (2 * Z90);
      return {
        kind: 'normal',
        mean,
        sd,
        min: Math.max(input.min, mean - 3 * sd),
        max: Math.min(input.max, mean + 3 * sd),
      };
    }
    case 'lognormal': {
      if (!(low > 0)) throw new RangeError(`${input.id}.low: must be positive for a lognormal`);
      const median = Math.sqrt(low * high);
      const sigmaLog = Math.log(high / low) / (2 * Z90);
      return {
        kind: 'lognormal',
        median,
        sigmaLog,
        min: Math.max(input.min > 0 ? input.min : 0, median * Math.exp(-3 * sigmaLog)),
        max: Math.min(input.max, median * Math.exp(3 * sigmaLog)),
      };
    }
  }
}

/**
 * The low/high range and shape of a distribution as `distributionFromRange` reads them
 * (min/max for uniform and triangular, P10/P90 for normal and lognormal), for editing.
 */
export function rangeOfDistribution(d: Distribution): {
  shape: UncertaintyShape;
  low: number;
  high: number;
} {
  switch (d.kind) {
    case 'fixed':
      return { shape: 'uniform', low: d.value, high: d.value };
    case 'uniform':
      return { shape: 'uniform', low: d.min, high: d.max };
    case 'triangular':
      return { shape: 'triangular', low: d.min, high: d.max };
    case 'normal':
      return { shape: 'normal', low: d.mean - Z90 * d.sd, high: d.mean + Z90 * d.sd };
    case 'lognormal':
      return {
        shape: 'lognormal',
        low: d.median * Math.exp(-Z90 * d.sigmaLog),
        high: d.median * Math.exp(Z90 * d.sigmaLog),
      };
  }
}

/**
 * A user's range for one input, relative to the input's value in each scenario (so one edit
 * applies alike to every open scenario): low = base × lowRel, high = base × highRel.
 * `include: false` leaves the input at the scenario's value.
 */
export type RelativeRange = {
  readonly id: string;
  readonly include: boolean;
  readonly shape: UncertaintyShape;
  readonly lowRel: number;
  readonly highRel: number;
};

/**
 * A scenario's uncertain inputs: the defaults (`defaultUncertainty`) with the user's ranges
 * applied on top (edited inputs replaced, excluded ones dropped, added ones appended).
 * An input that does not apply to the scenario is skipped.
 */
export function uncertaintyWithRanges(
  scenario: Scenario,
  ranges: readonly RelativeRange[],
  knobs: EngineKnobs = IDENTITY_KNOBS,
  result?: EvaluationResult,
): UncertainInput[] {
  const r = result ?? evaluateWithKnobs(scenario, knobs);
  const defaults = defaultUncertainty(scenario, knobs, r).inputs;
  if (ranges.length === 0) return [...defaults];
  const ctx: InputContext = { state: { scenario, knobs }, result: r, catalog: catalogOf(scenario) };
  const byId = new Map(ranges.map((x) => [x.id, x]));
  const out: UncertainInput[] = [];
  for (const input of analysisInputs) {
    const edit = byId.get(input.id);
    const def = defaults.find((d) => d.id === input.id);
    if (!edit) {
      if (def) out.push(def);
      continue;
    }
    if (!edit.include) continue;
    const base = input.base(ctx);
    if (base === null) continue;
    out.push({
      id: input.id,
      label: input.label,
      unit: input.unit,
      base,
      distribution: distributionFromRange(
        input,
        base,
        edit.shape,
        base * Math.min(edit.lowRel, edit.highRel),
        base * Math.max(edit.lowRel, edit.highRel),
      ),
      basis: 'your range',
    });
  }
  return out;
}

/** One row of an uncertainty editor: an applicable input, its range and whether it is drawn. */
export type UncertaintyRow = {
  readonly id: string;
  readonly label: string;
  readonly unit: string;
  /** The input's value in the scenario. */
  readonly base: number;
  /** Field bounds of the input. */
  readonly min: number;
  readonly max: number;
  readonly include: boolean;
  readonly shape: UncertaintyShape;
  /** Range in the input's units (min/max or P10/P90, see `distributionFromRange`). */
  readonly low: number;
  readonly high: number;
  readonly basis: string;
  /** True when the user's range replaces the default. */
  readonly edited: boolean;
};

/**
 * Every input that applies to the scenario, as an editor shows it: the default distribution's
 * range for the inputs drawn by default, the sensitivity range (not drawn) for the others, and
 * the user's ranges where given.
 */
export function uncertaintyRows(
  scenario: Scenario,
  ranges: readonly RelativeRange[],
  knobs: EngineKnobs = IDENTITY_KNOBS,
): UncertaintyRow[] {
  const result = evaluateWithKnobs(scenario, knobs);
  const ctx: InputContext = { state: { scenario, knobs }, result, catalog: catalogOf(scenario) };
  const defaults = defaultUncertainty(scenario, knobs, result);
  const rows: UncertaintyRow[] = [];
  for (const input of analysisInputs) {
    const base = input.base(ctx);
    if (base === null) continue;
    const common = {
      id: input.id,
      label: input.label,
      unit: input.unit,
      base,
      min: input.min,
      max: input.max,
    };
    const edit = ranges.find((r) => r.id === input.id);
    if (edit) {
      const lo = base * Math.min(edit.lowRel, edit.highRel);
      const hi = base * Math.max(edit.lowRel, edit.highRel);
      rows.push({
        ...common,
        include: edit.include,
        shape: edit.shape,
        low: lo,
        high: hi,
        basis: 'your range',
        edited: true,
      });
      continue;
    }
    const def = defaults.inputs.find((d) => d.id === input.id);
    if (def) {
      const r = rangeOfDistribution(def.distribution);
      rows.push({ ...common, include: true, ...r, basis: def.basis, edited: false });
      continue;
    }
    const range = input.range(base, ctx);
    const why = defaults.fixed.find((f) => f.id === input.id)?.reason ?? '';
    rows.push({
      ...common,
      include: false,
      shape: 'triangular',
      low: range.low,
      high: range.high,
      basis: `not drawn by default (${why}); sensitivity range: ${range.basis}`,
      edited: false,
    });
  }
  return rows;
}

export type MonteCarloOptions = {
  /** Number of draws, 1 to 100,000. */
  readonly draws: number;
  /** Any integer; the same seed gives the same result. */
  readonly seed: number;
  /** Uncertain inputs per scenario (same order as the scenarios); default `defaultUncertainty`. */
  readonly uncertainty?: readonly (readonly UncertainInput[])[];
  /** Engine knobs per scenario (e.g. a calibrated efficiency); default identity. */
  readonly knobs?: readonly EngineKnobs[];
  /** Index of the baseline scenario for the pairwise statements (default 0). */
  readonly baselineIndex?: number;
  /**
   * The model's stated uncertainty, % (default `MODEL_UNCERTAINTY_PCT`): a difference whose
   * median is inside it is called indistinguishable.
   */
  readonly resolutionPct?: number;
};

/**
 * The model's stated uncertainty, %: its median error on the bundled training validation
 * cases (ENGINE_ACCURACY.medianAbsErrorPct). Two builds whose figures differ by less than this
 * are not told apart: every draw applies the same prices, efficiencies and failure rates to both
 * builds (common random numbers), so even a 0.1 % gap would otherwise be "better in 100 % of
 * draws", while the engine itself is not that exact.
 */
export const MODEL_UNCERTAINTY_PCT = ENGINE_ACCURACY.medianAbsErrorPct;

/** Raw draws: values[s][m] has one number per draw (NaN where the metric was not produced). */
export type MonteCarloSamples = {
  readonly draws: number;
  readonly seed: number;
  readonly scenarios: readonly string[];
  readonly metricIds: readonly string[];
  readonly values: readonly (readonly Float64Array[])[];
  /** Draws per scenario whose evaluation failed (the engine rejected the drawn input). */
  readonly failures: readonly number[];
  /** The deterministic (undrawn) value of each metric per scenario, NaN when absent. */
  readonly baseValues: readonly Float64Array[];
  readonly uncertainty: readonly (readonly UncertainInput[])[];
};

export type PercentileSummary = {
  readonly metricId: string;
  readonly unit: string;
  /** Value without uncertainty (the scenario as given). */
  readonly base: number | null;
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
  readonly mean: number;
  /** Draws in which the metric was produced. */
  readonly n: number;
};

/** "Scenario B is better than the baseline in `share` of draws" for one metric. */
export type PairwiseStatement = {
  readonly metricId: string;
  readonly scenarioIndex: number;
  readonly baselineIndex: number;
  /** Share of draws (where both produced the metric) in which the scenario is better, 0–1. */
  readonly betterShare: number;
  /** Share of draws with equal values. */
  readonly tieShare: number;
  readonly n: number;
  readonly better: 'higher' | 'lower';
  /** Median over the draws of (scenario − baseline) ÷ |baseline|, a fraction (0 when none). */
  readonly medianRelativeDifference: number;
  /** Share of draws whose relative difference is inside ±`resolution`. */
  readonly withinResolutionShare: number;
  /** The model's stated uncertainty the difference is judged against, a fraction. */
  readonly resolution: number;
  /** True when the median difference is inside the model's stated uncertainty. */
  readonly indistinguishable: boolean;
};

export type MonteCarloResult = {
  readonly draws: number;
  readonly seed: number;
  readonly scenarios: readonly string[];
  /** Per scenario, per metric (in metricIds order): percentiles. */
  readonly summaries: readonly (readonly PercentileSummary[])[];
  readonly pairwise: readonly PairwiseStatement[];
  readonly failures: readonly number[];
  readonly uncertainty: readonly (readonly UncertainInput[])[];
};

const MAX_DRAWS = 100_000;

function checkOptions(scenarios: readonly Scenario[], o: MonteCarloOptions): void {
  if (scenarios.length === 0) throw new Error('scenarios: give at least one scenario');
  if (!(Number.isInteger(o.draws) && o.draws >= 1 && o.draws <= MAX_DRAWS))
    throw new RangeError(`draws: must be an integer from 1 to ${MAX_DRAWS} (got ${o.draws})`);
  if (!Number.isInteger(o.seed)) throw new RangeError(`seed: must be an integer (got ${o.seed})`);
  if (o.uncertainty && o.uncertainty.length !== scenarios.length)
    throw new RangeError('uncertainty: give one list per scenario');
  if (o.knobs && o.knobs.length !== scenarios.length)
    throw new RangeError('knobs: give one entry per scenario');
  o.knobs?.forEach((k) => checkKnobs(k));
  o.uncertainty?.forEach((list, s) =>
    list.forEach((u, i) => {
      getAnalysisInput(u.id);
      checkDistribution(u.distribution, `uncertainty[${s}][${i}].distribution`);
    }),
  );
  const b = o.baselineIndex ?? 0;
  if (!(Number.isInteger(b) && b >= 0 && b < scenarios.length))
    throw new RangeError(`baselineIndex: must be an index of the scenarios (got ${b})`);
  checkResolution(o.resolutionPct ?? MODEL_UNCERTAINTY_PCT);
}

function checkResolution(pct: number): void {
  if (!(Number.isFinite(pct) && pct >= 0 && pct < 100))
    throw new RangeError(`resolutionPct: must be from 0 to 100 % (got ${pct})`);
}

/** Index of each input id in the per-draw uniform vector (fixed order: analysisInputs). */
const INPUT_SLOT = new Map(analysisInputs.map((i, k) => [i.id, k]));

/** The uniforms of draw `d`: one per analysis input, shared by every scenario. */
export function drawUniforms(seed: number, d: number): Float64Array {
  const rng = drawRng(seed, d);
  const u = new Float64Array(analysisInputs.length);
  for (let i = 0; i < u.length; i++) u[i] = openUniform(rng);
  return u;
}

/** The state of one draw: every uncertain input at its quantile u. */
function drawnState(
  base: AnalysisState,
  inputs: readonly UncertainInput[],
  u: Float64Array,
): AnalysisState {
  let state = base;
  for (const ui of inputs) {
    const slot = INPUT_SLOT.get(ui.id) as number;
    const value = quantile(ui.distribution, u[slot] as number);
    state = applyInput(getAnalysisInput(ui.id), state, value, ui.base);
  }
  return state;
}

/**
 * Draw the samples (the slow part: draws × scenarios evaluations).
 * @param onProgress - called after every `progressEvery` draws with (done, total)
 * @throws naming the option for bad options; a draw the engine rejects counts as a failure
 */
export function monteCarloSamples(
  scenarios: readonly Scenario[],
  options: MonteCarloOptions,
  onProgress?: (done: number, total: number) => void,
  progressEvery = 50,
): MonteCarloSamples {
  checkOptions(scenarios, options);
  const knobs = scenarios.map((_, s) => options.knobs?.[s] ?? IDENTITY_KNOBS);
  const bases = scenarios.map((sc, s) => evaluateWithKnobs(sc, knobs[s] as EngineKnobs));
  const uncertainty =
    options.uncertainty ??
    scenarios.map((sc, s) => defaultUncertainty(sc, knobs[s], bases[s]).inputs);
  // Metrics: every registered metric any scenario produces, in registry order.
  const produced = new Set<string>();
  for (const r of bases) for (const id in r.metrics) produced.add(id);
  const metricIds = [...metricRegistry.keys()].filter((id) => produced.has(id));
  const n = options.draws;
  const values = scenarios.map(() => metricIds.map(() => new Float64Array(n).fill(NaN)));
  const baseValues = bases.map((r) =>
    Float64Array.from(metricIds, (id) => r.metrics[id]?.value ?? NaN),
  );
  const failures = scenarios.map(() => 0);
  for (let d = 0; d < n; d++) {
    const u = drawUniforms(options.seed, d);
    for (let s = 0; s < scenarios.length; s++) {
      const state = drawnState(
        { scenario: scenarios[s] as Scenario, knobs: knobs[s] as EngineKnobs },
        uncertainty[s] as readonly UncertainInput[],
        u,
      );
      let r: EvaluationResult;
      try {
        r = evaluateWithKnobs(state.scenario, state.knobs);
      } catch {
        failures[s] = (failures[s] as number) + 1;
        continue;
      }
      const row = values[s] as Float64Array[];
      for (let m = 0; m < metricIds.length; m++) {
        const v = r.metrics[metricIds[m] as string];
        if (v !== undefined) (row[m] as Float64Array)[d] = v.value;
      }
    }
    if (onProgress && ((d + 1) % progressEvery === 0 || d + 1 === n)) onProgress(d + 1, n);
  }
  return {
    draws: n,
    seed: options.seed,
    scenarios: scenarios.map((s) => s.name),
    metricIds,
    values,
    failures,
    baseValues,
    uncertainty,
  };
}

function finiteSorted(a: Float64Array): Float64Array {
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) if (Number.isFinite(a[i] as number)) out.push(a[i] as number);
  return Float64Array.from(out).sort();
}

/**
 * Percentiles per scenario and metric and the pairwise statements against the baseline.
 * @param baselineIndex - index of the baseline scenario (default 0)
 * @param resolutionPct - the model's stated uncertainty, % (default MODEL_UNCERTAINTY_PCT)
 */
export function summarizeMonteCarlo(
  samples: MonteCarloSamples,
  baselineIndex = 0,
  resolutionPct = MODEL_UNCERTAINTY_PCT,
): MonteCarloResult {
  checkResolution(resolutionPct);
  const resolution = resolutionPct / 100;
  const summaries = samples.values.map((row, s) =>
    samples.metricIds.flatMap((id, m) => {
      const sorted = finiteSorted(row[m] as Float64Array);
      if (sorted.length === 0) return [];
      const base = (samples.baseValues[s] as Float64Array)[m] as number;
      return [
        {
          metricId: id,
          unit: metricRegistry.get(id)?.unit ?? '',
          base: Number.isFinite(base) ? base : null,
          p10: quantileSorted(sorted, 0.1),
          p50: quantileSorted(sorted, 0.5),
          p90: quantileSorted(sorted, 0.9),
          mean: mean(sorted),
          n: sorted.length,
        },
      ];
    }),
  );
  const pairwise: PairwiseStatement[] = [];
  const baseRow = samples.values[baselineIndex];
  if (baseRow) {
    samples.values.forEach((row, s) => {
      if (s === baselineIndex) return;
      samples.metricIds.forEach((id, m) => {
        const def = metricRegistry.get(id);
        if (!def || def.better === 'none') return;
        const a = baseRow[m] as Float64Array;
        const b = row[m] as Float64Array;
        let n = 0;
        let better = 0;
        let ties = 0;
        const rel: number[] = [];
        let within = 0;
        for (let d = 0; d < samples.draws; d++) {
          const x = a[d] as number;
          const y = b[d] as number;
          if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
          n++;
          if (x === y) ties++;
          else if (def.better === 'lower' ? y < x : y > x) better++;
          // Relative to the baseline; from a zero baseline any change counts as 100 %.
          const r = x === y ? 0 : x === 0 ? Math.sign(y) : (y - x) / Math.abs(x);
          rel.push(r);
          if (Math.abs(r) <= resolution) within++;
        }
        if (n > 0) {
          const median = quantileSorted(
            rel.sort((p, q) => p - q),
            0.5,
          );
          pairwise.push({
            metricId: id,
            scenarioIndex: s,
            baselineIndex,
            betterShare: better / n,
            tieShare: ties / n,
            n,
            better: def.better,
            medianRelativeDifference: median,
            withinResolutionShare: within / n,
            resolution,
            indistinguishable: Math.abs(median) <= resolution,
          });
        }
      });
    });
  }
  return {
    draws: samples.draws,
    seed: samples.seed,
    scenarios: samples.scenarios,
    summaries,
    pairwise,
    failures: samples.failures,
    uncertainty: samples.uncertainty,
  };
}

/**
 * Seeded Monte Carlo over one or more scenarios: draws, evaluates and summarises.
 * Same scenarios, options and seed → the same result.
 * @returns P10/P50/P90 per scenario and metric (metric units), pairwise shares vs the baseline
 */
export function runMonteCarlo(
  scenarios: readonly Scenario[],
  options: MonteCarloOptions,
  onProgress?: (done: number, total: number) => void,
): MonteCarloResult {
  return summarizeMonteCarlo(
    monteCarloSamples(scenarios, options, onProgress),
    options.baselineIndex ?? 0,
    options.resolutionPct ?? MODEL_UNCERTAINTY_PCT,
  );
}

/** The percentile summary of one metric of one scenario, or undefined. */
export function bandOf(
  result: MonteCarloResult,
  scenarioIndex: number,
  metricId: string,
): PercentileSummary | undefined {
  return result.summaries[scenarioIndex]?.find((x) => x.metricId === metricId);
}

/** A signed percentage for a sentence: `+1.2 %`, `−0.07 %` (two significant digits below 1 %). */
function signedPct(fraction: number): string {
  const pct = fraction * 100;
  const a = Math.abs(pct);
  const text = a === 0 ? '0' : a < 1 ? a.toPrecision(2) : a < 10 ? a.toFixed(1) : a.toFixed(0);
  return `${pct < 0 ? '−' : pct > 0 ? '+' : ''}${text} %`;
}

/**
 * The statement for people. When the median difference is inside the model's stated
 * uncertainty: `"B" and "A" are indistinguishable on TCO: the difference (median +1.2 %) is
 * within the model's stated uncertainty (±5.8 %) in 97 % of draws`. Otherwise in the direction
 * most draws took: `"B" is cheaper than "A" on TCO in 83 % of draws (median −12 %)` (money:
 * cheaper / more expensive; time: faster / slower; other metrics: has a lower / higher value).
 * Ties are left out of the share (the caller may show them).
 */
export function pairwiseSentence(result: MonteCarloResult, p: PairwiseStatement): string {
  const def = metricRegistry.get(p.metricId);
  const label = def?.label ?? p.metricId;
  const a = result.scenarios[p.baselineIndex] ?? '';
  const b = result.scenarios[p.scenarioIndex] ?? '';
  const median = `median ${signedPct(p.medianRelativeDifference)}`;
  if (p.indistinguishable) {
    const within = Math.round(p.withinResolutionShare * 100);
    const res = signedPct(p.resolution).replace(/^\+/, '±');
    return `"${b}" and "${a}" are indistinguishable on ${label}: the difference (${median}) is within the model's stated uncertainty (${res}) in ${within} % of draws`;
  }
  const worse = Math.max(0, 1 - p.betterShare - p.tieShare);
  const mostlyBetter = p.betterShare >= worse;
  const share = mostlyBetter ? p.betterShare : worse;
  // Direction of the value in the majority of draws.
  const lower = (p.better === 'lower') === mostlyBetter;
  const isMoney = def?.group === 'cost' && p.better === 'lower';
  const isTime = p.better === 'lower' && /time|days|_s$|_ms$/.test(p.metricId);
  const pct = Math.round(share * 100);
  const verb = isMoney
    ? `is ${lower ? 'cheaper' : 'more expensive'} than "${a}" on ${label}`
    : isTime
      ? `is ${lower ? 'faster' : 'slower'} than "${a}" on ${label}`
      : `has a ${lower ? 'lower' : 'higher'} ${label} than "${a}"`;
  return `"${b}" ${verb} in ${pct} % of draws (${median})`;
}
