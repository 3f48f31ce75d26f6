import { builtinCatalog } from '../catalog';
import type { EvaluationResult } from '../evaluate';
import { MONEY, getMetric, metricRegistry, unitIn } from '../metrics';
import type { MetricDefinition } from '../metrics';
import type { Scenario } from '../scenario';
import { catalogAssumptions, inputAssumptions } from './assumptions';
import type { CatalogAssumption, InputAssumption } from './assumptions';
import { catalogVersion } from './catalogVersion';
import { csvFile } from './csv';
import type { CsvCell } from './csv';
import { reportFinance } from './finance';
import type { BuildFinance } from './finance';
import { METHOD_FORMULAS } from './methodology';
import type { AccuracyRow, MethodFormula } from './methodology';

/**
 * The report's content, built from scenarios and their `evaluate()` results: pure data that
 * the print view, the XLSX writer and the CSV writer all render. No formatting of numbers
 * happens here (numbers stay numbers); no clock is read (the date is an argument).
 */

/** One scenario of the report. */
export type ReportScenario = {
  readonly id: string;
  readonly name: string;
  /** The document as written (before defaults): tells user-set inputs from defaults. */
  readonly doc: unknown;
  readonly scenario: Scenario;
  readonly result: EvaluationResult;
};

export type ReportOptions = {
  /** Report date, as the caller wants it printed (e.g. `2026-11-22`). */
  readonly date: string;
  readonly appVersion: string;
  /** Title on the cover; default `ClusterPlan comparison report`. */
  readonly title?: string;
  /** Id of the baseline scenario (deltas are against it); default the first. */
  readonly baselineId?: string | null;
  /**
   * Model-accuracy rows (`accuracyTable()` runs the bundled validation cases; the app passes
   * the accuracy page's worker results so the case files are not bundled twice).
   */
  readonly accuracy: readonly AccuracyRow[];
  /**
   * A warning as a reader should see it. The engine's warnings name fields by their document
   * path (`workload.target: …`); the app and the CLI pass the editor's wording (the field's
   * label and section, renderer/features/scenarios `inUserWords`), so no internal path reaches
   * a report. Default: the message as the engine wrote it.
   */
  readonly describeWarning?: (message: string) => string;
};

export type Delta = {
  /** value − baseline, in the metric's unit. */
  readonly abs: number;
  /** (value − baseline) ÷ |baseline| × 100; null when the baseline is 0. */
  readonly pct: number | null;
  /** Whether the change is an improvement, a regression, or neither (`better: none`, or 0). */
  readonly direction: 'better' | 'worse' | 'same' | 'neutral';
};

/** One metric across the scenarios. */
export type MetricRow = {
  readonly metricId: string;
  readonly label: string;
  readonly unit: string;
  readonly group: string;
  readonly better: MetricDefinition['better'];
  /** One value per scenario (report order); null where the scenario has no such figure. */
  readonly values: readonly (number | null)[];
  /** One delta per scenario vs the baseline; null for the baseline itself or a missing value. */
  readonly deltas: readonly (Delta | null)[];
};

export type ReportCover = {
  readonly title: string;
  readonly scenarioNames: readonly string[];
  readonly baselineName: string;
  readonly date: string;
  readonly appVersion: string;
  readonly catalogVersion: string;
};

export type ScenarioAppendix = {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly workloadKind: string;
  readonly bottleneck: string | null;
  readonly warnings: readonly string[];
  /** Every figure of the scenario, in registry order. */
  readonly metrics: readonly {
    readonly metricId: string;
    readonly label: string;
    readonly unit: string;
    readonly group: string;
    readonly value: number;
  }[];
};

export type ReportContent = {
  readonly cover: ReportCover;
  readonly scenarios: readonly { readonly id: string; readonly name: string }[];
  readonly baselineIndex: number;
  /** Executive summary rows (throughput, time to train, power, TCO, cost per unit). */
  readonly summary: readonly MetricRow[];
  /** The binding bottleneck of each scenario, in words (null when none was found). */
  readonly bottlenecks: readonly (string | null)[];
  /** Every registered metric any scenario has, in registry order, with deltas. */
  readonly comparison: readonly MetricRow[];
  readonly assumptions: {
    readonly inputs: readonly InputAssumption[];
    readonly catalog: readonly CatalogAssumption[];
  };
  readonly methodology: {
    readonly formulas: readonly MethodFormula[];
    readonly accuracy: readonly AccuracyRow[];
  };
  readonly appendices: readonly ScenarioAppendix[];
  /** The year-by-year finance schedule of each costed build. */
  readonly finance: readonly BuildFinance[];
};

/**
 * The executive summary's metrics, in order: throughput, time to train, power, TCO and cost
 * per unit, for training and serving workloads. A row appears when any scenario has it.
 */
export const SUMMARY_METRIC_IDS: readonly string[] = [
  'tokens_per_s',
  'effective_tokens_per_s',
  'output_tokens_per_s',
  'requests_per_s',
  'time_to_train_days',
  'mfu_pct',
  'goodput_pct',
  'it_power_kw',
  'facility_power_kw',
  'racks',
  'capex_usd',
  'tco_usd',
  'cost_per_training_run_usd',
  'cost_per_million_tokens_usd',
  'cost_per_million_output_tokens_usd',
  'cost_per_gpu_hour_usd',
];

/**
 * Change of `value` against `base` for a metric whose better direction is `better`.
 * @param value - the scenario's figure, in the metric's unit
 * @param base - the baseline's figure, same unit
 */
export function deltaOf(value: number, base: number, better: MetricDefinition['better']): Delta {
  const abs = value - base;
  const pct = base === 0 ? null : (abs / Math.abs(base)) * 100;
  let direction: Delta['direction'];
  if (abs === 0) direction = 'same';
  else if (better === 'none') direction = 'neutral';
  else direction = abs > 0 === (better === 'higher') ? 'better' : 'worse';
  return { abs, pct, direction };
}

/**
 * A metric's unit across the report's builds: money in their common currency (`EUR`,
 * `EUR/yr`); when builds are priced in different currencies, the currencies side by side and
 * no deltas (amounts in different currencies do not subtract).
 */
function reportUnit(def: MetricDefinition, results: readonly EvaluationResult[]): string {
  if (!def.unit.includes(MONEY)) return def.unit;
  const currencies = [...new Set(results.map((r) => r.currency))];
  return unitIn(def.unit, currencies.join(' | '));
}

function metricRow(
  def: MetricDefinition,
  results: readonly EvaluationResult[],
  baselineIndex: number,
): MetricRow {
  const values = results.map((r) => r.metrics[def.id]?.value ?? null);
  const base = values[baselineIndex] ?? null;
  const mixed = def.unit.includes(MONEY) && new Set(results.map((r) => r.currency)).size > 1;
  const deltas = values.map((v, i) =>
    mixed || i === baselineIndex || v === null || base === null
      ? null
      : deltaOf(v, base, def.better),
  );
  return {
    metricId: def.id,
    label: def.label,
    unit: reportUnit(def, results),
    group: def.group,
    better: def.better,
    values,
    deltas,
  };
}

function checkDate(date: string): void {
  if (date.trim() === '') throw new Error('report date: must not be empty');
}

/**
 * Build the report's content.
 * @param scenarios - at least one scenario with its evaluation result, in report order
 * @param options - date and app version (required), title, baseline id, accuracy rows
 * @throws Error naming the field when there is no scenario, the date is empty or the baseline
 *   id is not one of the scenarios
 */
export function buildReport(
  scenarios: readonly ReportScenario[],
  options: ReportOptions,
): ReportContent {
  if (scenarios.length === 0) throw new Error('scenarios: a report needs at least one scenario');
  checkDate(options.date);
  let baselineIndex = 0;
  if (options.baselineId != null) {
    baselineIndex = scenarios.findIndex((s) => s.id === options.baselineId);
    if (baselineIndex < 0) {
      throw new Error(`baselineId: "${options.baselineId}" is not one of the report's scenarios`);
    }
  }
  const results = scenarios.map((s) => s.result);
  const present = new Set(results.flatMap((r) => Object.keys(r.metrics)));
  const comparison = [...metricRegistry.values()]
    .filter((m) => present.has(m.id))
    .map((m) => metricRow(m, results, baselineIndex));
  const summary = SUMMARY_METRIC_IDS.filter((id) => present.has(id)).map((id) =>
    metricRow(getMetric(id), results, baselineIndex),
  );
  const names = scenarios.map((s) => s.name);
  const assumptionScenarios = scenarios.map((s) => ({
    name: s.name,
    scenario: s.scenario,
    doc: s.doc,
    build: s.result.assumptions,
  }));
  const catalog = builtinCatalog();
  return {
    cover: {
      title: options.title ?? 'ClusterPlan comparison report',
      scenarioNames: names,
      baselineName: names[baselineIndex] ?? '',
      date: options.date,
      appVersion: options.appVersion,
      catalogVersion: catalogVersion(),
    },
    scenarios: scenarios.map((s) => ({ id: s.id, name: s.name })),
    baselineIndex,
    summary,
    bottlenecks: results.map((r) => r.bottleneck?.text ?? null),
    comparison,
    assumptions: {
      inputs: inputAssumptions(assumptionScenarios, options.date, options.appVersion),
      catalog: catalogAssumptions(assumptionScenarios, catalog),
    },
    methodology: {
      formulas: METHOD_FORMULAS,
      accuracy: options.accuracy,
    },
    finance: reportFinance(scenarios),
    appendices: scenarios.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.scenario.description ?? '',
      workloadKind: s.result.workloadKind,
      bottleneck: s.result.bottleneck?.text ?? null,
      warnings: s.result.warnings.map(options.describeWarning ?? ((w) => w)),
      metrics: [...metricRegistry.values()]
        .filter((m) => s.result.metrics[m.id] !== undefined)
        .map((m) => ({
          metricId: m.id,
          label: m.label,
          unit: unitIn(m.unit, s.result.currency),
          group: m.group,
          value: (s.result.metrics[m.id] as { value: number }).value,
        })),
    })),
  };
}

/**
 * The comparison as CSV: `metric_id,label,unit,<scenario 1>,…` then one row per metric.
 * Text cells (labels, scenario names) are neutralised against formula injection; numbers are
 * written as plain numbers; a missing figure is an empty cell. The file starts with the UTF-8
 * byte-order mark (Excel then reads m², m³ and € as written).
 */
export function comparisonCsv(content: ReportContent): string {
  const header: CsvCell[] = ['metric_id', 'label', 'unit', ...content.scenarios.map((s) => s.name)];
  const rows: CsvCell[][] = content.comparison.map((r) => [
    r.metricId,
    r.label,
    r.unit,
    ...r.values,
  ]);
  return csvFile([header, ...rows]);
}
