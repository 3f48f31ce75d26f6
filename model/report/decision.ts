import { runMonteCarlo, tornado } from '../analysis';
import type { PercentileSummary, TornadoBar } from '../analysis';
import { getMetric, metricRegistry, unitIn } from '../metrics';
import type { MetricDefinition } from '../metrics';
import { getModelPreset } from '../scenario';
import type { Scenario } from '../scenario';
import type { ReportScenario } from './content';

/**
 * The report as a decision document: the question, the recommendation (the build that best
 * meets the stated objective) or a neutral ranking when no objective is stated, the few figures
 * that decide it, the main risks of each build (bottleneck, uncertainty band, the input the
 * answer is most sensitive to), and the analyses the charts draw (tornado, P10–P90 bands, cash
 * flow by year, own vs cloud). Pure: numbers stay numbers; no clock, no I/O.
 */

/** Objectives a report may state: each minimises or maximises one metric (registry direction). */
export const REPORT_OBJECTIVE_IDS: readonly string[] = [
  'cost_per_training_run_usd',
  'cost_per_million_tokens_usd',
  'cost_per_million_output_tokens_usd',
  'time_to_train_days',
  'effective_tokens_per_s',
  'output_tokens_per_s',
  'tco_usd',
  'capex_usd',
  'facility_power_kw',
  'own_vs_cloud_npv_usd',
];

/** True when `id` is an objective a report can state. */
export function isReportObjective(id: unknown): id is string {
  return typeof id === 'string' && REPORT_OBJECTIVE_IDS.includes(id);
}

/** The objective's words: "the lowest cost per training run", "the highest effective throughput". */
export function objectiveText(metricId: string): string {
  const def = getMetric(metricId);
  // Lower-case the first letter of a word, not of an acronym (TCO, NPV, IRR).
  const fixed = /^\p{Lu}\p{Ll}/u.test(def.label)
    ? def.label.charAt(0).toLowerCase() + def.label.slice(1)
    : def.label;
  if (def.better === 'higher') return `the highest ${fixed}`;
  if (def.better === 'lower') return `the lowest ${fixed}`;
  return fixed;
}

/** The metric a build is judged on when no objective is stated: its cost per unit of work. */
export function unitCostMetricId(s: ReportScenario): string {
  if (s.result.workloadKind === 'serving') return 'cost_per_million_output_tokens_usd';
  return s.result.metrics['cost_per_training_run_usd']
    ? 'cost_per_training_run_usd'
    : 'cost_per_million_tokens_usd';
}

/** The metric the analyses (tornado, bands) of build `s` use: the objective where it has it. */
export function analysisMetricId(s: ReportScenario, objective: string | null): string {
  return objective !== null && s.result.metrics[objective] ? objective : unitCostMetricId(s);
}

/** Figures that decide between builds, by workload, in order of weight (the first present win). */
const DECISIVE_TRAINING = [
  'cost_per_training_run_usd',
  'time_to_train_days',
  'tco_usd',
  'facility_power_kw',
  'goodput_pct',
];
const DECISIVE_SERVING = [
  'cost_per_million_output_tokens_usd',
  'output_tokens_per_s',
  'tco_usd',
  'facility_power_kw',
];
const DECISIVE_ANY = ['tco_usd', 'capex_usd', 'facility_power_kw', 'cost_per_gpu_hour_usd'];

/** Uncertainty of one figure of one build: P10, P50 and P90 of the Monte Carlo draws. */
export type Band = {
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
  /** The figure without uncertainty (the scenario as given). */
  readonly base: number;
};

/** One decisive figure across the builds. */
export type DecisionFigure = {
  readonly metricId: string;
  readonly label: string;
  /** Unit with the currency symbol replaced (`USD`, `USD/Mtok`); `¤` where currencies differ. */
  readonly unit: string;
  readonly better: MetricDefinition['better'];
  readonly values: readonly (number | null)[];
  /** P10–P90 of the figure per build, where the Monte Carlo run produced it. */
  readonly bands: readonly (Band | null)[];
  /** Index of the best build on this figure (null: no direction, or fewer than two values). */
  readonly bestIndex: number | null;
};

/** One place of a ranking. */
export type RankPlace = { readonly index: number; readonly name: string; readonly value: number };

export type Recommendation = {
  readonly index: number;
  readonly name: string;
  readonly value: number;
  /** The next best build, or null with one build. */
  readonly runnerUp: RankPlace | null;
  /** How much better than the runner-up, % of the runner-up's value (always ≥ 0). */
  readonly marginPct: number | null;
  /**
   * The runner-up's P10–P90 band overlaps the recommended build's: inside the model's stated
   * uncertainty the two are indistinguishable on the objective.
   */
  readonly withinUncertainty: boolean;
  /** The builds without this figure (another workload kind), by name. */
  readonly without: readonly string[];
  /** The recommendation in one or two sentences. */
  readonly text: string;
};

/** One build's risks: what binds it, how uncertain its key figure is, what it hinges on. */
export type BuildRisk = {
  readonly index: number;
  readonly name: string;
  readonly bottleneck: string | null;
  /** The analysis metric's P10–P90 (label, unit, band). */
  readonly band: {
    readonly metricId: string;
    readonly label: string;
    readonly unit: string;
    readonly band: Band;
  } | null;
  /** The input the analysis metric is most sensitive to (the tornado's longest bar). */
  readonly topDriver: {
    readonly label: string;
    /** The input's low and high ends, in `inputUnit`. */
    readonly low: number;
    readonly high: number;
    readonly inputUnit: string;
    readonly deltaLow: number;
    readonly deltaHigh: number;
    readonly metricLabel: string;
    readonly unit: string;
  } | null;
  readonly warnings: readonly string[];
};

/** A ranking of the builds on one figure, best first (neutral: no build is recommended). */
export type Ranking = {
  readonly metricId: string;
  readonly label: string;
  readonly unit: string;
  readonly better: MetricDefinition['better'];
  readonly places: readonly RankPlace[];
};

/** One year of a build's cash flows, for the cash-flow and own-vs-cloud charts. */
export type CashFlowYear = {
  readonly year: number;
  /** Capital paid in the year (IT tranche and facility), positive. */
  readonly capex: number;
  /** Operating cost of the year, positive. */
  readonly opex: number;
  /** Resale and remaining facility value received at the horizon, positive. */
  readonly residual: number;
  /** Net ownership cash flow (costs negative). */
  readonly net: number;
  /** Cumulative cost of owning (−Σ net) to the end of the year. */
  readonly cumulativeOwn: number;
  /** Cumulative rent of cloud GPUs delivering the same effective GPU-hours. */
  readonly cumulativeCloud: number;
};

/** The analyses of one build. */
export type BuildAnalysis = {
  readonly index: number;
  readonly name: string;
  readonly currency: string;
  /** The tornado's metric (the objective, or the build's cost per unit of work). */
  readonly metricId: string;
  readonly metricLabel: string;
  readonly metricUnit: string;
  /** The tornado's bars, longest first (at most `TORNADO_BARS`); empty when it failed. */
  readonly tornado: readonly TornadoBar[];
  readonly tornadoBase: number | null;
  /** P10/P50/P90 of the metrics the report shows, by metric id. */
  readonly bands: Readonly<Record<string, Band>>;
  /** Year by year; empty without a cost result. */
  readonly cashFlow: readonly CashFlowYear[];
  readonly paybackMonths: number | null;
  readonly ownVsCloudNpv: number | null;
};

export type ReportAnalysis = {
  readonly draws: number;
  readonly seed: number;
  readonly builds: readonly BuildAnalysis[];
};

export type Decision = {
  /** The question the report answers, in words. */
  readonly question: string;
  /** The stated objective (a metric id), or null: a neutral ranking. */
  readonly objective: {
    readonly metricId: string;
    readonly label: string;
    readonly text: string;
  } | null;
  readonly recommendation: Recommendation | null;
  /** Neutral rankings on the decisive figures (shown when no objective is stated). */
  readonly rankings: readonly Ranking[];
  /** 3 to 5 figures that decide it (fewer only when the builds have fewer). */
  readonly figures: readonly DecisionFigure[];
  readonly risks: readonly BuildRisk[];
};

/** Tornado bars kept per build. */
export const TORNADO_BARS = 6;
/** Monte Carlo draws behind the report's bands (each build, common random numbers). */
export const REPORT_DRAWS = 40;
export const REPORT_SEED = 1;

function currencyUnit(def: MetricDefinition, scenarios: readonly ReportScenario[]): string {
  const cur = [...new Set(scenarios.map((s) => s.result.currency))];
  return cur.length === 1 ? unitIn(def.unit, cur[0] as string) : unitIn(def.unit, cur.join(' | '));
}

/** What the builds are for, in words: "pre-training Llama 3 70B", "serving two workloads". */
function workloadText(scenarios: readonly ReportScenario[]): string {
  const parts = new Set(
    scenarios.map((s) => {
      const w = s.scenario.workload;
      const preset =
        'model' in w && w.model && typeof w.model === 'object' && 'preset' in w.model
          ? (w.model as { preset?: unknown }).preset
          : undefined;
      const model = typeof preset === 'string' ? (getModelPreset(preset)?.label ?? '') : '';
      let verb: string = w.kind;
      if (w.kind === 'training') {
        verb = w.training.finetune.method === 'full' ? 'training' : 'fine-tuning';
      } else if (w.kind === 'serving') verb = 'serving';
      return model ? `${verb} ${model}` : `${verb}`;
    }),
  );
  return [...parts].join(' and ');
}

function bestOf(values: readonly (number | null)[], better: MetricDefinition['better']): number[] {
  const idx = values.flatMap((v, i) => (v === null || !Number.isFinite(v) ? [] : [i]));
  if (better === 'none') return idx;
  return idx.sort((a, b) => {
    const va = values[a] as number;
    const vb = values[b] as number;
    return better === 'lower' ? va - vb : vb - va;
  });
}

function bandOfBuild(analysis: ReportAnalysis | null, i: number, metricId: string): Band | null {
  return analysis?.builds[i]?.bands[metricId] ?? null;
}

/** The 3–5 figures that decide between the builds: the objective first, then by workload. */
export function decisiveMetricIds(
  scenarios: readonly ReportScenario[],
  objective: string | null,
): string[] {
  const present = (id: string) => scenarios.some((s) => s.result.metrics[id] !== undefined);
  const kinds = new Set(scenarios.map((s) => s.result.workloadKind));
  const order = [
    ...(objective ? [objective] : []),
    ...(kinds.has('training') ? DECISIVE_TRAINING : []),
    ...(kinds.has('serving') ? DECISIVE_SERVING : []),
    ...DECISIVE_ANY,
  ];
  const ids: string[] = [];
  for (const id of order) {
    if (!ids.includes(id) && metricRegistry.has(id) && present(id)) ids.push(id);
  }
  return ids.slice(0, 5);
}

function fmtPct(x: number): string {
  return x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(2);
}

/**
 * The recommendation on `objective`: the best build among those with the figure; the margin to
 * the runner-up; whether the runner-up is inside the uncertainty band.
 */
export function recommend(
  scenarios: readonly ReportScenario[],
  objective: string,
  analysis: ReportAnalysis | null,
): Recommendation | null {
  const def = getMetric(objective);
  const values = scenarios.map((s) => s.result.metrics[objective]?.value ?? null);
  const order = bestOf(values, def.better);
  const first = order[0];
  if (first === undefined || def.better === 'none') return null;
  const names = scenarios.map((s) => s.name);
  const without = names.filter((_, i) => values[i] === null);
  const value = values[first] as number;
  const second = order[1];
  const runnerUp: RankPlace | null =
    second === undefined
      ? null
      : { index: second, name: names[second] ?? '', value: values[second] as number };
  const marginPct =
    runnerUp && runnerUp.value !== 0
      ? (Math.abs(runnerUp.value - value) / Math.abs(runnerUp.value)) * 100
      : null;
  const a = bandOfBuild(analysis, first, objective);
  const b = runnerUp ? bandOfBuild(analysis, runnerUp.index, objective) : null;
  // Overlapping P10–P90 bands: the gap is inside the model's stated uncertainty.
  const withinUncertainty = a !== null && b !== null && a.p10 <= b.p90 && b.p10 <= a.p90;
  const name = names[first] ?? '';
  const obj = objectiveText(objective);
  let text = `Recommended: ${name}, which has ${obj} of the ${order.length} builds with this figure.`;
  if (order.length === 1) text = `Recommended: ${name}, the only build with this figure.`;
  if (runnerUp && marginPct !== null) {
    text += ` It is ${fmtPct(marginPct)} % ${def.better === 'lower' ? 'below' : 'above'} the runner-up, ${runnerUp.name}`;
    text += withinUncertainty
      ? ', but their P10–P90 bands overlap: within the model’s uncertainty the two are indistinguishable on this objective, so weigh the other figures and risks too.'
      : a !== null && b !== null
        ? ', and their P10–P90 bands do not overlap.'
        : '.';
  }
  if (without.length > 0) text += ` Not ranked (no such figure): ${without.join('; ')}.`;
  return { index: first, name, value, runnerUp, marginPct, withinUncertainty, without, text };
}

function riskOf(
  s: ReportScenario,
  i: number,
  analysis: ReportAnalysis | null,
  objective: string | null,
): BuildRisk {
  const metricId = analysisMetricId(s, objective);
  const def = getMetric(metricId);
  const a = analysis?.builds[i];
  const band = a?.bands[metricId];
  const bar = a?.tornado[0];
  return {
    index: i,
    name: s.name,
    bottleneck: s.result.bottleneck?.text ?? null,
    band: band
      ? { metricId, label: def.label, unit: unitIn(def.unit, s.result.currency), band }
      : null,
    topDriver:
      bar && bar.extent > 0
        ? {
            label: bar.label,
            low: bar.low,
            high: bar.high,
            inputUnit: bar.unit,
            deltaLow: bar.deltaLow,
            deltaHigh: bar.deltaHigh,
            metricLabel: def.label,
            unit: unitIn(def.unit, s.result.currency),
          }
        : null,
    warnings: s.result.warnings,
  };
}

/**
 * The decision page's content.
 * @param objective - a metric id of `REPORT_OBJECTIVE_IDS`, or null for a neutral ranking
 * @param analysis - the report's analyses (bands, tornado), or null when not run
 */
export function buildDecision(
  scenarios: readonly ReportScenario[],
  objective: string | null,
  analysis: ReportAnalysis | null,
): Decision {
  if (scenarios.length === 0) throw new Error('scenarios: a report needs at least one scenario');
  if (objective !== null && !isReportObjective(objective)) {
    throw new Error(
      `objective: "${objective}" is not one of ${REPORT_OBJECTIVE_IDS.join(', ')} (or none)`,
    );
  }
  const n = scenarios.length;
  const what = workloadText(scenarios);
  const objectiveInfo =
    objective === null
      ? null
      : { metricId: objective, label: getMetric(objective).label, text: objectiveText(objective) };
  const question = objectiveInfo
    ? `Which of ${n === 1 ? 'this build' : `these ${n} builds`} for ${what} gives ${objectiveInfo.text}?`
    : `How do ${n === 1 ? 'this build' : `these ${n} builds`} for ${what} compare on cost, time, power and risk?`;
  const figures: DecisionFigure[] = decisiveMetricIds(scenarios, objective).map((id) => {
    const def = getMetric(id);
    const values = scenarios.map((s) => s.result.metrics[id]?.value ?? null);
    const order = bestOf(values, def.better);
    return {
      metricId: id,
      label: def.label,
      unit: currencyUnit(def, scenarios),
      better: def.better,
      values,
      bands: scenarios.map((_, i) => bandOfBuild(analysis, i, id)),
      bestIndex: def.better === 'none' || order.length < 2 ? null : (order[0] ?? null),
    };
  });
  const rankings: Ranking[] = figures
    .filter((f) => f.better !== 'none' && f.values.filter((v) => v !== null).length >= 2)
    .map((f) => ({
      metricId: f.metricId,
      label: f.label,
      unit: f.unit,
      better: f.better,
      places: bestOf(f.values, f.better).map((i) => ({
        index: i,
        name: scenarios[i]?.name ?? '',
        value: f.values[i] as number,
      })),
    }));
  return {
    question,
    objective: objectiveInfo,
    recommendation: objective === null ? null : recommend(scenarios, objective, analysis),
    rankings,
    figures,
    risks: scenarios.map((s, i) => riskOf(s, i, analysis, objective)),
  };
}

/** The year-by-year cash flows of a build from its finance schedule (model/cost). */
export function cashFlowOf(s: ReportScenario): CashFlowYear[] {
  const schedule = s.result.powerCost?.cost.schedule;
  if (!schedule) return [];
  let own = 0;
  let cloud = 0;
  return schedule.years.map((y) => {
    own -= y.cashFlowUsd;
    cloud += y.cloudRentUsd;
    return {
      year: y.year,
      capex: y.capexItUsd + y.capexFacilityUsd,
      opex: y.opex.totalUsd,
      residual: y.residualUsd,
      net: y.cashFlowUsd,
      cumulativeOwn: own,
      cumulativeCloud: cloud,
    };
  });
}

/** The Monte Carlo run behind the report's bands. */
export type ReportMonteCarlo = {
  readonly draws: number;
  readonly seed: number;
  /** Per build (report order), per metric: percentiles (model/analysis `runMonteCarlo`). */
  readonly summaries: readonly (readonly PercentileSummary[])[];
};

/**
 * The report's Monte Carlo run: every build under the default uncertainty (the engine's stated
 * accuracy, failure rates, soft catalog numbers), common random numbers, a fixed seed (the same
 * report gives the same bands). The app runs the same call in its engine worker.
 */
export function reportMonteCarlo(
  scenarios: readonly ReportScenario[],
  draws: number = REPORT_DRAWS,
  seed: number = REPORT_SEED,
): ReportMonteCarlo {
  const r = runMonteCarlo(scenarios.map(analysisScenario), { draws, seed });
  return { draws, seed, summaries: r.summaries };
}

/**
 * The scenario the report's analyses perturb: a training build at the parallel layout its
 * evaluation chose (the layout held fixed, as a sensitivity at the chosen layout; the figures are
 * the same, and each draw skips the layout search: an auto-layout 8-GPU fine-tune evaluates about
 * 8 times faster). Serving builds, and layouts with partial recomputation, are left as they are.
 */
export function analysisScenario(s: ReportScenario): Scenario {
  const w = s.scenario.workload;
  const layout = s.result.training?.layout;
  if (w.kind !== 'training' || !layout || layout.recomputeLayers !== undefined) return s.scenario;
  return {
    ...s.scenario,
    workload: {
      ...w,
      parallelism: {
        tp: layout.tp,
        pp: layout.pp,
        dp: layout.dp,
        cp: layout.cp,
        vpp: layout.vpp,
        zeroStage: layout.zeroStage,
        sequenceParallel: layout.sequenceParallel,
        ep: layout.ep,
        etp: layout.etp ?? 1,
      },
      training: { ...w.training, microBatchSeqs: layout.microBatch, recompute: layout.recompute },
    },
  };
}

/** One build's tornado for the report: its analysis metric and the longest bars. */
export type ReportTornado = {
  readonly metricId: string;
  readonly bars: readonly TornadoBar[];
  readonly base: number | null;
};

/**
 * Each build's tornado on its analysis metric (the objective where it has it, else its cost per
 * unit of work): the `TORNADO_BARS` longest bars that move it. A build whose tornado fails has
 * no bars.
 */
export function buildTornadoes(
  scenarios: readonly ReportScenario[],
  objective: string | null,
): ReportTornado[] {
  return scenarios.map((s) => {
    const metricId = analysisMetricId(s, objective);
    try {
      const t = tornado(analysisScenario(s), metricId);
      return {
        metricId,
        bars: t.bars.filter((b) => b.error === undefined && b.extent > 0).slice(0, TORNADO_BARS),
        base: t.baseValue,
      };
    } catch {
      return { metricId, bars: [], base: null };
    }
  });
}

/**
 * The report's analyses: per build, the tornado of its analysis metric (the objective where it
 * has it, else its cost per unit of work), the P10–P90 bands of the decisive figures from the
 * Monte Carlo run, and the cash flows by year.
 * @param monteCarlo - the run (`reportMonteCarlo`), or null when it was not run or failed
 * @param tornadoes - `buildTornadoes(scenarios, objective)`, when already computed
 */
export function buildAnalysis(
  scenarios: readonly ReportScenario[],
  objective: string | null,
  monteCarlo: ReportMonteCarlo | null,
  tornadoes: readonly ReportTornado[] = buildTornadoes(scenarios, objective),
): ReportAnalysis {
  const wanted = new Set(decisiveMetricIds(scenarios, objective));
  for (const s of scenarios) wanted.add(analysisMetricId(s, objective));
  const summaries = monteCarlo?.summaries ?? [];
  const builds = scenarios.map((s, i): BuildAnalysis => {
    const metricId = analysisMetricId(s, objective);
    const def = getMetric(metricId);
    const t = tornadoes[i];
    const bars = t?.metricId === metricId ? t.bars : [];
    const base = t?.metricId === metricId ? t.base : null;
    const bands: Record<string, Band> = {};
    for (const p of summaries[i] ?? []) {
      if (!wanted.has(p.metricId) || p.base === null || p.n === 0) continue;
      bands[p.metricId] = { p10: p.p10, p50: p.p50, p90: p.p90, base: p.base };
    }
    const schedule = s.result.powerCost?.cost.schedule;
    return {
      index: i,
      name: s.name,
      currency: s.result.currency,
      metricId,
      metricLabel: def.label,
      metricUnit: unitIn(def.unit, s.result.currency),
      tornado: bars,
      tornadoBase: base,
      bands,
      cashFlow: cashFlowOf(s),
      paybackMonths: schedule?.paybackMonths ?? null,
      ownVsCloudNpv: schedule?.ownVsCloudNpvUsd ?? null,
    };
  });
  return {
    draws: monteCarlo && summaries.length > 0 ? monteCarlo.draws : 0,
    seed: monteCarlo?.seed ?? REPORT_SEED,
    builds,
  };
}

/** The objective choices of the report screen: none (a neutral ranking), then each objective. */
export function getReportObjectiveOptions(): { readonly id: string; readonly label: string }[] {
  return [
    { id: '', label: 'None stated: neutral ranking' },
    ...REPORT_OBJECTIVE_IDS.map((id) => {
      const text = objectiveText(id);
      return { id, label: text.charAt(0).toUpperCase() + text.slice(1) };
    }),
  ];
}
