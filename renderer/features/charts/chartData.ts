import { scalingCurveFor, servingCurveFor } from '../../../model/evaluate';
import type { Scenario } from '../../../model/scenario';
import type { ServingCurve } from '../../../model/serving';
import { formatNumber } from '../../format/format';
import { describeIssue, inUserWords } from '../scenarios/issueText';
import type { ScalingPoint } from '../../../model/training';
import type { ScenarioEvaluation } from '../../workspace/evaluations';

/**
 * Pure data shaping for the charts page: engine results (per open scenario) in, chart rows and
 * series out. No React here, so every shape is unit-tested (test/renderer/charts/).
 */

/**
 * Okabe & Ito (2008), "Color Universal Design": eight colours distinguishable with the common
 * colour-vision deficiencies. The eighth (black) is a CSS variable so it turns light in the dark
 * theme (charts.css). Yellow comes last among the colours (low contrast on white).
 */
export const OKABE_ITO: readonly string[] = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#CC79A7', // reddish purple
  '#56B4E9', // sky blue
  '#D55E00', // vermillion
  '#F0E442', // yellow
  'var(--oi-black)', // black (light theme) / near-white (dark theme)
];

/**
 * Axis ticks a reader can add up: steps of 1, 2, 2.5 or 5 × 10^k (never recharts' 0.95 × 10^k,
 * which labels a cost axis $9.5M, $19M, $28.5M), from the multiple of the step at or below `lo`
 * to the one at or above `hi`; the first and last ticks are the axis' ends. The step is the
 * finest that needs at most 6 steps, or 7 where that one would need fewer than 4 (a range
 * rounded outwards at both ends can jump from 7 steps to 3 when the step doubles). [0, 1] when
 * the range is empty or not finite.
 */
export function axisTicks(lo: number, hi: number): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || !(hi > lo)) return [0, 1];
  const first = (step: number) => Math.floor(lo / step + 1e-9);
  const last = (step: number) => Math.ceil(hi / step - 1e-9);
  const stepsOf = (step: number) => last(step) - first(step);
  let step = 0;
  let finer = 0;
  for (let exp = Math.floor(Math.log10((hi - lo) / 6)) - 1; step === 0; exp++) {
    for (const mantissa of [1, 2, 2.5, 5]) {
      const s = mantissa * 10 ** exp;
      if (stepsOf(s) <= 6) {
        step = stepsOf(s) < 4 && finer > 0 && stepsOf(finer) === 7 ? finer : s;
        break;
      }
      finer = s;
    }
  }
  // Products rather than sums, rounded to the step's precision (0.1 + 0.2 is 0.30000000000000004).
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const out: number[] = [];
  for (let i = first(step); i <= last(step); i++) out.push(Number((i * step).toFixed(digits)));
  return out;
}

/** {@link axisTicks} of a value axis from zero up to `max` ([0, 1] when `max` is not above 0). */
export function valueAxisTicks(max: number): number[] {
  return axisTicks(0, max);
}

/** The axis domain that `ticks` span: their first and last ([0, 1] for none). */
export function tickDomain(ticks: readonly number[]): [number, number] {
  return [ticks[0] ?? 0, ticks[ticks.length - 1] ?? 1];
}

/**
 * Where a horizontal reference line's label goes (recharts label positions): above the line
 * (`insideBottomLeft`) unless the line sits in the top fifth of the plotted range, where a label
 * above it would leave the plot; below it there (`insideTopLeft`). A line near the x-axis with its
 * label below would print over the axis's tick labels.
 * @param y - the line's value
 * @param yMax - the largest value plotted on the same axis (the line included)
 */
export function referenceLabelPosition(
  y: number,
  yMax: number,
): 'insideBottomLeft' | 'insideTopLeft' {
  return yMax > 0 && y > 0.8 * yMax ? 'insideTopLeft' : 'insideBottomLeft';
}

/** The palette colour of series `i` (wraps after eight). */
export function seriesColor(i: number): string {
  return OKABE_ITO[((i % OKABE_ITO.length) + OKABE_ITO.length) % OKABE_ITO.length] as string;
}

/** The tornado's colours, from the palette: blue for an input at its low end, vermillion at its high end. */
export const LOW_COLOR = seriesColor(0);
export const HIGH_COLOR = seriesColor(5);

/** One plotted series: the row key it reads, its legend label, its colour. */
export type Series = { readonly key: string; readonly label: string; readonly color: string };

/** A chart row: a category (`label`) or x value and one number per series key. */
export type ChartRow = Readonly<Record<string, number | string>>;

/** A scenario left out of a chart, with the reason in words. */
export type Excluded = { readonly id: string; readonly name: string; readonly reason: string };

/** A chart's data: rows, series, and the scenarios it could not show (and why). */
export type ChartData = {
  readonly rows: readonly ChartRow[];
  readonly series: readonly Series[];
  readonly excluded: readonly Excluded[];
};

/** Display name of a scenario (its name, or its id when unnamed). */
function nameOf(e: ScenarioEvaluation): string {
  return e.name.trim() === '' ? e.id : e.name;
}

/**
 * Why a scenario has no result, in words: its first validation issues (with field paths) or
 * the engine's error. Null when it has a result.
 */
export function whyNoResult(e: ScenarioEvaluation): string | null {
  if (e.issues.length > 0) {
    // In the user's words: the field's section and label, never its path (issue 22).
    const shown = e.issues.slice(0, 3).map((i) => {
      const d = describeIssue(i);
      return `${d.place}: ${d.text}`;
    });
    const more = e.issues.length > 3 ? ` (and ${e.issues.length - 3} more)` : '';
    return `invalid input — ${shown.join('; ')}${more}`;
  }
  if (e.error !== null) return `the engine rejected it — ${inUserWords(e.error)}`;
  if (e.result === null) return 'no result';
  return null;
}

/** Why a scenario with a result has no power/cost figures (e.g. no reference system). */
function whyNoPowerCost(e: ScenarioEvaluation): string {
  const r = e.result;
  if (r === null) return whyNoResult(e) ?? 'no result';
  const w = r.warnings.find((x) => x.startsWith('power and cost not evaluated'));
  return w ?? 'power and cost were not evaluated';
}

/** Capex lines (result.powerCost.cost.capex), in stacking order. */
export const CAPEX_LINES = [
  { key: 'systemsUsd', label: 'Systems' },
  { key: 'fabricUsd', label: 'Networks' },
  { key: 'storageUsd', label: 'Storage' },
  { key: 'rackInfraUsd', label: 'Racks and in-rack infrastructure' },
  { key: 'facilityUsd', label: 'Facility (construction or fit-out)' },
  { key: 'installationUsd', label: 'Installation' },
] as const;

/** Opex lines per year (result.powerCost.cost.opexPerYear), in stacking order. */
export const OPEX_LINES = [
  { key: 'energyUsd', label: 'Electricity' },
  { key: 'colocationUsd', label: 'Colocation' },
  { key: 'facilityUsd', label: 'Facility operation' },
  { key: 'maintenanceUsd', label: 'Maintenance and support' },
  { key: 'staffUsd', label: 'Staff' },
  { key: 'softwareUsd', label: 'Software' },
] as const;

/**
 * Power components (result.powerCost.itPowerKw) grouped into at most eight stack segments, so
 * each gets its own Okabe–Ito colour. Components not named here fall into "Other server parts".
 */
export const POWER_GROUPS = [
  { key: 'gpus', label: 'GPUs', parts: ['gpus'] },
  { key: 'cpuMemory', label: 'CPUs and memory', parts: ['cpus', 'memory'] },
  { key: 'fans', label: 'Fans', parts: ['fans'] },
  {
    key: 'otherServer',
    label: 'Other server parts (board, NICs, optics, drives)',
    parts: ['platform', 'nics', 'nodeOptics', 'drives'],
  },
  { key: 'conversionLoss', label: 'Power conversion loss', parts: ['conversionLoss'] },
  { key: 'network', label: 'Network switches and optics', parts: ['network'] },
  { key: 'storage', label: 'Shared storage', parts: ['storage'] },
  {
    key: 'facilityOverhead',
    label: 'Facility overhead (cooling, distribution)',
    parts: ['facilityOverhead'],
  },
] as const;

/** Sum IT power components (kW) into POWER_GROUPS; unknown components go to other server parts. */
export function groupPower(components: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(POWER_GROUPS.map((g) => [g.key, 0]));
  for (const [k, v] of Object.entries(components)) {
    const g = POWER_GROUPS.find((x) => (x.parts as readonly string[]).includes(k));
    const key = g ? g.key : 'otherServer';
    out[key] = (out[key] ?? 0) + v;
  }
  return out;
}

/**
 * Stacked lines per scenario: one row per scenario with a power/cost result; a line that is
 * zero in every scenario is left out of the series (an empty legend entry helps nobody).
 */
function stackedLines(
  evals: readonly ScenarioEvaluation[],
  lines: readonly { readonly key: string; readonly label: string }[],
  pick: (e: ScenarioEvaluation) => Readonly<Record<string, number>> | null,
  why: (e: ScenarioEvaluation) => string = whyNoPowerCost,
): ChartData {
  const rows: ChartRow[] = [];
  const excluded: Excluded[] = [];
  for (const e of evals) {
    const values = pick(e);
    if (values === null) {
      excluded.push({ id: e.id, name: nameOf(e), reason: why(e) });
      continue;
    }
    const row: Record<string, number | string> = { label: nameOf(e), id: e.id };
    for (const l of lines) row[l.key] = values[l.key] ?? 0;
    rows.push(row);
  }
  const series = lines
    .filter((l) => rows.some((r) => (r[l.key] as number) !== 0))
    .map((l, i) => ({ key: l.key, label: l.label, color: seriesColor(i) }));
  return { rows, series, excluded };
}

/** Capex by line per scenario, USD (stacked bars). */
export function capexByLine(evals: readonly ScenarioEvaluation[]): ChartData {
  return stackedLines(evals, CAPEX_LINES, (e) => e.result?.powerCost?.cost.capex ?? null);
}

/** Opex per year by line per scenario, USD/year (stacked bars). */
export function opexByLine(evals: readonly ScenarioEvaluation[]): ChartData {
  return stackedLines(evals, OPEX_LINES, (e) => e.result?.powerCost?.cost.opexPerYear ?? null);
}

/**
 * Average power by component per scenario, kW (stacked bars): the IT components of
 * `itPowerKw.average` (grouped, POWER_GROUPS) plus the facility overhead (cooling,
 * distribution losses) on top, so the stack sums to the facility's average draw.
 */
export function powerByComponent(evals: readonly ScenarioEvaluation[]): ChartData {
  return stackedLines(evals, POWER_GROUPS, (e) => {
    const pc = e.result?.powerCost;
    if (!pc) return null;
    return groupPower({ ...pc.itPowerKw.average, facilityOverhead: pc.facility.overheadAvgKw });
  });
}

/**
 * Step-time parts (result.breakdown.stepTime metric ids) grouped into at most eight segments;
 * tensor-, context-parallel and pipeline transfers share one (model-parallel traffic of one
 * micro batch), and the expert-parallel all-to-all (MoE token dispatch and combine) has its own,
 * so a mixture-of-experts step shows it.
 */
export const STEP_GROUPS = [
  { key: 'forward', label: 'Forward compute', parts: ['step_forward_s'] },
  { key: 'backward', label: 'Backward compute', parts: ['step_backward_s'] },
  { key: 'recompute', label: 'Activation recompute', parts: ['step_recompute_s'] },
  {
    key: 'modelComm',
    label: 'Exposed tensor/context/pipeline communication',
    parts: ['step_tp_comm_s', 'step_cp_comm_s', 'step_pp_comm_s'],
  },
  { key: 'epComm', label: 'Exposed expert-parallel all-to-all', parts: ['step_ep_comm_s'] },
  { key: 'dpComm', label: 'Exposed data-parallel communication', parts: ['step_dp_comm_s'] },
  { key: 'bubble', label: 'Pipeline bubble', parts: ['step_bubble_s'] },
  { key: 'optimizer', label: 'Optimizer step', parts: ['step_optimizer_s'] },
] as const;

/**
 * Step-time breakdown per training scenario, seconds per step (stacked bars, STEP_GROUPS).
 * A part not in STEP_GROUPS is an error in this table (the sum would no longer match).
 */
export function stepTimeBreakdown(evals: readonly ScenarioEvaluation[]): ChartData {
  return stackedLines(
    evals,
    STEP_GROUPS,
    (e) => {
      const parts = e.result?.breakdown['stepTime'];
      if (!e.result || !parts || parts.length === 0) return null;
      const out: Record<string, number> = {};
      for (const p of parts) {
        const g = STEP_GROUPS.find((x) => (x.parts as readonly string[]).includes(p.metricId));
        if (!g) throw new Error(`step-time part "${p.metricId}" has no chart group`);
        out[g.key] = (out[g.key] ?? 0) + p.value;
      }
      return out;
    },
    stepTimeExclusionReason,
  );
}

/** The step-time chart's reason for leaving a scenario out (serving has no training step). */
export function stepTimeExclusionReason(e: ScenarioEvaluation): string {
  if (e.result?.workloadKind === 'serving') return 'a serving workload has no training step';
  return whyNoResult(e) ?? 'no step-time breakdown';
}

/**
 * Time to train per scenario, days: the compute-only figure (`time_to_train_compute_days`) and the
 * wall-clock figure with data stalls, checkpoints and failures (`time_to_train_days`).
 */
export function timeToTrain(evals: readonly ScenarioEvaluation[]): ChartData {
  const rows: ChartRow[] = [];
  const excluded: Excluded[] = [];
  for (const e of evals) {
    const m = e.result?.metrics;
    const compute = m?.['time_to_train_compute_days']?.value;
    const wall = m?.['time_to_train_days']?.value;
    if (compute === undefined && wall === undefined) {
      const reason =
        e.result === null
          ? (whyNoResult(e) ?? 'no result')
          : e.result.workloadKind === 'serving'
            ? 'a serving workload has no time to train'
            : 'no token budget (tokens to train) is set, or the job makes no progress';
      excluded.push({ id: e.id, name: nameOf(e), reason });
      continue;
    }
    const row: Record<string, number | string> = { label: nameOf(e), id: e.id };
    if (compute !== undefined) row['computeDays'] = compute;
    if (wall !== undefined) row['wallDays'] = wall;
    rows.push(row);
  }
  const series: Series[] = [
    { key: 'computeDays', label: 'Compute only', color: seriesColor(0) },
    { key: 'wallDays', label: 'Wall clock (stalls, checkpoints, failures)', color: seriesColor(1) },
  ].filter((s) => rows.some((r) => r[s.key] !== undefined));
  return { rows, series, excluded };
}

const curveCache = new WeakMap<Scenario, ScalingPoint[] | Error>();

/** The scaling curve of one validated training scenario (memoised per scenario object). */
export function scalingCurveOf(scenario: Scenario): ScalingPoint[] | Error {
  let hit = curveCache.get(scenario);
  if (hit === undefined) {
    try {
      hit = scalingCurveFor(scenario);
    } catch (e) {
      hit = e instanceof Error ? e : new Error(String(e));
    }
    curveCache.set(scenario, hit);
  }
  return hit;
}

/** Throughput and scaling efficiency against GPU count, one series per scenario. */
export type ScalingData = {
  /** Rows by GPU count: `gpus` and, per series key, tokens/s (`<key>`) and efficiency %. */
  readonly throughputRows: readonly ChartRow[];
  readonly efficiencyRows: readonly ChartRow[];
  readonly series: readonly Series[];
  readonly excluded: readonly Excluded[];
};

/**
 * The scaling curve (strong scaling at the scenario's global batch) of every valid training
 * scenario: tokens/s and efficiency (%) per GPU count. Points that do not fit in memory are
 * left out of the lines (they would plot a throughput the cluster cannot run).
 */
export function scalingCurves(
  evals: readonly ScenarioEvaluation[],
  curveOf: (s: Scenario) => ScalingPoint[] | Error = scalingCurveOf,
): ScalingData {
  const byGpus = new Map<number, { tput: Record<string, number>; eff: Record<string, number> }>();
  const series: Series[] = [];
  const excluded: Excluded[] = [];
  evals.forEach((e, i) => {
    if (e.scenario === null || e.result === null) {
      excluded.push({ id: e.id, name: nameOf(e), reason: whyNoResult(e) ?? 'no result' });
      return;
    }
    if (e.scenario.workload.kind !== 'training') {
      excluded.push({
        id: e.id,
        name: nameOf(e),
        reason: 'a serving workload has no training scaling curve',
      });
      return;
    }
    const curve = curveOf(e.scenario);
    if (curve instanceof Error) {
      excluded.push({ id: e.id, name: nameOf(e), reason: curve.message });
      return;
    }
    const fitting = curve.filter((p) => p.fits);
    if (fitting.length === 0) {
      excluded.push({
        id: e.id,
        name: nameOf(e),
        reason: 'the model fits in memory at none of the GPU counts tried',
      });
      return;
    }
    const key = `s${i}`;
    series.push({ key, label: nameOf(e), color: seriesColor(i) });
    for (const p of fitting) {
      let slot = byGpus.get(p.gpus);
      if (!slot) {
        slot = { tput: { gpus: p.gpus }, eff: { gpus: p.gpus } };
        byGpus.set(p.gpus, slot);
      }
      slot.tput[key] = p.tokensPerS;
      slot.eff[key] = p.scalingEfficiencyPct;
    }
  });
  const gpus = [...byGpus.keys()].sort((a, b) => a - b);
  return {
    throughputRows: gpus.map((g) => byGpus.get(g)?.tput ?? { gpus: g }),
    efficiencyRows: gpus.map((g) => byGpus.get(g)?.eff ?? { gpus: g }),
    series,
    excluded,
  };
}

/** One scenario's owning-vs-renting cost over its horizon. */
export type HorizonCost = {
  readonly id: string;
  readonly name: string;
  readonly color: string;
  /** Horizon, years (from the cash flows: year 0 = purchase, then one flow per year). */
  readonly horizonYears: number;
  readonly capexUsd: number;
  readonly opexPerMonthUsd: number;
  /** Renting the same used GPU-hours, spread evenly over the horizon, USD/month. */
  readonly rentPerMonthUsd: number;
  /** Months until owning is cheaper than renting (model/cost `breakEvenMonths`), or null. */
  readonly breakEvenMonths: number | null;
};

/** Cost over the horizon: cumulative owning and renting cost by month, per scenario. */
export type HorizonData = {
  readonly scenarios: readonly HorizonCost[];
  /** Rows by month: `month`, `own_<key>` and `rent_<key>` cumulative USD. */
  readonly rows: readonly ChartRow[];
  readonly excluded: readonly Excluded[];
};

/**
 * Cumulative cost of owning (capex at month 0, then opex each month) and of renting the same
 * used GPU-hours in the cloud (evenly per month) over each scenario's horizon; the break-even
 * month is where the lines cross, as `cloudBreakevenMonths` of model/cost computes it
 * (upfront / (rent − own opex) per month). Residual value is not drawn (it arrives at the end).
 * @param stepMonths - months between rows (default 1)
 */
export function costOverHorizon(evals: readonly ScenarioEvaluation[], stepMonths = 1): HorizonData {
  const scenarios: HorizonCost[] = [];
  const excluded: Excluded[] = [];
  evals.forEach((e, i) => {
    const cost = e.result?.powerCost?.cost;
    if (!cost) {
      excluded.push({ id: e.id, name: nameOf(e), reason: whyNoPowerCost(e) });
      return;
    }
    const years = Math.max(1, cost.cashFlowsUsd.length - 1);
    scenarios.push({
      id: `s${i}`,
      name: nameOf(e),
      color: seriesColor(i),
      horizonYears: years,
      capexUsd: cost.capex.totalUsd,
      opexPerMonthUsd: cost.opexPerYear.totalUsd / 12,
      rentPerMonthUsd: cost.cloudCostUsd / (years * 12),
      breakEvenMonths: cost.cloudBreakevenMonths,
    });
  });
  const months = Math.max(0, ...scenarios.map((s) => s.horizonYears * 12));
  const step = Math.max(1, Math.round(stepMonths));
  const rows: ChartRow[] = [];
  for (let m = 0; m <= months; m += step) {
    const row: Record<string, number> = { month: m };
    for (const s of scenarios) {
      if (m > s.horizonYears * 12) continue;
      row[`own_${s.id}`] = s.capexUsd + s.opexPerMonthUsd * m;
      row[`rent_${s.id}`] = s.rentPerMonthUsd * m;
    }
    rows.push(row);
  }
  return { scenarios, rows, excluded };
}

const servingCache = new WeakMap<Scenario, ServingCurve | Error>();

/** The latency–throughput curve of one validated serving scenario (memoised per scenario object). */
export function servingCurveOf(scenario: Scenario): ServingCurve | Error {
  let hit = servingCache.get(scenario);
  if (hit === undefined) {
    try {
      hit = servingCurveFor(scenario);
    } catch (e) {
      hit = e instanceof Error ? e : new Error(String(e));
    }
    servingCache.set(scenario, hit);
  }
  return hit;
}

/** One serving scenario's curve as plotted: points, its SLO limit and where the SLO breaks. */
export type LatencySeries = Series & {
  /** Points by rising load: `tokens` (output tokens/s), `rps`, `ttft`, `tpot` (percentile, ms). */
  readonly points: readonly ChartRow[];
  /** Percentile of the latencies plotted (the report percentile). */
  readonly percentile: number;
  /** The SLO's TPOT limit, ms, or null without an SLO. */
  readonly tpotLimitMs: number | null;
  /** The break point in words (model/serving `servingCurve`), or null without an SLO. */
  readonly sloBreak: string | null;
  /** Output tokens/s where the SLO breaks (null: none or unreachable). */
  readonly breakTokensPerS: number | null;
};

/** Latency–throughput curves of the open serving scenarios. */
export type LatencyData = {
  readonly series: readonly LatencySeries[];
  readonly excluded: readonly Excluded[];
};

/**
 * The latency–throughput curve of every valid serving scenario (offered Poisson load from 5 %
 * to 100 % of capacity): output tokens/s against percentile TPOT and TTFT, with the point where
 * the scenario's SLO breaks, named. Training scenarios are listed as not shown.
 */
export function servingCurves(
  evals: readonly ScenarioEvaluation[],
  curveOf: (s: Scenario) => ServingCurve | Error = servingCurveOf,
): LatencyData {
  const series: LatencySeries[] = [];
  const excluded: Excluded[] = [];
  evals.forEach((e, i) => {
    if (e.scenario === null || e.result === null) {
      excluded.push({ id: e.id, name: nameOf(e), reason: whyNoResult(e) ?? 'no result' });
      return;
    }
    const w = e.scenario.workload;
    if (w.kind !== 'serving') {
      excluded.push({
        id: e.id,
        name: nameOf(e),
        reason: 'a training workload has no latency–throughput curve',
      });
      return;
    }
    const curve = curveOf(e.scenario);
    if (curve instanceof Error) {
      excluded.push({ id: e.id, name: nameOf(e), reason: curve.message });
      return;
    }
    const limit =
      w.serving.load.mode === 'slo'
        ? w.serving.load.tpotLimitMs
        : w.target !== null
          ? w.target.tpotLimitMs
          : null;
    const b = curve.sloBreak;
    series.push({
      key: `s${i}`,
      label: nameOf(e),
      color: seriesColor(i),
      points: curve.points.map((p) => ({
        tokens: p.outputTokensPerS,
        rps: p.requestsPerS,
        ttft: p.ttftPctMs,
        tpot: p.tpotPctMs,
        within: p.withinSlo ? 1 : 0,
      })),
      percentile: w.serving.reportPercentile,
      tpotLimitMs: limit,
      sloBreak: b === null ? null : sloBreakText(b, w.target?.percentile ?? 99, w.serving.load),
      breakTokensPerS:
        b === null || b.binding === 'unreachable' || b.binding === 'capacity'
          ? null
          : b.outputTokensPerS,
    });
  });
  return { series, excluded };
}

/** The SLO break in words, numbers through the app's formatter. */
function sloBreakText(
  b: NonNullable<ServingCurve['sloBreak']>,
  targetPercentile: number,
  load: { readonly mode: string; readonly percentile?: number },
): string {
  const p = `p${formatNumber(load.mode === 'slo' && load.percentile !== undefined ? load.percentile : targetPercentile)}`;
  const rate = `${formatNumber(b.requestsPerS, 2)} req/s`;
  if (b.binding === 'unreachable') return `${p} limits cannot be met even at light load`;
  if (b.binding === 'capacity') return `${p} limits hold up to capacity (${rate})`;
  return `${p} ${b.binding.toUpperCase()} limit breaks above ${rate} (${formatNumber(b.outputTokensPerS)} output tokens/s)`;
}
